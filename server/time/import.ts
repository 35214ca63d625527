// Importing time from the CSV exports of Harvest, Toggl Track and Clockify (decision 429): the
// format is told by its header, the columns mapped, people matched by address (by name for
// Harvest, whose export has none), projects by name or as chosen in the preview; each refused
// row says why; a row's fingerprint makes importing the same file twice add nothing.
import { createHash } from "node:crypto";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { clients } from "#server/db/schema/clients.ts";
import { projects } from "#server/db/schema/projects.ts";
import { type TimeImportFormat, timeEntries, timeImports } from "#server/db/schema/time.ts";
import { AppError } from "#server/errors.ts";
import { parseCsv } from "#server/marketing/csv.ts";
import { importFormatLabel } from "#shared/time.ts";
import { insertEntries, isWeekApproved } from "./entries";
import { listTimePeople, timeZonesOf } from "./profiles";
import { actorOf, auditTime, isAdmin, type TimeViewer } from "./records";
import { zonedInstant } from "./zones";

// Under the command center's 2 MB body limit (server/body-limit.ts) with the form around it.
export const MAX_IMPORT_BYTES = 1.5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 5000;

/** A row as the source product wrote it, in our terms. */
type SourceRow = {
  line: number;
  personEmail: string;
  personName: string;
  clientName: string;
  projectName: string;
  note: string;
  date: string | undefined;
  startTime: string | undefined;
  minutes: number | undefined;
  isBillable: boolean;
};

/** Which of the file's columns each field is read from, per format (the preview shows it). */
const columnMaps: Record<TimeImportFormat, Record<string, string[]>> = {
  harvest: {
    date: ["Date"],
    clientName: ["Client"],
    projectName: ["Project"],
    note: ["Task", "Notes"],
    hours: ["Hours"],
    isBillable: ["Billable?"],
    personName: ["First Name", "Last Name"],
  },
  toggl: {
    personName: ["User"],
    personEmail: ["Email"],
    clientName: ["Client"],
    projectName: ["Project"],
    note: ["Task", "Description"],
    isBillable: ["Billable"],
    date: ["Start date"],
    startTime: ["Start time"],
    duration: ["Duration"],
  },
  clockify: {
    projectName: ["Project"],
    clientName: ["Client"],
    note: ["Task", "Description"],
    personName: ["User"],
    personEmail: ["Email"],
    isBillable: ["Billable"],
    date: ["Start Date"],
    startTime: ["Start Time"],
    duration: ["Duration (h)"],
    hours: ["Duration (decimal)"],
  },
};

export const fieldLabel: Record<string, string> = {
  date: "Day",
  startTime: "Start time",
  clientName: "Client",
  projectName: "Project",
  note: "Note",
  hours: "Duration (decimal hours)",
  duration: "Duration (h:mm:ss)",
  isBillable: "Billable",
  personName: "Person",
  personEmail: "Person's address",
};

/** The format of a file from its header row, or undefined when it is none we read. */
export function detectFormat(header: string[]): TimeImportFormat | undefined {
  const names = new Set(header.map((cell) => cell.trim()));
  if (names.has("Hours") && names.has("First Name") && names.has("Billable?")) return "harvest";
  if (names.has("Duration (h)") && names.has("Start Date") && names.has("Project"))
    return "clockify";
  if (names.has("Duration") && names.has("Start date") && names.has("Email")) return "toggl";
  return undefined;
}

/** "2026-03-02", "03/02/2026" (Clockify's US default) or "02.03.2026" as YYYY-MM-DD. */
function parseDay(text: string) {
  const value = text.trim();
  let match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  let iso: string | undefined;
  if (match) iso = `${match[1]}-${match[2]}-${match[3]}`;
  match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  if (match) iso = `${match[3]}-${match[1].padStart(2, "0")}-${match[2].padStart(2, "0")}`;
  match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value);
  if (match) iso = `${match[3]}-${match[2].padStart(2, "0")}-${match[1].padStart(2, "0")}`;
  if (!iso) return undefined;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? undefined : iso;
}

/** "09:30:00", "9:30" or "09:30:00 AM" as "HH:MM:SS". */
function parseClock(text: string) {
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?$/.exec(text.trim());
  if (!match) return undefined;
  let hours = Number(match[1]);
  const meridiem = match[4]?.toLowerCase();
  if (meridiem === "pm" && hours < 12) hours += 12;
  if (meridiem === "am" && hours === 12) hours = 0;
  if (hours > 23 || Number(match[2]) > 59) return undefined;
  return `${String(hours).padStart(2, "0")}:${match[2]}:${match[3] ?? "00"}`;
}

/** "1:30:00" (h:mm:ss) as minutes. */
function parseClockDuration(text: string) {
  const match = /^(\d+):([0-5]\d)(?::([0-5]\d))?$/.exec(text.trim());
  if (!match) return undefined;
  return Math.round(Number(match[1]) * 60 + Number(match[2]) + Number(match[3] ?? 0) / 60);
}

/** "1.5" or "1,5" hours as minutes. */
function parseDecimalHours(text: string) {
  const value = text.trim().replace(",", ".");
  if (!/^\d+(\.\d+)?$/.test(value)) return undefined;
  return Math.round(Number(value) * 60);
}

const isYes = (text: string) => /^(yes|true|1|y)$/i.test(text.trim());

/** The file's rows in our terms, and its format; throws when the file is none we read. */
export function readTimeCsv(csv: string) {
  const parsed = parseCsv(csv);
  if (!parsed.length) throw new AppError("INVALID", "The file is empty.");
  const header = parsed[0].cells.map((cell) => cell.trim());
  const format = detectFormat(header);
  if (!format)
    throw new AppError(
      "INVALID",
      "This is not a CSV export we know: export the detailed time report of Harvest, Toggl Track or Clockify as CSV, with its header row.",
    );
  if (parsed.length - 1 > MAX_IMPORT_ROWS)
    throw new AppError(
      "INVALID",
      `The file has more than ${MAX_IMPORT_ROWS} rows: import it in parts.`,
    );
  const map = columnMaps[format];
  const column = (name: string) => header.indexOf(name);
  const cellOf = (cells: string[], field: string) =>
    (map[field] ?? [])
      .map((name) => (column(name) >= 0 ? (cells[column(name)] ?? "").trim() : ""))
      .filter(Boolean);
  const rows: SourceRow[] = parsed.slice(1).map(({ line, cells }) => {
    const date = cellOf(cells, "date")[0];
    const clock = cellOf(cells, "startTime")[0];
    const duration = cellOf(cells, "duration")[0];
    const hours = cellOf(cells, "hours")[0];
    return {
      line,
      personEmail: (cellOf(cells, "personEmail")[0] ?? "").toLowerCase(),
      personName: cellOf(cells, "personName").join(" "),
      clientName: cellOf(cells, "clientName")[0] ?? "",
      projectName: cellOf(cells, "projectName")[0] ?? "",
      note: cellOf(cells, "note").join(": ").slice(0, 2000),
      date: date ? parseDay(date) : undefined,
      startTime: clock ? parseClock(clock) : undefined,
      minutes:
        (hours ? parseDecimalHours(hours) : undefined) ??
        (duration ? parseClockDuration(duration) : undefined),
      isBillable: isYes(cellOf(cells, "isBillable")[0] ?? ""),
    };
  });
  const columns = Object.entries(map).map(([field, names]) => ({
    field: fieldLabel[field] ?? field,
    columns: names.filter((name) => header.includes(name)),
  }));
  return { format, rows, columns };
}

/** "Client / Project" as the preview lists a source project. */
const sourceProjectKey = (row: Pick<SourceRow, "clientName" | "projectName">) =>
  row.clientName ? `${row.clientName} / ${row.projectName}` : row.projectName;

export type ImportRowResult = {
  line: number;
  person: string;
  day: string;
  hours: number;
  project: string;
  note: string;
  status: "new" | "duplicate" | "refused";
  reason?: string;
};

async function planImport(
  db: Db,
  viewer: TimeViewer,
  csv: string,
  format: TimeImportFormat,
  projectMap: Record<string, string>,
) {
  const { rows, columns } = readTimeCsv(csv);
  const [people, projectRows] = await Promise.all([
    listTimePeople(db),
    db
      .select({
        id: projects.id,
        name: projects.name,
        status: projects.status,
        client: clients.company,
      })
      .from(projects)
      .innerJoin(clients, eq(clients.id, projects.clientId)),
  ]);
  const zones = await timeZonesOf(
    db,
    people.map((person) => person.id),
  );
  const byEmail = new Map(people.map((person) => [person.email.toLowerCase(), person]));
  const byName = new Map(people.map((person) => [person.name.trim().toLowerCase(), person]));
  const projectById = new Map(projectRows.map((project) => [project.id, project]));
  // A source project maps to the one chosen in the preview, else to a project of the same name
  // (of the same client when two share the name).
  const projectFor = (row: SourceRow) => {
    const chosen = projectMap[sourceProjectKey(row)];
    if (chosen) return projectById.get(chosen);
    const named = projectRows.filter(
      (project) => project.name.trim().toLowerCase() === row.projectName.trim().toLowerCase(),
    );
    if (named.length <= 1) return named[0];
    return named.find(
      (project) => project.client.trim().toLowerCase() === row.clientName.trim().toLowerCase(),
    );
  };
  const seen = new Map<string, number>();
  const planned = rows.map((row) => {
    const person = row.personEmail
      ? byEmail.get(row.personEmail)
      : byName.get(row.personName.toLowerCase());
    const project = row.projectName ? projectFor(row) : undefined;
    const fingerprint = [
      format,
      row.personEmail || row.personName.toLowerCase(),
      row.date,
      row.startTime ?? "",
      sourceProjectKey(row),
      row.note,
      row.minutes,
    ].join("\u001f");
    // The same row twice in one file is two entries: its occurrence is part of its key.
    const occurrence = (seen.get(fingerprint) ?? 0) + 1;
    seen.set(fingerprint, occurrence);
    const importKey = createHash("sha256")
      .update(`${fingerprint}\u001f${occurrence}`)
      .digest("hex");
    let reason: string | undefined;
    if (!row.date) reason = "The day is missing or not a date.";
    else if (row.minutes === undefined)
      reason = "The duration is missing or not a number of hours.";
    else if (row.minutes < 1) reason = "The duration is under a minute.";
    else if (row.minutes > 24 * 60) reason = "The duration is over 24 hours.";
    else if (!person)
      reason = row.personEmail
        ? `No staff member has the address ${row.personEmail}.`
        : `No staff member is named ${row.personName || "(empty)"}.`;
    else if (person.id !== viewer.id && !isAdmin(viewer))
      reason = "This is someone else's time: only admins import other people's time.";
    else if (!row.projectName) reason = "The row names no project.";
    else if (!project) reason = `No project is named ${row.projectName}: choose one below.`;
    else if (project.status === "cancelled") reason = `${project.name} is cancelled.`;
    return {
      row,
      person,
      project,
      importKey,
      reason,
      timeZone: person ? (zones.get(person.id) ?? "UTC") : "UTC",
    };
  });
  const keys = planned.map((plan) => plan.importKey);
  const existing = new Set<string>();
  for (let index = 0; index < keys.length; index += 500) {
    const found = await db
      .select({ key: timeEntries.importKey })
      .from(timeEntries)
      .where(inArray(timeEntries.importKey, keys.slice(index, index + 500)));
    for (const row of found) if (row.key) existing.add(row.key);
  }
  for (const plan of planned) {
    if (plan.reason || !plan.person || !plan.row.date) continue;
    if (existing.has(plan.importKey)) continue;
    if (!isAdmin(viewer) && (await isWeekApproved(db, plan.person.id, plan.row.date)))
      plan.reason = "That week is approved: ask an admin to import it.";
  }
  const results: ImportRowResult[] = planned.map((plan) => ({
    line: plan.row.line,
    person: plan.person?.name ?? (plan.row.personName || plan.row.personEmail),
    day: plan.row.date ?? "",
    hours: Math.round(((plan.row.minutes ?? 0) / 60) * 100) / 100,
    project: plan.project
      ? `${plan.project.name} (${plan.project.client})`
      : sourceProjectKey(plan.row),
    note: plan.row.note,
    status: plan.reason ? "refused" : existing.has(plan.importKey) ? "duplicate" : "new",
    reason: plan.reason ?? (existing.has(plan.importKey) ? "Imported before: skipped." : undefined),
  }));
  const sourceProjects = [
    ...new Set(rows.filter((row) => row.projectName).map(sourceProjectKey)),
  ].map((key) => {
    const row = rows.find((candidate) => sourceProjectKey(candidate) === key)!;
    return { key, projectId: projectFor(row)?.id ?? "" };
  });
  return { planned, results, columns, sourceProjects, existing };
}

/** Stores an uploaded file and tells its format; the preview reads it back by id. */
export async function uploadTimeImport({
  db,
  viewer,
  filename,
  csv,
}: {
  db: Db;
  viewer: TimeViewer;
  filename: string;
  csv: string;
}) {
  if (Buffer.byteLength(csv) > MAX_IMPORT_BYTES)
    throw new AppError("PAYLOAD_TOO_LARGE", "The file is over 1.5 MB: import it in parts.");
  const { format } = readTimeCsv(csv);
  const [created] = await db
    .insert(timeImports)
    .values({ userId: viewer.id, filename: filename.slice(0, 200) || "time.csv", format, csv })
    .returning({ id: timeImports.id });
  return created.id;
}

async function requireImport(db: Db, viewer: TimeViewer, id: string) {
  const [found] = await db
    .select()
    .from(timeImports)
    .where(
      and(eq(timeImports.id, id), isAdmin(viewer) ? undefined : eq(timeImports.userId, viewer.id)),
    );
  if (!found)
    throw new AppError("NOT_FOUND", "That import no longer exists: upload the file again.");
  return found;
}

/** The preview: every row with what would happen to it, the columns read and the projects to map. */
export async function previewTimeImport({
  db,
  viewer,
  id,
  projectMap = {},
}: {
  db: Db;
  viewer: TimeViewer;
  id: string;
  projectMap?: Record<string, string>;
}) {
  const found = await requireImport(db, viewer, id);
  const plan = await planImport(db, viewer, found.csv, found.format, projectMap);
  return {
    id: found.id,
    filename: found.filename,
    format: found.format,
    formatLabel: importFormatLabel[found.format],
    importedAt: found.importedAt,
    importedCount: found.importedCount,
    columns: plan.columns,
    sourceProjects: plan.sourceProjects,
    rows: plan.results,
    counts: {
      new: plan.results.filter((row) => row.status === "new").length,
      duplicate: plan.results.filter((row) => row.status === "duplicate").length,
      refused: plan.results.filter((row) => row.status === "refused").length,
    },
  };
}

/**
 * Imports the rows the preview called new, in one transaction; rows imported before (by this
 * file or another with the same rows) are skipped by their key.
 */
export async function commitTimeImport({
  db,
  viewer,
  id,
  projectMap = {},
}: {
  db: Db;
  viewer: TimeViewer;
  id: string;
  projectMap?: Record<string, string>;
}) {
  const found = await requireImport(db, viewer, id);
  const plan = await planImport(db, viewer, found.csv, found.format, projectMap);
  const fresh = plan.planned.filter(
    (item) => !item.reason && !plan.existing.has(item.importKey) && item.person && item.project,
  );
  return db.transaction(async (tx) => {
    let added = 0;
    for (const item of fresh) {
      const row = item.row;
      const date = row.date as string;
      const startedAt = row.startTime ? zonedInstant(date, row.startTime, item.timeZone) : null;
      const created = await insertEntries(
        tx,
        viewer,
        item.person!.id,
        [
          {
            projectId: item.project!.id,
            milestoneId: null,
            entryDate: date,
            minutes: row.minutes as number,
            note: row.note,
            isBillable: row.isBillable,
            startedAt,
            endedAt: startedAt
              ? new Date(startedAt.getTime() + (row.minutes as number) * 60_000)
              : null,
            importKey: item.importKey,
          },
        ],
        "import",
      );
      added += created.length;
    }
    await tx
      .update(timeImports)
      .set({ importedAt: new Date(), importedCount: (found.importedCount ?? 0) + added })
      .where(eq(timeImports.id, id));
    await auditTime(tx, actorOf(viewer), "import", id, {
      format: found.format,
      filename: found.filename,
      added,
      refused: plan.results.filter((result) => result.status === "refused").length,
      skipped: plan.results.filter((result) => result.status === "duplicate").length,
    });
    return { added, refused: plan.results.filter((result) => result.status === "refused").length };
  });
}

/** The viewer's recent imports. */
export async function listTimeImports({ db, viewer }: { db: Db; viewer: TimeViewer }) {
  return db
    .select({
      id: timeImports.id,
      filename: timeImports.filename,
      format: timeImports.format,
      importedCount: timeImports.importedCount,
      importedAt: timeImports.importedAt,
      createdAt: timeImports.createdAt,
    })
    .from(timeImports)
    .where(isAdmin(viewer) ? undefined : eq(timeImports.userId, viewer.id))
    .orderBy(desc(timeImports.createdAt))
    .limit(20);
}
