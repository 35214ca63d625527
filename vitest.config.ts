import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "server/**/*.test.ts",
      "shared/**/*.test.ts",
      "tests/integration/**/*.test.ts",
    ],
    environment: "node",
    // Passwords hashed at scrypt's floor cost, 2^14, instead of the product's 2^17: the same
    // code, a few tens of milliseconds a hash instead of a second on a busy machine
    // (decision 831). server/auth/password.test.ts checks the default.
    env: { PASSWORD_HASH_COST: "14" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Two files at a time even on two cores (Vitest's default is one fewer than the cores):
    // most of a test's time is spent waiting on PostgreSQL, the embedded engine or a child
    // process, so the suite takes about 5 minutes here instead of 7.
    maxWorkers: 2,
    minWorkers: 1,
    setupFiles: ["tests/helpers/fail-on-console-error.ts"],
    // One migrated embedded database for the run; each test database starts from its dump.
    globalSetup: ["tests/helpers/db-template.ts"],
  },
});
