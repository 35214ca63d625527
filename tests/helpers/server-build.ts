import type { ServerBuild } from "react-router";

/**
 * A React Router server build made by hand, for tests that run React Router's request
 * handler without compiling the app: the entry's module and the routes given, with the
 * fields every build has (assets, basename, lazy route discovery, server rendering).
 */
export function handMadeBuild({
  entry,
  routes,
}: {
  entry: Record<string, unknown>;
  routes: Record<string, { id: string; parentId?: string; path: string; module: unknown }>;
}): ServerBuild {
  return {
    entry: { module: entry },
    routes,
    assets: {
      entry: { module: "/entry.js", imports: [] },
      routes: {},
      url: "/manifest.js",
      version: "1",
    },
    basename: "/",
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}
