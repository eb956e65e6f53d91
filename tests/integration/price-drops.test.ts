/**
 * Issue #36, item 4: a price drop that reaches people. The rule (at least 5 % below the LOWEST price of
 * the last 7 days, so a raise then a cut is no drop; shown for 7 days; a raise ends it), what the public
 * sees (`previousPrice` in the JSON and the cards), and the e-mails to the people who saved the ad (never
 * the owner, never for an ad that is not public, waiting for a person when the cut sent the ad to the
 * fraud queue, once per ad and day, one-click unsubscribe, the /conta switch).
 */
import path from "node:path";
import { eq, notInArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { adPriceChanges, ads, favourites, priceDropMails, subcategories, users } from "~/db/schema";
import { getEnv } from "~/env.server";
import { adEditSchema } from "~/models/ad/ad-edit";
import { updateAd } from "~/models/ad/edit.server";
import { isPriceDrop, priceDropEnds, shownPreviousPriceCents, sweepPriceDropHistory } from "~/models/ad/price-drop.server";
import { priceDropUnsubscribeUrl, sendPriceDropMails } from "~/models/favourite/price-drop-mail.server";
import { approveAd } from "~/models/moderation/moderation-queue.server";
import { getAdForApi } from "~/models/ad/detail.server";
import { listPublicAds, listPublicCards } from "~/models/listing/listing.server";
import { publicAdsQuerySchema, toPublicAdsFilter } from "~/models/listing/listing-query.server";
import * as unsubscribe from "~/routes/avisos-de-preco.cancelar.$token";
import { action as contaAction, loader as contaLoader } from "~/routes/conta";
import { createUser, type TestUser } from "../support/ad-fixtures";
import { page } from "../support/admin";
import { adNow, insertAd } from "../support/manage";
import { readOutbox, type OutboxMail } from "../support/outbox";
import { callRoute } from "../support/route";

const DAY_MS = 86_400_000;
const daysAfter = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

function mailsTo(email: string): OutboxMail[] {
  return readOutbox(path.join(getEnv().DATA_DIR, "outbox")).filter((mail) => mail.headers.includes(`To: ${email}`) && mail.body.includes("salvou baixou de preço"));
}

/** The owner's edit of `adId` to `price` ("1140.00") at `now`, everything else as it is. */
async function setPrice(owner: { id: number; isAdmin?: boolean }, adId: number, price: string, now: Date = new Date()) {
  const ad = adNow(adId)!;
  const input = adEditSchema.parse({
    adType: ad.adType,
    categoryId: String(ad.categoryId),
    subcategoryId: ad.subcategoryId ? String(ad.subcategoryId) : "",
    title: ad.title,
    description: ad.description,
    price,
    whatsapp: ad.whatsapp ?? "",
    status: ad.status === "pending" ? undefined : ad.status,
  });
  const result = await updateAd(adId, { id: owner.id, isAdmin: owner.isAdmin ?? false }, input, now);
  if (!result.ok) throw new Error(`edit refused: ${result.message}`);
  return result;
}

/** A seller's live ad at R$ 1.200,00 (the fixture's price), created `createdDaysAgo` days before `now`. */
async function liveAd(now = new Date()) {
  const seller = await createUser({ name: "Vendedora" });
  const ad = await insertAd(seller.id, { status: "active", createdDaysAgo: 10, lastDayInDays: 30, now });
  return { seller, ad };
}

const save = (userId: number, adId: number) => db.insert(favourites).values({ userId, adId }).run();

describe("when a cut is a drop", () => {
  it("counts at least 5 % below the lowest price, never less", async () => {
    expect(isPriceDrop(95_00, 100_00)).toBe(true);
    expect(isPriceDrop(95_01, 100_00)).toBe(false);

    const almost = await liveAd();
    expect((await setPrice(almost.seller, almost.ad.id, "1141.00")).priceDropped).toBe(false);
    expect(getAdForApi(almost.ad.id, null)!.previousPrice).toBeUndefined();

    const enough = await liveAd();
    expect((await setPrice(enough.seller, enough.ad.id, "1140.00")).priceDropped).toBe(true);
    const shown = getAdForApi(enough.ad.id, null)!;
    expect([shown.price, shown.previousPrice]).toEqual(["1140.00", "1200.00"]);
    const filter = toPublicAdsFilter(publicAdsQuerySchema.parse({ search: enough.ad.title.split(" ").at(-1) }));
    expect(listPublicCards(filter).ads.find((c) => c.id === enough.ad.id)?.previousPrice).toBe("1200.00");
    expect(listPublicAds(filter).ads.find((c) => c.id === enough.ad.id)?.previousPrice).toBe("1200.00");
  });

  it("compares with the lowest price of the last 7 days: a raise then a cut is no drop from the raised price", async () => {
    const now = new Date();
    const { seller, ad } = await liveAd(now);
    await setPrice(seller, ad.id, "1800.00", daysAfter(now, -2));
    // Back to R$ 1.200,00, and even R$ 1.150,00 (4 % below it): nothing to show.
    expect((await setPrice(seller, ad.id, "1200.00", daysAfter(now, -1))).priceDropped).toBe(false);
    expect((await setPrice(seller, ad.id, "1150.00", now)).priceDropped).toBe(false);
    expect(getAdForApi(ad.id, null)!.previousPrice).toBeUndefined();
    // 5 % below the lowest (R$ 1.150,00): a drop from that one, not from R$ 1.800,00.
    expect((await setPrice(seller, ad.id, "1090.00", now)).priceDropped).toBe(true);
    expect(getAdForApi(ad.id, null)!.previousPrice).toBe("1150.00");
  });

  it("forgets prices older than 7 days", async () => {
    const now = new Date();
    const { seller, ad } = await liveAd(now);
    await setPrice(seller, ad.id, "1000.00", daysAfter(now, -9));
    await setPrice(seller, ad.id, "1500.00", daysAfter(now, -8));
    // R$ 1.000,00 ended 8 days ago: the lowest of the last 7 days is R$ 1.500,00.
    expect((await setPrice(seller, ad.id, "1400.00", now)).priceDropped).toBe(true);
    expect(adNow(ad.id)!.previousPriceCents).toBe(150_000);
    // The daily job forgets the changes older than the window, the rule's answer stays the same.
    const changes = () => db.select().from(adPriceChanges).where(eq(adPriceChanges.adId, ad.id)).all().length;
    expect(changes()).toBe(3);
    sweepPriceDropHistory(now);
    expect(changes()).toBe(1);
  });

  it("shows for 7 days, and a raise ends it", async () => {
    const { seller, ad } = await liveAd();
    await setPrice(seller, ad.id, "1000.00");
    const row = adNow(ad.id)!;
    expect(shownPreviousPriceCents(row, daysAfter(row.priceDroppedAt!, 7))).toBe(120_000);
    expect(shownPreviousPriceCents(row, priceDropEnds(row.priceDroppedAt!))).toBeNull();
    expect(priceDropEnds(row.priceDroppedAt!).getTime()).toBeLessThanOrEqual(daysAfter(row.priceDroppedAt!, 8).getTime());

    await setPrice(seller, ad.id, "1050.00");
    expect(adNow(ad.id)).toMatchObject({ previousPriceCents: null, priceDroppedAt: null });
    expect(getAdForApi(ad.id, null)!.previousPrice).toBeUndefined();
  });

  it("is only the owner's cut: an admin's cut shows nothing", async () => {
    const seller = await createUser();
    const admin = await createUser({ name: "Admin", isAdmin: true });
    const live = await insertAd(seller.id, { status: "active", createdDaysAgo: 3 });
    expect((await setPrice({ id: admin.id, isAdmin: true }, live.id, "600.00")).priceDropped).toBe(false);
    expect(adNow(live.id)!.previousPriceCents).toBeNull();
  });
});

describe("the e-mails to the people who saved the ad", () => {
  it("reach signed-in savers with the switch on, never the owner, once per ad and day, with a one-click unsubscribe", async () => {
    const { seller, ad } = await liveAd();
    const saver = await createUser({ name: "Bia Compradora" });
    const quiet = await createUser({ name: "Sem Avisos" });
    db.update(users).set({ priceDropAlerts: false }).where(eq(users.id, quiet.id)).run();
    for (const user of [saver, quiet, seller]) save(user.id, ad.id);

    await setPrice(seller, ad.id, "1000.00");
    await sendPriceDropMails();
    const mails = mailsTo(saver.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.headers).toMatch(/Subject: =\?UTF-8\?Q\?Baixou_o_pre=C3=A7o=3A_Mesa_de_jantar/);
    expect(mail.body).toContain(ad.title);
    expect(mail.body).toContain("De R$\u00a01.200,00 por R$\u00a01.000,00");
    expect(mail.body).toContain(`/anuncio/${ad.id}-`);
    expect(mail.headers).toContain(`List-Unsubscribe: <${priceDropUnsubscribeUrl(saver.id)}>`);
    expect(mail.headers).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(mailsTo(quiet.email)).toHaveLength(0);
    expect(mailsTo(seller.email)).toHaveLength(0);

    // Another pass, and another drop the same day: nothing more today.
    await sendPriceDropMails();
    await setPrice(seller, ad.id, "900.00");
    await sendPriceDropMails();
    expect(mailsTo(saver.email)).toHaveLength(1);
    // The next day the newer drop is told, once.
    await sendPriceDropMails(daysAfter(new Date(), 1));
    await sendPriceDropMails(daysAfter(new Date(), 1));
    const next = mailsTo(saver.email);
    expect(next).toHaveLength(2);
    expect(next[1]!.body).toContain("De R$\u00a01.000,00 por R$\u00a0900,00");
  });

  it("never go for an ad that is not public", async () => {
    const { seller, ad } = await liveAd();
    const saver = await createUser();
    save(saver.id, ad.id);
    await setPrice(seller, ad.id, "1000.00");
    db.update(ads).set({ status: "paused" }).where(eq(ads.id, ad.id)).run();
    await sendPriceDropMails();
    expect(mailsTo(saver.email)).toHaveLength(0);
    expect(db.select().from(priceDropMails).where(eq(priceDropMails.adId, ad.id)).all()).toHaveLength(0);
  });

  it("wait, when the cut sent the ad to the fraud queue, until a person approves it", async () => {
    // A subcategory no ad uses, with five peers around R$ 1.000,00: R$ 150,00 is a bait price (ADR 020).
    const used = db.select({ id: ads.subcategoryId }).from(ads).where(sql`${ads.subcategoryId} is not null`).all().map((row) => row.id!);
    const sub = db.select({ id: subcategories.id, categoryId: subcategories.categoryId }).from(subcategories).where(notInArray(subcategories.id, used)).get()!;
    const peerOwner = await createUser();
    for (const price of [80_000, 90_000, 100_000, 110_000, 120_000]) {
      const peer = await insertAd(peerOwner.id, { status: "active", createdDaysAgo: 3 });
      db.update(ads).set({ categoryId: sub.categoryId, subcategoryId: sub.id, priceCents: price }).where(eq(ads.id, peer.id)).run();
    }
    const { seller, ad } = await liveAd();
    db.update(ads).set({ categoryId: sub.categoryId, subcategoryId: sub.id, priceCents: 30_000 }).where(eq(ads.id, ad.id)).run();
    const saver = await createUser();
    save(saver.id, ad.id);

    const cut = await setPrice(seller, ad.id, "150.00");
    expect([cut.status, cut.priceDropped]).toEqual(["pending", true]);
    await sendPriceDropMails();
    expect(mailsTo(saver.email)).toHaveLength(0);

    const admin = await createUser({ isAdmin: true });
    expect(approveAd({ adId: ad.id, adminId: admin.id }).ok).toBe(true);
    await sendPriceDropMails();
    expect(mailsTo(saver.email).map((mail) => mail.body.includes("De R$\u00a0300,00 por R$\u00a0150,00"))).toEqual([true]);
  });
});

describe("stopping them", () => {
  const unsubscribePost = (token: string) =>
    callRoute(unsubscribe.action, `/avisos-de-preco/cancelar/${token}`, {
      params: { token },
      init: { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" },
    });

  it("one click turns them off without a session; a GET or a forged token changes nothing", async () => {
    const user = await createUser();
    const token = priceDropUnsubscribeUrl(user.id).split("/").at(-1)!;
    const alertsOf = () => db.select({ on: users.priceDropAlerts }).from(users).where(eq(users.id, user.id)).get()!.on;

    expect((await callRoute(unsubscribe.loader, `/avisos-de-preco/cancelar/${token}`, { params: { token } })).status).toBe(200);
    expect(alertsOf()).toBe(true);
    const forged = `${user.id}.${"A".repeat(43)}`;
    expect((await unsubscribePost(forged)).status).toBe(404);
    expect((await callRoute(unsubscribe.loader, `/avisos-de-preco/cancelar/${forged}`, { params: { token: forged } })).status).toBe(404);
    expect(alertsOf()).toBe(true);
    // A saved search's token is no price-drop token.
    const { unsubscribeToken } = await import("~/models/saved-search/saved-searches.server");
    expect((await unsubscribePost(unsubscribeToken(user.id))).status).toBe(404);

    expect((await unsubscribePost(token)).status).toBe(200);
    expect(alertsOf()).toBe(false);
  });

  it("/conta shows the switch and turns it either way, for the signed-in user only", async () => {
    const user: TestUser = await createUser();
    const state = async () => ((await (await callRoute(contaLoader, "/conta", page(user))).json()) as { priceDropAlerts: boolean }).priceDropAlerts;
    expect(await state()).toBe(true);
    const off = await callRoute(contaAction, "/conta", page(user, { intent: "price-drop-alerts", on: "false" }));
    expect(off.status).toBe(302);
    expect(await state()).toBe(false);
    expect((await callRoute(contaAction, "/conta", page(user, { intent: "price-drop-alerts", on: "talvez" }))).status).toBe(400);
    await callRoute(contaAction, "/conta", page(user, { intent: "price-drop-alerts", on: "true" }));
    expect(await state()).toBe(true);
    expect((await callRoute(contaAction, "/conta", page(null, { intent: "price-drop-alerts", on: "false" }))).status).toBe(302);
    expect(await state()).toBe(true);
  });
});
