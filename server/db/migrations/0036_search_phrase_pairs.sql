-- A quoted phrase ("machine learning") matched through the text-search index alone checks the
-- word positions of every page holding both words: 15,033 pages to find 8 among 100,000
-- (decision 796). This index holds the pairs of words that stand side by side, stemmed as the
-- search vector stems them ('machin learn'), so a phrase first finds the pages having its
-- pairs; written into at once (fastupdate off), as the list searches' indexes are (decision
-- 732). Each part (title; summary and keywords; body) is paired on its own, so no pair spans
-- the end of one and the start of the next; every lexeme at one position is paired with every
-- lexeme at the next ("machine-learning" makes 'machine-learn' 'machin' 'learn').
CREATE FUNCTION search_word_pairs(config regconfig, VARIADIC parts text[]) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  WITH words AS (
    SELECT part.n, word.lexeme, position
    FROM unnest(parts) WITH ORDINALITY AS part(text, n),
      unnest(to_tsvector(config, part.text)) AS word,
      unnest(word.positions) AS position
  )
  SELECT coalesce(array_to_tsvector(array_agg(DISTINCT first.lexeme || ' ' || second.lexeme)), ''::tsvector)
  FROM words first JOIN words second ON second.n = first.n AND second.position = first.position + 1
$$;--> statement-breakpoint
CREATE INDEX "search_documents_phrase_idx" ON "search_documents" USING gin (search_word_pairs('english', "title", "summary" || ' ' || "keywords", "body")) WITH (fastupdate=false);
