/**
 * disk-full: the product runs with DATA_DIR on a small disk of its own (a tmpfs mounted for the
 * drill), which a ballast file then fills. Contact forms and image uploads while it is full are
 * answered with a clear refusal (or stored whole), never a crash or a half-written record; the
 * server keeps answering. With the ballast gone everything works again and nothing is lost.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import sharp from "sharp";
import { createStaffUser } from "#server/auth/users.ts";
import { leads } from "#server/db/schema/leads.ts";
import { media } from "#server/db/schema/media.ts";
import { BENCH_STAFF, signIn } from "../bench/product";
import {
  type DrillResult,
  isRunning,
  removeDir,
  sleep,
  startProduct,
  statusOf,
  withDatabase,
} from "./lib";

const DISK_SIZE = process.env.DRILL_DISK_SIZE ?? "256m";
const FORMS = { before: 3, whileFull: 60, after: 3 };
const UPLOADS = { before: 2, whileFull: 4, after: 2 };

type Answer = { status: number; message?: string };

/** Mounts a tmpfs of `size` on a new folder; the reason when this machine does not allow it. */
function mountSmallDisk(size: string): { dir: string } | { reason: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "frontier-drill-disk-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${size}`, "tmpfs", dir], { stdio: "pipe" });
    return { dir };
  } catch (error) {
    removeDir(dir);
    const output = String((error as { stderr?: Buffer }).stderr ?? "").trim();
    return { reason: `cannot mount a tmpfs here: ${output || (error as Error).message}` };
  }
}

/** Writes zeros to `file` until the disk refuses (ENOSPC); the bytes written. */
function fillDisk(file: string) {
  const fd = openSync(file, "w");
  let written = 0;
  try {
    for (const size of [1024 * 1024, 4096, 1]) {
      const chunk = Buffer.alloc(size);
      try {
        for (;;) written += writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
      }
    }
  } finally {
    closeSync(fd);
  }
  return written;
}

const freeMb = (dir: string) =>
  Number(execFileSync("df", ["-k", "--output=avail", dir]).toString().split("\n")[1]) / 1024;

export async function diskFullDrill(): Promise<DrillResult> {
  const mounted = mountSmallDisk(DISK_SIZE);
  if ("reason" in mounted)
    return { name: "disk-full", ok: false, counts: [], skipped: mounted.reason };
  const dataDir = path.join(mounted.dir, "data");
  const ballast = path.join(mounted.dir, "ballast");
  // Noise does not compress: the upload and its renditions need real room.
  const image = await sharp(
    Buffer.from(Array.from({ length: 900 * 600 * 3 }, () => Math.random() * 256)),
    {
      raw: { width: 900, height: 600, channels: 3 },
    },
  )
    .png()
    .toBuffer();
  try {
    await (await startProduct({ dataDir })).stop();
    await withDatabase(dataDir, (db) => createStaffUser({ db }, { ...BENCH_STAFF, role: "admin" }));
    const product = await startProduct({ dataDir, env: { TRUST_PROXY: "true" } });
    const session = await signIn(product.url);
    const run = Date.now().toString(36);
    let sent = 0;

    const tokens = async (count: number) => {
      const fetched = await Promise.all(
        Array.from({ length: count }, () =>
          fetch(`${product.url}/resources/form-token`).then((response) => response.text()),
        ),
      );
      await sleep(3_200);
      return fetched;
    };
    const contact = async (token: string): Promise<Answer & { email: string }> => {
      const index = sent++;
      const email = `disk-${run}-${index}@example.com`;
      const response = await fetch(`${product.url}/contact`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: product.url,
          // One address per form: the contact form's limit is per address.
          "X-Forwarded-For": `198.51.100.${index % 250}`,
        },
        body: new URLSearchParams({
          name: `Disk drill ${index}`,
          email,
          company: "",
          service: "other",
          budget: "not-sure",
          timeline: "exploring",
          // Random text: the database cannot compress it into the room it has left.
          message: `A message written while the disk may be full. ${randomBytes(3300).toString("base64")}`,
          formToken: token,
          website: "",
        }),
        signal: AbortSignal.timeout(30_000),
      }).catch(() => undefined);
      if (!response) return { email, status: 0 };
      const text = await response.text();
      return { email, status: response.status, message: messageIn(text) };
    };
    const upload = async (index: number): Promise<Answer> => {
      const form = new FormData();
      form.set("kind", "image");
      form.set("alt", `Disk drill image ${index}`);
      form.set("file", new Blob([image], { type: "image/png" }), `disk-${index}.png`);
      const response = await fetch(`${product.url}/admin/media/upload`, {
        method: "POST",
        headers: { Cookie: session, Origin: product.url },
        body: form,
        signal: AbortSignal.timeout(30_000),
      }).catch(() => undefined);
      if (!response) return { status: 0 };
      const text = await response.text();
      return { status: response.status, message: messageIn(text) };
    };
    const pages = async () => {
      const statuses: number[] = [];
      for (const target of ["/readyz", "/", "/admin/clients?tab=leads"])
        statuses.push(await statusOf(`${product.url}${target}`, session));
      return statuses;
    };

    const before = { forms: [] as Awaited<ReturnType<typeof contact>>[], uploads: [] as Answer[] };
    for (const token of await tokens(FORMS.before)) before.forms.push(await contact(token));
    for (let index = 0; index < UPLOADS.before; index++) before.uploads.push(await upload(index));

    const fullTokens = await tokens(FORMS.whileFull);
    const ballastMb = fillDisk(ballast) / 1024 / 1024;
    const freeWhileFull = freeMb(mounted.dir);
    const full = {
      forms: [] as typeof before.forms,
      uploads: [] as Answer[],
      pages: [] as number[],
    };
    for (let index = 0; index < UPLOADS.whileFull; index++) {
      full.uploads.push(await upload(100 + index));
      full.pages.push(...(await pages()));
    }
    for (const token of fullTokens) {
      full.forms.push(await contact(token));
      if (full.forms.length % 5 === 0) full.pages.push(...(await pages()));
    }
    const upWhileFull = isRunning(product.pid);

    rmSync(ballast);
    const after = { forms: [] as typeof before.forms, uploads: [] as Answer[] };
    for (const token of await tokens(FORMS.after)) after.forms.push(await contact(token));
    for (let index = 0; index < UPLOADS.after; index++)
      after.uploads.push(await upload(200 + index));
    const pagesAfter = await pages();
    const isStillUp = isRunning(product.pid);
    await product.stop();

    // Opened again after a stop: the database starts, and holds what was answered as stored.
    const stored = await withDatabase(dataDir, async (db) => {
      const all = [...before.forms, ...full.forms, ...after.forms].map((form) => form.email);
      const rows = await db
        .select({ email: leads.email })
        .from(leads)
        .where(inArray(leads.email, all));
      const mediaRows = await db.select({ variants: media.variants }).from(media);
      return { leadEmails: new Set(rows.map((row) => row.email)), mediaRows };
    });
    const uploadsDir = path.join(dataDir, "uploads");
    const files = existsSync(uploadsDir)
      ? (readdirSync(uploadsDir, { recursive: true }) as string[])
          .filter((name) => /\.[a-z0-9]{2,5}$/.test(name))
          .map((name) => name.split(path.sep).join("/"))
      : [];
    const recorded = new Set(stored.mediaRows.flatMap((row) => row.variants.map((v) => v.key)));
    const rowsMissingFiles = stored.mediaRows.filter((row) =>
      row.variants.some((variant) => !files.includes(variant.key)),
    ).length;
    const orphanFiles = files.filter((file) => !recorded.has(file)).length;
    const temporaryLeft = existsSync(path.join(dataDir, "tmp"))
      ? readdirSync(path.join(dataDir, "tmp")).filter((name) => name.startsWith("upload-")).length
      : 0;

    const isStored = (answer: Answer) => answer.status === 302 || answer.status === 200;
    const isClearRefusal = (answer: Answer) =>
      answer.status >= 400 &&
      answer.status < 600 &&
      answer.status !== 500 &&
      Boolean(answer.message);
    const forms = [...before.forms, ...full.forms, ...after.forms];
    const formsLost = forms.filter(
      (form) => isStored(form) && !stored.leadEmails.has(form.email),
    ).length;
    const formsHalf = forms.filter(
      (form) => !isStored(form) && stored.leadEmails.has(form.email),
    ).length;
    const uploadsAccepted = [...before.uploads, ...full.uploads, ...after.uploads].filter(
      isStored,
    ).length;
    const otherAnswers = [...full.forms, ...full.uploads]
      .filter((answer) => !isStored(answer) && !isClearRefusal(answer))
      .map((answer) => answer.status);
    const summary = (answers: Answer[]) => {
      const byStatus = new Map<number, number>();
      for (const answer of answers)
        byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
      return [...byStatus].map(([status, n]) => `${status || "no answer"}: ${n}`).join(", ");
    };
    const everyOk = (answers: Answer[]) => answers.every(isStored);
    return {
      name: "disk-full",
      ok:
        everyOk(before.forms) &&
        everyOk(before.uploads) &&
        upWhileFull &&
        isStillUp &&
        otherAnswers.length === 0 &&
        full.pages.every((status) => status === 200) &&
        everyOk(after.forms) &&
        everyOk(after.uploads) &&
        pagesAfter.every((status) => status === 200) &&
        formsLost === 0 &&
        formsHalf === 0 &&
        rowsMissingFiles === 0 &&
        orphanFiles === 0 &&
        temporaryLeft === 0 &&
        stored.mediaRows.length === uploadsAccepted,
      counts: [
        ["disk (tmpfs) / ballast written (MB)", `${DISK_SIZE} / ${ballastMb.toFixed(1)}`],
        ["free while full (MB)", freeWhileFull.toFixed(1)],
        [
          "forms / uploads before (stored)",
          `${before.forms.length} (${before.forms.filter(isStored).length}) / ${before.uploads.length} (${before.uploads.filter(isStored).length})`,
        ],
        ["contact forms while full, by status", summary(full.forms)],
        ["image uploads while full, by status", summary(full.uploads)],
        ["  neither stored nor a clear refusal", otherAnswers.join(", ") || "none"],
        ["form message shown", full.forms.find((form) => !isStored(form))?.message ?? "none"],
        ["upload message shown", full.uploads.find((form) => !isStored(form))?.message ?? "none"],
        [
          "pages while full (readyz, home, staff), by status",
          summary(full.pages.map((status) => ({ status }))),
        ],
        ["server process up throughout", upWhileFull && isStillUp ? "yes" : "no"],
        [
          "forms / uploads after the ballast went (stored)",
          `${after.forms.length} (${after.forms.filter(isStored).length}) / ${after.uploads.length} (${after.uploads.filter(isStored).length})`,
        ],
        [
          "leads stored / forms answered as stored",
          `${stored.leadEmails.size} / ${forms.filter(isStored).length}`,
        ],
        ["forms answered stored but missing (lost)", formsLost],
        ["forms refused but stored (half-written)", formsHalf],
        ["media rows / uploads answered 200", `${stored.mediaRows.length} / ${uploadsAccepted}`],
        ["media rows missing a file / files without a row", `${rowsMissingFiles} / ${orphanFiles}`],
        ["temporary upload folders left", temporaryLeft],
      ],
    };
  } finally {
    try {
      execFileSync("umount", [mounted.dir], { stdio: "pipe" });
    } catch {
      // Still busy: a lazy unmount lets it go once the last file is closed.
      execFileSync("umount", ["-l", mounted.dir], { stdio: "pipe" });
    }
    removeDir(mounted.dir);
  }
}

/** The message a person is shown: an action's JSON `error`, or the error page's text. */
function messageIn(text: string) {
  try {
    const parsed = JSON.parse(text);
    if (typeof parsed?.error === "string") return parsed.error;
  } catch {
    // Not JSON: a page.
  }
  const shown =
    text.match(/<p role="alert"[^>]*>([^<]+)<\/p>/)?.[1] ??
    text.match(/<h1[^>]*>([^<]+)<\/h1>/)?.[1];
  return shown
    ?.replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}
