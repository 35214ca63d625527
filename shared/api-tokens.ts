/** What an API token may reach, as the command center offers it (server/api/tokens.ts maps each to scopes). */
export const tokenAccessChoices = [
  {
    value: "content",
    label: "Content, read only",
    description: "Published insights, case studies and podcast episodes.",
  },
  {
    value: "business",
    label: "Business, read and write",
    description: "Content, plus clients, proposals and invoices (read) and new leads (write).",
  },
] as const;

export type TokenAccess = (typeof tokenAccessChoices)[number]["value"];
