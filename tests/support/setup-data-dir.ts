/**
 * Before each test file: its own data folder, made from the seeded template, removed afterwards. The
 * database and the rest are copied; the photos (uploads/) are hard links to the template's: copying
 * and deleting the ~175 demo photos took 0.2-0.5 s of every one of the hundred-odd files (12 ms
 * linked). The app never writes a stored photo in place (uploads get new random keys, variants new
 * files, a removal unlinks this folder's name only); a test that does fails, since the files after it
 * would see its bytes.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, inject } from "vitest";
import { clearAppEnv } from "./app-env";

const PHOTOS = "uploads";

/** Makes `to` a tree of hard links to the files of `from`. */
function linkTree(from: string, to: string) {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else fs.linkSync(source, target);
  }
}

/** Each template photo's size and modification time, which a write through any of its links changes. */
function fingerprints(photos: string) {
  const files = fs.existsSync(photos) ? fs.readdirSync(photos, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()) : [];
  return new Map(
    files.map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      const { size, mtimeMs } = fs.statSync(file);
      return [path.relative(photos, file), `${size}:${mtimeMs}`];
    }),
  );
}

// Nothing from the developer's environment (DATABASE_URL, SMTP_URL, APP_URL, SEED_DEMO…): only what is set here.
clearAppEnv();
const template = inject("templateDataDir");
const templatePhotos = path.join(template, PHOTOS);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "classificados-test-"));
fs.cpSync(template, dataDir, { recursive: true, filter: (source) => source !== templatePhotos });
if (fs.existsSync(templatePhotos)) linkTree(templatePhotos, path.join(dataDir, PHOTOS));
const before = fingerprints(templatePhotos);
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV = "test";
// Argon2 at its floor: the suite hashes thousands of passwords (password-hash.server.test.ts checks the full cost).
process.env.PASSWORD_HASH_COST = "test";
process.env.SESSION_SECRET = "test-secret-test-secret-test-secret-0123";

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  const after = fingerprints(templatePhotos);
  const written = [...before].filter(([file, fingerprint]) => after.get(file) !== fingerprint).map(([file]) => file);
  if (written.length > 0) {
    throw new Error(`A test wrote into the template's photos through a test folder's links (${written.join(", ")}): store a photo under a new key, or copy the file before changing it.`);
  }
});
