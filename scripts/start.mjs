// `npm start`: builds when needed (see ensure-build.mjs), then runs the compiled server.
import path from "node:path";
import { pathToFileURL } from "node:url";

await import("./ensure-build.mjs");
// Stack traces in the log point at the TypeScript sources, not the compiled file.
process.setSourceMapsEnabled(true);
const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
await import(pathToFileURL(path.join(buildDir, "start.mjs")).href);
