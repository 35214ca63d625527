// `npm start`: builds when needed (see ensure-build.mjs), then runs the compiled server.
import path from "node:path";
import { pathToFileURL } from "node:url";

// Always production: React chooses its build from NODE_ENV when first loaded, and the
// build step below inherits it (build/start.mjs sets it again for `node build/start.mjs`).
process.env.NODE_ENV = "production";
await import("./ensure-build.mjs");
// Stack traces in the log point at the TypeScript sources, not the compiled file.
process.setSourceMapsEnabled(true);
const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
await import(pathToFileURL(path.join(buildDir, "start.mjs")).href);
