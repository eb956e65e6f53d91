import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// One temporary data folder per run, shared with the tests (they read e-mails from its outbox).
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "classificados-e2e-"));
const PORT = Number(process.env.E2E_PORT ?? 3123);
// A local fake Google (tests/support/fake-google.ts), 100 ports up so neighbouring E2E_PORTs don't
// collide: Google sign-in is configured in every run, pointed at it through the production variables.
const FAKE_GOOGLE_PORT = Number(process.env.FAKE_GOOGLE_PORT ?? PORT + 100);
const FAKE_GOOGLE = `http://127.0.0.1:${FAKE_GOOGLE_PORT}`;

const chromium = {
  ...devices["Pixel 7"],
  browserName: "chromium" as const,
  launchOptions: {
    executablePath: "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  },
};

export default defineConfig({
  globalTeardown: "./tests/support/e2e-teardown.ts",
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    trace: "retain-on-failure",
  },
  projects: [
    { name: "js", use: { ...chromium } },
    // The core flows again with JavaScript off: every form and link must work as plain HTML.
    { name: "no-js", use: { ...chromium, javaScriptEnabled: false }, grep: /@nojs/ },
  ],
  webServer: [
    {
      command: "node build/index.js",
      url: `http://127.0.0.1:${PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        NODE_ENV: "production",
        PORT: String(PORT),
        HOST: "127.0.0.1",
        DATA_DIR: process.env.E2E_DATA_DIR,
        SESSION_SECRET: "e2e-secret-e2e-secret-e2e-secret-0123456",
        ADMIN_EMAIL: "admin@teste.local",
        ADMIN_PASSWORD: "Admin@12345",
        GOOGLE_CLIENT_ID: "fake-client-id.apps.googleusercontent.com",
        GOOGLE_CLIENT_SECRET: "fake-google-secret-0123456789abcdef",
        GOOGLE_AUTHORIZATION_URL: `${FAKE_GOOGLE}/o/oauth2/v2/auth`,
        GOOGLE_TOKEN_URL: `${FAKE_GOOGLE}/token`,
        GOOGLE_USERINFO_URL: `${FAKE_GOOGLE}/userinfo`,
      },
    },
    {
      command: "npx tsx tests/support/fake-google.ts",
      url: `${FAKE_GOOGLE}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { FAKE_GOOGLE_PORT: String(FAKE_GOOGLE_PORT) },
    },
  ],
});
