/**
 * What an export holds (decision 524): every table, as JSON, and every uploaded file, except
 * what is a secret or only the working state of this server. The same list tells the loader
 * what to expect, and the README of the archive what was left out.
 */

export const EXPORT_FORMAT = "frontier-export/1";

/** Tables never exported, with the reason the archive's manifest gives. */
export const excludedTables: Record<string, string> = {
  auth_accounts: "password hashes",
  auth_sessions: "signed-in sessions",
  auth_verifications: "sign-in verification values",
  auth_rate_limits: "sign-in rate counters",
  auth_tokens: "one-time setup, reset and invitation links",
  auth_sign_in_failures: "failed sign-ins, kept for the brute-force limits",
  auth_two_factors: "two-factor secrets and recovery codes",
  auth_passkeys: "passkeys, which belong to the old site's address",
  api_tokens: "API token hashes: make new tokens after moving",
  portal_links: "the client portal's one-time sign-in links",
  portal_sessions: "the client portal's sessions",
  portal_sign_in_requests: "the client portal's sign-in rate counters",
  data_export_links: "one-time links subscribers asked for",
  mail_messages: "the Outbox, whose mails hold one-time sign-in and reset links",
  analytics_salts: "the daily salts of visitor hashes, which must never be kept",
  analytics_events: "raw page views of the last two days (their daily figures are exported)",
  chat_presence: "who is online now",
  chat_rate_limits: "chat rate counters",
  form_submissions: "spam-limit counters of the public forms",
  form_receipts: "receipts of form fillings (a day's duplicates guard)",
  jobs: "background work of this server",
  import_runs: "imports in progress on this server",
  import_items: "previews of imports on this server",
  search_documents: "the search index, made again from the content",
  search_words: "the search index's word list, made again from the content",
  search_document_pairs: "the search index's word pairs, made again from the content",
  subscriber_tags: "the count of subscribers per tag, counted again as subscribers load",
  payment_months: "what was paid each month, counted again as payments load",
  __drizzle_migrations: "the database's own migration record",
};

/** Columns left out of tables that are exported (secrets beside ordinary data). */
export const excludedColumns: Record<string, string[]> = {
  webhook_endpoints: ["secret"],
};

/** Files of the uploads folder an export carries: the keys the database names. */
export const uploadedFileQueries = [
  "select jsonb_array_elements(variants)->>'key' as key from media",
  "select storage_key as key from onboarding_files",
  "select storage_key as key from project_shared_files",
];
