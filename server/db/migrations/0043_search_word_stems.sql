-- Each listed word's stem, made once when the word is listed: typo tolerance keeps one candidate
-- word a stem, and stemming its 40 to 80 candidates at every search cost about 1.5 ms of a typo
-- search on a slow machine (decision 824).
ALTER TABLE "search_words" ADD COLUMN "stem" text GENERATED ALWAYS AS ((tsvector_to_array(to_tsvector('english', "search_words"."word")))[1]) STORED;
