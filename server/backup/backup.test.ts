import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { mkdir, readdir, readFile, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { findAuditEvents, recordAudit } from "#server/audit/audit.ts";
import { jobs } from "#server/db/schema/jobs.ts";
import { settings } from "#server/db/schema/settings.ts";
import { createLocalStorage } from "#server/storage/storage.ts";
import { createTestDatabase, describeEachDatabase } from "#tests/helpers/db.ts";
import { createBackup, restoreBackup } from "./backup";

describeEachDatabase("backup and restore", (get, kind) => {
  it("round-trips every table and the uploads into a fresh database", async () => {
    const { db } = get();
    await db
      .insert(settings)
      .values({ id: "backup-probe", value: { text: 'ünïcødé "quoted"', list: [1, 2] } });
    await db
      .insert(jobs)
      .values({ kind: "probe", payload: { a: 1 }, runAt: new Date("2026-01-02T03:04:05.678Z") });
    // A page of the search index: its word pairs are made by a trigger, so they stay out of
    // the backup and are made again as the page goes back in.
    await db.execute(sql`
      insert into search_documents (kind, ref_id, path, title, body)
      values ('insight', 'backup-probe', '/insights/backup-probe', 'Machine learning', 'Edge caching')`);
    const uploadsDir = mkdtempSync(path.join(tmpdir(), "frontier-uploads-"));
    await mkdir(path.join(uploadsDir, "images"), { recursive: true });
    await writeFile(
      path.join(uploadsDir, "images", `${"a".repeat(32)}.webp`),
      Buffer.from([1, 2, 3]),
    );

    const dir = mkdtempSync(path.join(tmpdir(), "frontier-backup-"));
    const manifest = await createBackup({ db, dir, uploadsDir });
    expect(manifest.tables.settings).toBeGreaterThanOrEqual(1);
    expect(manifest.migrations).toBeGreaterThan(0);
    expect(manifest.tables.search_documents).toBeGreaterThanOrEqual(1);
    expect(manifest.tables).not.toHaveProperty("search_document_pairs");

    // Restore into a brand-new database of the other kind too: the format is portable.
    const target = await createTestDatabase(kind);
    const restoredUploads = mkdtempSync(path.join(tmpdir(), "frontier-restored-"));
    try {
      await restoreBackup({ db: target.db, dir, uploadsDir: restoredUploads });
      const [probe] = await target.db
        .select()
        .from(settings)
        .where(eq(settings.id, "backup-probe"));
      expect(probe.value).toEqual({ text: 'ünïcødé "quoted"', list: [1, 2] });
      const [job] = await target.db.select().from(jobs).where(eq(jobs.kind, "probe"));
      expect(job.runAt.toISOString()).toBe("2026-01-02T03:04:05.678Z");
      expect(job.payload).toEqual({ a: 1 });
      expect([
        ...(await readFile(path.join(restoredUploads, "images", `${"a".repeat(32)}.webp`))),
      ]).toEqual([1, 2, 3]);
      const pairs = await target.db.execute(sql`
        select tsvector_to_array(p.pairs) as pairs
        from search_documents d join search_document_pairs p on p.document_id = d.id
        where d.ref_id = 'backup-probe'`);
      expect(pairs.rows).toEqual([{ pairs: ["edg cach", "machin learn"] }]);
      const count = await target.db.execute(sql`select count(*)::int as n from settings`);
      expect((count.rows[0] as { n: number }).n).toBe(manifest.tables.settings);
    } finally {
      await target.close();
    }
  });

  it("keeps the audit log's order, and numbers rows of a backup made before the order column", async () => {
    const { db } = get();
    for (const action of ["create", "update", "delete"])
      await recordAudit(db, { actorId: "u1", action, area: "backup-order", recordId: "r1" });
    const dir = mkdtempSync(path.join(tmpdir(), "frontier-backup-"));
    await createBackup({ db, dir });

    const target = await createTestDatabase(kind);
    try {
      await restoreBackup({ db: target.db, dir });
      const restored = await findAuditEvents(target.db, { area: "backup-order" });
      expect(restored.rows.map((row) => row.action)).toEqual(["delete", "update", "create"]);
      // A new event after the restore still comes first.
      await recordAudit(target.db, { actorId: "u1", action: "view", area: "backup-order" });
      expect((await findAuditEvents(target.db, { area: "backup-order" })).rows[0].action).toBe(
        "view",
      );

      // The same backup as an older version wrote it: no "seq" in its rows.
      const file = path.join(dir, "database.jsonl.gz");
      const lines = gunzipSync(await readFile(file))
        .toString("utf8")
        .split("\n");
      const older = lines.map((line) => {
        if (!line) return line;
        const entry = JSON.parse(line) as { table: string; row: Record<string, unknown> };
        delete entry.row.seq;
        return JSON.stringify(entry);
      });
      await writeFile(file, gzipSync(older.join("\n")));
      await restoreBackup({ db: target.db, dir });
      const renumbered = await findAuditEvents(target.db, { area: "backup-order" });
      expect(renumbered.total).toBe(3);
      expect(renumbered.rows.map((row) => row.action).sort()).toEqual([
        "create",
        "delete",
        "update",
      ]);
    } finally {
      await target.close();
    }
  });

  it("restores only uploaded files: links to secrets, odd names and devices are left out", async () => {
    const { db } = get();
    const dir = mkdtempSync(path.join(tmpdir(), "frontier-backup-"));
    await createBackup({ db, dir });
    const dataDir = mkdtempSync(path.join(tmpdir(), "frontier-restore-data-"));
    await writeFile(path.join(dataDir, "auth-secret"), "the secret\n");
    const images = path.join(dir, "uploads", "images");
    await mkdir(images, { recursive: true });
    const kept = `${"b".repeat(32)}.png`;
    await writeFile(path.join(images, kept), "an image");
    await symlink("/etc/passwd", path.join(images, `${"c".repeat(32)}.png`));
    await symlink(path.join(dataDir, "auth-secret"), path.join(images, `${"d".repeat(32)}.png`));
    await symlink("/etc", path.join(dir, "uploads", "logos"));
    await writeFile(path.join(images, "notes.txt"), "not an upload");
    execFileSync("mkfifo", [path.join(images, `${"e".repeat(32)}.png`)]);

    const target = await createTestDatabase(kind);
    const uploadsDir = path.join(dataDir, "uploads");
    try {
      const outcome = await restoreBackup({ db: target.db, dir, uploadsDir });
      expect(outcome.skippedUploads).toEqual(
        expect.arrayContaining([
          { path: `uploads/images/${"c".repeat(32)}.png`, reason: "a symbolic link" },
          { path: `uploads/images/${"d".repeat(32)}.png`, reason: "a symbolic link" },
          { path: "uploads/logos", reason: "a symbolic link" },
          { path: "uploads/images/notes.txt", reason: "not a name Frontier gives uploaded files" },
          { path: `uploads/images/${"e".repeat(32)}.png`, reason: "not a regular file" },
        ]),
      );
      expect(outcome.skippedUploads).toHaveLength(5);
      expect(await readdir(path.join(uploadsDir, "images"))).toEqual([kept]);
      expect(existsSync(path.join(uploadsDir, "logos"))).toBe(false);
      const storage = createLocalStorage(uploadsDir);
      expect(await storage.get(`images/${"c".repeat(32)}.png`)).toBeUndefined();
      expect(await storage.get(`images/${"d".repeat(32)}.png`)).toBeUndefined();
      const restored = await storage.get(`images/${kept}`);
      expect(restored?.size).toBe("an image".length);
      restored?.body.destroy();
    } finally {
      await target.close();
    }
  });

  it("refuses a folder that is not a backup, changing nothing", async () => {
    const { db } = get();
    const before = await db.select().from(settings);
    const dir = mkdtempSync(path.join(tmpdir(), "frontier-not-backup-"));
    await expect(restoreBackup({ db, dir })).rejects.toThrow(/is not a Frontier backup/);
    expect(await db.select().from(settings)).toEqual(before);
  });
});
