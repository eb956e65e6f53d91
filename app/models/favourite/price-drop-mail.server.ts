/**
 * "Baixou o preço": the e-mails to the people who saved an ad whose price dropped (issue #36, item 4;
 * the drop itself is the ad model's, ad/price-drop.server.ts). Sent by the alerts job every hour, and
 * started at once after an owner's cut (`announcePriceDropsInBackground`); both run the same pass:
 * - to signed-in savers (the favourites of accounts) with 'Avisos de queda de preço' on, never the owner;
 * - only while the ad is public and its drop shows: a cut that sent the ad to the admin queue waits
 *   until a person approves it (the next pass after that finds it public);
 * - at most one e-mail per ad, saver and São Paulo day, and one per drop: a row of `price_drop_mails`
 *   is claimed before the e-mail goes (two passes at once cannot both send it) and given back when
 *   sending fails (the next pass tries again);
 * - one-click unsubscribe (RFC 8058) as the search alerts: a signed link that turns the switch off.
 */
import { and, eq, gt, gte, ne, notExists, or, sql } from "drizzle-orm";
import { z } from "zod";
import { db, writeTransaction } from "~/db/client.server";
import { ads, favourites, priceDropMails, users } from "~/db/schema";
import { getEnv } from "~/env.server";
import { formatBRL } from "~/lib/brl";
import { todayKey } from "~/lib/dates";
import { adPath } from "~/models/ad/ad";
import { oldestShownDrop, shownPreviousPriceCents } from "~/models/ad/price-drop.server";
import { publiclyVisible } from "~/models/ad/visibility.server";
import { sendMail } from "~/models/mail/mailer.server";
import { idOfSignedToken, signedIdToken } from "~/services/signed-id.server";

const UNSUBSCRIBE_PURPOSE = "price-drop-unsubscribe";

/** The unsubscribe address of a user's price-drop e-mails (their link and List-Unsubscribe). */
export function priceDropUnsubscribeUrl(userId: number) {
  return `${getEnv().publicOrigin}/avisos-de-preco/cancelar/${signedIdToken(getEnv().SESSION_SECRET, UNSUBSCRIBE_PURPOSE, userId)}`;
}

/** The user a genuine unsubscribe token names, or null when the server did not make it. */
export const userIdOfPriceDropToken = (token: string) => idOfSignedToken(getEnv().SESSION_SECRET, UNSUBSCRIBE_PURPOSE, token);

type DueMail = {
  adId: number;
  title: string;
  priceCents: number | null;
  previousPriceCents: number | null;
  priceDroppedAt: Date | null;
  userId: number;
  email: string;
  fullName: string | null;
  username: string;
};

/** Every (drop, saver) owed an e-mail at `now`: public ads cut lately, savers not yet told of this drop nor mailed about the ad today. */
function dueMails(now: Date, today: string): DueMail[] {
  const told = db
    .select({ one: sql`1` })
    .from(priceDropMails)
    .where(
      and(
        eq(priceDropMails.adId, ads.id),
        eq(priceDropMails.userId, users.id),
        or(eq(priceDropMails.day, today), gte(priceDropMails.sentAt, ads.priceDroppedAt)),
      ),
    );
  return db
    .select({
      adId: ads.id,
      title: ads.title,
      priceCents: ads.priceCents,
      previousPriceCents: ads.previousPriceCents,
      priceDroppedAt: ads.priceDroppedAt,
      userId: users.id,
      email: users.email,
      fullName: users.fullName,
      username: users.username,
    })
    .from(ads)
    .innerJoin(favourites, eq(favourites.adId, ads.id))
    .innerJoin(users, eq(users.id, favourites.userId))
    .where(
      and(
        gt(ads.priceDroppedAt, oldestShownDrop(now)),
        publiclyVisible(now),
        ne(users.id, ads.userId),
        eq(users.priceDropAlerts, true),
        ne(users.provider, "system"),
        notExists(told),
      ),
    )
    .orderBy(ads.id, users.id)
    .all()
    .filter((row) => shownPreviousPriceCents(row, now) !== null);
}

function priceDropMail(row: DueMail, previousCents: number) {
  const origin = getEnv().publicOrigin;
  const unsubscribe = priceDropUnsubscribeUrl(row.userId);
  return {
    to: row.email,
    subject: `Baixou o preço: ${row.title}`.slice(0, 150),
    text:
      `Olá, ${row.fullName || row.username}!\n\n` +
      `Um anúncio que você salvou baixou de preço:\n\n${row.title}\nDe ${formatBRL(previousCents)} por ${formatBRL(row.priceCents)}\n${origin}${adPath({ id: row.adId, title: row.title })}\n\n` +
      `Você recebe este e-mail (no máximo um por anúncio e por dia) porque salvou este anúncio nos seus favoritos em Classificados Patos.\n` +
      `Para não receber mais avisos de queda de preço:\n${unsubscribe}\n`,
    // RFC 8058: a mail client may POST `List-Unsubscribe=One-Click` to that address, without a session.
    headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

export type PriceDropMailReport = { mailed: number; failed: number };

/** One pass: every e-mail owed now, each claimed before it goes. Never throws for one e-mail. */
export async function sendPriceDropMails(now: Date = new Date()): Promise<PriceDropMailReport> {
  const today = todayKey(now);
  const report: PriceDropMailReport = { mailed: 0, failed: 0 };
  for (const row of dueMails(now, today)) {
    const claimed = writeTransaction(
      (tx) => tx.insert(priceDropMails).values({ adId: row.adId, userId: row.userId, day: today, sentAt: now }).onConflictDoNothing().run().changes > 0,
    );
    // Another pass took it meanwhile.
    if (!claimed) continue;
    try {
      await sendMail(priceDropMail(row, shownPreviousPriceCents(row, now)!));
      report.mailed++;
    } catch (error) {
      report.failed++;
      console.error(`[alerts] price-drop e-mail of ad ${row.adId} to user ${row.userId} failed:`, error);
      // Given back: the next pass tries again.
      writeTransaction((tx) =>
        tx.delete(priceDropMails).where(and(eq(priceDropMails.adId, row.adId), eq(priceDropMails.userId, row.userId), eq(priceDropMails.day, today))).run(),
      );
    }
  }
  return report;
}

/** After an owner's cut or an admin's approval: the pass now, without holding up the answer (the hourly job is the backstop). */
export function announcePriceDropsInBackground() {
  sendPriceDropMails().catch((error) => console.error("[alerts] price-drop e-mails failed:", error));
}

/** Turns a user's price-drop e-mails on or off ('Avisos de queda de preço' in /conta, and the e-mails' unsubscribe). */
export function setPriceDropAlerts(userId: number, on: boolean): boolean {
  return writeTransaction((tx) => tx.update(users).set({ priceDropAlerts: on }).where(eq(users.id, userId)).run().changes > 0);
}

/** Whether a user gets price-drop e-mails. */
export function priceDropAlertsOn(userId: number): boolean {
  return db.select({ on: users.priceDropAlerts }).from(users).where(eq(users.id, userId)).get()?.on ?? false;
}

/** /conta's 'Avisos de queda de preço' switch: the state it asks for. */
export const priceDropSwitchSchema = z.object({ on: z.enum(["true", "false"], { message: "Escolha ativar ou desativar os avisos." }).transform((on) => on === "true") });

/**
 * The e-mails' unsubscribe (its page's button, and a mail client's one-click POST): turns off the
 * alerts of the user a genuine token names. False for a token the server did not make.
 */
export function unsubscribeFromPriceDrops(token: string): boolean {
  const userId = userIdOfPriceDropToken(token);
  if (userId === null) return false;
  setPriceDropAlerts(userId, false);
  return true;
}
