/**
 * Issue #32, finding 5: the copied-photo check (ADR 020) held resized, recompressed, recoloured and
 * greyscale copies, but a copy mirrored, rotated 3°, cropped 8 % a side or given a 60 px border passed.
 * Each copy here is made with sharp as a thief would, stored the way every photo is, and checked as a
 * payment checks an ad (`fraudSignalsFor`); and the demo pictures, all distinct, must not look copied
 * from one another by the same rule.
 *
 * A copy turned 4°, or turned and cut back to its old size (as a phone's straighten tool does), is
 * looked for too: before the turned views turned the picture in its own proportions, half the 5°
 * copies of 60 pictures sat on the limit or past it.
 */
import { eq } from "drizzle-orm";
import sharp, { type Sharp } from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { db, sqlite } from "~/db/client.server";
import { adImages, ads, users } from "~/db/schema";
import { DEMO_SELLER } from "~/db/seed-data";
import { renderDemoImage } from "~/db/demo-images.server";
import fs from "node:fs";
import { backfillPhotoHashes, copyDistance, fraudSignalsFor } from "~/models/ad/fraud-signals.server";
import { storeUploadedImage } from "~/models/ad/image-store.server";
import { imageUrl } from "~/services/images.server";
import { parsePhotoHashes, PHOTO_VARIANTS_LENGTH } from "~/services/photo-hash.server";
import { createUser, type TestUser } from "../support/ad-fixtures";
import { insertAd } from "../support/manage";
import { blocksPhoto } from "../support/synthetic-photo";

let owner: TestUser;
let thief: TestUser;

beforeAll(async () => {
  owner = await createUser({ name: "Dona das fotos" });
  thief = await createUser({ name: "Golpista" });
});

const resaved = (image: Sharp) => image.jpeg({ quality: 80 }).toBuffer();

async function cropped(bytes: Buffer, share: number) {
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  const [left, top] = [Math.round(width * share), Math.round(height * share)];
  return resaved(sharp(bytes).extract({ left, top, width: width - 2 * left, height: height - 2 * top }));
}

/** Turned by `degrees` and cut back to its old size: white corners, the original's own corners lost. */
async function turnedAndCutBack(bytes: Buffer, degrees: number) {
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  const turned = await sharp(bytes).rotate(degrees, { background: "#ffffff" }).toBuffer({ resolveWithObject: true });
  const [left, top] = [Math.round((turned.info.width - width) / 2), Math.round((turned.info.height - height) / 2)];
  return resaved(sharp(turned.data).extract({ left, top, width, height }));
}

/** What a thief does to a stolen photo so it no longer looks like the seller's. */
const COPIES: Record<string, (bytes: Buffer) => Promise<Buffer>> = {
  mirrored: (bytes) => resaved(sharp(bytes).flop()),
  "rotated 3°": (bytes) => resaved(sharp(bytes).rotate(3, { background: "#ffffff" })),
  "rotated 5°": (bytes) => resaved(sharp(bytes).rotate(5, { background: "#ffffff" })),
  "rotated -5°": (bytes) => resaved(sharp(bytes).rotate(-5, { background: "#000000" })),
  "rotated 4°": (bytes) => resaved(sharp(bytes).rotate(4, { background: "#ffffff" })),
  "rotated 5°, cut back to its size": (bytes) => turnedAndCutBack(bytes, 5),
  "rotated -3°, cut back to its size": (bytes) => turnedAndCutBack(bytes, -3),
  "cropped 8 % a side": (bytes) => cropped(bytes, 0.08),
  "cropped 10 % a side": (bytes) => cropped(bytes, 0.1),
  "a 60 px white border": (bytes) => resaved(sharp(bytes).extend({ top: 60, bottom: 60, left: 60, right: 60, background: "#ffffff" })),
  "a 60 px black border": (bytes) => resaved(sharp(bytes).extend({ top: 60, bottom: 60, left: 60, right: 60, background: "#000000" })),
  "resized to 60 %, recompressed": async (bytes) => sharp(bytes).resize(720).jpeg({ quality: 60 }).toBuffer(),
};

/** An ad of `user` showing `bytes`, stored (and hashed) the way every photo is. */
async function adShowing(user: TestUser, bytes: Buffer, status: "active" | "pending_payment") {
  const ad = await insertAd(user.id, { status, createdDaysAgo: 1 });
  const stored = await storeUploadedImage(bytes);
  db.insert(adImages)
    .values({ adId: ad.id, publicId: stored.publicId, url: imageUrl(stored.publicId), width: stored.width, height: stored.height, phash: stored.phash, phashVariants: stored.phashVariants, isPrimary: true, order: 0 })
    .run();
  return ad.id;
}

/**
 * Two pictures whose copies all land within 2 bits of their limit, so the test does not sit on the
 * edge. The same bytes hash the same on every run (libvips is deterministic); what once varied was
 * blocksPhoto's picture itself (tests/support/synthetic-photo.ts).
 */
const ORIGINALS: Record<string, () => Promise<Buffer>> = {
  "a photo": () => blocksPhoto(31),
  "a demo picture": () => renderDemoImage({ title: "Sofá retrátil de três lugares", subtitle: "Casa · Patos de Minas", hue: 30, index: 0 }),
};

describe.each(Object.entries(ORIGINALS))("copies of %s from another account's ad", (_, original) => {
  let bytes: Buffer;
  let originalAd: number;
  beforeAll(async () => {
    bytes = await original();
    originalAd = await adShowing(owner, bytes, "active");
  });

  it.each(Object.keys(COPIES))("%s: the ad showing it waits for a person, linked to the original", async (name) => {
    const copyAd = await adShowing(thief, await COPIES[name]!(bytes), "pending_payment");
    const signals = db.transaction((tx) => fraudSignalsFor(tx, copyAd));
    expect(signals).toContainEqual(expect.objectContaining({ kind: "copied_photo", otherAdId: originalAd }));
  });
});

describe("a cheater turning the photos of several ads a little", () => {
  it("each turned copy of five photos is linked to its own original, and to none of the four others", async () => {
    const originals = await Promise.all([40, 41, 42, 43, 44].map(async (seed) => ({ bytes: await blocksPhoto(seed) })));
    const adIds: number[] = [];
    for (const { bytes } of originals) adIds.push(await adShowing(owner, bytes, "active"));
    for (const [i, { bytes }] of originals.entries()) {
      for (const copy of [resaved(sharp(bytes).rotate(5, { background: "#ffffff" })), turnedAndCutBack(bytes, -5)]) {
        const copyAd = await adShowing(thief, await copy, "pending_payment");
        const linked = db.transaction((tx) => fraudSignalsFor(tx, copyAd)).flatMap((signal) => (signal.kind === "copied_photo" ? [signal.otherAdId] : []));
        expect(linked.filter((id) => adIds.includes(id))).toEqual([adIds[i]]);
      }
    }
  });

  it("photos stored before the turned views changed (cut short by migration 0022) get them back from the backfill, and a turned copy among them is found", async () => {
    const bytes = await blocksPhoto(48);
    const originalAd = await adShowing(owner, bytes, "active");
    const copyAd = await adShowing(thief, await resaved(sharp(bytes).rotate(5, { background: "#ffffff" })), "pending_payment");
    const allVariants = () => db.select({ id: adImages.id, adId: adImages.adId, variants: adImages.phashVariants }).from(adImages).all();
    const hashed = allVariants();
    sqlite.exec(fs.readFileSync("drizzle/0022_photo_turned_views.sql", "utf8"));
    expect(allVariants().every((row) => row.variants === null || row.variants.length === 128)).toBe(true);
    // Every other photo (the demo seed's ~175) back as it was: the backfill has these two to hash, not all.
    const ours = (row: { adId: number }) => [originalAd, copyAd].includes(row.adId);
    db.transaction((tx) => {
      for (const row of hashed.filter((row) => !ours(row))) tx.update(adImages).set({ phashVariants: row.variants }).where(eq(adImages.id, row.id)).run();
    });
    expect(await backfillPhotoHashes()).toBe(2);
    expect(allVariants()).toEqual(hashed);
    expect(hashed.filter(ours).map((row) => row.variants?.length)).toEqual([PHOTO_VARIANTS_LENGTH, PHOTO_VARIANTS_LENGTH]);
    expect(db.transaction((tx) => fraudSignalsFor(tx, copyAd))).toContainEqual(expect.objectContaining({ kind: "copied_photo", otherAdId: originalAd }));
  });
});

describe("distinct photos", () => {
  it("another picture is not a copy, in any of its views", async () => {
    const someone = await adShowing(owner, await blocksPhoto(32), "active");
    const other = await adShowing(thief, await blocksPhoto(33), "pending_payment");
    expect(db.transaction((tx) => fraudSignalsFor(tx, other))).not.toContainEqual(expect.objectContaining({ otherAdId: someone }));
  });

  it("none of the demo seed's pictures looks copied from another, whichever is checked (every ordered pair)", () => {
    const photos = db
      .select({ publicId: adImages.publicId, phash: adImages.phash, variants: adImages.phashVariants })
      .from(adImages)
      .innerJoin(ads, eq(ads.id, adImages.adId))
      .innerJoin(users, eq(users.id, ads.userId))
      .where(eq(users.email, DEMO_SELLER.email))
      .all()
      .map((row) => ({ publicId: row.publicId, hashes: parsePhotoHashes(row.phash, row.variants) }));
    expect(photos.length).toBeGreaterThan(100);
    expect(photos.every((photo) => photo.hashes.full && photo.hashes.c80 && photo.hashes["turn-5c85"])).toBe(true);
    const flagged = photos.flatMap((mine) =>
      photos.filter((theirs) => theirs !== mine && copyDistance(mine.hashes, theirs.hashes) !== null).map((theirs) => `${mine.publicId} ~ ${theirs.publicId}`),
    );
    expect(flagged).toEqual([]);
  });
});
