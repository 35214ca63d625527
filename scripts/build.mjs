// `npm run build`: the React Router build (browser assets and the server render
// bundle), then the HTTP server and the command-line tools compiled into one file
// each beside it, so `npm start`, `npm run user`, `npm run seed` and `npm run backup`
// run plain JavaScript: no TypeScript compiler (tsx) is needed at run time.
import { execSync } from "node:child_process";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");

/** Output name (under the build directory, without .mjs) to source. */
const entries = {
  start: "server/index.ts",
  "cli/user": "server/auth/cli.ts",
  "cli/seed": "server/db/seed/cli.ts",
  "cli/backup": "server/backup/cli.ts",
};

execSync("npx react-router build", { cwd: root, stdio: "inherit" });
await build({
  entryPoints: Object.fromEntries(
    Object.entries(entries).map(([name, source]) => [name, path.join(root, source)]),
  ),
  outdir: buildDir,
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: "linked",
  logLevel: "warning",
});
process.stdout.write(
  `Compiled the server to ${path.relative(root, buildDir)}/start.mjs and the commands to ${path.relative(root, buildDir)}/cli/\n`,
);
