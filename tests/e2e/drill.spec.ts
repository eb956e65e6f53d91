/**
 * `npm run db:drill` end to end (scripts/db-drill.mjs), with the real build: it restores the newest
 * backup into a private folder, starts the app there, reports what the copy holds, and leaves nothing
 * behind. A spec of its own server (its source data is made by one) rather than a Vitest test: the
 * drill starts the built app, which `npm test` rebuilds beside the Vitest run.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { removeDataDir, startAppServer } from "../support/app-server";

/** `node <script>` as the operator's `npm run` runs it: settings from the environment alone. */
function runScript(file: string, dataDir: string) {
  const child = spawn(process.execPath, [file], { env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", DATA_DIR: dataDir }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { exited, output: () => ({ stdout, stderr }) };
}

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

test("the drill restores the newest backup into a private folder, serves it unseeded, reports its counts and removes it", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "classificados-drill-"));
  try {
    // The source: a migrated database made by a real start, then its data as a site would have it.
    const server = await startAppServer({ WEB_CONCURRENCY: "1", BACKUP_INTERVAL_MINUTES: "0" }, { dataDir });
    await server.stop();
    const source = new Database(path.join(dataDir, "app.db"));
    // What a seed would add back, removed: the administrator and a category with its subcategories.
    source.prepare("delete from users").run();
    source.prepare("delete from categories where name = ?").run("Serviços");
    const seller = Number(source.prepare("insert into users (full_name, email, username) values ('Vendedora', 'vendedora@exemplo.com.br', 'vendedora')").run().lastInsertRowid);
    const city = source.prepare("select id, name, state from cities where name = 'Patos de Minas'").get() as { id: number; name: string; state: string };
    const category = source.prepare("select id from categories order by id limit 1").get() as { id: number };
    const insertAd = source.prepare(
      `insert into ads (title, description, price_cents, status, user_id, category_id, ad_type, expiration_date, whatsapp, city, id_city, state, views)
       values (?, 'Anúncio do ensaio de restauração.', 15000, ?, ?, ?, 'Vender', ?, '34995773046', ?, ?, ?, 0)`,
    );
    const ad = Number(insertAd.run("Bicicleta aro 29", "active", seller, category.id, Date.now() + 86_400_000, city.name, city.id, city.state).lastInsertRowid);
    insertAd.run("Mesa de jantar", "pending_payment", seller, category.id, Date.now() + 86_400_000, city.name, city.id, city.state);
    source.prepare("insert into ad_images (ad_id, url, public_id, is_primary) values (?, '/images/fotoensaio1', 'fotoensaio1', 1)").run(ad);
    const payment = Number(
      source.prepare("insert into payments (ad_id, user_id, amount_cents, payment_method, status, confirmed_date) values (?, ?, 1250, 'PIX', 'confirmed', ?)").run(ad, seller, Date.now()).lastInsertRowid,
    );
    const count = (table: string) => (source.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    const counts = { users: count("users"), ads: count("ads"), categories: count("categories") };
    source.close();
    // A photo readable by others on the source disk: the drill's copy of it must still be private.
    fs.mkdirSync(path.join(dataDir, "uploads", "originals"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "uploads", "originals", "fotoensaio1"), "bytes of a photo", { mode: 0o644 });

    const backup = runScript("scripts/db-backup.mjs", dataDir);
    expect(await backup.exited, backup.output().stderr).toBe(0);
    // A database a restore replaced, newer than the backup, where older versions kept it: never the drill's pick.
    fs.mkdirSync(path.join(dataDir, "backups", "before-restore-2999-01-01T00-00-00Z"));
    fs.writeFileSync(path.join(dataDir, "backups", "before-restore-2999-01-01T00-00-00Z", "app.db"), "not the newest backup");

    const drill = runScript("scripts/db-drill.mjs", dataDir);
    // While it runs: its folder is private, and so is the restored database.
    const seen = { folder: 0, database: 0 };
    for (let exited = false; !exited; ) {
      const [folder] = fs.readdirSync(dataDir).filter((name) => name.startsWith("drill-"));
      const database = folder ? path.join(dataDir, folder, "app.db") : null;
      if (folder && database && fs.existsSync(database)) {
        seen.folder = modeOf(path.join(dataDir, folder));
        seen.database = modeOf(database);
      }
      exited = await Promise.race([drill.exited.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 50))]);
    }
    const { stdout, stderr } = drill.output();
    expect(await drill.exited, `${stdout}\n${stderr}`).toBe(0);
    expect(seen).toEqual({ folder: 0o700, database: 0o600 });
    expect(stdout).toMatch(/\[drill\] restoring .*backups\/\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z into .*drill-\S+ \(mode 0700\)/);
    expect(stdout).toContain("[drill] PRAGMA integrity_check: ok");
    expect(stdout).toMatch(/\[drill\] the app started on http:\/\/127\.0\.0\.1:\d+ in [\d.]+ s \(no seed, no jobs, no mail, no backups of its own\)/);
    // The counts are the source's: nothing seeded (no administrator, no category put back).
    expect(stdout).toContain(`[drill] users ${counts.users}, ads ${counts.ads} (active 1, pending_payment 1), photos 1 of 1 readable`);
    expect(stdout).toMatch(new RegExp(`\\[drill\\] newest payment: #${payment}, confirmed, 12\\.50 BRL by PIX, made \\S+; newest confirmation \\S+`));
    expect(stdout).toMatch(/\[drill\] \d+ files in .*: all private \(folders 0700, files 0600\)/);
    expect(stdout).toMatch(/\[drill\] removed .*drill-\S+\n\[drill\] done in [\d.]+ s/);
    // Nothing left behind, and the live data untouched: no drill folder, no backup of its own, no seed.
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith("drill-"))).toEqual([]);
    expect(fs.readdirSync(path.join(dataDir, "backups")).filter((name) => /^\d{4}-/.test(name))).toHaveLength(1);
    const after = new Database(path.join(dataDir, "app.db"), { readonly: true });
    expect((after.prepare("select count(*) as n from users").get() as { n: number }).n).toBe(counts.users);
    expect((after.prepare("select count(*) as n from categories").get() as { n: number }).n).toBe(counts.categories);
    after.close();
  } finally {
    removeDataDir(dataDir);
  }
});
