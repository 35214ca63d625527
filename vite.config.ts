import { writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync, constants as zlibConstants } from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/** A path in this repository, as Vite names the modules it bundles. */
const fromRoot = (file: string) => fileURLToPath(new URL(`./${file}`, import.meta.url));

const serverDir = fromRoot("server/");

/**
 * server/ is server-only: a browser bundle that reaches into it (other than
 * through a loader or action, which React Router strips) fails the build.
 */
function serverOnly(): Plugin {
  return {
    name: "frontier-server-only",
    load(id, options) {
      if (!options?.ssr && id.startsWith(serverDir)) {
        this.error(
          `${id.slice(serverDir.length - "server/".length)} is server-only but a browser module imports it; use it from a loader or action, or move code both sides use to shared/.`,
        );
      }
      return null;
    },
  };
}

/**
 * Writes a gzip copy beside every script and stylesheet of the browser build, so the
 * server sends them without compressing per request: zopfli for the large ones (a few
 * percent smaller than zlib's best), zlib's best for the rest.
 */
function precompress(): Plugin {
  let isSsr = false;
  return {
    name: "frontier-precompress",
    apply: "build",
    configResolved(config) {
      isSsr = Boolean(config.build.ssr);
    },
    async writeBundle(options, bundle) {
      if (isSsr || !options.dir) return;
      const outDir = options.dir;
      const files = Object.keys(bundle).filter((file) => /\.(js|css|svg)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const item = bundle[file];
          const source = Buffer.from(item.type === "chunk" ? item.code : item.source);
          // Below ~500 bytes the gzip header and trailer eat what compression saves.
          if (source.length < 512) return;
          const gzipped =
            source.length >= 8 * 1024
              ? Buffer.from(await gzipAsync(source, { numiterations: 15 }))
              : gzipSync(source, { level: zlibConstants.Z_BEST_COMPRESSION });
          if (gzipped.length < source.length)
            await writeFile(path.join(outDir, `${file}.gz`), gzipped);
        }),
      );
    },
  };
}

/**
 * React Router's own production build in the browser bundle. Its package gives bundlers the
 * build under dist/development for every condition (remix-run/react-router#14102); the one
 * under dist/production differs from it by its development warnings, which a visitor's
 * browser has no use for (0.6 KB gzip of Home's first load). `npm run dev` keeps them.
 */
function productionReactRouterInBrowser(): Plugin {
  let isSsr = false;
  const production = fromRoot("node_modules/react-router/dist/production/");
  const entries: Record<string, string> = {
    "react-router": path.join(production, "index.mjs"),
    "react-router/dom": path.join(production, "dom-export.mjs"),
  };
  return {
    name: "frontier-production-react-router",
    apply: "build",
    enforce: "pre",
    configResolved(config) {
      isSsr = Boolean(config.build.ssr);
    },
    resolveId(source) {
      return isSsr ? null : (entries[source] ?? null);
    },
  };
}

/**
 * Small modules nearly every public page needs, shipped as one chunk: one request and one
 * gzip stream instead of a dozen tiny ones (each compressed on its own, they cost more).
 */
const sharedSiteModules = [
  "app/components/ui/error-page.tsx",
  "app/components/ui/toasts.tsx",
  "app/components/ui/use-focus-trap.ts",
  "app/components/site/logo.tsx",
  "app/components/site/content-icon.tsx",
  "app/components/site/cta-band.tsx",
  "app/components/site/section-heading.tsx",
  "app/components/site/service-card.tsx",
  "app/components/site/help-choose-card.tsx",
  "app/components/site/testimonials.tsx",
  "app/components/site/menu-link.tsx",
  "app/components/site/static-part.tsx",
  // Every page built from blocks (decision 532): the page and what decides how its blocks load.
  "app/components/pages/site-page.tsx",
  "app/components/pages/page-blocks-rendering.tsx",
  "app/components/site/breadcrumbs.tsx",
  // The footer's sign-up on every page, and a block of its own.
  "app/components/site/newsletter-form.tsx",
  "shared/pages/block-types.ts",
  "app/components/site/use-form-token.ts",
  "app/components/site/bot-fields.tsx",
  // Every public form's message under a field and its schema loaded on first use.
  "app/components/site/field-error.tsx",
  "app/components/site/use-lazy-schema.ts",
  "app/lib/revalidate.ts",
  "shared/analytics.ts",
  "app/lib/navigation.ts",
  "shared/site-navigation.ts",
  "shared/seo.ts",
  "shared/images.ts",
  "shared/content/services.ts",
  // The root route's module (the document, branding): its route entry only re-exports it.
  "app/root.tsx",
  // What a visitor's trail keeps (the beacon, the contact form and the chat add to it).
  "app/lib/visit-trail.ts",
].map(fromRoot);

/**
 * The decorations every public page fetches once it is idle (app/routes/site/layout.tsx:
 * particles, cursor dot, back-to-top, chat button, page-view beacon), in one chunk: one
 * request after the page has loaded instead of six.
 */
const afterLoadModules = [
  "app/components/site/particle-background.tsx",
  "app/components/site/cursor-dot.tsx",
  "app/components/site/back-to-top.tsx",
  "app/components/site/chat-widget.tsx",
  "app/components/site/page-view-beacon.tsx",
].map(fromRoot);

/**
 * What the articles and the lists of insights and case studies share (cards, dates, the two
 * article bodies), in one chunk: an insight's page hints and loads three modules fewer before
 * it hydrates, and each hint is a task of its own while the page loads.
 */
const contentModules = [
  "app/components/site/content-cards.tsx",
  "app/components/site/insight-article.tsx",
  "app/components/site/case-study-article.tsx",
  "app/lib/format.ts",
  // The comment form's limits, which its lazily loaded schema imports as well.
  "shared/comments.ts",
].map(fromRoot);

/** Vite's helper for preloading a dynamic import's dependencies (every page's layout uses it). */
const PRELOAD_HELPER = "\0vite/preload-helper.js";

/**
 * React DOM's client and its scheduler, in a chunk of their own. The boot script imports it
 * before the routes and the client entry (app/lib/boot-after-paint.ts), so the browser compiles
 * its 200 KB in a task of its own; Rollup runs a CommonJS package's body where the first module
 * that imports it runs, so the body itself still runs in the client entry's task. Together they
 * made the longest task of a page's load (59-314 ms at Lighthouse's four-fold CPU slowdown;
 * 54-196 ms apart, decision 819).
 */
const reactDomClientModules = [
  "node_modules/react-dom/client.js",
  "node_modules/react-dom/cjs/react-dom-client.production.js",
  "node_modules/scheduler/index.js",
  "node_modules/scheduler/cjs/scheduler.production.js",
].map(fromRoot);
/** React and the rest of React DOM: named, or the chunk above would take them in with it. */
const reactDirs = ["node_modules/react/", "node_modules/react-dom/"].map(fromRoot);

function chunkOf(id: string) {
  // Only the packages' own files: the virtual module through which the client entry imports
  // React DOM's client ("\0…/client.js?commonjs-es-import") runs its body, and stays with the entry.
  if (reactDomClientModules.includes(id)) return "react-dom";
  if (sharedSiteModules.includes(id) || id === PRELOAD_HELPER) return "site";
  if (reactDirs.some((dir) => id.startsWith(dir))) return "site";
  if (afterLoadModules.includes(id)) return "after-load";
  if (contentModules.includes(id)) return "content";
  return undefined;
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tailwindcss(),
    reactRouter(),
    serverOnly(),
    precompress(),
    productionReactRouterInBrowser(),
  ],
  // The particle background's worker (app/lib/particles.worker.ts) is a module worker.
  worker: { format: "es" as const },
  build: {
    assetsInlineLimit: 0,
    sourcemap: process.env.BUNDLE_SOURCEMAP === "1",
    ...(isSsrBuild
      ? {}
      : {
          // Terser packs React and React Router a few KB tighter than esbuild.
          minify: "terser" as const,
          terserOptions: { compress: { passes: 2 } },
          rollupOptions: {
            output: {
              entryFileNames: "assets/[name]-[hash].js",
              manualChunks: chunkOf,
            },
          },
        }),
  },
}));
