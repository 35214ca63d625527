import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createTempPostgresDatabase } from "#tests/helpers/pg.ts";
import { startServer } from "#tests/helpers/server.ts";
import { budget } from "#tests/helpers/time-budget.ts";

const root = path.resolve(import.meta.dirname, "../..");

describe("running the product", () => {
  it("stops cleanly on SIGTERM, restarts on the same data quickly, and refuses a second process", async () => {
    // A new install's directory: the first start adds the demo content, the restart must not.
    const first = await startServer({ keepData: true, fresh: true });
    const { dataDir } = first;
    expect(first.output()).toContain("adding the demo content");
    expect((await fetch(first.url)).status).toBe(200);

    const rival = spawnSync(process.execPath, ["--import", "tsx", "server/index.ts"], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: "0",
        DATA_DIR: dataDir,
        DATABASE_URL: "",
      },
      encoding: "utf8",
      timeout: budget(30_000),
    });
    expect(rival.status).toBe(1);
    expect(rival.stderr).toMatch(/in use by another Frontier process \(pid \d+\)/);

    // A request in flight when the signal arrives is answered before the process exits.
    let stoppedAt = 0;
    let stopping: Promise<number | null> | undefined;
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const request = http.get(`${first.url}/about-us`, (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode));
      });
      request.on("error", reject);
      request.on("socket", (socket) =>
        socket.on("connect", () => {
          setTimeout(() => {
            stoppedAt = Date.now();
            stopping = first.stop();
          }, 5);
        }),
      );
    });
    expect(status).toBe(200);
    const code = await stopping;
    expect(code).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(5000);
    expect(first.output()).toContain("stopped");

    // How fast is measured by `npm run bench` (cold start on existing data) on an idle
    // machine; here, beside other suites, the bound only catches a restart that redoes
    // first-start work (a rebuild, migrations from scratch, the demo content).
    const startedAt = Date.now();
    const second = await startServer({ dataDir });
    expect(Date.now() - startedAt).toBeLessThan(15_000);
    expect(second.output()).not.toContain("adding the demo content");
    expect((await fetch(second.url)).status).toBe(200);
    await second.stop();
  });

  it("runs the production builds of React and React Router whatever NODE_ENV it is started with, and reports its memory when asked", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "frontier-modules-"));
    const recorded = path.join(dir, "modules.txt");
    const server = await startServer({
      env: {
        NODE_ENV: "development",
        NODE_OPTIONS: `--import=${path.join(root, "tests/fixtures/record-modules.mjs")}`,
        RECORD_MODULES_FILE: recorded,
        FRONTIER_MEMORY_REPORT: "1",
      },
    });
    try {
      expect((await fetch(server.url)).status).toBe(200);
      server.process.kill("SIGUSR2");
      await expect.poll(() => server.output()).toMatch(/^memory \{"moment":"asked"/m);
    } finally {
      await server.stop();
    }
    const report = JSON.parse(server.output().match(/^memory (\{"moment":"shutdown".*\})$/m)![1]);
    expect(report.rss).toBeGreaterThan(report.heapUsed);
    // The embedded database's WebAssembly memory is counted apart.
    expect(report.databaseEngine).toBeGreaterThanOrEqual(128);
    // Of that reservation, only what PostgreSQL touched is resident, and it is found.
    expect(report.databaseEngineResident).toBeGreaterThan(0);
    expect(report.databaseEngineResident).toBeLessThanOrEqual(report.databaseEngine);
    // The server applied its own heap growth at start (decision 726).
    expect(report.heapGrowingPercent).toBe(40);
    const modules = readFileSync(recorded, "utf8").split("\n");
    rmSync(dir, { recursive: true, force: true });
    const ofPackages = modules.filter((file) =>
      /\/node_modules\/(react|react-dom|react-router|scheduler)\//.test(file),
    );
    expect(ofPackages.filter((file) => /development/.test(file))).toEqual([]);
    // One copy of React Router: the build's (decision 722), never the published package's.
    const reactRouter = ofPackages.filter((file) => /\/node_modules\/react-router\//.test(file));
    expect(reactRouter.length).toBeGreaterThan(0);
    expect(reactRouter.filter((file) => !file.includes("/build/node_modules/"))).toEqual([]);
    // One copy of React DOM too: the installed one, whose server renderer is patched
    // (patches/react-dom+<version>.patch, decisions 728 and 760).
    const reactDom = ofPackages.filter((file) => /\/node_modules\/react-dom\//.test(file));
    expect(reactDom.filter((file) => file.includes("/build/node_modules/"))).toEqual([]);
    const renderer = reactDom.find((file) => file.endsWith("react-dom-server.node.production.js"));
    expect(readFileSync(renderer!, "utf8")).toContain("writeJoinedText");
    // Better Auth, zod, Drizzle and Express come bundled from the build (decision 731), one
    // copy for the server and its render bundle: none of their published modules is loaded.
    const bundledPackages = /\/node_modules\/(better-auth|@better-auth|zod|drizzle-orm|express)\//;
    expect(
      modules.filter(
        (file) => bundledPackages.test(file) && !file.includes("/build/node_modules/"),
      ),
    ).toEqual([]);
    expect(modules.some((file) => file.includes("/build/node_modules/.bundled/"))).toBe(true);
    // Loaded at first use (decision 703): serving pages loads none of them. Nor does the
    // embedded database load PostgreSQL's driver (decision 733).
    expect(
      modules.filter((file) =>
        /\/node_modules\/(sharp|pdfkit|nodemailer|@aws-sdk|pg|pg-pool)\//.test(file),
      ),
    ).toEqual([]);
    for (const production of [
      /react\/cjs\/react\.production\.js$/,
      /react-dom\/cjs\/react-dom-server\.node\.production\.js$/,
      /react-router\/dist\/production\/index\.mjs$/,
    ])
      expect(
        ofPackages.some((file) => production.test(file)),
        String(production),
      ).toBe(true);
  });

  it("stops start-up with one line naming a bad setting", () => {
    const result = spawnSync(process.execPath, ["--import", "tsx", "server/index.ts"], {
      cwd: root,
      env: { ...process.env, PORT: "not-a-port", DATABASE_URL: "" },
      encoding: "utf8",
      timeout: budget(30_000),
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toMatch(/^Invalid configuration: PORT/);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
  });

  it.runIf(process.env.TEST_DATABASE_URL)("serves the same pages on PostgreSQL", async () => {
    const database = await createTempPostgresDatabase();
    const server = await startServer({ env: { DATABASE_URL: database.url } });
    try {
      expect(server.output()).toContain("(postgres,");
      for (const route of ["/", "/about-us", "/faq", "/pricing"]) {
        expect((await fetch(`${server.url}${route}`)).status, route).toBe(200);
      }
      expect((await fetch(`${server.url}/missing`)).status).toBe(404);
    } finally {
      await server.stop();
      await database.drop();
    }
  });

  it("finds every file a start looks for in the build, so npm start does not build again each time", () => {
    // The e2e run builds first (npm run test:e2e); a source edited since may make a build due,
    // but a file the build never writes would make every start build again.
    const check = spawnSync(process.execPath, ["scripts/ensure-build.mjs", "--check"], {
      cwd: root,
      encoding: "utf8",
    });
    expect(check.stdout).toMatch(/^(The build is current|A build is due: sources are newer)\n$/);
  });
});
