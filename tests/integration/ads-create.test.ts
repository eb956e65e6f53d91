/**
 * POST /api/ads (spec 02 §3, §5, §7, §8) end to end against a real (temporary) database and storage,
 * without AI keys (the local moderation rules): good, bad and hostile input. Nothing the client sends
 * sets the cost, the status, the owner or the views; a refused ad leaves no row and no stored photo.
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { ads, categories, settings } from "~/db/schema";
import { expirationKeyFromInstant } from "~/lib/dates";
import { AD_FORM_MESSAGES, MAX_IMAGE_BYTES } from "~/models/ad/ad-form";
import { chargedDays } from "~/models/ad/cost";
import { action as createAdApi } from "~/routes/api.ads";
import {
  carFields,
  adRow,
  adsOf,
  bearer,
  browser,
  cameraJpeg,
  categoryId,
  cityId,
  createUser,
  imagesOf,
  inDays,
  multipart,
  newOriginals,
  noisyJpegOfAtLeast,
  SCRIPT_AS_PNG,
  smallPng,
  storedOriginalBytes,
  storedOriginals,
  subcategoryId,
  upload,
  urlencoded,
  type TestUser,
  type Upload,
} from "../support/ad-fixtures";
import { callRoute } from "../support/route";

let seller: TestUser;
let other: TestUser;

beforeAll(async () => {
  seller = await createUser({ name: "Vera Vendedora" });
  other = await createUser({ name: "Outro Usuário" });
});

function postAd(fields: Record<string, string | undefined>, files: Upload[] = [], headers: Record<string, string> = bearer(seller)) {
  return callRoute(createAdApi, "/api/ads", { init: { method: "POST", headers, body: multipart(fields, files) } });
}

type ApiAd = { id: number; title: string; status: string; userId: number; images: { url: string; isPrimary?: boolean }[] };
type Refusal = { message: string; details?: string[]; suggestion?: string };

const pricePerDayCents = () => Math.round(Number(db.select().from(settings).where(eq(settings.key, "ad_price_per_day")).get()!.value) * 100);

afterEach(() => {
  // Tests that switch a category off put it back.
  db.update(categories).set({ isActive: true }).run();
});

describe("POST /api/ads: a good ad", () => {
  it("creates it awaiting payment, owned by the caller, with the server's cost, title, city and characteristics", async () => {
    const response = await postAd(carFields());
    expect(response.status).toBe(201);
    const body = (await response.json()) as ApiAd;
    expect(body.id).toEqual(expect.any(Number));
    expect(body).toMatchObject({ title: "Fiat Strada 2019 cabine dupla", status: "pending_payment", userId: seller.id });

    const row = adRow(body.id)!;
    expect(row).toMatchObject({
      userId: seller.id,
      status: "pending_payment",
      condition: "Usado",
      adType: "Vender",
      city: "Patos de Minas",
      state: "MG",
      idCity: cityId("Patos de Minas"),
      categoryId: categoryId("Veículos"),
      subcategoryId: subcategoryId("Veículos", "Carros"),
      priceCents: 7_850_000,
      views: 0,
      whatsapp: "(34) 9 9988-7766",
    });
    expect(chargedDays(inDays(5))).toBe(5);
    expect(row.adCostCents).toBe(5 * pricePerDayCents());
    expect(expirationKeyFromInstant(row.expirationDate)).toBe(inDays(5));
    // Defined characteristics normalised; the free pair kept beside them.
    expect(row.characteristics).toEqual({ marca: "Fiat", ano: "2019", quilometragem: "85000", unicoDono: "true", Garantia: "3 meses de motor" });
    expect(row.moderation).toMatchObject({ recommendation: "approved", provider: "local" });
  });

  it("stores '{adType} - {category name}' when no title is given, and 'A combinar' for an empty or zero price", async () => {
    for (const price of ["", "0"]) {
      const response = await postAd(carFields({ title: "", price, adType: "Trocar" }));
      expect(response.status).toBe(201);
      const row = adRow(((await response.json()) as ApiAd).id)!;
      expect(row.title).toBe("Trocar - Veículos");
      expect(row.priceCents).toBeNull();
    }
  });

  it("ignores a client-sent adCost, status, userId, views, condition, city and state", async () => {
    const response = await postAd(
      carFields({
        adCost: "0.01",
        adCostCents: "1",
        status: "active",
        userId: String(other.id),
        views: "99999",
        condition: "Novo",
        city: "Paris",
        state: "SP",
        isPrimary: "true",
        moderation: JSON.stringify({ recommendation: "approved" }),
      }),
    );
    expect(response.status).toBe(201);
    const row = adRow(((await response.json()) as ApiAd).id)!;
    expect(row).toMatchObject({ status: "pending_payment", userId: seller.id, views: 0, condition: "Usado", city: "Patos de Minas", state: "MG" });
    expect(row.adCostCents).toBe(chargedDays(inDays(5)) * pricePerDayCents());
    expect(adsOf(other.id)).toHaveLength(0);
  });

  it("charges the price setting as it is now (R$ 1,72 × 10 days)", async () => {
    const before = db.select().from(settings).where(eq(settings.key, "ad_price_per_day")).get()!.value;
    db.update(settings).set({ value: "1.72" }).where(eq(settings.key, "ad_price_per_day")).run();
    try {
      const response = await postAd(carFields({ expirationDate: inDays(10) }));
      expect(response.status).toBe(201);
      expect(adRow(((await response.json()) as ApiAd).id)!.adCostCents).toBe(10 * 172);
    } finally {
      db.update(settings).set({ value: before }).where(eq(settings.key, "ad_price_per_day")).run();
    }
  });

  it("takes the browser's session cookie from our own origin, and refuses it from another site", async () => {
    const ok = await postAd(carFields(), [], browser(seller));
    expect(ok.status).toBe(201);
    expect(((await ok.json()) as ApiAd).userId).toBe(seller.id);
    const crossSite = await postAd(carFields(), [], { Cookie: seller.cookie, Origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
  });

  it("takes a url-encoded body too (an ad without photos)", async () => {
    const response = await callRoute(createAdApi, "/api/ads", {
      init: { method: "POST", headers: { ...bearer(seller), "Content-Type": "application/x-www-form-urlencoded" }, body: urlencoded(carFields()) },
    });
    expect(response.status).toBe(201);
  });

  it("stores photos upright, at most 2048 px, without metadata; the first one is the cover", async () => {
    const before = storedOriginals();
    const sideways = await cameraJpeg({ width: 3000, height: 2000, orientation: 6 }); // a phone held upright
    const original = await sharp(sideways).metadata();
    expect(original).toMatchObject({ width: 3000, height: 2000, orientation: 6 });
    expect(original.exif).toBeDefined();

    const response = await postAd(carFields(), [upload(sideways, { name: "IMG_0001.JPG" }), upload(await smallPng(), { name: "detalhe.png", type: "image/png" })]);
    expect(response.status).toBe(201);
    const body = (await response.json()) as ApiAd;
    const images = imagesOf(body.id);
    expect(images.map((image) => [image.isPrimary, image.order])).toEqual([
      [true, 0],
      [false, 1],
    ]);
    expect(newOriginals(before).sort()).toEqual(images.map((image) => image.publicId).sort());
    // Server-made ids, never the file name.
    for (const image of images) {
      expect(image.publicId).toMatch(/^[A-Za-z0-9_-]{16,}$/);
      expect(image.publicId).not.toMatch(/IMG|detalhe/);
      expect(image.url).toBe(`/images/${image.publicId}`);
    }

    const stored = storedOriginalBytes(images[0]!.publicId);
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(2048);
    // Upright: portrait now, and the red corner (stored top-left, turned 90° clockwise) is at the top right.
    expect(meta.height!).toBeGreaterThan(meta.width!);
    expect([images[0]!.width, images[0]!.height]).toEqual([meta.width, meta.height]);
    const { data, info } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    const [r1, , b1] = pixel(info.width - 20, 20);
    expect(r1).toBeGreaterThan(200);
    expect(b1).toBeLessThan(60);
    const [r2, , b2] = pixel(20, 20);
    expect(r2).toBeLessThan(60);
    expect(b2).toBeGreaterThan(150);
    expect(Buffer.from(stored).includes("Fulano")).toBe(false);

    // The PNG became a JPEG too.
    expect((await sharp(storedOriginalBytes(images[1]!.publicId)).metadata()).format).toBe("jpeg");
    // And the API answer lists them.
    expect(body.images).toHaveLength(2);
  });

  it("accepts exactly 5 photos", async () => {
    const png = await smallPng();
    const response = await postAd(carFields(), Array.from({ length: 5 }, (_, i) => upload(png, { name: `f${i}.png`, type: "image/png" })));
    expect(response.status).toBe(201);
    expect(imagesOf(((await response.json()) as ApiAd).id)).toHaveLength(5);
  });
});

describe("POST /api/ads: refused input", () => {
  async function expectRefused(response: Response, status: number, message: string) {
    expect(response.status).toBe(status);
    const body = (await response.json()) as Refusal;
    expect(body.message).toBe(message);
    return body;
  }

  it("answers 401 to an anonymous client, and to a bad token", async () => {
    expect((await postAd(carFields(), [], {})).status).toBe(401);
    expect((await postAd(carFields(), [], { Authorization: "Bearer não-é-um-token" })).status).toBe(401);
    expect(await (await postAd(carFields(), [], {})).json()).toEqual({ message: "Unauthorized" });
  });

  it("answers 405 to other methods", async () => {
    const response = await callRoute(createAdApi, "/api/ads", { init: { method: "PUT", headers: bearer(seller), body: multipart(carFields()) } });
    expect(response.status).toBe(405);
  });

  it("refuses 6 photos with 'Limite de imagens atingido' and stores none", async () => {
    const before = storedOriginals();
    const count = adsOf(seller.id).length;
    const png = await smallPng();
    const response = await postAd(carFields(), Array.from({ length: 6 }, (_, i) => upload(png, { name: `f${i}.png`, type: "image/png" })));
    await expectRefused(response, 400, "Limite de imagens atingido: Você pode adicionar no máximo 5 imagens por anúncio.");
    expect(newOriginals(before)).toEqual([]);
    expect(adsOf(seller.id)).toHaveLength(count);
  });

  it("refuses a script named .png (checked by content) and keeps none of the ad's other photos", async () => {
    const before = storedOriginals();
    const count = adsOf(seller.id).length;
    const response = await postAd(carFields(), [
      upload(await cameraJpeg({ width: 800, height: 600 })),
      upload(SCRIPT_AS_PNG, { name: "foto.png", type: "image/png" }),
    ]);
    await expectRefused(response, 400, "Envie apenas imagens (JPEG, PNG, WebP, AVIF, GIF ou HEIC).");
    expect(newOriginals(before)).toEqual([]);
    expect(adsOf(seller.id)).toHaveLength(count);
  });

  it("checks the fields before it reads any photo: a refused ad costs no re-encoding", async () => {
    const before = storedOriginals();
    // A photo that could not be read would be refused too: the fields' answer comes first.
    const response = await postAd(carFields({ expirationDate: inDays(1) }), [
      upload(await cameraJpeg({ width: 800, height: 600 })),
      upload(SCRIPT_AS_PNG, { name: "foto.png", type: "image/png" }),
    ]);
    await expectRefused(response, 400, "* mínimo 3 dias");
    expect(newOriginals(before)).toEqual([]);
  });

  it.each([
    ["an SVG (could carry script)", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>'), "x.svg", "image/svg+xml"],
    ["a truncated JPEG", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]), "x.jpg", "image/jpeg"],
    ["a named empty file", Buffer.alloc(0), "vazio.jpg", "image/jpeg"],
    ["a PDF", Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF"), "doc.jpg", "image/jpeg"],
  ])("refuses %s", async (_label, bytes, name, type) => {
    const before = storedOriginals();
    const response = await postAd(carFields(), [upload(bytes, { name, type })]);
    expect(response.status).toBe(400);
    expect(((await response.json()) as Refusal).message).toBe(AD_FORM_MESSAGES.imageNotImage);
    expect(newOriginals(before)).toEqual([]);
  });

  it("refuses an 11 MB file with 413 before storing anything", async () => {
    const before = storedOriginals();
    const count = adsOf(seller.id).length;
    const big = await noisyJpegOfAtLeast(11 * 1024 * 1024);
    expect(big.length).toBeGreaterThan(MAX_IMAGE_BYTES);
    const response = await postAd(carFields(), [upload(big)]);
    await expectRefused(response, 413, "Cada foto pode ter no máximo 10 MB.");
    expect(newOriginals(before)).toEqual([]);
    expect(adsOf(seller.id)).toHaveLength(count);
  }, 60_000);

  it("refuses a 401-character description", async () => {
    await expectRefused(await postAd(carFields({ description: "d".repeat(401) })), 400, "A descrição pode ter no máximo 400 caracteres");
    expect((await postAd(carFields({ description: "d".repeat(400) }))).status).toBe(201);
  });

  it.each([
    [{ description: "" }, "Descrição é obrigatória"],
    [{ description: "   " }, "Descrição é obrigatória"],
    [{ categoryId: "" }, "Categoria é obrigatória"],
    [{ categoryId: "999999" }, "Categoria é obrigatória"],
    [{ idCity: "" }, "Cidade é obrigatória"],
    [{ idCity: "999999" }, "Cidade é obrigatória"],
    [{ adType: "Alugar" }, "Tipo é obrigatório"],
    [{ expirationDate: "" }, "Data de expiração é obrigatória"],
    [{ expirationDate: "2026-02-30" }, "Data de expiração é obrigatória"],
    [{ price: "R$ 9.000.000,01" }, "Valor máximo permitido é R$ 9.000.000,00"],
    [{ price: "muito" }, "Informe um valor válido"],
    [{ whatsapp: "(34) 999" }, AD_FORM_MESSAGES.invalidWhatsapp],
    [{ title: "t".repeat(81) }, "O título pode ter no máximo 80 caracteres"],
    [{ characteristics: "{nao json" }, "characteristics deve ser um objeto JSON de nome → valor"],
  ])("refuses %j with its message", async (change, message) => {
    const count = adsOf(seller.id).length;
    await expectRefused(await postAd(carFields(change)), 400, message);
    expect(adsOf(seller.id)).toHaveLength(count);
  });

  it("allows exactly R$ 9.000.000,00", async () => {
    const response = await postAd(carFields({ price: "9.000.000,00" }));
    expect(response.status).toBe(201);
    expect(adRow(((await response.json()) as ApiAd).id)!.priceCents).toBe(900_000_000);
  });

  it("refuses an expiration before today + 3 with '* mínimo 3 dias', and takes today + 3", async () => {
    for (const days of [-1, 0, 1, 2]) await expectRefused(await postAd(carFields({ expirationDate: inDays(days) })), 400, "* mínimo 3 dias");
    const response = await postAd(carFields({ expirationDate: inDays(3) }));
    expect(response.status).toBe(201);
    expect(adRow(((await response.json()) as ApiAd).id)!.adCostCents).toBe(3 * pricePerDayCents());
  });

  it("refuses an expiration more than a year ahead", async () => {
    expect((await postAd(carFields({ expirationDate: inDays(366) }))).status).toBe(400);
    expect((await postAd(carFields({ expirationDate: inDays(365) }))).status).toBe(201);
  });

  it("refuses a subcategory of another category, and a missing one when the category has them", async () => {
    await expectRefused(await postAd(carFields({ subcategoryId: String(subcategoryId("Imóveis", "Casas")) })), 400, "Selecione uma subcategoria");
    await expectRefused(await postAd(carFields({ subcategoryId: "" })), 400, "Selecione uma subcategoria");
    await expectRefused(await postAd(carFields({ subcategoryId: "999999" })), 400, "Selecione uma subcategoria");
  });

  it("refuses an inactive category", async () => {
    db.update(categories).set({ isActive: false }).where(eq(categories.id, categoryId("Veículos"))).run();
    await expectRefused(await postAd(carFields()), 400, "Categoria é obrigatória");
  });

  describe("characteristics against the category's definitions", () => {
    const withCharacteristics = (values: Record<string, unknown>) => carFields({ characteristics: JSON.stringify(values) });

    it.each([
      [{ ano: "dois mil e dezenove" }, "Ano deve ser um número"],
      [{ ano: "1900" }, "Ano: mínimo 1950"],
      [{ quilometragem: "-10" }, "Quilometragem (km): mínimo 0"],
      [{ marca: "Ferrari" }, "Marca: escolha uma das opções"],
      [{ modelo: "m".repeat(61) }, "Modelo: no máximo 60 caracteres"],
      [{ unicoDono: "talvez" }, "Único dono: responda sim ou não"],
      [{ dataUltimaRevisao: "ontem" }, "Data da última revisão: data inválida"],
    ])("refuses %j", async (values, message) => {
      const response = await postAd(withCharacteristics(values));
      const body = await expectRefused(response, 400, message);
      expect(body.details).toContain(message);
    });

    it("requires a required characteristic (Empregos › Tipo de contratação)", async () => {
      const job = carFields({
        categoryId: String(categoryId("Empregos")),
        subcategoryId: String(subcategoryId("Empregos", "Administrativo")),
        characteristics: JSON.stringify({ jornada: "Integral" }),
      });
      await expectRefused(await postAd(job), 400, "Tipo de contratação é obrigatório");
      const ok = await postAd({ ...job, characteristics: JSON.stringify({ tipoContratacao: "CLT" }) });
      expect(ok.status).toBe(201);
    });

    it("keeps free name/value pairs the category does not define, within the limits", async () => {
      const pairs = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`Extra ${i + 1}`, `valor ${i + 1}`]));
      const response = await postAd(withCharacteristics({ marca: "Fiat", ...pairs }));
      expect(response.status).toBe(201);
      expect(adRow(((await response.json()) as ApiAd).id)!.characteristics).toEqual({ marca: "Fiat", ...pairs });
    });

    it("refuses an 11th free pair, a name over 40 and a value over 120 characters", async () => {
      const eleven = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`Extra ${i + 1}`, "x"]));
      await expectRefused(await postAd(withCharacteristics(eleven)), 400, "No máximo 10 informações extras");
      await expectRefused(await postAd(withCharacteristics({ ["n".repeat(41)]: "x" })), 400, "O nome pode ter no máximo 40 caracteres");
      await expectRefused(await postAd(withCharacteristics({ Garantia: "v".repeat(121) })), 400, "O valor pode ter no máximo 120 caracteres");
      expect((await postAd(withCharacteristics({ ["n".repeat(40)]: "v".repeat(120) }))).status).toBe(201);
    });

    it("checks a defined name even when it arrives with blanks around it", async () => {
      await expectRefused(await postAd(withCharacteristics({ " ano ": "abc" })), 400, "Ano deve ser um número");
    });
  });

  it("refuses a malformed multipart body with 400, not 500", async () => {
    const response = await callRoute(createAdApi, "/api/ads", {
      init: {
        method: "POST",
        headers: { ...bearer(seller), "Content-Type": "multipart/form-data; boundary=XYZ" },
        body: "--XYZ\r\nContent-Disposition: form-data; name=\"adType\"\r\n\r\nVender\r\n--XY",
      },
    });
    expect(response.status).toBe(400);
  });
});

describe("POST /api/ads: automatic moderation", () => {
  it.each([
    ["vendo revólver com munição", "Eletrônicos e Celulares", "Celulares e Smartphones"],
    ["iPhone 14 lacrado, pagamento adiantado via pix antes do envio", "Eletrônicos e Celulares", "Celulares e Smartphones"],
    ["Me passe o código que chegou no seu celular para confirmar a compra", "Eletrônicos e Celulares", "Celulares e Smartphones"],
  ])("refuses %j with 422, reasons and a suggestion, creating nothing and keeping no photo", async (description, category, subcategory) => {
    const before = storedOriginals();
    const count = db.select().from(ads).all().length;
    const response = await postAd(
      carFields({
        description,
        title: "",
        categoryId: String(categoryId(category)),
        subcategoryId: String(subcategoryId(category, subcategory)),
        characteristics: "",
      }),
      [upload(await cameraJpeg({ width: 1200, height: 900 })), upload(await smallPng(), { type: "image/png", name: "b.png" })],
    );
    expect(response.status).toBe(422);
    const body = (await response.json()) as Refusal;
    expect(body.message).toBe("Anúncio rejeitado automaticamente");
    expect(body.details!.length).toBeGreaterThan(0);
    for (const detail of body.details!) expect(detail).toEqual(expect.any(String));
    expect(body.suggestion).toEqual(expect.stringMatching(/\S/));
    expect(db.select().from(ads).all()).toHaveLength(count);
    expect(newOriginals(before)).toEqual([]);
  });

  it("judges the title and the free pairs too", async () => {
    const count = adsOf(seller.id).length;
    expect((await postAd(carFields({ title: "Revólver calibre 38" }))).status).toBe(422);
    expect((await postAd(carFields({ characteristics: JSON.stringify({ Acompanha: "munição calibre 38" }) }))).status).toBe(422);
    expect(adsOf(seller.id)).toHaveLength(count);
  });

  it("lets 'armário de cozinha' through (a word boundary, not 'arma')", async () => {
    const response = await postAd(
      carFields({
        categoryId: String(categoryId("Casa e Móveis")),
        subcategoryId: String(subcategoryId("Casa e Móveis", "Móveis")),
        title: "Armário de cozinha",
        description: "Armário de cozinha de madeira maciça, 6 portas, ótimo estado. Desarmado para transporte.",
        characteristics: "",
      }),
    );
    expect(response.status).toBe(201);
    const row = adRow(((await response.json()) as ApiAd).id)!;
    expect(row.moderation).toMatchObject({ recommendation: "approved", provider: "local" });
  });

  it("creates a doubtful ad, stores 'needs_review', and says its photos were not judged without AI", async () => {
    const response = await postAd(
      carFields({
        categoryId: String(categoryId("Esportes e Lazer")),
        subcategoryId: String(subcategoryId("Esportes e Lazer", "Camping e Pesca")),
        title: "",
        description: "Carabina de pressão 5.5 com luneta",
        characteristics: "",
      }),
      [upload(await smallPng(), { type: "image/png", name: "c.png" })],
    );
    expect(response.status).toBe(201);
    const row = adRow(((await response.json()) as ApiAd).id)!;
    expect(row.status).toBe("pending_payment");
    expect(row.moderation?.recommendation).toBe("needs_review");
    expect(row.moderation?.notes).toContain("Imagens não analisadas: nenhum provedor de IA configurado");
  });
});
