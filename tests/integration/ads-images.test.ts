/**
 * An ad's photos through the API (spec 02 §5, §7): GET/POST /api/ads/{id}/images (field `image`),
 * DELETE /api/ads/{id}/images/{imageId} — the owner or an admin only, 5 at most, checked by content —
 * and POST /api/ad-draft/photos, the wizard's one-by-one uploader.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { AD_FORM_MESSAGES } from "~/models/ad/ad-form";
import { action as draftPhotos, loader as draftPhotosLoader } from "~/routes/api.ad-draft.photos";
import { action as createAdApi } from "~/routes/api.ads";
import { action as imagesAction, loader as imagesLoader } from "~/routes/api.ads.$id.images";
import { action as imageDelete } from "~/routes/api.ads.$id.images.$imageId";
import {
  bearer,
  browser,
  cameraJpeg,
  categoryId,
  cityId,
  createUser,
  draftOf,
  imagesOf,
  inDays,
  multipart,
  newOriginals,
  noisyJpegOfAtLeast,
  SCRIPT_AS_PNG,
  smallPng,
  storedOriginals,
  subcategoryId,
  upload,
  type TestUser,
  type Upload,
} from "../support/ad-fixtures";
import { callRoute } from "../support/route";

let owner: TestUser;
let stranger: TestUser;
let admin: TestUser;
let png: Buffer;

beforeAll(async () => {
  [owner, stranger, admin] = await Promise.all([createUser({ name: "Dona do Anúncio" }), createUser({ name: "Estranho" }), createUser({ name: "Admin", isAdmin: true })]);
  png = await smallPng();
});

type Photo = { id: number; publicId: string; url: string; isPrimary: boolean; order: number };

/** A fresh ad of `user` through the API, with `photos` PNGs. */
async function newAd(user: TestUser, photos = 0): Promise<number> {
  const fields = {
    adType: "Vender",
    idCity: String(cityId()),
    categoryId: String(categoryId("Casa e Móveis")),
    subcategoryId: String(subcategoryId("Casa e Móveis", "Móveis")),
    expirationDate: inDays(7),
    description: "Mesa de jantar com 6 cadeiras, madeira maciça.",
  };
  const files = Array.from({ length: photos }, (_, i) => upload(png, { name: `m${i}.png`, type: "image/png" }));
  const response = await callRoute(createAdApi, "/api/ads", { init: { method: "POST", headers: bearer(user), body: multipart(fields, files) } });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

const list = (adId: number | string, headers: Record<string, string>) =>
  callRoute(imagesLoader, `/api/ads/${adId}/images`, { params: { id: String(adId) }, init: { headers } });

const add = (adId: number | string, headers: Record<string, string>, files: Upload[]) =>
  callRoute(imagesAction, `/api/ads/${adId}/images`, { params: { id: String(adId) }, init: { method: "POST", headers, body: multipart({}, files) } });

const remove = (adId: number | string, imageId: number | string, headers: Record<string, string>) =>
  callRoute(imageDelete, `/api/ads/${adId}/images/${imageId}`, { params: { id: String(adId), imageId: String(imageId) }, init: { method: "DELETE", headers } });

const asImage = (bytes: Uint8Array, name = "foto.png", type = "image/png") => upload(bytes, { field: "image", name, type });

describe("GET /api/ads/{id}/images", () => {
  it("lists the owner's photos in order with their url, the first one primary", async () => {
    const adId = await newAd(owner, 3);
    const response = await list(adId, bearer(owner));
    expect(response.status).toBe(200);
    const photos = (await response.json()) as Photo[];
    expect(photos.map((p) => [p.order, p.isPrimary])).toEqual([
      [0, true],
      [1, false],
      [2, false],
    ]);
    for (const photo of photos) expect(photo.url).toBe(`/images/${photo.publicId}`);
  });

  it("answers 404 for another user's ad (the same as a missing one), 401 anonymous, and lets an admin in", async () => {
    const adId = await newAd(owner, 1);
    expect((await list(adId, bearer(stranger))).status).toBe(404);
    expect((await list(999_999, bearer(owner))).status).toBe(404);
    expect((await list(adId, {})).status).toBe(401);
    expect((await list(adId, bearer(admin))).status).toBe(200);
  });

  it("answers 400 to an id that is not a number", async () => {
    expect((await list("abc", bearer(owner))).status).toBe(400);
    expect((await list("1;DROP TABLE ads", bearer(owner))).status).toBe(400);
  });
});

describe("POST /api/ads/{id}/images", () => {
  it("adds a photo (the first one becomes the cover), re-encoded and stored", async () => {
    const adId = await newAd(owner);
    const before = storedOriginals();
    const response = await add(adId, bearer(owner), [asImage(await cameraJpeg({ width: 1600, height: 1200, orientation: 3 }), "IMG.JPG", "image/jpeg")]);
    expect(response.status).toBe(201);
    const photo = (await response.json()) as Photo;
    expect(photo).toMatchObject({ isPrimary: true, order: 0, url: `/images/${photo.publicId}` });
    expect(newOriginals(before)).toEqual([photo.publicId]);
    const second = (await (await add(adId, bearer(owner), [asImage(png)])).json()) as Photo;
    expect(second).toMatchObject({ isPrimary: false, order: 1 });
  });

  it("works with the browser's cookie from our origin", async () => {
    const adId = await newAd(owner);
    expect((await add(adId, browser(owner), [asImage(png)])).status).toBe(201);
  });

  it("refuses a sixth photo with 'Limite de imagens atingido' and keeps nothing of it", async () => {
    const adId = await newAd(owner, 5);
    const before = storedOriginals();
    const response = await add(adId, bearer(owner), [asImage(png)]);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(
      "Limite de imagens atingido: Você pode adicionar no máximo 5 imagens por anúncio.",
    );
    expect(imagesOf(adId)).toHaveLength(5);
    expect(newOriginals(before)).toEqual([]);
  });

  it("lets only one of three parallel uploads into the last free place", async () => {
    const adId = await newAd(owner, 4);
    const before = storedOriginals();
    const responses = await Promise.all([0, 1, 2].map(() => add(adId, bearer(owner), [asImage(png)])));
    expect(responses.map((r) => r.status).sort()).toEqual([201, 400, 400]);
    expect(imagesOf(adId)).toHaveLength(5);
    // The refused ones left nothing in storage.
    expect(newOriginals(before)).toHaveLength(1);
  });

  it("refuses a script named .png, an SVG and a file in another field", async () => {
    const adId = await newAd(owner);
    const before = storedOriginals();
    const script = await add(adId, bearer(owner), [asImage(SCRIPT_AS_PNG, "foto.png")]);
    expect(script.status).toBe(400);
    expect(((await script.json()) as { message: string }).message).toBe(AD_FORM_MESSAGES.imageNotImage);
    const svg = await add(adId, bearer(owner), [asImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), "a.svg", "image/svg+xml")]);
    expect(svg.status).toBe(400);
    const wrongField = await add(adId, bearer(owner), [upload(png, { field: "foto", name: "a.png", type: "image/png" })]);
    expect(wrongField.status).toBe(400);
    expect(((await wrongField.json()) as { message: string }).message).toBe("Envie a foto no campo image");
    const nothing = await add(adId, bearer(owner), []);
    expect(nothing.status).toBe(400);
    expect(imagesOf(adId)).toHaveLength(0);
    expect(newOriginals(before)).toEqual([]);
  });

  it("refuses two files in one request (one photo per call)", async () => {
    const adId = await newAd(owner);
    const response = await add(adId, bearer(owner), [asImage(png, "a.png"), asImage(png, "b.png")]);
    expect(response.status).toBe(400);
    expect(imagesOf(adId)).toHaveLength(0);
  });

  it("refuses an 11 MB photo with 413", async () => {
    const adId = await newAd(owner);
    const before = storedOriginals();
    const response = await add(adId, bearer(owner), [asImage(await noisyJpegOfAtLeast(11 * 1024 * 1024), "grande.jpg", "image/jpeg")]);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toBe("Cada foto pode ter no máximo 10 MB.");
    expect(newOriginals(before)).toEqual([]);
  }, 60_000);

  it("answers 404 on another user's ad, 401 anonymous; an admin may add", async () => {
    const adId = await newAd(owner);
    const before = storedOriginals();
    expect((await add(adId, bearer(stranger), [asImage(png)])).status).toBe(404);
    expect((await add(adId, {}, [asImage(png)])).status).toBe(401);
    // A stranger's browser cookie from another site never even counts as signed in.
    expect((await add(adId, { Cookie: owner.cookie, Origin: "https://evil.example" }, [asImage(png)])).status).toBe(403);
    expect(newOriginals(before)).toEqual([]);
    expect((await add(adId, bearer(admin), [asImage(png)])).status).toBe(201);
    expect(imagesOf(adId)).toHaveLength(1);
  });
});

describe("DELETE /api/ads/{id}/images/{imageId}", () => {
  it("removes the photo and its files; the next one becomes the cover", async () => {
    const adId = await newAd(owner, 3);
    const [cover, second, third] = imagesOf(adId);
    const response = await remove(adId, cover!.id, bearer(owner));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Imagem removida" });
    const left = imagesOf(adId);
    expect(left.map((image) => [image.id, image.order, image.isPrimary])).toEqual([
      [second!.id, 0, true],
      [third!.id, 1, false],
    ]);
    expect(storedOriginals().has(cover!.publicId)).toBe(false);
    expect(storedOriginals().has(second!.publicId)).toBe(true);
  });

  it("answers 404 to another user, for a photo of another ad and for a missing one; 401 anonymous; an admin may delete", async () => {
    const adId = await newAd(owner, 2);
    const otherAd = await newAd(owner, 1);
    const [photo] = imagesOf(adId);
    const [otherPhoto] = imagesOf(otherAd);
    expect((await remove(adId, photo!.id, bearer(stranger))).status).toBe(404);
    expect((await remove(adId, photo!.id, {})).status).toBe(401);
    expect((await remove(adId, otherPhoto!.id, bearer(owner))).status).toBe(404);
    expect((await remove(adId, 999_999, bearer(owner))).status).toBe(404);
    expect(imagesOf(adId)).toHaveLength(2);
    expect(imagesOf(otherAd)).toHaveLength(1);
    expect(storedOriginals().has(photo!.publicId)).toBe(true);
    expect((await remove(adId, photo!.id, bearer(admin))).status).toBe(200);
    expect(imagesOf(adId)).toHaveLength(1);
  });

  it("answers 405 to GET and 400 to ids that are not numbers", async () => {
    const adId = await newAd(owner, 1);
    const [photo] = imagesOf(adId);
    expect((await callRoute(imageDelete, "/x", { params: { id: String(adId), imageId: String(photo!.id) }, init: { method: "POST", headers: bearer(owner) } })).status).toBe(405);
    expect((await remove(adId, "abc", bearer(owner))).status).toBe(400);
    expect((await remove("../1", photo!.id, bearer(owner))).status).toBe(400);
  });
});

describe("POST /api/ad-draft/photos (the wizard's uploader with JavaScript)", () => {
  const send = (user: TestUser | null, files: Upload[]) =>
    callRoute(draftPhotos, "/api/ad-draft/photos", { init: { method: "POST", headers: user ? bearer(user) : {}, body: multipart({}, files) } });

  it("stores each photo into the user's draft, up to 5, and refuses the sixth", async () => {
    const user = await createUser();
    const before = storedOriginals();
    for (let i = 1; i <= 5; i++) {
      const response = await send(user, [asImage(png, `p${i}.png`)]);
      expect(response.status).toBe(201);
      const body = (await response.json()) as { photos: { publicId: string; url: string }[] };
      expect(body.photos).toHaveLength(i);
    }
    const sixth = await send(user, [asImage(png)]);
    expect(sixth.status).toBe(400);
    expect(((await sixth.json()) as { message: string }).message).toBe("Você pode adicionar no máximo 5 imagens");
    const draftPhotosNow = draftOf(user.id)!.data.photos!;
    expect(draftPhotosNow).toHaveLength(5);
    expect(newOriginals(before).sort()).toEqual(draftPhotosNow.map((p) => p.publicId).sort());
  });

  it("lets parallel uploads fill the draft to 5 and no further", async () => {
    const user = await createUser();
    const before = storedOriginals();
    const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => send(user, [asImage(png, `p${i}.png`)])));
    expect(responses.filter((r) => r.status === 201)).toHaveLength(5);
    expect(responses.filter((r) => r.status === 400)).toHaveLength(3);
    expect(draftOf(user.id)!.data.photos).toHaveLength(5);
    expect(newOriginals(before)).toHaveLength(5);
  });

  it("refuses non-images, an empty request and anonymous callers", async () => {
    const user = await createUser();
    const script = await send(user, [asImage(SCRIPT_AS_PNG)]);
    expect(script.status).toBe(400);
    expect(((await script.json()) as { message: string }).message).toBe(AD_FORM_MESSAGES.imageNotImage);
    expect((await send(user, [])).status).toBe(400);
    expect((await send(null, [asImage(png)])).status).toBe(401);
    expect(draftOf(user.id)?.data.photos ?? []).toHaveLength(0);
    expect((await callRoute(draftPhotosLoader, "/api/ad-draft/photos")).status).toBe(405);
  });
});
