/**
 * Issue #32, finding 3: the fraud signals (ADR 020) ran only at payment, so a live ad could be edited
 * past them — a bait price set after publication (PUT /api/ads/{id} with R$ 10,00 against a median of
 * R$ 1.000,00 answered 200 and stayed active), another account's photo added afterwards (POST
 * /api/ads/{id}/images → 201, made the cover, still active). A price change or a photo added to a live
 * ad now runs the same signals, through the page and the API alike: a hit sends the ad to the admin's
 * queue (pending, out of the public lists) with its reasons, and the owner is told why. Honest edits
 * leave the ad where it is.
 */
import { eq, notInArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { adImages, ads, subcategories } from "~/db/schema";
import { FRAUD_REASONS } from "~/models/ad/fraud-signals";
import { approveAd } from "~/models/moderation/moderation-queue.server";
import { settleReceipts } from "~/models/payment/confirmation.server";
import { loader as queueLoader } from "~/routes/admin.moderation";
import { action as adApi, loader as adApiGet } from "~/routes/api.ads.$id";
import { action as imagesApi } from "~/routes/api.ads.$id.images";
import { loader as publicAds } from "~/routes/api.ads.public";
import { loader as dashboardLoader } from "~/routes/dashboard";
import { action as editAction, loader as editLoader } from "~/routes/edit-ad.$id";
import { storeUploadedImage } from "~/models/ad/image-store.server";
import { imageUrl } from "~/services/images.server";
import { toastOf } from "../support/admin";
import { bearer, browser, createUser, multipart, upload, type TestUser } from "../support/ad-fixtures";
import { adNow, insertAd } from "../support/manage";
import { callRoute } from "../support/route";
import { blocksPhoto } from "../support/synthetic-photo";

let admin: TestUser;
let peerOwner: TestUser;

beforeAll(async () => {
  admin = await createUser({ name: "Admin", isAdmin: true });
  peerOwner = await createUser({ name: "Dono dos outros anúncios" });
});

afterAll(settleReceipts);

const MEDIAN_CENTS = 100_000;

/** A subcategory no ad uses yet, so each test sets its own peers. */
function freshSubcategory() {
  const used = db.select({ id: ads.subcategoryId }).from(ads).where(sql`${ads.subcategoryId} is not null`).all().map((row) => row.id!);
  return db.select({ id: subcategories.id, categoryId: subcategories.categoryId }).from(subcategories).where(notInArray(subcategories.id, used)).get()!;
}

type Sub = ReturnType<typeof freshSubcategory>;

/** Five live ads of another account around R$ 1.000,00: enough peers for a median (ADR 020). */
async function peersAround(sub: Sub) {
  for (const price of [80_000, 90_000, MEDIAN_CENTS, 110_000, 120_000]) {
    const peer = await insertAd(peerOwner.id, { status: "active", createdDaysAgo: 3 });
    db.update(ads).set({ categoryId: sub.categoryId, subcategoryId: sub.id, priceCents: price }).where(eq(ads.id, peer.id)).run();
  }
}

/** A seller's live ad in `sub`, published at R$ 210,00 (21 % of the median: no signal at payment). */
async function liveAd(sub: Sub) {
  const seller = await createUser({ name: "Vendedor" });
  const ad = await insertAd(seller.id, { status: "active", createdDaysAgo: 2 });
  db.update(ads).set({ categoryId: sub.categoryId, subcategoryId: sub.id, priceCents: 21_000 }).where(eq(ads.id, ad.id)).run();
  return { seller, ad: adNow(ad.id)! };
}

/** The edit form's fields for `ad`, with the price given as the form writes it. */
const editFields = (ad: NonNullable<ReturnType<typeof adNow>>, price: string, extra: Record<string, string> = {}) => ({
  adType: ad.adType,
  categoryId: String(ad.categoryId),
  subcategoryId: String(ad.subcategoryId),
  title: ad.title,
  description: ad.description,
  price,
  whatsapp: "",
  status: "active",
  ...extra,
});

const putAd = (user: TestUser, id: number, body: Record<string, string>) =>
  callRoute(adApi, `/api/ads/${id}`, { params: { id: String(id) }, init: { method: "PUT", headers: { ...bearer(user), "Content-Type": "application/json" }, body: JSON.stringify(body) } });

const savePage = (user: TestUser, id: number, fields: Record<string, string>) =>
  callRoute(editAction, `/edit-ad/${id}`, {
    params: { id: String(id) },
    init: { method: "POST", headers: { ...browser(user), "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ intent: "save", ...fields }).toString() },
  });

const addPhotoApi = (user: TestUser, id: number, bytes: Uint8Array) =>
  callRoute(imagesApi, `/api/ads/${id}/images`, { params: { id: String(id) }, init: { method: "POST", headers: bearer(user), body: multipart({}, [upload(bytes, { field: "image" })]) } });

const addPhotoPage = (user: TestUser, id: number, bytes: Uint8Array) =>
  callRoute(editAction, `/edit-ad/${id}`, { params: { id: String(id) }, init: { method: "POST", headers: browser(user), body: multipart({ intent: "upload-photo" }, [upload(bytes)]) } });

/** Whether the ad is in the public JSON list of its subcategory. */
async function listedPublicly(sub: Sub, adId: number) {
  const response = await callRoute(publicAds, `/api/ads/public?subcategoryId=${sub.id}&limit=50`);
  expect(response.status).toBe(200);
  return JSON.stringify(await response.json()).includes(`"id":${adId},`);
}

/** What the owner is shown about the ad: the API's ad and the dashboard's row. */
async function ownerView(owner: TestUser, adId: number) {
  const api = (await (await callRoute(adApiGet, `/api/ads/${adId}`, { params: { id: String(adId) }, init: { headers: bearer(owner) } })).json()) as { status: string; reviewReasons?: string[] };
  const dashboard = (await (await callRoute(dashboardLoader, "/dashboard", { init: { headers: browser(owner) } })).json()) as { ads: { id: number; status: string; reviewReasons?: string[] | null }[] };
  return { api, dashboard: dashboard.ads.find((row) => row.id === adId) };
}

async function queuedSignals(adId: number) {
  const response = await callRoute(queueLoader, "/admin/moderation", { init: { headers: browser(admin) } });
  return ((await response.json()) as { items: { id: number; fraudSignals: { kind: string }[] }[] }).items.find((item) => item.id === adId)?.fraudSignals ?? null;
}

/** Asserts the ad was pulled for `reason`: pending, out of the public list, in the queue, the owner told why. */
async function expectHeld(sub: Sub, owner: TestUser, adId: number, reason: string, kind: string) {
  expect(adNow(adId)!.status).toBe("pending");
  expect(await listedPublicly(sub, adId)).toBe(false);
  expect((await queuedSignals(adId))?.map((signal) => signal.kind)).toContain(kind);
  const seen = await ownerView(owner, adId);
  expect(seen.api).toMatchObject({ status: "pending", reviewReasons: [reason] });
  expect(seen.dashboard).toMatchObject({ status: "pending", reviewReasons: [reason] });
}

describe("a bait price set on a live ad", () => {
  it("through PUT /api/ads/{id}: the ad leaves the public list for the queue, and the answer says why", async () => {
    const sub = freshSubcategory();
    await peersAround(sub);
    const { seller, ad } = await liveAd(sub);
    expect(await listedPublicly(sub, ad.id)).toBe(true);

    const response = await putAd(seller, ad.id, editFields(ad, "10,00"));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "pending", reviewReasons: [FRAUD_REASONS.priceOutlier] });
    expect(adNow(ad.id)!.fraudSignals).toEqual([{ kind: "price_outlier", reason: FRAUD_REASONS.priceOutlier, priceCents: 1_000, medianCents: MEDIAN_CENTS, peers: 5 }]);
    await expectHeld(sub, seller, ad.id, FRAUD_REASONS.priceOutlier, "price_outlier");
  });

  it("through the edit page: the same hold, and the toast tells the owner why", async () => {
    const sub = freshSubcategory();
    await peersAround(sub);
    const { seller, ad } = await liveAd(sub);

    const response = await savePage(seller, ad.id, editFields(ad, "R$ 10,00"));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
    expect(await toastOf(response)).toMatchObject({ type: "warning", description: expect.stringContaining(FRAUD_REASONS.priceOutlier) });
    await expectHeld(sub, seller, ad.id, FRAUD_REASONS.priceOutlier, "price_outlier");
  });

  it("cannot be parked: a bait price saved together with 'paused' is held too, so 'Reativar' cannot publish it", async () => {
    const sub = freshSubcategory();
    await peersAround(sub);
    const { seller, ad } = await liveAd(sub);
    expect((await putAd(seller, ad.id, editFields(ad, "10,00", { status: "paused" }))).status).toBe(200);
    expect(adNow(ad.id)!.status).toBe("pending");
  });
});

describe("honest edits of a live ad stay live", () => {
  it("a price raised, or lowered within the rule's limit (20 % of the median and above), and a text change", async () => {
    const sub = freshSubcategory();
    await peersAround(sub);
    const { seller, ad } = await liveAd(sub);
    expect((await putAd(seller, ad.id, editFields(ad, "900,00"))).status).toBe(200);
    expect(adNow(ad.id)).toMatchObject({ status: "active", fraudSignals: null });
    expect((await savePage(seller, ad.id, editFields(ad, "R$ 200,00"))).headers.get("Location")).toBe("/dashboard");
    expect(adNow(ad.id)).toMatchObject({ status: "active", fraudSignals: null });
    expect((await putAd(seller, ad.id, editFields(ad, "200,00", { title: "Mesa de jantar de peroba, seis cadeiras" }))).status).toBe(200);
    expect(adNow(ad.id)!.status).toBe("active");
    expect(await listedPublicly(sub, ad.id)).toBe(true);
  });

  it("an ad an admin approved at a price stays live when its owner raises it, and is held again below it", async () => {
    const sub = freshSubcategory();
    await peersAround(sub);
    const { seller, ad } = await liveAd(sub);
    expect((await putAd(seller, ad.id, editFields(ad, "100,00"))).status).toBe(200);
    expect(adNow(ad.id)!.status).toBe("pending");
    expect(approveAd({ adId: ad.id, adminId: admin.id })).toMatchObject({ ok: true, status: "active" });
    expect((await putAd(seller, ad.id, editFields(ad, "150,00"))).status).toBe(200);
    expect(adNow(ad.id)!.status).toBe("active");
    expect((await putAd(seller, ad.id, editFields(ad, "50,00"))).status).toBe(200);
    expect(adNow(ad.id)!.status).toBe("pending");
  });

  it("an admin's own edit of a live ad is the review: it stays live", async () => {
    const sub = freshSubcategory();
    await peersAround(sub);
    const { ad } = await liveAd(sub);
    expect((await putAd(admin, ad.id, editFields(ad, "10,00"))).status).toBe(200);
    expect(adNow(ad.id)!.status).toBe("active");
  });
});

// ------------------------------------------------------------------------------------------------
// Photos
// ------------------------------------------------------------------------------------------------

/** Another account's live ad showing `bytes`, stored (and hashed) the way every photo is. */
async function victimAdWith(bytes: Buffer) {
  const ad = await insertAd(peerOwner.id, { status: "active", createdDaysAgo: 4 });
  const stored = await storeUploadedImage(bytes);
  db.insert(adImages).values({ adId: ad.id, publicId: stored.publicId, url: imageUrl(stored.publicId), width: stored.width, height: stored.height, phash: stored.phash, isPrimary: true, order: 0 }).run();
  return ad.id;
}

describe("another account's photo added to a live ad", () => {
  it("through POST /api/ads/{id}/images: 201, and the ad leaves the public list for the queue with the reason", async () => {
    const stolen = await blocksPhoto(101);
    await victimAdWith(stolen);
    const sub = freshSubcategory();
    const { seller, ad } = await liveAd(sub);

    const response = await addPhotoApi(seller, ad.id, stolen);
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ isPrimary: true, adStatus: "pending", reviewReasons: [FRAUD_REASONS.copiedPhoto] });
    await expectHeld(sub, seller, ad.id, FRAUD_REASONS.copiedPhoto, "copied_photo");
    // The edit page's photo manager uploads through this API and reloads the page: it says why too.
    const page = await callRoute(editLoader, `/edit-ad/${ad.id}`, { params: { id: String(ad.id) }, init: { headers: browser(seller) } });
    expect(await page.json()).toMatchObject({ mode: "refused", reviewReasons: [FRAUD_REASONS.copiedPhoto] });
  });

  it("through the edit page's upload (no JavaScript): the same hold, and the toast says why", async () => {
    const stolen = await blocksPhoto(102);
    await victimAdWith(stolen);
    const sub = freshSubcategory();
    const { seller, ad } = await liveAd(sub);

    const response = await addPhotoPage(seller, ad.id, stolen);
    expect(response.status).toBe(302);
    expect(await toastOf(response)).toMatchObject({ type: "warning", description: expect.stringContaining(FRAUD_REASONS.copiedPhoto) });
    await expectHeld(sub, seller, ad.id, FRAUD_REASONS.copiedPhoto, "copied_photo");
  });

  it("a photo of the seller's own, through either, leaves the ad live", async () => {
    const sub = freshSubcategory();
    const { seller, ad } = await liveAd(sub);
    const response = await addPhotoApi(seller, ad.id, await blocksPhoto(103));
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ adStatus: "active" });
    expect((await addPhotoPage(seller, ad.id, await blocksPhoto(104))).status).toBe(302);
    expect(adNow(ad.id)).toMatchObject({ status: "active", fraudSignals: null });
    expect(await listedPublicly(sub, ad.id)).toBe(true);
  });
});
