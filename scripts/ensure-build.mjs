// Builds the app when there is no build yet or the sources are newer than it,
// so `npm start` works on a fresh clone and starts at once afterwards. With --check it
// only says whether a build is due (exit code 1 when it is).
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const markers = [
  "server/index.js",
  "server.mjs",
  "start.mjs",
  "node_modules/react-router/dist/production/index.mjs",
  ...["user", "seed", "backup", "import", "export"].map((name) => `cli/${name}.mjs`),
].map((file) => path.join(buildDir, file));
const watched = [
  "app",
  "public",
  "server",
  "shared",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "scripts/build.mjs",
  "scripts/package-patches.mjs",
  "patches",
];

function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(target))
    latest = Math.max(latest, newest(path.join(target, entry)));
  return latest;
}

const built = markers.every(existsSync) ? Math.min(...markers.map((m) => statSync(m).mtimeMs)) : 0;
const sources = Math.max(...watched.map((entry) => newest(path.join(root, entry))));
const due = !built || sources > built;
if (process.argv.includes("--check")) {
  const missing = markers.filter((marker) => !existsSync(marker));
  process.stdout.write(
    due
      ? `A build is due${missing.length ? `: missing ${missing.map((m) => path.relative(root, m)).join(", ")}` : ": sources are newer"}\n`
      : "The build is current\n",
  );
  process.exit(due ? 1 : 0);
}
if (due) {
  process.stdout.write("Building Frontier (first start or changed sources)...\n");
  execSync(`"${process.execPath}" scripts/build.mjs`, { cwd: root, stdio: "inherit" });
}
