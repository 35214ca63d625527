// `npm run build`: the React Router build (browser assets and the server render
// bundle), then the HTTP server and the command-line tools compiled into one file
// each beside it, so `npm start`, `npm run user`, `npm run seed` and `npm run backup`
// run plain JavaScript: no TypeScript compiler (tsx) is needed at run time.
import { execSync } from "node:child_process";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { assertPackagePatchesApplied } from "./package-patches.mjs";

// A production build whatever the caller's environment says (Vite builds React's
// development code when NODE_ENV=development).
process.env.NODE_ENV = "production";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");

// Our changes to published packages (patches/, applied by `npm install`; decision 760) are in
// node_modules, or the build stops: it never ships the published code by mistake.
assertPackagePatchesApplied(root);

/** Output name (under the build directory, without .mjs) to source. */
const entries = {
  server: "server/index.ts",
  "cli/user": "server/auth/cli.ts",
  "cli/seed": "server/db/seed/cli.ts",
  "cli/backup": "server/backup/cli.ts",
  "cli/import": "server/imports/cli.ts",
  "cli/export": "server/exports/cli.ts",
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

/** Packages under build/node_modules are found before the project's own by everything in build/. */
const buildModules = path.join(buildDir, "node_modules");

/** The package.json of such a package: an ES module package with the given entries. */
function writePackageJson(name, exports) {
  writeFileSync(
    path.join(buildModules, name, "package.json"),
    `${JSON.stringify({ name, type: "module", exports })}\n`,
  );
}

/**
 * React Router's package sends Node to its development build whatever NODE_ENV says
 * (remix-run/react-router#14102; it differs from the production build by its developer
 * warnings). Packages under build/node_modules are found first by everything in build/,
 * so these three make the server, the render bundle and the Express adapter share one
 * copy of React Router: the production one, with the changes of
 * patches/react-router+<version>.patch (decisions 722 and 760).
 */
function writeProductionReactRouter() {
  const writePackage = (name, folder, write) => {
    mkdirSync(path.join(buildModules, name, folder), { recursive: true });
    writePackageJson(name, `./${path.posix.join(folder, "index.mjs")}`);
    write(path.join(buildModules, name, folder));
  };
  // The production build's modules (index.mjs, dom-export.mjs and their chunks), as patched
  // in node_modules; their own imports (react, cookie, set-cookie-parser) are found in the project's
  // node_modules. The React Server Components entries (index-react-server*) are not used.
  // They keep the published layout (dist/production/), so a loaded file names its build.
  writePackage("react-router", "dist/production", (folder) => {
    const dist = path.join(root, "node_modules/react-router/dist/production");
    for (const file of readdirSync(dist))
      if (file.endsWith(".mjs") && !file.startsWith("index-react-server"))
        copyFileSync(path.join(dist, file), path.join(folder, file));
  });
  // Its Node helpers (server/react-router-handler.ts) are one file that imports react-router.
  writePackage("@react-router/node", ".", (folder) =>
    copyFileSync(
      path.join(root, "node_modules/@react-router/node/dist/index.mjs"),
      path.join(folder, "index.mjs"),
    ),
  );
}
writeProductionReactRouter();

// React DOM's server renderer is patched where it is installed (patches/react-dom+<version>.patch,
// decision 760): the copy earlier builds kept under build/node_modules goes.
rmSync(path.join(buildModules, "react-dom"), { recursive: true, force: true });

/**
 * The packages that cost a start the most, as the server loads them (decision 731): each
 * entry of theirs that the compiled server, the render bundle and the commands import, bundled
 * together into a few files under build/node_modules (found first by everything in build/, as
 * React Router above), so both bundles share one copy of each. Published, they are hundreds
 * of modules that Node resolves, reads and compiles one by one: on a 2-core machine Better
 * Auth's entries loaded in 0.9 s and zod, Drizzle and Express in 0.5 s; bundled, in 0.25 s
 * each. What they import besides stays external.
 */
const BUNDLED_PACKAGES = ["better-auth", '@better-auth/[^/"]+', "zod", "drizzle-orm", "express"];

async function writeBundledPackages() {
  const owner = new RegExp(`^(${BUNDLED_PACKAGES.join("|")})(/[^"]*)?$`);
  const compiled = [
    path.join(buildDir, "server.mjs"),
    ...readdirSync(path.join(buildDir, "cli")).map((file) => path.join(buildDir, "cli", file)),
    ...readdirSync(path.join(buildDir, "server/assets")).map((file) =>
      path.join(buildDir, "server/assets", file),
    ),
  ].filter((file) => file.endsWith(".js") || file.endsWith(".mjs"));
  const specifiers = new Set();
  for (const file of compiled)
    for (const [, specifier] of readFileSync(file, "utf8").matchAll(
      /(?:from|import\(|import)\s*"([^"]+)"/g,
    ))
      if (owner.test(specifier)) specifiers.add(specifier);
  if (specifiers.size === 0) return;
  const bundled = path.join(buildModules, ".bundled");
  rmSync(bundled, { recursive: true, force: true });
  const entryName = (specifier) => specifier.replace(/^@/, "").replaceAll("/", "__");
  const result = await build({
    entryPoints: Object.fromEntries(
      [...specifiers].map((specifier) => [
        entryName(specifier),
        fileURLToPath(import.meta.resolve(specifier)),
      ]),
    ),
    outdir: bundled,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // Bundled with their own dependencies, except the database drivers (the embedded one
    // finds its WebAssembly beside its module) and Kysely, which the build without it skips.
    // Express's CommonJS asks for Node's own modules by require.
    external: ["@electric-sql/pglite", "@electric-sql/pglite/*", "pg", "pg-native", "kysely"],
    banner: {
      js: 'import { createRequire as bundledRequire } from "node:module"; const require = bundledRequire(import.meta.url);',
    },
    metafile: true,
    logLevel: "warning",
  });
  const exportsOf = (name) =>
    Object.entries(result.metafile.outputs).find(([output]) =>
      output.endsWith(`/.bundled/${name}.mjs`),
    )[1].exports;
  const packages = new Map();
  for (const specifier of specifiers) {
    const [, name, subpath = ""] = specifier.match(owner);
    if (!packages.has(name)) packages.set(name, new Map());
    packages.get(name).set(`.${subpath}`, entryName(specifier));
  }
  for (const [name, entries] of packages) {
    const folder = path.join(buildModules, name);
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder, { recursive: true });
    const exportMap = {};
    for (const [subpath, entry] of entries) {
      const file = `${entry}.mjs`;
      const target = path.relative(folder, path.join(bundled, file)).split(path.sep).join("/");
      const reexports = [`export * from "${target}";`];
      if (exportsOf(entry).includes("default"))
        reexports.push(`export { default } from "${target}";`);
      writeFileSync(path.join(folder, file), `${reexports.join("\n")}\n`);
      exportMap[subpath] = `./${file}`;
    }
    writePackageJson(name, exportMap);
  }
}
await writeBundledPackages();

// The entry `npm start` runs, written last so that a build stopped part way has none and
// is made again (ensure-build.mjs). React and React DOM choose their production or
// development code from NODE_ENV when they are first loaded, and a module's static imports
// load before any of its own code runs: so this file sets it, then imports the server.
writeFileSync(
  path.join(buildDir, "start.mjs"),
  `// Made by scripts/build.mjs: production builds of React, whatever NODE_ENV the caller set.
process.env.NODE_ENV = "production";
await import("./server.mjs");
`,
);
process.stdout.write(
  `Compiled the server to ${path.relative(root, buildDir)}/start.mjs and the commands to ${path.relative(root, buildDir)}/cli/\n`,
);
