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
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
