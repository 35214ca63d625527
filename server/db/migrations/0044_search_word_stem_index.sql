-- The listed stems in byte order: a search looks up whether each query word's stem (the last
-- word's as a prefix) is listed, and skips searching the words as typed when one is not
-- (decision 825).
CREATE INDEX "search_words_stem_idx" ON "search_words" USING btree ("stem" collate "C");
