-- The subscriber list's search at a million subscribers: a trigram index of the addresses
-- listed every row under the trigrams of a part all addresses share, so a search read a million
-- entries of each (decision 799). The search now finds words from their start; this is the words
-- of an address and a name, split at spaces and at each ASCII punctuation mark, lower-cased by
-- the 'simple' configuration (no stemming, no stop words). Written into at once (fastupdate off),
-- as the list searches' indexes are (decision 732).
CREATE FUNCTION subscriber_words(email text, name text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT to_tsvector('simple'::regconfig, translate(email || ' ' || coalesce(name, ''), '!"#$%&''()*+,-./:;<=>?@[\]^_`{|}~', '                                '))
$$;--> statement-breakpoint
DROP INDEX "subscribers_email_search_idx";--> statement-breakpoint
DROP INDEX "subscribers_name_search_idx";--> statement-breakpoint
CREATE INDEX "subscribers_words_idx" ON "subscribers" USING gin (subscriber_words("email", "name")) WITH (fastupdate=false);