// `npm run build`: the React Router build (browser assets and the server render
// bundle), then the HTTP server and the command-line tools compiled into one file
// each beside it, so `npm start`, `npm run user`, `npm run seed` and `npm run backup`
// run plain JavaScript: no TypeScript compiler (tsx) is needed at run time.
import { execSync } from "node:child_process";
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

// A production build whatever the caller's environment says (Vite builds React's
// development code when NODE_ENV=development).
process.env.NODE_ENV = "production";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");

/** Output name (under the build directory, without .mjs) to source. */
const entries = {
  server: "server/index.ts",
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

// The entry `npm start` runs. React and React DOM choose their production or development
// code from NODE_ENV when they are first loaded, and a module's static imports load before
// any of its own code runs: so this file sets it, then imports the server.
writeFileSync(
  path.join(buildDir, "start.mjs"),
  `// Made by scripts/build.mjs: production builds of React, whatever NODE_ENV the caller set.
process.env.NODE_ENV = "production";
await import("./server.mjs");
`,
);

/**
 * React Router's package sends Node to its development build whatever NODE_ENV says
 * (remix-run/react-router#14102; it differs from the production build by its developer
 * warnings). Packages under build/node_modules are found first by everything in build/,
 * so these three make the server, the render bundle and the Express adapter share one
 * copy of React Router: the production one.
 */
function writeProductionReactRouter() {
  const modules = path.join(buildDir, "node_modules");
  const fromRoot = (file) =>
    path.relative(path.join(modules, "react-router"), path.join(root, "node_modules", file));
  const writePackage = (name, source) => {
    mkdirSync(path.join(modules, name), { recursive: true });
    writeFileSync(
      path.join(modules, name, "package.json"),
      `${JSON.stringify({ name, type: "module", exports: "./index.mjs" })}\n`,
    );
    source(path.join(modules, name, "index.mjs"));
  };
  writePackage("react-router", (file) =>
    writeFileSync(
      file,
      `export * from "${fromRoot("react-router/dist/production/index.mjs").split(path.sep).join("/")}";\n`,
    ),
  );
  // The adapters are single files whose only package imports are react-router and each other.
  for (const name of ["@react-router/node", "@react-router/express"])
    writePackage(name, (file) =>
      copyFileSync(path.join(root, "node_modules", name, "dist/index.mjs"), file),
    );
}
writeProductionReactRouter();
process.stdout.write(
  `Compiled the server to ${path.relative(root, buildDir)}/start.mjs and the commands to ${path.relative(root, buildDir)}/cli/\n`,
);
