// `npm run build`: the React Router build (browser assets and the server render
// bundle), then the HTTP server compiled into one file beside it, so `npm start`
// runs plain JavaScript instead of compiling TypeScript at every start.
import { execSync } from "node:child_process";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");

execSync("npx react-router build", { cwd: root, stdio: "inherit" });
await build({
  entryPoints: [path.join(root, "server/index.ts")],
  outfile: path.join(buildDir, "start.mjs"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: "linked",
  logLevel: "warning",
});
process.stdout.write(`Compiled the server to ${path.relative(root, buildDir)}/start.mjs\n`);
