import { defineConfig } from "vitest/config";
import { budget } from "./tests/helpers/time-budget.ts";

export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.spec.ts"],
    environment: "node",
    // Passwords hashed at scrypt's floor cost, 2^14, instead of the product's 2^17: the same
    // code, a few tens of milliseconds a hash instead of a second on a busy machine
    // (decision 831). server/auth/password.test.ts checks the default.
    env: { PASSWORD_HASH_COST: "14" },
    // Stretched when the run is asked to be slow (tests/helpers/time-budget.ts).
    testTimeout: budget(60_000),
    // In CI, a browser spec that fails is run once more; the report marks a pass on the
    // second try "(retry x1)", and such a spec is a bug to fix, not to ignore (decision 008).
    retry: process.env.CI ? 1 : 0,
    hookTimeout: budget(120_000),
    // One seeded data directory for the run; each server starts on a copy of it.
    globalSetup: ["tests/helpers/data-template.ts"],
    pool: "forks",
    maxWorkers: 2,
    minWorkers: 1,
    fileParallelism: true,
  },
});
