-- A contact address by its start, whatever the collation: a list search of one or two
-- characters (decision 826); the trigram index takes every word's start of an address.
CREATE INDEX "client_contacts_email_prefix_idx" ON "client_contacts" USING btree (lower("email") text_pattern_ops);
