// The drizzle-kit entry point and the schema handed to the client: every table, by area.

export * from "./analytics";
export * from "./antispam";
export * from "./api";
export * from "./audit";
export * from "./auth";
export * from "./campaigns";
export * from "./chat";
export * from "./clients";
export * from "./content";
export * from "./invoices";
export * from "./jobs";
export * from "./leads";
export * from "./mail";
export * from "./media";
export * from "./messages";
export * from "./portal";
export * from "./projects";
export * from "./proposals";
export * from "./retainers";
export * from "./revisions";
export * from "./search";
export * from "./seo";
export * from "./settings";
export * from "./time";
export * from "./webhooks";
export * from "./youtube";
