import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  // BUILD_DIR lets parallel test runs keep separate builds.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  ssr: true,
  future: {
    v8_trailingSlashAwareDataRequests: true,
    // Loaders and actions get the request as it came (read addresses from their \`url\`):
    // no two copies of the request per loader (decision 740).
    v8_passThroughRequests: true,
  },
} satisfies Config;
