// `npm run user|seed|backup|import|export -- ...`: builds when needed (see ensure-build.mjs), then runs
// the command compiled into build/cli/, with the arguments that follow its name.
import path from "node:path";
import { pathToFileURL } from "node:url";

const commands = ["user", "seed", "backup", "import", "export"];
const name = process.argv[2];
if (!commands.includes(name)) {
  process.stderr.write(`Usage: node scripts/run-cli.mjs ${commands.join("|")} [arguments]\n`);
  process.exit(1);
}
// The command reads its own arguments from process.argv: drop the name.
process.argv.splice(2, 1);

await import("./ensure-build.mjs");
process.setSourceMapsEnabled(true);
const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
await import(pathToFileURL(path.join(buildDir, "cli", `${name}.mjs`)).href);
