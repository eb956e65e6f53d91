import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve("app") } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/setup-data-dir.ts"],
    // A test that asserts nothing passes whatever the code does.
    expect: { requireAssertions: true },
    // A forgotten `.only` on CI would pass the run on a handful of tests.
    allowOnly: !process.env.CI,
    // One test file per core (Vitest's default leaves one core free): much of an integration test is
    // waiting on Argon2 and SQLite, so the second core is not idle on a 2-core machine. 233 s → 194 s
    // for the whole run here.
    // Beside the browser tests too, niced (scripts/test-side-by-side.sh): it takes the cores they leave.
    maxWorkers: os.availableParallelism(),
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
