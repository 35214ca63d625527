// Time entries as the API shows and takes them (decision 429): listed in the order of their last
// change like every list, written as the person the body names, under that person's rules.
import { and, asc, eq, gte, lte, type SQL } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { authUsers } from "#server/db/schema/auth.ts";
import { timeEntries } from "#server/db/schema/time.ts";
import { AppError } from "#server/errors.ts";
import { createTimeEntry } from "#server/time/entries.ts";
import { auditTime } from "#server/time/records.ts";
import { iso, isoOrNull, listPage } from "./content";
import type { ListQuery } from "./schemas";
import type { ApiCaller } from "./tokens";

export type TimeEntryQuery = ListQuery & {
  projectId?: string;
  userEmail?: string;
  from?: string;
  to?: string;
};

const columns = {
  entry: timeEntries,
  userEmail: authUsers.email,
  userName: authUsers.name,
};

type Joined = { entry: typeof timeEntries.$inferSelect; userEmail: string; userName: string };

function timeEntryOut({ entry, userEmail, userName }: Joined) {
  return {
    id: entry.id,
    userId: entry.userId,
    userEmail,
    userName,
    projectId: entry.projectId,
    milestoneId: entry.milestoneId,
    date: entry.entryDate,
    minutes: entry.minutes,
    note: entry.note,
    billable: entry.isBillable,
    invoiceId: entry.invoiceId,
    startedAt: isoOrNull(entry.startedAt),
    endedAt: isoOrNull(entry.endedAt),
    source: entry.source,
    createdAt: iso(entry.createdAt),
    updatedAt: iso(entry.updatedAt),
  };
}

export async function listTimeEntries({ db, query }: { db: Db; query: TimeEntryQuery }) {
  const filters: SQL[] = [];
  if (query.projectId) filters.push(eq(timeEntries.projectId, query.projectId));
  if (query.from) filters.push(gte(timeEntries.entryDate, query.from));
  if (query.to) filters.push(lte(timeEntries.entryDate, query.to));
  if (query.userEmail) {
    const [person] = await db
      .select({ id: authUsers.id })
      .from(authUsers)
      .where(eq(authUsers.email, query.userEmail.toLowerCase()));
    filters.push(eq(timeEntries.userId, person?.id ?? ""));
  }
  return listPage({
    db,
    table: timeEntries,
    where: filters.length ? and(...filters) : undefined,
    query,
    select: async (limit, offset, where) =>
      (
        await db
          .select(columns)
          .from(timeEntries)
          .innerJoin(authUsers, eq(authUsers.id, timeEntries.userId))
          .where(where)
          .orderBy(asc(timeEntries.updatedAt), asc(timeEntries.id))
          .limit(limit)
          .offset(offset)
      ).map(timeEntryOut),
  });
}

export async function getTimeEntry({ db, id }: { db: Db; id: string }) {
  const [row] = await db
    .select(columns)
    .from(timeEntries)
    .innerJoin(authUsers, eq(authUsers.id, timeEntries.userId))
    .where(eq(timeEntries.id, id));
  return row ? timeEntryOut(row) : undefined;
}

export type TimeEntryBody = {
  userEmail: string;
  projectId: string;
  milestoneId?: string | null;
  date: string;
  minutes: number;
  note?: string;
  billable?: boolean;
};

/** Logs time for the staff member the body names, as they could themselves (not in an approved week). */
export async function createTimeEntryFromApi({
  db,
  caller,
  body,
}: {
  db: Db;
  caller: ApiCaller;
  body: TimeEntryBody;
}) {
  const [person] = await db
    .select({
      id: authUsers.id,
      email: authUsers.email,
      role: authUsers.role,
      banned: authUsers.banned,
    })
    .from(authUsers)
    .where(eq(authUsers.email, body.userEmail.toLowerCase()));
  if (!person || person.banned || !person.role)
    throw new AppError("INVALID", "No staff member has that address.", {
      fieldErrors: { userEmail: ["No staff member has that address."] },
    });
  const entry = await createTimeEntry({
    db,
    viewer: { id: person.id, email: person.email, role: "clientManager" },
    source: "api",
    input: {
      projectId: body.projectId,
      milestoneId: body.milestoneId ?? null,
      entryDate: body.date,
      minutes: body.minutes,
      note: body.note ?? "",
      isBillable: body.billable ?? true,
    },
  });
  await auditTime(
    db,
    { id: null, email: `API token “${caller.name}”`, address: null },
    "create",
    entry.id,
    {
      userId: person.id,
      entryDate: entry.entryDate,
      minutes: entry.minutes,
      tokenId: caller.tokenId,
    },
  );
  return getTimeEntry({ db, id: entry.id });
}
