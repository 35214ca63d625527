// The drizzle-kit entry point and the schema handed to the client: every table, by area.

export * from "./audit";
export * from "./auth";
export * from "./clients";
export * from "./content";
export * from "./invoices";
export * from "./jobs";
export * from "./leads";
export * from "./mail";
export * from "./projects";
export * from "./proposals";
export * from "./settings";
