/**
 * 'Vendido' (issue #36, item 2): the owner marks an active or paused ad sold through the API and the
 * dashboard's form, answering "Vendeu pelo Classificados?" or not; someone else's ad is 404; sold wins
 * over the date and is final (no reactivation, edit or payment); a sold ad leaves the public list and
 * the sitemap, its page answers 410 without any contact, /contato 404; favourites say 'Vendido'; the
 * daily job removes it 30 days after it sold; the owner's and the admin's numbers count it.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { ads, payments } from "~/db/schema";
import { AD_STATUS_LABELS, effectiveStatus, type CardAd, type SoldAd } from "~/models/ad/ad";
import { boostedUntilByAd } from "~/models/ad/boost.server";
import { dashboardStats } from "~/models/ad/dashboard.server";
import { staleAdIds } from "~/models/ad/housekeeping.server";
import { MANAGE_MESSAGES, ownerActions } from "~/models/ad/manage";
import { favouriteCards } from "~/models/favourite/favourites.server";
import { clearPublicListingCaches, listPublicCards } from "~/models/listing/listing.server";
import { sitemapRoot } from "~/models/listing/sitemap.server";
import { getAdminReport } from "~/models/statistics/stats.server";
import { action as adApi } from "~/routes/api.ads.$id";
import { action as statusApi } from "~/routes/api.ads.$id.status";
import { loader as statsApi } from "~/routes/api.ads.stats";
import { action as createPayment } from "~/routes/api.payments.create";
import { loader as adPage } from "~/routes/anuncio.$id";
import { loader as contactPage } from "~/routes/anuncio.$id_.contato";
import { action as dashboardAction } from "~/routes/dashboard";
import { loader as soldConfirmation } from "~/routes/dashboard_.vendido.$id";
import { adPageAt, createUser, type TestUser } from "../support/ad-fixtures";
import { adNow, formPost, insertAd, json, pageHeaders } from "../support/manage";
import { customerInfo } from "../support/payments";
import { callRoute } from "../support/route";

const DAY = 86_400_000;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  [owner, other, admin] = await Promise.all([createUser({ name: "Vera Vendedora" }), createUser({ name: "Outro" }), createUser({ name: "Admin", isAdmin: true })]);
});

const putStatus = (id: number, who: TestUser | null, body: unknown) =>
  callRoute(statusApi, `/api/ads/${id}/status`, { params: { id: String(id) }, ...json("PUT", who, body) });
const markSoldByForm = (id: number, who: TestUser, soldHere?: string) =>
  callRoute(dashboardAction, "/dashboard", { ...formPost(who, { intent: "mark-sold", id: String(id), back: "/dashboard", ...(soldHere ? { soldHere } : {}) }) });
const openPage = (id: number) => callRoute(adPage, adPageAt(id).path, { params: adPageAt(id).params });

describe("marking an ad sold", () => {
  it("the owner marks an active ad sold through the API, with the answer to 'Vendeu pelo Classificados?'", async () => {
    const ad = await insertAd(owner.id, { status: "active", createdDaysAgo: 3 });
    const response = await putStatus(ad.id, owner, { status: "sold", soldHere: true });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: ad.id, status: "sold" });
    const row = adNow(ad.id)!;
    expect(row.status).toBe("sold");
    expect(row.soldHere).toBe(true);
    expect(row.soldAt).toBeInstanceOf(Date);
  });

  it("the owner marks a paused ad sold from the dashboard's form (no JavaScript), answering no or nothing", async () => {
    const paused = await insertAd(owner.id, { status: "paused", createdDaysAgo: 3 });
    const answered = await markSoldByForm(paused.id, owner, "nao");
    expect(answered.status).toBe(302);
    expect(answered.headers.get("Location")).toBe("/dashboard");
    expect(adNow(paused.id)).toMatchObject({ status: "sold", soldHere: false });
    const active = await insertAd(owner.id, { status: "active", createdDaysAgo: 3 });
    await markSoldByForm(active.id, owner);
    expect(adNow(active.id)).toMatchObject({ status: "sold", soldHere: null });
  });

  it("someone else's ad is 404 by the API and refused by the form, and stays as it was", async () => {
    const ad = await insertAd(owner.id, { status: "active", createdDaysAgo: 3 });
    const response = await putStatus(ad.id, other, { status: "sold", soldHere: true });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { message: string }).message).toBe(MANAGE_MESSAGES.notFound);
    await markSoldByForm(ad.id, other, "sim");
    const confirmation = await callRoute(soldConfirmation, `/dashboard/vendido/${ad.id}`, { params: { id: String(ad.id) }, init: { headers: pageHeaders(other) } });
    expect(confirmation.status).toBe(404);
    // An admin does not say someone else's ad sold either.
    expect((await putStatus(ad.id, admin, { status: "sold" })).status).toBe(409);
    expect(adNow(ad.id)).toMatchObject({ status: "active", soldAt: null, soldHere: null });
  });

  it("only an active or paused ad can be sold (409); a bad answer is 400", async () => {
    const unpaid = await insertAd(owner.id, { status: "pending_payment", createdDaysAgo: 0 });
    const expired = await insertAd(owner.id, { status: "active", createdDaysAgo: 20, lastDayInDays: -2 });
    for (const ad of [unpaid, expired]) {
      const response = await putStatus(ad.id, owner, { status: "sold" });
      expect(response.status).toBe(409);
      expect(((await response.json()) as { message: string }).message).toBe(MANAGE_MESSAGES.soldOnlyLive);
    }
    const live = await insertAd(owner.id, { status: "active", createdDaysAgo: 3 });
    const bad = await putStatus(live.id, owner, { status: "sold", soldHere: "talvez" });
    expect(bad.status).toBe(400);
    expect(adNow(live.id)!.status).toBe("active");
  });
});

describe("a sold ad", () => {
  it("stays sold past its date: never expired, no 'Reativar Anúncio', counted as sold and not as expired", async () => {
    const seller = await createUser({ name: "Sara Datas" });
    const ad = await insertAd(seller.id, { status: "active", createdDaysAgo: 5, lastDayInDays: 1 });
    expect((await putStatus(ad.id, seller, { status: "sold" })).status).toBe(200);
    const later = new Date(Date.now() + 10 * DAY);
    const row = adNow(ad.id)!;
    expect(effectiveStatus(row, later)).toBe("sold");
    expect(ownerActions(row, later)).toEqual([]);
    expect(dashboardStats({ id: seller.id, isAdmin: false }, {}, later)).toMatchObject({ soldAds: 1, expiredAds: 0, activeAds: 0 });
    const stats = await callRoute(statsApi, "/api/ads/stats", { ...json("GET", seller) });
    expect(await stats.json()).toMatchObject({ totalAds: 1, soldAds: 1 });
  });

  it("cannot be reactivated, edited or paid: 409 with the reason", async () => {
    const ad = await insertAd(owner.id, { status: "paused", createdDaysAgo: 3 });
    await putStatus(ad.id, owner, { status: "sold" });
    for (const who of [owner, admin]) {
      const reactivate = await putStatus(ad.id, who, { status: "active" });
      expect(reactivate.status).toBe(409);
      expect(((await reactivate.json()) as { message: string }).message).toBe(MANAGE_MESSAGES.soldFinal);
      const edit = await callRoute(adApi, `/api/ads/${ad.id}`, { params: { id: String(ad.id) }, ...json("PUT", who, { title: "Mesa vendida de novo à venda" }) });
      expect(edit.status).toBe(409);
      expect(((await edit.json()) as { message: string }).message).toBe(MANAGE_MESSAGES.soldFinal);
    }
    const reactivateByForm = await callRoute(dashboardAction, "/dashboard", { ...formPost(owner, { intent: "reactivate", id: String(ad.id), back: "/dashboard" }) });
    expect(reactivateByForm.status).toBe(302);
    for (const purpose of [{}, { purpose: "boost", boostDays: 1 }]) {
      const pay = await callRoute(createPayment, "/api/payments/create", {
        ...json("POST", owner, { adId: ad.id, paymentMethod: "PIX", customerInfo, ...purpose }),
      });
      expect(pay.status).toBe(409);
    }
    expect(adNow(ad.id)).toMatchObject({ status: "sold", title: ad.title });
  });

  it("leaves the public list and the sitemap, and its page answers 410 with what it was, similar ads and no contact", async () => {
    const ad = await insertAd(owner.id, { status: "active", createdDaysAgo: 3, photos: 1 });
    const sibling = await insertAd(other.id, { status: "active", createdDaysAgo: 3 });
    const filter = { cityId: ad.idCity, subcategoryId: ad.subcategoryId!, page: 1, limit: 50 } as const;
    clearPublicListingCaches();
    expect(listPublicCards(filter).ads.map((card) => card.id)).toContain(ad.id);
    await putStatus(ad.id, owner, { status: "sold" });
    clearPublicListingCaches();
    expect(listPublicCards(filter).ads.map((card) => card.id)).not.toContain(ad.id);
    expect(listPublicCards({ ...filter, search: ad.title.split(" ").pop() }).ads).toHaveLength(0);
    const sitemap = await new Response(sitemapRoot("https://classificados.example")).text();
    expect(sitemap).toContain(`/anuncio/${sibling.id}-`);
    expect(sitemap).not.toContain(`/anuncio/${ad.id}-`);

    const page = await openPage(ad.id);
    expect(page.status).toBe(410);
    const text = await page.text();
    const body = JSON.parse(text) as { kind: string; sold: SoldAd; similar: CardAd[] };
    expect(body.kind).toBe("sold");
    expect(body.sold).toMatchObject({ id: ad.id, title: ad.title, price: "1200.00", status: "sold" });
    expect(body.sold.images).toHaveLength(1);
    expect(body.similar.map((card) => card.id)).toContain(sibling.id);
    expect(body.similar.map((card) => card.id)).not.toContain(ad.id);
    // Never a phone, a contact address or the description (where numbers are written) of the sold ad.
    expect(text).not.toContain("99999");
    expect(text).not.toContain(`/anuncio/${ad.id}/contato`);
    expect(text).not.toContain(ad.description);
    expect((await callRoute(contactPage, `/anuncio/${ad.id}/contato`, { params: { id: String(ad.id) } })).status).toBe(404);
    // The owner sees the same page.
    const ownView = await callRoute(adPage, adPageAt(ad.id).path, { params: adPageAt(ad.id).params, init: { headers: pageHeaders(owner) } });
    expect(ownView.status).toBe(410);
  });

  it("ends a running boost: boosts are read through the one visibility rule (ADR 037)", async () => {
    const ad = await insertAd(owner.id, { status: "active", createdDaysAgo: 3 });
    const now = Date.now();
    db.insert(payments)
      .values({ adId: ad.id, userId: owner.id, amountCents: 300, paymentMethod: "PIX", status: "received", purpose: "boost", confirmedDate: new Date(now - DAY), paysUntil: new Date(now + 3 * DAY) })
      .run();
    expect(boostedUntilByAd([ad.id]).has(ad.id)).toBe(true);
    await putStatus(ad.id, owner, { status: "sold" });
    expect(boostedUntilByAd([ad.id]).has(ad.id)).toBe(false);
  });

  it("shows as 'Vendido' among the favourites, without contact", async () => {
    const ad = await insertAd(owner.id, { status: "active", createdDaysAgo: 3 });
    const paused = await insertAd(owner.id, { status: "paused", createdDaysAgo: 3 });
    await putStatus(ad.id, owner, { status: "sold" });
    const { cards } = favouriteCards([ad.id, paused.id]);
    expect(cards.map(({ id, available, sold, whatsapp }) => ({ id, available, sold, whatsapp }))).toEqual([
      { id: ad.id, available: false, sold: true, whatsapp: null },
      { id: paused.id, available: false, sold: false, whatsapp: null },
    ]);
    expect(AD_STATUS_LABELS.sold).toBe("Vendido");
  });

  it("is removed by the daily job 30 days after it sold, not before", async () => {
    const recent = await insertAd(owner.id, { status: "active", createdDaysAgo: 40, lastDayInDays: 30 });
    const old = await insertAd(owner.id, { status: "active", createdDaysAgo: 40, lastDayInDays: 30 });
    const now = new Date();
    db.update(ads).set({ status: "sold", soldAt: new Date(now.getTime() - 29 * DAY), updatedAt: new Date(now.getTime() - 29 * DAY) }).where(eq(ads.id, recent.id)).run();
    db.update(ads).set({ status: "sold", soldAt: new Date(now.getTime() - 31 * DAY), updatedAt: new Date(now.getTime() - 31 * DAY) }).where(eq(ads.id, old.id)).run();
    const stale = staleAdIds(now);
    expect(stale).toContain(old.id);
    expect(stale).not.toContain(recent.id);
  });

  it("counts in the admin's statistics by the owner's answer", async () => {
    const before = getAdminReport().sales;
    const [yes, no, unanswered] = await Promise.all([1, 2, 3].map(() => insertAd(owner.id, { status: "active", createdDaysAgo: 3 })));
    await putStatus(yes!.id, owner, { status: "sold", soldHere: true });
    await putStatus(no!.id, owner, { status: "sold", soldHere: false });
    await putStatus(unanswered!.id, owner, { status: "sold" });
    const report = getAdminReport();
    expect(report.sales).toEqual({
      sold: before.sold + 3,
      soldHere: before.soldHere + 1,
      soldElsewhere: before.soldElsewhere + 1,
      unanswered: before.unanswered + 1,
    });
    expect(report.byStatus.find((row) => row.status === "sold")?.count).toBe(report.sales.sold);
  });
});
