-- Every tag in use and how many subscribers carry it, counted in the statement that changes
-- subscribers (one aggregate over the statement's rows, so a bulk import pays once): the
-- list's tag menu reads subscriber_tags instead of unnesting every subscriber's tags.
CREATE OR REPLACE FUNCTION frontier_subscriber_tags_counted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO subscriber_tags (tag, subscribers)
    SELECT tag, count(*) FROM new_rows, unnest(new_rows.tags) AS tag GROUP BY tag
    ON CONFLICT (tag) DO UPDATE SET subscribers = subscriber_tags.subscribers + excluded.subscribers;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE subscriber_tags SET subscribers = subscriber_tags.subscribers - gone.n
    FROM (SELECT tag, count(*) AS n FROM old_rows, unnest(old_rows.tags) AS tag GROUP BY tag) AS gone
    WHERE subscriber_tags.tag = gone.tag;
  ELSE
    INSERT INTO subscriber_tags (tag, subscribers)
    SELECT tag, sum(n) FROM (
      SELECT tag, -1 AS n FROM old_rows JOIN new_rows USING (id), unnest(old_rows.tags) AS tag
      WHERE old_rows.tags IS DISTINCT FROM new_rows.tags
      UNION ALL
      SELECT tag, 1 AS n FROM old_rows JOIN new_rows USING (id), unnest(new_rows.tags) AS tag
      WHERE old_rows.tags IS DISTINCT FROM new_rows.tags
    ) AS changes GROUP BY tag HAVING sum(n) <> 0
    ON CONFLICT (tag) DO UPDATE SET subscribers = subscriber_tags.subscribers + excluded.subscribers;
  END IF;
  DELETE FROM subscriber_tags WHERE subscribers <= 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER subscribers_tags_inserted AFTER INSERT ON subscribers
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION frontier_subscriber_tags_counted();
--> statement-breakpoint
CREATE TRIGGER subscribers_tags_updated AFTER UPDATE ON subscribers
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION frontier_subscriber_tags_counted();
--> statement-breakpoint
CREATE TRIGGER subscribers_tags_deleted AFTER DELETE ON subscribers
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION frontier_subscriber_tags_counted();
--> statement-breakpoint
INSERT INTO subscriber_tags (tag, subscribers)
SELECT tag, count(*) FROM subscribers, unnest(subscribers.tags) AS tag GROUP BY tag
ON CONFLICT (tag) DO NOTHING;
