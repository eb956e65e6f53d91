/**
 * An ad's view and contact counters: one view and one contact per visitor, ad and São Paulo day
 * (issues 15 and 23), each one atomic write.
 *
 * `ad_view_days(day, ad_id, visitor)` (migration 0004, WITHOUT ROWID) remembers who was counted today:
 * the day as YYYYMMDD and 48 bits of the SHA-256 of the visitor's key ("u:{id}" or "v:{cookie}",
 * web/visitor.server.ts), ~20 bytes a row. A contact is remembered in the same table under the hash
 * of "contato|" + the key, so a visitor's view and contact of the same day are two rows, and the
 * daily sweep clears both. The remembering, the +1 on the ad's total views and the +1 on the day's row
 * of `ad_daily_stats` (the owner's chart) happen in one IMMEDIATE transaction, so two openings at once
 * (two tabs, two workers) count once and the day's numbers never disagree with the total. (Prepared
 * statements on the raw connection, like writeTransaction's IMMEDIATE: this runs on every ad opening.)
 * Earlier days of `ad_view_days` are swept once a day by each process; nothing needs them.
 */
import { createHash } from "node:crypto";
import type Database from "better-sqlite3";
import { sqlite } from "~/db/client.server";
import { dateKey } from "~/lib/dates";
import { whatsappLink } from "~/lib/whatsapp";
import { PUBLICLY_VISIBLE_WHERE } from "~/models/ad/visibility.server";

type Statements = {
  remember: Database.Statement<[number, number, number, number]>;
  bump: Database.Statement<[number], { views: number }>;
  current: Database.Statement<[number, number], { views: number }>;
  daily: Database.Statement<[number, string, number, number]>;
  contact: Database.Statement<[number, number], { whatsapp: string | null; description: string }>;
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
    daily: sqlite.prepare(
      `INSERT INTO ad_daily_stats (ad_id, day, views, contacts) VALUES (?, ?, ?, ?)
       ON CONFLICT (ad_id, day) DO UPDATE SET views = views + excluded.views, contacts = contacts + excluded.contacts`,
    ),
    contact: sqlite.prepare(`SELECT whatsapp, description FROM ads WHERE id = ? AND ${PUBLICLY_VISIBLE_WHERE}`),
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

function sweepEarlierDays(s: Statements, day: number) {
  if (day > sweptBefore) {
    s.sweep.run(day);
    sweptBefore = day;
  }
}

export type CountedView = { views: number; counted: boolean };

/**
 * Counts `visitorKey`'s opening of ad `id` unless it was already counted today. The ad's views
 * (new or current), or null when the ad is not public (nothing is counted or remembered then).
 */
export function countAdView(id: number, visitorKey: string, now: Date = new Date()): CountedView | null {
  const s = prepared();
  const day = viewDay(now);
  sweepEarlierDays(s, day);
  return sqlite
    .transaction((): CountedView | null => {
      const remembered = s.remember.run(day, visitorHash(visitorKey), id, now.getTime()).changes === 1;
      if (remembered) {
        s.daily.run(id, dateKey(now), 1, 0);
        return { views: s.bump.get(id)!.views, counted: true };
      }
      const row = s.current.get(id, now.getTime());
      return row ? { views: row.views, counted: false } : null;
    })
    .immediate();
}

/**
 * 'Entrar em Contato' on a public ad: the seller's WhatsApp chat link, after counting the contact
 * once per visitor and day (`visitorKey` null: not counted, e.g. a crawler). Null when the ad is not
 * public or has no WhatsApp number (nothing is counted then).
 */
export function contactAd(id: number, visitorKey: string | null, now: Date = new Date()): { whatsappUrl: string } | null {
  const s = prepared();
  const day = viewDay(now);
  sweepEarlierDays(s, day);
  return sqlite
    .transaction(() => {
      const ad = s.contact.get(id, now.getTime());
      const whatsappUrl = ad ? whatsappLink(ad.whatsapp, ad.description) : null;
      if (!whatsappUrl) return null;
      if (visitorKey !== null && s.remember.run(day, visitorHash(`contato|${visitorKey}`), id, now.getTime()).changes === 1) {
        s.daily.run(id, dateKey(now), 0, 1);
      }
      return { whatsappUrl };
    })
    .immediate();
}
