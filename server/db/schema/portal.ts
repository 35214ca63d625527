import {
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { clientContacts, clients } from "./clients";
import { projects } from "./projects";

// The client portal (/portal): which contacts may sign in, their one-time links and
// sessions (kept apart from staff sign-in), what they opened, and the files the team
// shares with them. See docs/decisions/402-client-portal-sign-in.md.

/** A contact's access to the portal: granted by an invitation, ended by a revocation. */
export const portalAccess = pgTable(
  "portal_access",
  {
    contactId: uuid("contact_id")
      .primaryKey()
      .references(() => clientContacts.id, { onDelete: "cascade" }),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    invitedAt: timestamp("invited_at", { withTimezone: true }).notNull().defaultNow(),
    invitedBy: text("invited_by"),
    /** Set when staff revoke access; an invitation clears it again. */
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedBy: text("revoked_by"),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
  },
  (table) => [index("portal_access_client_idx").on(table.clientId)],
);

export type PortalLinkKind = "sign-in" | "invite";

/** One-time sign-in links; only the SHA-256 of a link's token is kept. */
export const portalLinks = pgTable(
  "portal_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull(),
    contactId: uuid("contact_id")
      .notNull()
      .references(() => clientContacts.id, { onDelete: "cascade" }),
    kind: text("kind").$type<PortalLinkKind>().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("portal_links_hash_idx").on(table.tokenHash),
    index("portal_links_contact_idx").on(table.contactId),
  ],
);

/** Every request for a sign-in link, known address or not: the rate limits count these. */
export const portalSignInRequests = pgTable(
  "portal_sign_in_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    address: text("address").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("portal_sign_in_requests_email_idx").on(table.email, table.createdAt),
    index("portal_sign_in_requests_address_idx").on(table.address, table.createdAt),
  ],
);

/** A contact's signed-in browser. The cookie holds the token; the table only its hash. */
export const portalSessions = pgTable(
  "portal_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull(),
    contactId: uuid("contact_id")
      .notNull()
      .references(() => clientContacts.id, { onDelete: "cascade" }),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    /** Absolute end, whatever the activity. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** The idle time-out counts from here. */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    address: text("address"),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("portal_sessions_hash_idx").on(table.tokenHash),
    index("portal_sessions_contact_idx").on(table.contactId),
  ],
);

export type PortalViewKind = "proposal" | "invoice";

/** What each contact opened in the portal, once per document (the first view is an event). */
export const portalViews = pgTable(
  "portal_views",
  {
    contactId: uuid("contact_id")
      .notNull()
      .references(() => clientContacts.id, { onDelete: "cascade" }),
    kind: text("kind").$type<PortalViewKind>().notNull(),
    recordId: uuid("record_id").notNull(),
    firstViewedAt: timestamp("first_viewed_at", { withTimezone: true }).notNull().defaultNow(),
    lastViewedAt: timestamp("last_viewed_at", { withTimezone: true }).notNull().defaultNow(),
    views: integer("views").notNull().default(1),
  },
  (table) => [primaryKey({ columns: [table.contactId, table.kind, table.recordId] })],
);

/** Files the team shares with the client on a project (reports, designs, contracts). */
export const projectSharedFiles = pgTable(
  "project_shared_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    uploadedBy: text("uploaded_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("project_shared_files_project_idx").on(table.projectId)],
);
