import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const biome = path.join(root, "node_modules/.bin/biome");

/**
 * The lint configuration is what keeps the layering true (ARCHITECTURE.md, decision 009):
 * a copy of it is run over a small project of deliberately wrong imports.
 */
describe("the lint configuration refuses imports the architecture forbids", () => {
  let dir: string;
  const files: Record<string, string> = {
    "app/components/ui/reaches-server.tsx":
      'import { openDatabase } from "#server/db/client.ts";\n\nexport const probe = openDatabase;\n',
    "app/lib/reaches-server.ts":
      'import { log } from "#server/log.ts";\n\nexport const probe = log;\n',
    "app/routes/admin/loader-uses-server.tsx":
      'import { openDatabase } from "#server/db/client.ts";\n\nexport const probe = openDatabase;\n',
    "server/reaches-app.ts":
      'import { formatDate } from "#app/lib/format.ts";\n\nexport const probe = formatDate;\n',
    "shared/reaches-server.ts":
      'import { log } from "#server/log.ts";\n\nexport const probe = log;\n',
    "shared/reaches-app.ts":
      'import { formatDate } from "#app/lib/format.ts";\n\nexport const probe = formatDate;\n',
    "server/cycle/first.ts":
      'import { second } from "./second";\n\nexport const first = () => second();\n',
    "server/cycle/second.ts":
      'import { first } from "./first";\n\nexport const second = () => first;\n',
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "frontier-layering-"));
    const config = JSON.parse(await readFile(path.join(root, "biome.json"), "utf8"));
    config.$schema = undefined;
    config.vcs = { enabled: false };
    await writeFile(path.join(dir, "biome.json"), JSON.stringify(config));
    for (const [file, source] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), source);
    }
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function lint() {
    const result = await run(biome, ["lint", "--reporter=json", "--max-diagnostics=none", "."], {
      cwd: dir,
    }).catch((error: { stdout: string; code: number }) => error);
    const report = JSON.parse(result.stdout) as {
      diagnostics: { category: string; location: { path: { file: string } | string } }[];
    };
    return report.diagnostics.map((diagnostic) => {
      const where = diagnostic.location.path;
      return `${typeof where === "string" ? where : where.file} ${diagnostic.category}`;
    });
  }

  it("fails on each wrong import and passes the allowed one", async () => {
    const found = await lint();
    expect(found).toEqual(
      expect.arrayContaining([
        "app/components/ui/reaches-server.tsx lint/style/noRestrictedImports",
        "app/lib/reaches-server.ts lint/style/noRestrictedImports",
        "server/reaches-app.ts lint/style/noRestrictedImports",
        "shared/reaches-server.ts lint/style/noRestrictedImports",
        "shared/reaches-app.ts lint/style/noRestrictedImports",
        "server/cycle/first.ts lint/suspicious/noImportCycles",
      ]),
    );
    expect(found.filter((entry) => entry.startsWith("app/routes/"))).toEqual([]);
  });
});
