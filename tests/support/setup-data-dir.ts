/** Before each test file: its own data folder, copied from the seeded template, removed afterwards. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, inject } from "vitest";
import { clearAppEnv } from "./app-env";

// Nothing from the developer's environment (DATABASE_URL, SMTP_URL, APP_URL, SEED_DEMO…): only what is set here.
clearAppEnv();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "classificados-test-"));
fs.cpSync(inject("templateDataDir"), dataDir, { recursive: true });
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV = "test";
// Argon2 at its floor: the suite hashes thousands of passwords (password-hash.server.test.ts checks the full cost).
process.env.PASSWORD_HASH_COST = "test";
process.env.SESSION_SECRET = "test-secret-test-secret-test-secret-0123";

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
