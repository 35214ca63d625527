import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/client.ts";
import { settings } from "#server/db/schema/settings.ts";
import { compiledCli, startServer } from "#tests/helpers/server.ts";
import { budget } from "#tests/helpers/time-budget.ts";

const root = path.resolve(import.meta.dirname, "../..");

function runBackup(dataDir: string, args: string[]) {
  return spawnSync(process.execPath, [compiledCli("backup"), ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
    encoding: "utf8",
    timeout: budget(60_000),
  });
}

// The first two start the product twice and run the command twice: longer than one start.
describe("npm run backup", () => {
  it(
    "backs up a stopped product and restores it into a new data directory",
    async () => {
      const source = await startServer({ keepData: true });
      await source.stop();
      const probe = await openDatabase({ dataDir: source.dataDir });
      await probe.db.insert(settings).values({ id: "cli-probe", value: { kept: "yes" } });
      await probe.close();

      const out = mkdtempSync(path.join(tmpdir(), "frontier-cli-backup-"));
      const backup = runBackup(source.dataDir, ["--out", out]);
      expect(backup.stderr).toBe("");
      expect(backup.stdout).toMatch(/Backed up \d+ rows of \d+ tables/);

      const targetDir = mkdtempSync(path.join(tmpdir(), "frontier-cli-restore-"));
      const restore = runBackup(targetDir, ["--restore", out]);
      expect(restore.status).toBe(0);
      expect(restore.stdout).toMatch(/Restored \d+ rows/);

      const restored = await openDatabase({ dataDir: targetDir });
      const rows = await restored.db.select().from(settings);
      await restored.close();
      expect(rows.find((row) => row.id === "cli-probe")?.value).toEqual({ kept: "yes" });

      const server = await startServer({ dataDir: targetDir });
      expect((await fetch(server.url)).status).toBe(200);
      await server.stop();
    },
    budget(180_000),
  );

  it(
    "restores no link from a crafted backup, and serves no link planted in the uploads",
    async () => {
      const source = await startServer({ keepData: true });
      await source.stop();
      const out = mkdtempSync(path.join(tmpdir(), "frontier-cli-backup-"));
      expect(runBackup(source.dataDir, ["--out", out]).status).toBe(0);

      const targetDir = mkdtempSync(path.join(tmpdir(), "frontier-cli-restore-"));
      const images = path.join(out, "uploads", "images");
      mkdirSync(images, { recursive: true });
      const name = (letter: string) => `${letter.repeat(32)}.png`;
      writeFileSync(path.join(images, name("a")), "an image");
      symlinkSync("/etc/passwd", path.join(images, name("b")));
      symlinkSync(path.join(targetDir, "auth-secret"), path.join(images, name("c")));

      const restore = runBackup(targetDir, ["--restore", out]);
      expect(restore.status).toBe(0);
      expect(restore.stderr).toContain(`"uploads/images/${name("b")}": a symbolic link`);
      expect(restore.stderr).toContain(`"uploads/images/${name("c")}": a symbolic link`);

      // Planted straight into the data folder, after the restore.
      symlinkSync(
        path.join(targetDir, "auth-secret"),
        path.join(targetDir, "uploads", "images", name("d")),
      );
      const server = await startServer({ dataDir: targetDir });
      try {
        expect((await fetch(`${server.url}/uploads/images/${name("a")}`)).status).toBe(200);
        for (const letter of ["b", "c", "d"]) {
          const response = await fetch(`${server.url}/uploads/images/${name(letter)}`);
          expect(response.status).toBe(404);
          expect(await response.text()).not.toMatch(/root:|secret/);
        }
      } finally {
        await server.stop();
      }
    },
    budget(180_000),
  );

  it("refuses to back up an embedded database a running server owns, with a clear message", async () => {
    const server = await startServer();
    try {
      const result = runBackup(server.dataDir, [
        "--out",
        mkdtempSync(path.join(tmpdir(), "frontier-x-")),
      ]);
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/in use by another Frontier process/);
    } finally {
      await server.stop();
    }
  });
});
