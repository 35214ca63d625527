import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { clients } from "./clients";
import { proposals } from "./proposals";
import { clientCompanyCopy, searchIndex } from "./searchable";

export const projectStatuses = [
  "onboarding",
  "active",
  "on_hold",
  "completed",
  "cancelled",
] as const;
export type ProjectStatus = (typeof projectStatuses)[number];

export type TeamMember = { name: string; role: string };

export const projects = pgTable(
  "projects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The id in the client's onboarding link: 192 random bits, base64url. */
    onboardingId: text("onboarding_id").notNull().unique(),
    name: text("name").notNull(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "restrict" }),
    clientCompany: clientCompanyCopy(),
    proposalId: uuid("proposal_id")
      .unique()
      .references(() => proposals.id, { onDelete: "set null" }),
    status: text("status").$type<ProjectStatus>().notNull().default("onboarding"),
    startDate: date("start_date", { mode: "string" }),
    dueDate: date("due_date", { mode: "string" }),
    budgetAmount: integer("budget_amount").notNull().default(0),
    currency: text("currency").notNull(),
    teamMembers: jsonb("team_members").$type<TeamMember[]>().notNull().default([]),
    onboardingCompletedAt: timestamp("onboarding_completed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("projects_client_idx").on(table.clientId),
    index("projects_status_idx").on(table.status),
    index("projects_created_at_idx").on(table.createdAt),
    searchIndex("projects_name_search_idx", table.name),
    searchIndex("projects_client_company_search_idx", table.clientCompany),
  ],
);

export const projectMilestones = pgTable(
  "project_milestones",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    title: text("title").notNull(),
    dueDate: date("due_date", { mode: "string" }),
    isDone: boolean("is_done").notNull().default(false),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (table) => [
    index("project_milestones_project_idx").on(table.projectId),
    index("project_milestones_due_idx").on(table.dueDate),
    // The dashboard's milestones due: only the open ones, however many were done (decision 747).
    index("project_milestones_open_due_idx").on(table.dueDate).where(sql`${table.isDone} = false`),
  ],
);

/** The client's onboarding answers, saved step by step. */
export const onboardingResponses = pgTable("onboarding_responses", {
  projectId: uuid("project_id")
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
  answers: jsonb("answers").$type<Record<string, string>>().notNull().default({}),
  currentStep: integer("current_step").notNull().default(0),
  submittedAt: timestamp("submitted_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const onboardingFiles = pgTable(
  "onboarding_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("onboarding_files_project_idx").on(table.projectId)],
);
