// The people who log time: their time zone, weekly capacity, rates per currency (cost for
// admins only) and the clients a client manager looks after (decisions 421, 423).
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Actor } from "#server/audit/actor.ts";
import { claimsOf, deriveRole } from "#server/auth/roles.ts";
import { findClientChoices } from "#server/clients/choices.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { authUsers } from "#server/db/schema/auth.ts";
import { clients } from "#server/db/schema/clients.ts";
import { projects } from "#server/db/schema/projects.ts";
import { clientManagers, staffRates, staffTimeProfiles } from "#server/db/schema/time.ts";
import { AppError } from "#server/errors.ts";
import { isUuid } from "#server/ids.ts";
import { isCurrencyCode } from "#shared/money.ts";
import { auditTime, type TimeViewer } from "./records";
import { isTimeZone } from "./zones";

export const DEFAULT_TIME_ZONE = "UTC";

/** A person's time zone (UTC until they choose one). */
export async function getTimeZone(db: Db | Tx, userId: string) {
  const [profile] = await db
    .select({ timeZone: staffTimeProfiles.timeZone })
    .from(staffTimeProfiles)
    .where(eq(staffTimeProfiles.userId, userId));
  return profile?.timeZone ?? DEFAULT_TIME_ZONE;
}

/** Time zones of several people at once. */
export async function timeZonesOf(db: Db | Tx, userIds: string[]) {
  const zones = new Map(userIds.map((id) => [id, DEFAULT_TIME_ZONE]));
  if (!userIds.length) return zones;
  const rows = await db
    .select({ userId: staffTimeProfiles.userId, timeZone: staffTimeProfiles.timeZone })
    .from(staffTimeProfiles)
    .where(inArray(staffTimeProfiles.userId, userIds));
  for (const row of rows) zones.set(row.userId, row.timeZone);
  return zones;
}

/** Sets a person's time zone and weekly capacity (their own on My account, anyone's for admins). */
export async function saveTimeProfile({
  db,
  actor,
  userId,
  timeZone,
  weeklyCapacityMinutes,
}: {
  db: Db;
  actor: Actor;
  userId: string;
  timeZone: string;
  weeklyCapacityMinutes?: number | null;
}) {
  if (!isTimeZone(timeZone))
    throw new AppError("INVALID", "Choose a time zone from the list, such as Europe/Berlin.", {
      fieldErrors: { timeZone: ["Choose a time zone from the list, such as Europe/Berlin."] },
    });
  if (
    weeklyCapacityMinutes !== undefined &&
    weeklyCapacityMinutes !== null &&
    !(
      Number.isInteger(weeklyCapacityMinutes) &&
      weeklyCapacityMinutes > 0 &&
      weeklyCapacityMinutes <= 7 * 24 * 60
    )
  )
    throw new AppError("INVALID", "Enter the hours of a working week, such as 40.", {
      fieldErrors: { weeklyCapacity: ["Enter the hours of a working week, such as 40."] },
    });
  await db.transaction(async (tx) => {
    const values = {
      userId,
      timeZone,
      updatedAt: new Date(),
      ...(weeklyCapacityMinutes !== undefined ? { weeklyCapacityMinutes } : {}),
    };
    await tx
      .insert(staffTimeProfiles)
      .values(values)
      .onConflictDoUpdate({ target: staffTimeProfiles.userId, set: values });
    await auditTime(tx, actor, "profile", userId, { timeZone, weeklyCapacityMinutes });
  });
}

/** Everyone who can log time: signed-up staff with a role, not disabled. */
export async function listTimePeople(db: Db | Tx) {
  const rows = await db
    .select({
      id: authUsers.id,
      name: authUsers.name,
      email: authUsers.email,
      role: authUsers.role,
      timeZone: staffTimeProfiles.timeZone,
      weeklyCapacityMinutes: staffTimeProfiles.weeklyCapacityMinutes,
    })
    .from(authUsers)
    .leftJoin(staffTimeProfiles, eq(staffTimeProfiles.userId, authUsers.id))
    .where(eq(authUsers.banned, false))
    .orderBy(asc(authUsers.name), asc(authUsers.id));
  return rows
    .map((row) => ({
      ...row,
      role: deriveRole(claimsOf(row)),
      timeZone: row.timeZone ?? DEFAULT_TIME_ZONE,
    }))
    .filter((row) => row.role !== "none");
}

/**
 * The rates page (admins): each person with their rates per currency and the clients they
 * look after (by name, wherever they sort), and the clients to choose from (decision 807).
 */
export async function getRatesBoard({ db }: { db: Db }) {
  const [people, rates, managed, clientMenu, clientCurrencies, projectCurrencies] =
    await Promise.all([
      listTimePeople(db),
      db.select().from(staffRates).orderBy(asc(staffRates.currency)),
      db
        .select({
          userId: clientManagers.userId,
          id: clients.id,
          company: clients.company,
        })
        .from(clientManagers)
        .innerJoin(clients, eq(clients.id, clientManagers.clientId))
        .orderBy(sql`lower(${clients.company})`, clients.id),
      findClientChoices(db),
      db.selectDistinct({ currency: clients.currency }).from(clients),
      db.selectDistinct({ currency: projects.currency }).from(projects),
    ]);
  const currencies = [
    ...new Set([
      ...clientCurrencies.map((client) => client.currency),
      ...projectCurrencies.map((project) => project.currency),
      ...rates.map((rate) => rate.currency),
    ]),
  ].sort();
  return {
    currencies,
    clients: clientMenu,
    people: people.map((person) => ({
      ...person,
      rates: rates
        .filter((rate) => rate.userId === person.id)
        .map(({ currency, billingRate, costRate }) => ({ currency, billingRate, costRate })),
      managedClients: managed
        .filter((row) => row.userId === person.id)
        .map(({ id, company }) => ({ id, company })),
    })),
  };
}

async function requirePerson(tx: Tx, userId: string) {
  const [person] = await tx
    .select({ id: authUsers.id })
    .from(authUsers)
    .where(eq(authUsers.id, userId));
  if (!person) throw new AppError("NOT_FOUND", "That staff member no longer exists.");
}

/** Sets a person's billing and cost rate in one currency (admins); null clears one. */
export async function saveStaffRates({
  db,
  actor,
  userId,
  currency,
  billingRate,
  costRate,
}: {
  db: Db;
  actor: Actor;
  userId: string;
  currency: string;
  billingRate: number | null;
  costRate: number | null;
}) {
  if (!isCurrencyCode(currency))
    throw new AppError("INVALID", "Choose a currency.", {
      fieldErrors: { currency: ["Choose a currency."] },
    });
  for (const [field, value] of [
    ["billingRate", billingRate],
    ["costRate", costRate],
  ] as const)
    if (value !== null && (!Number.isSafeInteger(value) || value < 0 || value > 100_000_000))
      throw new AppError("INVALID", "Enter an hourly rate of zero or more, such as 150.00.", {
        fieldErrors: { [field]: ["Enter an hourly rate of zero or more, such as 150.00."] },
      });
  await db.transaction(async (tx) => {
    await requirePerson(tx, userId);
    if (billingRate === null && costRate === null)
      await tx
        .delete(staffRates)
        .where(and(eq(staffRates.userId, userId), eq(staffRates.currency, currency)));
    else {
      const values = { userId, currency, billingRate, costRate, updatedAt: new Date() };
      await tx
        .insert(staffRates)
        .values(values)
        .onConflictDoUpdate({ target: [staffRates.userId, staffRates.currency], set: values });
    }
    // The cost rate is not written to the audit log's detail: client managers read the log of their clients.
    await auditTime(tx, actor, "rates", userId, {
      currency,
      billingRate,
      hasCostRate: costRate !== null,
    });
  });
}

/** The clients a client manager looks after (admins). */
export async function setManagedClients({
  db,
  actor,
  userId,
  clientIds,
}: {
  db: Db;
  actor: Actor;
  userId: string;
  clientIds: string[];
}) {
  await db.transaction(async (tx) => {
    await requirePerson(tx, userId);
    const unique = [...new Set(clientIds)];
    if (!unique.every(isUuid))
      throw new AppError("INVALID", "Choose clients that exist.", {
        fieldErrors: { clientIds: ["Choose clients that exist."] },
      });
    if (unique.length) {
      const found = await tx
        .select({ id: clients.id })
        .from(clients)
        .where(inArray(clients.id, unique));
      if (found.length !== unique.length)
        throw new AppError("INVALID", "Choose clients that exist.", {
          fieldErrors: { clientIds: ["Choose clients that exist."] },
        });
    }
    await tx.delete(clientManagers).where(eq(clientManagers.userId, userId));
    if (unique.length)
      await tx.insert(clientManagers).values(unique.map((clientId) => ({ clientId, userId })));
    await auditTime(tx, actor, "clients", userId, { clientIds: unique });
  });
}

/** Whether a viewer looks after the client of a project (admins look after every client). */
export async function managesProject(db: Db | Tx, viewer: TimeViewer, projectId: string) {
  if (viewer.role === "admin") return true;
  const result = await db.execute(sql`
    select 1 from projects p join client_managers m on m.client_id = p.client_id
    where p.id = ${projectId} and m.user_id = ${viewer.id} limit 1`);
  return result.rows.length > 0;
}
