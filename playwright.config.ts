import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, devices } from "@playwright/test";
import { clearAppEnv } from "./tests/support/app-env";

// The web server gets the environment below and nothing of the developer's own app settings
// (DATABASE_URL, SMTP_URL, APP_URL, SEED_DEMO…): Playwright merges process.env into webServer.env.
clearAppEnv();

// One temporary data folder per run, shared with the tests (they read e-mails from its outbox).
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "classificados-e2e-"));
const PORT = Number(process.env.E2E_PORT ?? 3123);
// The server's ASAAS_WEBHOOK_TOKEN: the payment tests confirm PIX charges through the webhook with it, the
// way `npm run payments:confirm` does (payments use the local gateway, the default).
process.env.E2E_WEBHOOK_TOKEN ??= `e2e-webhook-${Date.now()}-0123456789abcdef`;
// The server's SESSION_SECRET: the tests that start signed in sign their session cookie with it
// (tests/support/e2e-session.ts) instead of signing in through an Argon2 hash.
process.env.E2E_SESSION_SECRET ??= "e2e-secret-e2e-secret-e2e-secret-0123456";
// A local fake Google (tests/support/fake-google.ts), 100 ports up so neighbouring E2E_PORTs don't
// collide: Google sign-in is configured in every run, pointed at it through the production variables.
const FAKE_GOOGLE_PORT = Number(process.env.FAKE_GOOGLE_PORT ?? PORT + 100);
const FAKE_GOOGLE = `http://127.0.0.1:${FAKE_GOOGLE_PORT}`;

const chromium = {
  ...devices["Pixel 7"],
  // A Pixel 7's screen in CSS pixels, touch and user agent, painted at one device pixel per CSS pixel:
  // Chromium paints in software here (no GPU), and 2.625 device pixels per CSS pixel paint seven times
  // the pixels for behaviour the tests do not look at (what a phone feels is Lighthouse's to measure).
  deviceScaleFactor: 1,
  browserName: "chromium" as const,
  launchOptions: {
    // Debian's chromium-headless-shell: the same Blink as /usr/bin/chromium without the full browser around
    // it (Playwright's own default for headless Chromium). Full Chromium's new headless mode took about
    // 1.7 times as long for the same tests here (shell + buyer-phone specs: 352 s → 205 s of test time).
    executablePath: "/usr/bin/chromium-headless-shell",
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

// The specs that start production servers of their own (tests/support/app-server.ts). Each such
// server is a cluster that migrates, backs up and hashes passwords (Argon2, 64 MB a hash): two at
// once, beside the shared server and the browsers, starve two cores until the browser tests' sign-ins
// and the servers' own start-ups time out. They run one at a time, beside the browser tests.
const E2E_DIR = fileURLToPath(new URL("./tests/e2e/", import.meta.url));
const OWN_SERVER_SPECS = fs
  .readdirSync(E2E_DIR)
  .filter((file) => file.endsWith(".spec.ts") && fs.readFileSync(path.join(E2E_DIR, file), "utf8").includes("startAppServer("))
  .map((file) => `**/${file}`);

export default defineConfig({
  // Hashes the tests' one password once for the run (tests/support/e2e-session.ts writes the accounts).
  globalSetup: "./tests/support/e2e-setup.ts",
  globalTeardown: "./tests/support/e2e-teardown.ts",
  testDir: "tests/e2e",
  fullyParallel: true,
  // A forgotten test.only on CI would pass the run on a handful of tests.
  forbidOnly: !!process.env.CI,
  workers: 2,
  // A flaky test is a bug to fix, not to retry.
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  // Sign-ups and sign-ins hash with production Argon2 (64 MB), one hash at a time on two cores
  // (MAX_CONCURRENT_HASHES), while both browsers and a server of its own share those cores: a step that
  // waits on a hash may queue behind others for several seconds. Budgets for that, not retries.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    trace: "retain-on-failure",
    // The site's service worker (ADR 036) answers a page's requests once it controls it, and Playwright's
    // page.route never sees those: it is off here, and on in offline-copies.spec.ts, which tests it.
    serviceWorkers: "block",
  },
  // The own-server specs first: they run one at a time, so started last they were a tail of several
  // minutes with the other worker idle; started first they run beside the browser tests throughout.
  projects: [
    { name: "own-server", use: { ...chromium }, testMatch: OWN_SERVER_SPECS, workers: 1 },
    { name: "js", use: { ...chromium }, testIgnore: OWN_SERVER_SPECS },
    // The core flows again with JavaScript off: every form and link must work as plain HTML.
    { name: "no-js", use: { ...chromium, javaScriptEnabled: false }, grep: /@nojs/ },
  ],
  webServer: [
    {
      command: "node server/entry.mjs",
      url: `http://127.0.0.1:${PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        NODE_ENV: "production",
        PORT: String(PORT),
        HOST: "127.0.0.1",
        // The public address e-mailed links and the Google callback use (never the request's Host).
        APP_URL: `http://127.0.0.1:${PORT}`,
        // Every test signs up from 127.0.0.1: the per-address limit (10 an hour) is tested on servers of its own.
        REGISTER_THROTTLE_MAX: "100000",
        // The tests are many visitors behind one proxy (ours, on loopback): a test that fails logins names
        // itself in X-Forwarded-For (auth.spec.ts), or ten failures of a --repeat-each run would lock
        // 127.0.0.1 out of every later sign-in. The per-address limit itself is tested in throttle.spec.ts.
        TRUST_PROXY: "true",
        DATA_DIR: process.env.E2E_DATA_DIR,
        ASAAS_WEBHOOK_TOKEN: process.env.E2E_WEBHOOK_TOKEN,
        // A production server with the local gateway takes PIX only; the card flows are tested with its test
        // cards, as a demo site would turn them on (the cards-off page: tests/integration/payments-cards-off.test.ts).
        PAYMENT_TEST_CARDS: "true",
        SEED_DEMO: "true",
        SESSION_SECRET: process.env.E2E_SESSION_SECRET,
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
