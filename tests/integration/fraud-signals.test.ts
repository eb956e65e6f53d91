/**
 * Fraud signals (models/ad/fraud-signals.server.ts): a paid ad priced far below its peers, or whose
 * photo is copied from another account's paid ad, waits for a person (pending, out of the public
 * lists) with its reasons in the admin's queue; everything else goes live. Ads are paid through
 * POST /api/payments/create (the local gateway approves a card at once); photos are sent through
 * POST /api/ads, so they are hashed where every photo is stored.
 * Copies edited to look different (mirrored, rotated, cropped, framed) and the demo pictures: photo-copies.test.ts.
 */
import { eq, isNull, notInArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { adImages, ads, subcategories } from "~/db/schema";
import type { AdStatus, AdType } from "~/models/ad/ad";
import { COPIED_PHOTO_MAX_DISTANCE, FRAUD_REASONS, PHOTO_HASH_BANDS, type FraudSignal } from "~/models/ad/fraud-signals";
import { backfillPhotoHashes } from "~/models/ad/fraud-signals.server";
import { approveAd } from "~/models/moderation/moderation-queue.server";
import { settleReceipts } from "~/models/payment/confirmation.server";
import { loader as queueLoader } from "~/routes/admin.moderation";
import { action as createAdApi } from "~/routes/api.ads";
import { action as createPayment } from "~/routes/api.payments.create";
import { hashDistance, parseHash } from "~/services/photo-hash.server";
import { adRow, bearer, browser, carFields, createUser, imagesOf, multipart, upload, type TestUser } from "../support/ad-fixtures";
import { createPendingAd, customerInfo, goodCard, jsonPost } from "../support/payments";
import { callRoute } from "../support/route";
import { blocksPhoto } from "../support/synthetic-photo";

let admin: TestUser;
let peerOwner: TestUser;

beforeAll(async () => {
  admin = await createUser({ name: "Admin", isAdmin: true });
  peerOwner = await createUser({ name: "Dono dos outros anúncios" });
});

afterAll(settleReceipts);

/** Pays the ad by card (the local gateway approves at once): what activates it, through the payment's own path. */
async function pay(user: TestUser, adId: number) {
  const response = await callRoute(createPayment, "/api/payments/create", jsonPost({ adId, paymentMethod: "CREDIT_CARD", customerInfo, creditCard: goodCard }, bearer(user)));
  expect(response.status).toBe(201);
  return adRow(adId)!;
}

async function queue() {
  const response = await callRoute(queueLoader, "/admin/moderation", { init: { headers: browser(admin) } });
  return ((await response.json()) as { items: { id: number; fraudSignals: FraudSignal[] }[] }).items;
}

// ------------------------------------------------------------------------------------------------
// Price outliers
// ------------------------------------------------------------------------------------------------

/** A subcategory without any ad yet, so each test sets its own peers. */
function freshSubcategory() {
  const used = db.select({ id: ads.subcategoryId }).from(ads).where(sql`${ads.subcategoryId} is not null`).all().map((row) => row.id!);
  return db.select({ id: subcategories.id, categoryId: subcategories.categoryId }).from(subcategories).where(notInArray(subcategories.id, used)).get()!;
}

type Sub = ReturnType<typeof freshSubcategory>;

/** A live ad of another account in `sub`. */
function peer(sub: Sub, priceCents: number | null, { adType = "Vender" as AdType, status = "active" as AdStatus, days = 10 } = {}) {
  const ad = createPendingAd(peerOwner.id, { days });
  db.update(ads).set({ status, categoryId: sub.categoryId, subcategoryId: sub.id, adType, priceCents }).where(eq(ads.id, ad.id)).run();
}

/** An ad of a new seller in `sub`, waiting for payment. */
async function sellerAd(sub: Sub, priceCents: number | null, adType: AdType = "Vender") {
  const seller = await createUser({ name: "Vendedor" });
  const ad = createPendingAd(seller.id);
  db.update(ads).set({ categoryId: sub.categoryId, subcategoryId: sub.id, adType, priceCents }).where(eq(ads.id, ad.id)).run();
  return { seller, adId: ad.id };
}

const HUNDRED_REAIS = 10_000;

describe("price outliers", () => {
  it("with four priced peers there is no median to trust: a bait price goes live", async () => {
    const sub = freshSubcategory();
    for (let n = 0; n < 4; n++) peer(sub, HUNDRED_REAIS);
    const { seller, adId } = await sellerAd(sub, 500);
    expect((await pay(seller, adId)).status).toBe("active");
  });

  it("with five, an ad under 20 % of their median waits for a person with the reason, out of the public lists", async () => {
    const sub = freshSubcategory();
    for (const price of [8_000, 9_000, HUNDRED_REAIS, 11_000, 500_000]) peer(sub, price);
    const { seller, adId } = await sellerAd(sub, 1_999);
    const paid = await pay(seller, adId);
    expect(paid.status).toBe("pending");
    expect(paid.fraudSignals).toEqual([{ kind: "price_outlier", reason: FRAUD_REASONS.priceOutlier, priceCents: 1_999, medianCents: HUNDRED_REAIS, peers: 5 }]);
    expect((await queue()).find((item) => item.id === adId)?.fraudSignals).toEqual(paid.fraudSignals);
  });

  it("an admin's approval holds when the ad is paid again: the same price is not held twice, a lower one is", async () => {
    const sub = freshSubcategory();
    for (let n = 0; n < 5; n++) peer(sub, HUNDRED_REAIS);
    const { seller, adId } = await sellerAd(sub, 1_000);
    expect((await pay(seller, adId)).status).toBe("pending");
    expect(approveAd({ adId, adminId: admin.id })).toMatchObject({ ok: true, status: "active" });

    // Back to waiting for payment (a cash receipt undone, say) and paid again, with the price the admin saw.
    db.update(ads).set({ status: "pending_payment" }).where(eq(ads.id, adId)).run();
    expect((await pay(seller, adId)).status).toBe("active");

    // The bait made worse after the approval is a new signal: it waits for a person again.
    db.update(ads).set({ status: "pending_payment", priceCents: 900 }).where(eq(ads.id, adId)).run();
    const held = await pay(seller, adId);
    expect(held.status).toBe("pending");
    expect(held.fraudSignals).toEqual([{ kind: "price_outlier", reason: FRAUD_REASONS.priceOutlier, priceCents: 900, medianCents: HUNDRED_REAIS, peers: 5 }]);
  });

  it("takes the mean of the two middle prices of an even count", async () => {
    const sub = freshSubcategory();
    for (const price of [8_000, 9_000, 11_000, 12_000, 13_000, 14_000]) peer(sub, price);
    const { seller, adId } = await sellerAd(sub, 2_000);
    expect((await pay(seller, adId)).fraudSignals).toMatchObject([{ kind: "price_outlier", medianCents: 11_500, peers: 6 }]);
  });

  it("at 20 % of the median, or above, the ad goes live", async () => {
    const sub = freshSubcategory();
    for (let n = 0; n < 5; n++) peer(sub, HUNDRED_REAIS);
    const atTheLimit = await sellerAd(sub, 2_000);
    expect((await pay(atTheLimit.seller, atTheLimit.adId)).status).toBe("active");
    const fair = await sellerAd(sub, 9_500);
    expect(await pay(fair.seller, fair.adId)).toMatchObject({ status: "active", fraudSignals: null });
  });

  it("counts only active, unexpired, priced ads of the same type: other types, paused, expired and 'A combinar' ones are not peers", async () => {
    const sub = freshSubcategory();
    for (let n = 0; n < 4; n++) peer(sub, HUNDRED_REAIS);
    for (let n = 0; n < 5; n++) peer(sub, HUNDRED_REAIS, { adType: "Comprar" });
    peer(sub, HUNDRED_REAIS, { status: "paused" });
    peer(sub, HUNDRED_REAIS, { days: -1 });
    peer(sub, null);
    const { seller, adId } = await sellerAd(sub, 500);
    expect((await pay(seller, adId)).status).toBe("active");
    // The 'Comprar' ads are five: a 'Comprar' ad far below them does wait.
    const buyer = await sellerAd(sub, 500, "Comprar");
    expect((await pay(buyer.seller, buyer.adId)).status).toBe("pending");
  });

  it("never flags an ad 'A combinar'", async () => {
    const sub = freshSubcategory();
    for (let n = 0; n < 5; n++) peer(sub, HUNDRED_REAIS);
    const { seller, adId } = await sellerAd(sub, null);
    expect((await pay(seller, adId)).status).toBe("active");
  });
});

// ------------------------------------------------------------------------------------------------
// Copied photos
// ------------------------------------------------------------------------------------------------

/** What a thief does with a stolen photo: saved smaller, recompressed. */
const resavedCopy = (bytes: Buffer) => sharp(bytes).resize(900).jpeg({ quality: 60 }).toBuffer();

async function adWithPhoto(owner: TestUser, bytes: Buffer, { paid = true } = {}) {
  // No price: the photo, not the price, is what these ads are judged on.
  const fields = carFields({ price: undefined });
  const response = await callRoute(createAdApi, "/api/ads", { init: { method: "POST", headers: bearer(owner), body: multipart(fields, [upload(bytes)]) } });
  const body = (await response.json()) as { id: number; message?: string };
  expect([response.status, body.message]).toEqual([201, undefined]);
  const { id } = body;
  return paid ? pay(owner, id) : adRow(id)!;
}

describe("copied photos", () => {
  it("hashes every photo as it is stored", async () => {
    const owner = await createUser();
    const ad = await adWithPhoto(owner, await blocksPhoto(1), { paid: false });
    expect(imagesOf(ad.id)[0]!.phash).toMatch(/^[0-9a-f]{16}$/);
  });

  it("the same account may use its photo again; another account's resized, recompressed copy waits for a person, linked to the original", async () => {
    const original = await blocksPhoto(2);
    const owner = await createUser({ name: "Dona da foto" });
    const first = await adWithPhoto(owner, original);
    expect(first).toMatchObject({ status: "active", fraudSignals: null });
    expect((await adWithPhoto(owner, original)).status).toBe("active");

    const thief = await createUser({ name: "Golpista" });
    const copy = await adWithPhoto(thief, await resavedCopy(original));
    expect(copy.status).toBe("pending");
    const [signal, ...more] = copy.fraudSignals ?? [];
    expect(signal).toMatchObject({ kind: "copied_photo", reason: FRAUD_REASONS.copiedPhoto, otherAdId: first.id });
    expect(more.map((s) => s.kind)).toEqual(["copied_photo"]); // the owner's second ad with it, linked too
    expect((signal as { distance: number }).distance).toBeLessThanOrEqual(COPIED_PHOTO_MAX_DISTANCE);
    expect((await queue()).find((item) => item.id === copy.id)?.fraudSignals[0]).toMatchObject({ otherAdId: first.id });
  });

  it("a different photo goes live", async () => {
    const owner = await createUser();
    await adWithPhoto(owner, await blocksPhoto(3));
    const someoneElse = await createUser();
    expect((await adWithPhoto(someoneElse, await blocksPhoto(4))).status).toBe("active");
  });

  it("a copy in someone's unpaid ad does not send the photo's owner to the queue", async () => {
    const original = await blocksPhoto(5);
    const griefer = await createUser({ name: "Concorrente" });
    await adWithPhoto(griefer, await resavedCopy(original), { paid: false });
    const owner = await createUser({ name: "Dono da foto" });
    expect((await adWithPhoto(owner, original)).status).toBe("active");
  });

  it("finds a photo exactly the limit away whose bits differ in every band, and not one bit further", async () => {
    const owner = await createUser({ name: "Dona do original" });
    const original = await adWithPhoto(owner, await blocksPhoto(7));
    const originalHash = imagesOf(original.id)[0]!.phash!;
    /** The hash with the lowest bit of each listed hex digit flipped. */
    const flip = (hex: string, digits: number[]) =>
      [...hex].map((digit, i) => (parseInt(digit, 16) ^ (digits.filter((d) => d === i).length % 2)).toString(16)).join("");
    const bandDigit = (band: number, nth: number) => PHOTO_HASH_BANDS[band]![0] - 1 + nth;
    // Six bits, 2 + 2 + 1 + 1 over the four bands: no band is equal, the last two are within the radius.
    const atTheLimit = flip(originalHash, [bandDigit(0, 0), bandDigit(0, 1), bandDigit(1, 0), bandDigit(1, 1), bandDigit(2, 0), bandDigit(3, 0)]);
    expect(hashDistance(parseHash(atTheLimit)!, parseHash(originalHash)!)).toBe(COPIED_PHOTO_MAX_DISTANCE);
    const copier = async (phash: string) => {
      const seller = await createUser({ name: "Copiador" });
      const ad = await adWithPhoto(seller, await blocksPhoto(8), { paid: false });
      db.update(adImages).set({ phash }).where(eq(adImages.adId, ad.id)).run();
      return pay(seller, ad.id);
    };
    const near = await copier(atTheLimit);
    expect(near.status).toBe("pending");
    expect(near.fraudSignals?.[0]).toMatchObject({ otherAdId: original.id, distance: COPIED_PHOTO_MAX_DISTANCE });
    // A seventh bit: over the limit.
    const far = await copier(flip(atTheLimit, [bandDigit(3, 1)]));
    expect(far.fraudSignals ?? []).not.toContainEqual(expect.objectContaining({ otherAdId: original.id }));
  });

  it("hashes, in the background, photos stored before hashes existed, and the views of those stored before views existed", async () => {
    const owner = await createUser();
    const ad = await adWithPhoto(owner, await blocksPhoto(6), { paid: false });
    const older = await adWithPhoto(owner, await blocksPhoto(9), { paid: false });
    const [image] = imagesOf(ad.id);
    const [olderImage] = imagesOf(older.id);
    db.update(adImages).set({ phash: null, phashVariants: null }).where(eq(adImages.id, image!.id)).run();
    db.update(adImages).set({ phashVariants: null }).where(eq(adImages.id, olderImage!.id)).run();
    expect(await backfillPhotoHashes()).toBeGreaterThanOrEqual(2);
    expect(imagesOf(ad.id)[0]).toMatchObject({ phash: image!.phash, phashVariants: image!.phashVariants });
    expect(imagesOf(older.id)[0]).toMatchObject({ phash: olderImage!.phash, phashVariants: olderImage!.phashVariants });
    expect(db.select().from(adImages).where(isNull(adImages.phashVariants)).all()).toEqual([]);
  });
});
