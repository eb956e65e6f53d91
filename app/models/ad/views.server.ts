/**
 * An ad's view counter: one view per visitor, ad and São Paulo day (issue 15), still one atomic write.
 *
 * `ad_view_days(day, ad_id, visitor)` (migration 0004, WITHOUT ROWID) remembers who was counted today:
 * the day as YYYYMMDD and 48 bits of the SHA-256 of the visitor's key ("u:{id}" or "v:{cookie}",
 * web/visitor.server.ts), ~20 bytes a row. The remembering and the +1 happen in one IMMEDIATE
 * transaction, so two openings at once (two tabs, two workers) count once. Earlier days are swept once
 * a day by each process; nothing needs them.
 */
import { createHash } from "node:crypto";
import type Database from "better-sqlite3";
import { sqlite } from "~/db/client.server";
import { dateKey } from "~/lib/dates";
import { PUBLICLY_VISIBLE_WHERE } from "~/models/ad/visibility.server";

type Statements = {
  remember: Database.Statement<[number, number, number, number]>;
  bump: Database.Statement<[number], { views: number }>;
  current: Database.Statement<[number, number], { views: number }>;
  sweep: Database.Statement<[number]>;
};
let statements: Statements | undefined;

function prepared(): Statements {
  statements ??= {
    // Remembered only when the ad is public: a hidden ad is neither counted nor remembered.
    remember: sqlite.prepare(
      `INSERT OR IGNORE INTO ad_view_days (day, ad_id, visitor)
       SELECT ?, id, ? FROM ads WHERE id = ? AND ${PUBLICLY_VISIBLE_WHERE}`,
    ),
    bump: sqlite.prepare("UPDATE ads SET views = views + 1 WHERE id = ? RETURNING views"),
    current: sqlite.prepare(`SELECT views FROM ads WHERE id = ? AND ${PUBLICLY_VISIBLE_WHERE}`),
    sweep: sqlite.prepare("DELETE FROM ad_view_days WHERE day < ?"),
  };
  return statements;
}

/** São Paulo's calendar day as YYYYMMDD. */
export function viewDay(now: Date): number {
  return Number(dateKey(now).replaceAll("-", ""));
}

/** 48 bits of the visitor key's SHA-256: a safe JavaScript integer, collisions negligible per ad and day. */
export function visitorHash(visitorKey: string): number {
  return createHash("sha256").update(visitorKey).digest().readUIntBE(0, 6);
}

let sweptBefore = 0;

export type CountedView = { views: number; counted: boolean };

/**
 * Counts `visitorKey`'s opening of ad `id` unless it was already counted today. The ad's views
 * (new or current), or null when the ad is not public (nothing is counted or remembered then).
 */
export function countAdView(id: number, visitorKey: string, now: Date = new Date()): CountedView | null {
  const s = prepared();
  const day = viewDay(now);
  if (day > sweptBefore) {
    s.sweep.run(day);
    sweptBefore = day;
  }
  return sqlite
    .transaction((): CountedView | null => {
      const remembered = s.remember.run(day, visitorHash(visitorKey), id, now.getTime()).changes === 1;
      if (remembered) return { views: s.bump.get(id)!.views, counted: true };
      const row = s.current.get(id, now.getTime());
      return row ? { views: row.views, counted: false } : null;
    })
    .immediate();
}
