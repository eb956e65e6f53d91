/**
 * Two web workers write to one SQLite file. A transaction that reads and then writes must hold the
 * write lock from its start (db/client.server.ts): otherwise another worker's commit between its read
 * and its write made it fail with SQLITE_BUSY_SNAPSHOT, a 500 (seen adding a photo in CI).
 */
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { db, sqlite, writeTransaction } from "~/db/client.server";
import { settings } from "~/db/schema";

/** Another process's connection; it does not wait for the lock, so a held lock shows as SQLITE_BUSY at once. */
const otherWorker = new Database(sqlite.name);
otherWorker.pragma("busy_timeout = 0");
afterAll(() => otherWorker.close());

const otherWorkerWrites = () => otherWorker.prepare("INSERT OR REPLACE INTO settings (key, value) VALUES ('other-worker', 'x')").run();

describe("writeTransaction", () => {
  it("holds the write lock before its first read, so no other worker commits between its read and its write", () => {
    const otherWorkerError = writeTransaction((tx) => {
      tx.select().from(settings).all();
      let code: unknown = null;
      try {
        otherWorkerWrites();
      } catch (error) {
        code = (error as { code?: string }).code;
      }
      tx.insert(settings).values({ key: "this-worker", value: "y" }).onConflictDoNothing().run();
      return code;
    });
    expect(otherWorkerError).toBe("SQLITE_BUSY");
    expect(db.select().from(settings).all().map((row) => row.key)).toContain("this-worker");
  });

  it("is what a deferred transaction is not: that one fails when another worker commits after its read", () => {
    expect(() =>
      db.transaction((tx) => {
        tx.select().from(settings).all();
        otherWorkerWrites();
        tx.insert(settings).values({ key: "deferred", value: "z" }).onConflictDoNothing().run();
      }),
    ).toThrow(expect.objectContaining({ code: "SQLITE_BUSY_SNAPSHOT" }));
  });
});
