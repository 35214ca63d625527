import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

const serverDir = fileURLToPath(new URL("./server/", import.meta.url));

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
          `${id.slice(serverDir.length - "server/".length)} is server-only but a browser module imports it; use it from a loader or action, or move browser-safe code to app/lib.`,
        );
      }
      return null;
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), serverOnly()],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  build: { assetsInlineLimit: 0 },
});
