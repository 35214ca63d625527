/**
 * Server CPU a rendered page costs, for builds that differ in one change: every build's
 * compiled server started at once, each on its own copy of the same data; each page requested
 * signed in, warmed up, then in rounds of N requests (two at a time) to each server in turn
 * (A B … B A …), the server's utime+stime read from /proc around each. On a machine others
 * share, every build meets the same load. Usage:
 *   tsx bench/page-cpu.ts --builds=name=dir,name=dir --rounds=8 --requests=200
 */
import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { createStaffUser } from "#server/auth/users.ts";
import { openDatabase } from "#server/db/client.ts";
import { BROWSER_ACCEPT_ENCODING } from "./load";
import { BENCH_STAFF, cpuMs, freePort, signIn, stopAtExit } from "./product";

const root = path.resolve(import.meta.dirname, "..");
const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const builds = arg("builds", "build=build")
  .split(",")
  .map((pair) => pair.split("=") as [string, string]);
const rounds = Number(arg("rounds", "4"));
const requests = Number(arg("requests", "400"));
const warmUp = Number(arg("warm-up", "300"));
const concurrency = Number(arg("concurrency", "2"));
/** Node options for the servers, e.g. "--cpu-prof --cpu-prof-dir=/tmp/profiles". */
const serverArgs = arg("node-args", "").split(" ").filter(Boolean);
const pagesArg = arg("pages", "/,insight,/case-studies").split(",");

async function start(buildDir: string, dataDir: string) {
  const port = await freePort();
  const child = spawn(process.execPath, [...serverArgs, path.join(root, buildDir, "start.mjs")], {
    cwd: root,
    env: {
      ...process.env,
      BUILD_DIR: buildDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  stopAtExit(child);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 12000; i++) {
    if ((await fetch(url).catch(() => undefined))?.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

async function hammer(url: string, cookie: string, count: number) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const response = await fetch(url, {
        headers: { Cookie: cookie, "Accept-Encoding": BROWSER_ACCEPT_ENCODING },
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function main() {
  const seeded = mkdtempSync(path.join(tmpdir(), "frontier-page-cpu-"));
  const first = await start(builds[0][1], seeded);
  await first.stop();
  const database = await openDatabase({ dataDir: seeded });
  await createStaffUser({ db: database.db }, { ...BENCH_STAFF, role: "admin" });
  await database.close();
  // Every build's server runs at once, each on its own copy of the same data, and the
  // requests go to them in turns of `block` requests: each sees the same machine.
  const servers = [];
  for (const [name, dir] of builds) {
    const dataDir = `${seeded}-${name}`;
    cpSync(seeded, dataDir, { recursive: true });
    const server = await start(dir, dataDir);
    servers.push({ name, dataDir, server, cookie: await signIn(server.url) });
  }
  const results = new Map<string, number[]>();
  try {
    let pages = pagesArg;
    if (pages.includes("insight")) {
      const list = await (await fetch(`${servers[0].server.url}/insights`)).text();
      const insight = list.match(/href="(\/insights\/[a-z0-9-]+)"/)?.[1] ?? "/insights";
      pages = pages.map((page) => (page === "insight" ? insight : page));
    }
    for (const [index, page] of pages.entries()) {
      for (const { server, cookie } of servers)
        await hammer(`${server.url}${page}`, cookie, warmUp);
      for (let round = 0; round < rounds; round++) {
        const order = round % 2 === 0 ? servers : [...servers].reverse();
        const figures: string[] = [];
        for (const { name, server, cookie } of order) {
          const before = cpuMs(server.pid);
          await hammer(`${server.url}${page}`, cookie, requests);
          const perPage = (cpuMs(server.pid) - before) / requests;
          const key = `${name}\t${pagesArg[index]}`;
          results.set(key, [...(results.get(key) ?? []), perPage]);
          figures.push(`${name} ${perPage.toFixed(3)}`);
        }
        process.stdout.write(
          `${pagesArg[index]} round ${round + 1}: ${figures.join("  ")}  (load ${loadavg()[0].toFixed(2)})\n`,
        );
      }
    }
  } finally {
    for (const { server, dataDir } of servers) {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
    rmSync(seeded, { recursive: true, force: true });
  }
  process.stdout.write("\nmedian server CPU a page (ms), and against the first build\n");
  for (const [key, values] of results) {
    const [name, page] = key.split("\t");
    const base = median(results.get(`${builds[0][0]}\t${page}`)!);
    const value = median(values);
    process.stdout.write(
      `${key.padEnd(28)} ${value.toFixed(3)}  ${name === builds[0][0] ? "" : `${value >= base ? "+" : ""}${(((value - base) / value) * 100).toFixed(1)}% of its cost`}   [${values.map((v) => v.toFixed(2)).join(", ")}]\n`,
    );
  }
}

await main();
