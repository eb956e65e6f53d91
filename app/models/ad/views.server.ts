/**
 * An ad's view and contact counters: one view and one contact per person, ad and São Paulo day
 * (issues 15, 23 and 32), each one atomic write.
 *
 * Who a person is — an account, a returning visitor, or else the request's network for the day, with a
 * bound on the returning visitors one network adds — is models/ad/people.server.ts's rule.
 * `ad_view_days(day, ad_id, visitor)` (migration 0004, WITHOUT ROWID) remembers who was counted today:
 * the day as YYYYMMDD and 48 bits of the SHA-256 of the person's key, ~20 bytes a row. A contact is
 * remembered in the same table under the hash of "contato|" + the key, so a person's view and contact
 * of the same day are two rows, and the daily sweep clears both. The remembering, the +1 on the ad's
 * total views and the +1 on the day's row of `ad_daily_stats` (the owner's chart) happen in one
 * IMMEDIATE transaction, so two openings at once (two tabs, two workers) count once and the day's
 * numbers never disagree with the total. (Prepared statements on the raw connection, like
 * writeTransaction's IMMEDIATE: this runs on every ad opening.) Earlier days of `ad_view_days` are swept
 * once a day by each process; nothing needs them.
 */
import type Database from "better-sqlite3";
import { sqlite } from "~/db/client.server";
import { dateKey } from "~/lib/dates";
import { whatsappLink } from "~/lib/whatsapp";
import { countingKey, keyHash, viewDay, type Person } from "~/models/ad/people.server";
import { PUBLICLY_VISIBLE_WHERE } from "~/models/ad/visibility.server";

type Statements = {
  remember: Database.Statement<[number, number, number, number]>;
  seen: Database.Statement<[number, number, number], { one: 1 }>;
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
    seen: sqlite.prepare("SELECT 1 AS one FROM ad_view_days WHERE day = ? AND ad_id = ? AND visitor = ?"),
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

let sweptBefore = 0;

function sweepEarlierDays(s: Statements, day: number) {
  if (day > sweptBefore) {
    s.sweep.run(day);
    sweptBefore = day;
  }
}

export type CountedView = { views: number; counted: boolean };

/** The hash `ad_view_days` remembers `person` under for `counter` (a contact apart from a view), after the per-network bound chose their key. */
function rememberedAs(s: Statements, person: Person, counter: "view" | "contact", id: number, now: Date): number {
  const day = viewDay(now);
  const hashOf = (key: string) => keyHash(counter === "contact" ? `contato|${key}` : key);
  return hashOf(countingKey(person, counter, id, now, (key) => s.seen.get(day, id, hashOf(key)) !== undefined));
}

/**
 * Counts `person`'s opening of ad `id` unless they were counted today. The ad's views (new or current),
 * or null when the ad is not public (nothing is counted or remembered then).
 */
export function countAdView(id: number, person: Person, now: Date = new Date()): CountedView | null {
  const s = prepared();
  const day = viewDay(now);
  sweepEarlierDays(s, day);
  return sqlite
    .transaction((): CountedView | null => {
      const row = s.current.get(id, now.getTime());
      if (!row) return null;
      if (s.remember.run(day, rememberedAs(s, person, "view", id, now), id, now.getTime()).changes === 0) return { views: row.views, counted: false };
      s.daily.run(id, dateKey(now), 1, 0);
      return { views: s.bump.get(id)!.views, counted: true };
    })
    .immediate();
}

/**
 * 'Entrar em Contato' on a public ad: the seller's WhatsApp chat link, after counting the contact
 * once per person and day (`person` null: not counted, e.g. a crawler). Null when the ad is not
 * public or has no WhatsApp number (nothing is counted then).
 */
export function contactAd(id: number, person: Person | null, now: Date = new Date()): { whatsappUrl: string } | null {
  const s = prepared();
  const day = viewDay(now);
  sweepEarlierDays(s, day);
  return sqlite
    .transaction(() => {
      const ad = s.contact.get(id, now.getTime());
      const whatsappUrl = ad ? whatsappLink(ad.whatsapp, ad.description) : null;
      if (!whatsappUrl) return null;
      if (person !== null && s.remember.run(day, rememberedAs(s, person, "contact", id, now), id, now.getTime()).changes === 1) {
        s.daily.run(id, dateKey(now), 0, 1);
      }
      return { whatsappUrl };
    })
    .immediate();
}
