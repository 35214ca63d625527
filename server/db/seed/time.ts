import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { addDays, todayIso } from "#server/business/dates.ts";
import type { Db } from "#server/db/client.ts";
import { authUsers } from "#server/db/schema/auth.ts";
import { projectMilestones, projects } from "#server/db/schema/projects.ts";
import {
  projectTimeSettings,
  staffRates,
  staffTimeProfiles,
  timeApprovals,
  timeEntries,
} from "#server/db/schema/time.ts";
import { weekStartOf } from "#shared/time.ts";

// Demo time (decision 421): three team members of the demo projects, without a password (they
// cannot sign in; an admin may invite them with a reset link), their rates, and four weeks of
// their time on the demo projects, the oldest week approved. One batch of inserts: the first
// start stays fast.

const people = [
  {
    name: "Sam Ortiz",
    email: "sam.ortiz@demo.frontier.localhost",
    timeZone: "America/New_York",
    usd: [15_000, 7_000],
    gbp: [12_000, 5_500],
  },
  {
    name: "Ines Moreau",
    email: "ines.moreau@demo.frontier.localhost",
    timeZone: "Europe/Paris",
    usd: [13_000, 6_000],
    gbp: [10_500, 4_800],
  },
  {
    name: "Ola Berg",
    email: "ola.berg@demo.frontier.localhost",
    timeZone: "Europe/Oslo",
    usd: [12_000, 5_500],
    gbp: [9_500, 4_500],
  },
];

const notes = [
  "Sprint planning",
  "API work",
  "Design review",
  "Bug fixes",
  "Client call",
  "Map screens",
  "Tests and release",
];

/** Adds the demo team's time once: nothing when the demo people are there already. */
export async function seedTime(db: Db, today = todayIso()) {
  const existing = await db
    .select({ id: authUsers.id })
    .from(authUsers)
    .where(
      inArray(
        authUsers.email,
        people.map((person) => person.email),
      ),
    );
  if (existing.length) return;
  const demoProjects = await db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(inArray(projects.name, ["Fleet tracking platform", "Website care plan"]));
  const fleet = demoProjects.find((project) => project.name === "Fleet tracking platform");
  const care = demoProjects.find((project) => project.name === "Website care plan");
  if (!fleet) return;
  const ids = people.map(() => randomUUID());
  await db.insert(authUsers).values(
    people.map((person, index) => ({
      id: ids[index],
      name: person.name,
      email: person.email,
      role: "clientManager",
    })),
  );
  await db.insert(staffTimeProfiles).values(
    people.map((person, index) => ({
      userId: ids[index],
      timeZone: person.timeZone,
      weeklyCapacityMinutes: 40 * 60,
    })),
  );
  await db.insert(staffRates).values(
    people.flatMap((person, index) => [
      { userId: ids[index], currency: "USD", billingRate: person.usd[0], costRate: person.usd[1] },
      { userId: ids[index], currency: "GBP", billingRate: person.gbp[0], costRate: person.gbp[1] },
    ]),
  );
  await db
    .insert(projectTimeSettings)
    .values([
      { projectId: fleet.id, roundingMinutes: 15, budgetMinutes: 500 * 60, isShownInPortal: true },
      ...(care
        ? [{ projectId: care.id, roundingMinutes: 30, budgetMinutes: null, isShownInPortal: false }]
        : []),
    ])
    .onConflictDoNothing();
  const milestones = await db
    .select({ id: projectMilestones.id })
    .from(projectMilestones)
    .where(eq(projectMilestones.projectId, fleet.id));
  const firstWeek = addDays(weekStartOf(today), -21);
  const rows: Array<typeof timeEntries.$inferInsert> = [];
  for (let day = 0; day < 28; day++) {
    const date = addDays(firstWeek, day);
    const weekday = day % 7;
    if (date > today || weekday > 4) continue;
    people.forEach((_, index) => {
      const onCare = index === 2 && care && weekday === 4;
      const minutes = 60 * (index === 0 ? 6 : 5) + ((day * 7 + index * 13) % 5) * 15;
      rows.push({
        userId: ids[index],
        projectId: onCare ? care.id : fleet.id,
        milestoneId: onCare
          ? null
          : (milestones[(day + index) % Math.max(milestones.length, 1)]?.id ?? null),
        entryDate: date,
        minutes,
        note: notes[(day + index) % notes.length],
        // Internal time now and then: not billable.
        isBillable: (day + index) % 6 !== 0,
        source: "timesheet",
      });
    });
  }
  if (rows.length) await db.insert(timeEntries).values(rows);
  await db.insert(timeApprovals).values(
    ids.map((userId) => ({
      userId,
      weekStart: firstWeek,
      approvedBy: null,
      approvedByEmail: "demo",
    })),
  );
}
