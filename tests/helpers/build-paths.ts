import path from "node:path";

/** The project's root, where the specs run the product's commands. */
export const root = path.resolve(import.meta.dirname, "../..");
/**
 * What `npm start` runs: the server compiled by `npm run build` (test:e2e builds first), with
 * source maps on as `npm start` turns them on. NODE_ENV is left as the caller has it (Vitest
 * sets "test"): the compiled server makes itself production, and the specs run that.
 */
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
export const compiledServer = path.join(buildDir, "start.mjs");

/** What `npm run user|seed|backup` runs: the command compiled by `npm run build`. */
export function compiledCli(name: "user" | "seed" | "backup" | "import" | "export") {
  return path.join(buildDir, "cli", `${name}.mjs`);
}
