import { spawnSync } from "node:child_process";
import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/client.ts";
import { insights } from "#server/db/schema/content.ts";
import { fixture, tempFile } from "#tests/helpers/imports.ts";
import { compiledCli, startServer } from "#tests/helpers/server.ts";
import { budget } from "#tests/helpers/time-budget.ts";

const root = path.resolve(import.meta.dirname, "../..");

function run(command: "import" | "export", dataDir: string, args: string[]) {
  return spawnSync(process.execPath, [compiledCli(command), ...args], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      PUBLIC_URL: "http://frontier.test",
    },
    encoding: "utf8",
    timeout: budget(120_000),
  });
}

describe("npm run import and npm run export", () => {
  it(
    "imports a WordPress export from the shell, exports the instance and loads it into an empty one",
    async () => {
      const source = await startServer({ keepData: true });
      await source.stop();
      const file = tempFile("blog.xml", fixture("wordpress.xml", "https://old-blog.invalid"));

      const preview = run("import", source.dataDir, ["wordpress", file, "--preview"]);
      expect(preview.status, preview.stderr).toBe(0);
      expect(preview.stdout).toMatch(/post create: 5/);
      expect(preview.stdout).toMatch(/page create: 3/);
      expect(preview.stdout).toMatch(
        /skip {2}page 151 {2}redirect \/contact → \/contact-2: Frontier has its own page at \/contact\./,
      );
      const imported = run("import", source.dataDir, ["wordpress", file, "--yes"]);
      expect(imported.status, imported.stderr).toBe(0);
      expect(imported.stdout).toMatch(/post created: 5/);
      expect(imported.stdout).toMatch(/page created: 3/);
      expect(imported.stdout).toMatch(/missing .* image diagram-300x200\.png/);
      const again = run("import", source.dataDir, ["wordpress", file, "--yes"]);
      expect(again.stdout).not.toMatch(/post created/);

      const archive = path.join(
        mkdtempSync(path.join(tmpdir(), "frontier-cli-export-")),
        "site.zip",
      );
      const exported = run("export", source.dataDir, ["--out", archive]);
      expect(exported.status, exported.stderr).toBe(0);
      expect(exported.stdout).toMatch(/Exported \d+ rows of \d+ tables and \d+ files/);
      expect(statSync(archive).mode & 0o777).toBe(0o600);

      const targetDir = mkdtempSync(path.join(tmpdir(), "frontier-cli-load-"));
      const loaded = run("import", targetDir, ["frontier", archive]);
      expect(loaded.status, loaded.stderr).toBe(0);
      expect(loaded.stdout).toMatch(/Loaded \d+ rows of \d+ tables and \d+ files/);
      // Into a non-empty instance it is refused.
      const refused = run("import", source.dataDir, ["frontier", archive]);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/not empty/);

      const database = await openDatabase({ dataDir: targetDir });
      const [post] = await database.db
        .select()
        .from(insights)
        .where(eq(insights.slug, "moving-fast"));
      await database.close();
      expect(post?.status).toBe("published");
      const server = await startServer({ dataDir: targetDir });
      const answer = await fetch(`${server.url}/?p=101`, { redirect: "manual" });
      expect(answer.status).toBe(301);
      expect(answer.headers.get("location")).toBe("/insights/moving-fast");
      expect((await fetch(`${server.url}/insights/moving-fast`)).status).toBe(200);
      const pageAnswer = await fetch(`${server.url}/?page_id=150`, { redirect: "manual" });
      expect(pageAnswer.status).toBe(301);
      expect(pageAnswer.headers.get("location")).toBe("/about");
      expect((await fetch(`${server.url}/about`)).status).toBe(200);
      await server.stop();
    },
    budget(300_000),
  );
});
