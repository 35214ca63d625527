import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  // BUILD_DIR lets parallel test runs keep separate builds.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  ssr: true,
  future: {
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
