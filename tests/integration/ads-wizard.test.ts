/**
 * The /create-ad wizard as plain form posts (spec 02 §2; issue 11): each step saves the draft first,
 * refuses with 400 and keeps what was typed, adds and removes free pairs, generates the description
 * without JavaScript (the local writer: no AI keys here), takes photos with the form, creates the ad
 * and opens /payment/{id}; 'Começar de novo' removes the draft's photos; /create-ad-steps?edit={id}
 * reopens only the user's own unpaid ad, and saving it rewrites that same ad.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { adDrafts, ads, aiUsage, settings } from "~/db/schema";
import { expirationKeyFromInstant, monthKey } from "~/lib/dates";
import { DRAFT_TTL_DAYS, sweepAbandonedDrafts } from "~/models/ad/draft.server";
import { quotaKeyOf } from "~/models/ai-usage/ai-usage.server";
import { action as wizardAction, loader as wizardLoader } from "~/routes/create-ad";
import { action as reopenAction, loader as reopen } from "~/routes/create-ad-steps";
import {
  adRow,
  adsOf,
  browser,
  cameraJpeg,
  categoryId,
  cityId,
  createUser,
  draftOf,
  imagesOf,
  inDays,
  newOriginals,
  SCRIPT_AS_PNG,
  smallPng,
  storedOriginals,
  subcategoryId,
  upload,
  urlencoded,
  usageRowOf,
  type TestUser,
} from "../support/ad-fixtures";
import { callRoute } from "../support/route";
import { location, postStep, step1, step2, type Fields } from "../support/wizard-posts";

type StepAnswer = {
  step: number;
  result: { status: string; error?: Record<string, string[] | null> } | null;
  rejection: { title: string; details: string[]; suggestion: string | null } | null;
  formError: string | null;
};

let png: Buffer;
beforeAll(async () => {
  png = await smallPng();
});

const post = postStep;

function load(user: TestUser | null, query = "") {
  return callRoute(wizardLoader, `/create-ad${query}`, { init: { headers: user ? { Cookie: user.cookie } : {} } });
}

const pricePerDayCents = () => Math.round(Number(db.select().from(settings).where(eq(settings.key, "ad_price_per_day")).get()!.value) * 100);

/** A user whose draft has steps 1 and 2 done, sitting on step 3. */
async function userOnStep3(overrides: Fields = {}) {
  const user = await createUser();
  expect(location(await post(user, 1, step1()))).toBe("/create-ad?step=2");
  const toStep3 = await post(user, 2, step2({ intent: "photos", ...overrides }));
  expect(location(toStep3), await toStep3.clone().text()).toBe("/create-ad?step=3");
  return user;
}

describe("/create-ad loader", () => {
  it("asks an anonymous visitor to log in (the page shows 'Login Necessário')", async () => {
    const response = await load(null);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ signedIn: false });
  });

  it("starts a signed-in user on step 1 with the server's price, the dates and the default city", async () => {
    const user = await createUser();
    const body = await (await load(user)).json();
    expect(body).toMatchObject({
      signedIn: true,
      mode: "wizard",
      step: 1,
      editAdId: null,
      answers: {},
      pricePerDayCents: pricePerDayCents(),
      minExpiration: inDays(3),
      defaultExpiration: inDays(3),
      defaultCityId: cityId("Patos de Minas"),
      aiUsage: { totalCalls: 0, limit: 10, remainingCalls: 10, canUse: true },
    });
    // Subcategories labelled by the category's label, 'Sub Categoria' by default.
    const categories = (body as { categories: { name: string; label: string }[] }).categories;
    expect(categories.find((c) => c.name === "Veículos")!.label).toBe("Tipo de veículo");
    expect(categories.find((c) => c.name === "Esportes e Lazer")!.label).toBe("Sub Categoria");
  });

  it("does not open step 2 or 3 before the steps before them are complete", async () => {
    const user = await createUser();
    expect(location(await load(user, "?step=2"))).toBe("/create-ad?step=1");
    expect(location(await load(user, "?step=3"))).toBe("/create-ad?step=1");
    await post(user, 1, step1());
    expect((await load(user, "?step=2")).status).toBe(200);
    expect(location(await load(user, "?step=3"))).toBe("/create-ad?step=2");
  });
});

describe("step 1", () => {
  it("asks for the subcategory next when a category is just chosen (200), refuses it missing after that (400), and saves the draft", async () => {
    const user = await createUser();
    // Without JavaScript the subcategory list comes with this answer: picking from it is the next step, not a mistake.
    const chosen = await post(user, 1, step1({ subcategoryId: "", adType: "Trocar", cityId: String(cityId("Coromandel")) }));
    expect(chosen.status).toBe(200);
    expect(await chosen.json()).toMatchObject({ step: 1, result: null, subcategoryNext: true });
    const response = await post(user, 1, step1({ subcategoryId: "", adType: "Trocar", cityId: String(cityId("Coromandel")) }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as StepAnswer;
    expect(body.result?.error?.subcategoryId).toEqual(["Selecione uma subcategoria"]);
    expect(draftOf(user.id)!.data).toMatchObject({ adType: "Trocar", cityId: cityId("Coromandel"), categoryId: categoryId("Veículos"), subcategoryId: null });
    // Coming back to /create-ad offers the draft.
    expect(await (await load(user)).json()).toMatchObject({ signedIn: true, mode: "resume", editAdId: null });
  });

  it("refuses a subcategory of another category once the category is chosen", async () => {
    const user = await createUser();
    // The category of this post is new to the draft: the old list's subcategory is dropped and the new list asked for.
    const changed = await post(user, 1, step1({ subcategoryId: String(subcategoryId("Imóveis", "Casas")) }));
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ subcategoryNext: true });
    const response = await post(user, 1, step1({ subcategoryId: String(subcategoryId("Imóveis", "Casas")) }));
    expect(response.status).toBe(400);
    expect(((await response.json()) as StepAnswer).result?.error?.subcategoryId).toEqual(["Selecione uma subcategoria"]);
  });

  it("refuses no category, an unknown one, an unknown city and an unknown type", async () => {
    const user = await createUser();
    for (const [change, field] of [
      [{ categoryId: undefined }, "categoryId"],
      [{ categoryId: "999999" }, "categoryId"],
      [{ cityId: "999999" }, "cityId"],
      [{ adType: "Alugar" }, "adType"],
    ] as const) {
      const response = await post(user, 1, step1(change));
      expect(response.status).toBe(400);
      expect(Object.keys(((await response.json()) as StepAnswer).result?.error ?? {})).toContain(field);
    }
  });

  it("goes on to step 2, and forgets the old category's characteristics when the category changes", async () => {
    const user = await createUser();
    expect(location(await post(user, 1, step1()))).toBe("/create-ad?step=2");
    await post(user, 2, step2({ intent: "back" }));
    expect(draftOf(user.id)!.data.characteristics).toMatchObject({ marca: "Fiat" });
    const house = step1({ categoryId: String(categoryId("Imóveis")), subcategoryId: String(subcategoryId("Imóveis", "Casas")) });
    expect(location(await post(user, 1, house))).toBe("/create-ad?step=2");
    expect(draftOf(user.id)!.data).toMatchObject({ categoryId: categoryId("Imóveis"), subcategoryId: subcategoryId("Imóveis", "Casas"), characteristics: {} });
  });
});

describe("step 2", () => {
  it("refuses broken answers with 400 and every field's message, keeping what was typed in the draft", async () => {
    const user = await createUser();
    await post(user, 1, step1());
    const typed = step2({
      "characteristics.ano": "dois mil",
      "characteristics.marca": "Ferrari",
      "characteristics.modelo": "m".repeat(61),
      description: "",
      price: "R$ 9.000.000,01",
      expirationDate: inDays(1),
      title: "Strada cabine dupla",
      whatsapp: "(34) 3822-1234",
      intent: "create",
    });
    const response = await post(user, 2, typed);
    expect(response.status).toBe(400);
    const errors = ((await response.json()) as StepAnswer).result!.error!;
    expect(errors).toMatchObject({
      "characteristics.ano": ["Ano deve ser um número"],
      "characteristics.marca": ["Marca: escolha uma das opções"],
      "characteristics.modelo": ["Modelo: no máximo 60 caracteres"],
      description: ["Descrição é obrigatória"],
      price: ["Valor máximo permitido é R$ 9.000.000,00"],
      expirationDate: ["* mínimo 3 dias"],
    });
    expect(draftOf(user.id)!.data).toMatchObject({
      title: "Strada cabine dupla",
      whatsapp: "(34) 3822-1234",
      expirationDate: inDays(1),
      characteristics: { ano: "dois mil", marca: "Ferrari", modelo: "m".repeat(61), quilometragem: "85.000", unicoDono: "true" },
      customPairs: [{ name: "Garantia", value: "3 meses de motor" }],
    });
    expect(adsOf(user.id)).toHaveLength(0);
    // Step 3 stays closed while step 2 does not validate.
    expect(location(await load(user, "?step=3"))).toBe("/create-ad?step=2");
  });

  it("refuses a 401-character description and too many or too long free pairs", async () => {
    const user = await createUser();
    await post(user, 1, step1());
    const long = await post(user, 2, step2({ description: "d".repeat(401) }));
    expect(long.status).toBe(400);
    expect(((await long.json()) as StepAnswer).result!.error!.description).toEqual(["A descrição pode ter no máximo 400 caracteres"]);

    const eleven = Array.from({ length: 11 }, (_, i) => `Extra ${i}`);
    const tooMany = await post(user, 2, step2({ customName: eleven, customValue: eleven }));
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as StepAnswer).result!.error![""]).toEqual(["No máximo 10 informações extras"]);
    const longName = await post(user, 2, step2({ customName: ["n".repeat(41)], customValue: ["x"] }));
    expect(longName.status).toBe(400);
    expect(adsOf(user.id)).toHaveLength(0);
  });

  it("adds and removes free name/value pairs without JavaScript, keeping the rest of the form", async () => {
    const user = await createUser();
    await post(user, 1, step1());
    const added = await post(user, 2, step2({ intent: "add-pair", customName: ["Garantia"], customValue: ["3 meses"] }));
    expect(location(added)).toBe("/create-ad?step=2#informacoes-extras");
    expect(draftOf(user.id)!.data.customPairs).toEqual([
      { name: "Garantia", value: "3 meses" },
      { name: "", value: "" },
    ]);
    expect(draftOf(user.id)!.data.title).toBe("Fiat Strada 2019");

    const removed = await post(user, 2, step2({ intent: "remove-pair:0", customName: ["Garantia", "Cor"], customValue: ["3 meses", "prata"] }));
    expect(location(removed)).toBe("/create-ad?step=2#informacoes-extras");
    expect(draftOf(user.id)!.data.customPairs).toEqual([{ name: "Cor", value: "prata" }]);

    // A nonsense index changes nothing.
    await post(user, 2, step2({ intent: "remove-pair:abc", customName: ["Cor"], customValue: ["prata"] }));
    expect(draftOf(user.id)!.data.customPairs).toEqual([{ name: "Cor", value: "prata" }]);
  });

  it("'Gerar com IA' without JavaScript fills the draft's description from the ad's fields (local writer) and counts the quota", async () => {
    const user = await createUser();
    await post(user, 1, step1());
    const response = await post(user, 2, step2({ intent: "generate", description: "" }));
    expect(location(response)).toBe("/create-ad?step=2#descricao");
    expect(response.headers.get("Set-Cookie")).toMatch(/^toast=/);
    const description = draftOf(user.id)!.data.description!;
    expect(description.length).toBeGreaterThan(40);
    expect(description.length).toBeLessThanOrEqual(400);
    expect(description).toMatch(/Fiat Strada 2019|Fiat/);
    expect(usageRowOf(user.id)).toMatchObject([{ totalCalls: 1, geminiCalls: 0, openaiCalls: 0 }]);
    expect(((await (await load(user, "?step=2")).json()) as { aiUsage: { remainingCalls: number } }).aiUsage.remainingCalls).toBe(9);
  });

  it("'Gerar com IA' with the month's quota spent says so and leaves the description alone", async () => {
    const user = await createUser();
    await post(user, 1, step1());
    db.insert(aiUsage).values({ quotaKey: quotaKeyOf(user.email), userId: user.id, month: monthKey(), totalCalls: 10 }).run();
    const response = await post(user, 2, step2({ intent: "generate", description: "o meu texto" }));
    expect(response.status).toBe(429);
    const body = (await response.json()) as StepAnswer;
    expect(body.formError).toBe("Limite de 10 gerações mensais atingido");
    expect(response.headers.get("Set-Cookie")).toMatch(/^toast=/);
    expect(draftOf(user.id)!.data.description).toBe("o meu texto");
    expect(usageRowOf(user.id)[0]!.totalCalls).toBe(10);
  });

  it("leaves the optional title, price and WhatsApp empty: the generated title, 'A combinar', no number", async () => {
    const user = await createUser();
    await post(user, 1, step1());
    const response = await post(user, 2, step2({ title: "", price: "", whatsapp: "", customName: [""], customValue: [""] }));
    expect(response.status, await response.clone().text()).toBe(302);
    const [ad] = adsOf(user.id);
    expect(ad).toMatchObject({ title: "Vender - Veículos", priceCents: null, whatsapp: null });
    expect(Object.keys(ad!.characteristics)).not.toContain("");
  });

  it("'Criar Anúncio' on step 2 creates the ad without photos and opens its payment; the draft goes", async () => {
    const user = await createUser();
    await post(user, 1, step1());
    const response = await post(user, 2, step2());
    expect(response.status).toBe(302);
    const [ad] = adsOf(user.id);
    expect(location(response)).toBe(`/payment/${ad!.id}`);
    expect(ad).toMatchObject({
      status: "pending_payment",
      title: "Fiat Strada 2019",
      priceCents: 7_850_000,
      whatsapp: "(34) 9 9988-7766",
      adCostCents: 5 * pricePerDayCents(),
      characteristics: { marca: "Fiat", ano: "2019", quilometragem: "85000", unicoDono: "true", Garantia: "3 meses de motor" },
    });
    expect(draftOf(user.id)).toBeUndefined();
    expect(await (await load(user)).json()).toMatchObject({ mode: "wizard", step: 1, answers: {} });
  });
});

describe("step 3 and creation", () => {
  it("takes photos with the form (JS off), previews them, removes one, and creates the ad with the rest", async () => {
    const user = await userOnStep3();
    const before = storedOriginals();
    const uploaded = await post(user, 3, { intent: "upload" }, [
      upload(await cameraJpeg({ width: 3000, height: 2000, orientation: 6 }), { name: "IMG_1.JPG" }),
      upload(png, { name: "b.png", type: "image/png" }),
    ]);
    expect(location(uploaded)).toBe("/create-ad?step=3");
    const photos = draftOf(user.id)!.data.photos!;
    expect(photos).toHaveLength(2);
    expect(photos[0]!.height).toBeGreaterThan(photos[0]!.width); // stored upright
    expect(newOriginals(before).sort()).toEqual(photos.map((p) => p.publicId).sort());
    const page = (await (await load(user, "?step=3")).json()) as { photos: { publicId: string; url: string }[] };
    expect(page.photos.map((p) => p.url)).toEqual(photos.map((p) => `/images/${p.publicId}`));

    const removed = await post(user, 3, { intent: `remove-photo:${photos[0]!.publicId}` }, []);
    expect(location(removed)).toBe("/create-ad?step=3");
    expect(draftOf(user.id)!.data.photos!.map((p) => p.publicId)).toEqual([photos[1]!.publicId]);
    expect(storedOriginals().has(photos[0]!.publicId)).toBe(false);

    // 'Criar Anúncio' with one more photo chosen: it travels with the form.
    const created = await post(user, 3, { intent: "create" }, [upload(png, { name: "c.png", type: "image/png" })]);
    expect(created.status).toBe(302);
    const [ad] = adsOf(user.id);
    expect(location(created)).toBe(`/payment/${ad!.id}`);
    const images = imagesOf(ad!.id);
    expect(images).toHaveLength(2);
    expect(images[0]!.publicId).toBe(photos[1]!.publicId);
    expect(images.map((i) => i.isPrimary)).toEqual([true, false]);
    expect(draftOf(user.id)).toBeUndefined();
    // The photos moved to the ad: still stored.
    for (const image of images) expect(storedOriginals().has(image.publicId)).toBe(true);
  });

  it("refuses a sixth photo, a script named .png and an 11 MB file, storing none of them", async () => {
    const user = await userOnStep3();
    await post(user, 3, { intent: "upload" }, Array.from({ length: 4 }, (_, i) => upload(png, { name: `${i}.png`, type: "image/png" })));
    expect(draftOf(user.id)!.data.photos).toHaveLength(4);
    const before = storedOriginals();

    const six = await post(user, 3, { intent: "upload" }, [upload(png, { name: "5.png", type: "image/png" }), upload(png, { name: "6.png", type: "image/png" })]);
    expect(six.status).toBe(400);
    expect(((await six.json()) as StepAnswer).formError).toBe("Você pode adicionar no máximo 5 imagens");

    const script = await post(user, 3, { intent: "upload" }, [upload(SCRIPT_AS_PNG, { name: "foto.png", type: "image/png" })]);
    expect(script.status).toBe(400);
    expect(((await script.json()) as StepAnswer).formError).toBe("Envie apenas imagens (JPEG, PNG, WebP, AVIF, GIF ou HEIC).");

    const big = await post(user, 3, { intent: "upload" }, [upload(Buffer.alloc(11 * 1024 * 1024, 0xff), { name: "grande.jpg" })]);
    expect(big.status).toBe(413);

    expect(newOriginals(before)).toEqual([]);
    expect(draftOf(user.id)!.data.photos).toHaveLength(4);
    // Nothing was created by a refused 'create' either.
    const refusedCreate = await post(user, 3, { intent: "create" }, [upload(SCRIPT_AS_PNG, { name: "x.png", type: "image/png" })]);
    expect(refusedCreate.status).toBe(400);
    expect(adsOf(user.id)).toHaveLength(0);
  });

  it("shows a rejected ad's reasons and suggestion (422), creates nothing and keeps the draft and its photos", async () => {
    const user = await userOnStep3({ description: "vendo revólver com munição, sem documentação", title: "" });
    await post(user, 3, { intent: "upload" }, [upload(png, { name: "a.png", type: "image/png" })]);
    const photos = draftOf(user.id)!.data.photos!;
    const response = await post(user, 3, { intent: "create" }, []);
    expect(response.status).toBe(422);
    const body = (await response.json()) as StepAnswer;
    expect(body.rejection!.title).toBe("Anúncio rejeitado automaticamente");
    expect(body.rejection!.details.length).toBeGreaterThan(0);
    expect(body.rejection!.suggestion).toEqual(expect.stringMatching(/\S/));
    // The 8-second 'Validação Inteligente' toast travels in its cookie.
    expect(response.headers.get("Set-Cookie")).toMatch(/^toast=/);
    expect(adsOf(user.id)).toHaveLength(0);
    expect(draftOf(user.id)!.data.photos).toEqual(photos);
    expect(storedOriginals().has(photos[0]!.publicId)).toBe(true);
  });

  it("'Começar de novo' removes the draft and its photos from storage", async () => {
    const user = await userOnStep3();
    await post(user, 3, { intent: "upload" }, [upload(png, { name: "a.png", type: "image/png" }), upload(png, { name: "b.png", type: "image/png" })]);
    const photos = draftOf(user.id)!.data.photos!;
    expect(photos.every((p) => storedOriginals().has(p.publicId))).toBe(true);
    const response = await post(user, 1, { intent: "discard" });
    expect(location(response)).toBe("/create-ad?step=1");
    expect(draftOf(user.id)).toBeUndefined();
    for (const photo of photos) expect(storedOriginals().has(photo.publicId)).toBe(false);
  });

  it("sends an anonymous post to the login page and a cross-site one away", async () => {
    const anonymous = await callRoute(wizardAction, "/create-ad?step=1", { init: { method: "POST", body: urlencoded(step1()) } });
    expect(location(anonymous)).toBe("/login?redirectTo=%2Fcreate-ad%3Fstep%3D1");
    const user = await createUser();
    const crossSite = await callRoute(wizardAction, "/create-ad?step=1", {
      init: { method: "POST", headers: { Cookie: user.cookie, Origin: "https://evil.example" }, body: urlencoded(step1()) },
    });
    expect(crossSite.status).toBe(403);
    expect(draftOf(user.id)).toBeUndefined();
  });
});

describe("/create-ad-steps?edit={id}", () => {
  const reopenAs = (user: TestUser, id: string | number) => callRoute(reopen, `/create-ad-steps?edit=${id}`, { init: { headers: { Cookie: user.cookie } } });

  /** An unpaid ad of `user` made through the wizard, with two photos. */
  async function unpaidAd(user: TestUser) {
    expect(location(await post(user, 1, step1()))).toBe("/create-ad?step=2");
    expect(location(await post(user, 2, step2({ intent: "photos" })))).toBe("/create-ad?step=3");
    await post(user, 3, { intent: "upload" }, [upload(png, { name: "a.png", type: "image/png" }), upload(png, { name: "b.png", type: "image/png" })]);
    const created = await post(user, 3, { intent: "create" }, []);
    return Number(location(created)!.replace("/payment/", ""));
  }

  it("refuses another user's ad, a missing one and a bad id, opening nothing", async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const adId = await unpaidAd(owner);
    for (const id of [adId, 999_999]) {
      const response = await reopenAs(stranger, id);
      expect(location(response)).toBe("/create-ad");
      expect(response.headers.get("Set-Cookie")).toMatch(/^toast=/);
    }
    expect(location(await reopenAs(stranger, "abc"))).toBe("/create-ad");
    expect(draftOf(stranger.id)).toBeUndefined();
    // The owner's ad is untouched.
    expect(adRow(adId)!.userId).toBe(owner.id);
    const anonymous = await callRoute(reopen, `/create-ad-steps?edit=${adId}`);
    expect(location(anonymous)).toBe(`/login?redirectTo=%2Fcreate-ad-steps%3Fedit%3D${adId}`);
  });

  it("asks before replacing another ad in progress, and replaces it only on the POST", async () => {
    const owner = await createUser();
    const adId = await unpaidAd(owner);
    // A new ad started since, with a category and a description.
    await post(owner, 1, step1());
    await post(owner, 2, step2({ intent: "photos", description: "Outro anúncio que estou escrevendo." }));
    const other = draftOf(owner.id)!;
    expect(other.editAdId).toBeNull();

    const page = await reopenAs(owner, adId);
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ adId, title: "Fiat Strada 2019", editingOther: false });
    // Looking costs nothing: the other draft is as it was.
    expect(draftOf(owner.id)).toEqual(other);

    const replaced = await callRoute(reopenAction, `/create-ad-steps?edit=${adId}`, { init: { method: "POST", headers: browser(owner) } });
    expect(location(replaced)).toBe("/create-ad?step=1");
    expect(draftOf(owner.id)!.editAdId).toBe(adId);
  });

  it("refuses the owner's ad once it is no longer awaiting payment", async () => {
    const owner = await createUser();
    const adId = await unpaidAd(owner);
    db.update(ads).set({ status: "active" }).where(eq(ads.id, adId)).run();
    expect(location(await reopenAs(owner, adId))).toBe("/create-ad");
    expect(draftOf(owner.id)).toBeUndefined();
  });

  it("reopens the owner's unpaid ad as it is, and 'Criar Anúncio' rewrites the same ad with the new cost", async () => {
    const owner = await createUser();
    const adId = await unpaidAd(owner);
    const oldPhotos = imagesOf(adId).map((image) => image.publicId);
    expect(adRow(adId)!.adCostCents).toBe(5 * pricePerDayCents());

    const response = await reopenAs(owner, adId);
    expect(location(response)).toBe("/create-ad?step=1");
    const draft = draftOf(owner.id)!;
    expect(draft.editAdId).toBe(adId);
    expect(draft.data).toMatchObject({
      adType: "Vender",
      cityId: cityId("Patos de Minas"),
      categoryId: categoryId("Veículos"),
      subcategoryId: subcategoryId("Veículos", "Carros"),
      title: "Fiat Strada 2019",
      expirationDate: inDays(5),
      characteristics: { marca: "Fiat", ano: "2019", quilometragem: "85000", unicoDono: "true" },
      customPairs: [{ name: "Garantia", value: "3 meses de motor" }],
      priceCents: 7_850_000,
      whatsapp: "(34) 9 9988-7766",
    });
    expect(draft.data.photos!.map((p) => p.publicId)).toEqual(oldPhotos);
    expect(await (await load(owner)).json()).toMatchObject({ mode: "resume", editAdId: adId });
    // Opening it again keeps the same draft.
    expect(location(await reopenAs(owner, adId))).toBe("/create-ad?step=1");

    // Change the dates and the text; drop the cover, add a photo.
    expect(location(await post(owner, 1, step1()))).toBe("/create-ad?step=2");
    expect(location(await post(owner, 2, step2({ intent: "photos", expirationDate: inDays(10), description: "Strada revisada, nova descrição." }))))
      .toBe("/create-ad?step=3");
    await post(owner, 3, { intent: `remove-photo:${oldPhotos[0]}` }, []);
    // Still the ad's photo until the ad is saved: its file stays.
    expect(storedOriginals().has(oldPhotos[0]!)).toBe(true);
    const saved = await post(owner, 3, { intent: "create" }, [upload(png, { name: "novo.png", type: "image/png" })]);
    expect(location(saved)).toBe(`/payment/${adId}`);

    expect(adsOf(owner.id)).toHaveLength(1);
    const ad = adRow(adId)!;
    expect(ad).toMatchObject({ status: "pending_payment", description: "Strada revisada, nova descrição.", adCostCents: 10 * pricePerDayCents() });
    expect(expirationKeyFromInstant(ad.expirationDate)).toBe(inDays(10));
    const images = imagesOf(adId);
    expect(images).toHaveLength(2);
    expect(images[0]!.publicId).toBe(oldPhotos[1]);
    expect(images.map((i) => [i.order, i.isPrimary])).toEqual([
      [0, true],
      [1, false],
    ]);
    // The dropped photo left the storage once the ad no longer used it.
    expect(storedOriginals().has(oldPhotos[0]!)).toBe(false);
    expect(draftOf(owner.id)).toBeUndefined();
  });

  it("does not rewrite an ad paid while its draft was open (409), and leaves it as paid", async () => {
    const owner = await createUser();
    const adId = await unpaidAd(owner);
    await reopenAs(owner, adId);
    db.update(ads).set({ status: "active" }).where(eq(ads.id, adId)).run();
    const response = await post(owner, 2, step2({ description: "tentando mudar depois de pago" }));
    expect(response.status).toBe(409);
    expect(adRow(adId)).toMatchObject({ status: "active", description: "Fiat Strada Freedom 1.3 2019, revisada, pneus novos." });
    expect(adsOf(owner.id)).toHaveLength(1);
  });

  it("'Começar de novo' on a reopened ad keeps the ad's photos", async () => {
    const owner = await createUser();
    const adId = await unpaidAd(owner);
    const photos = imagesOf(adId).map((image) => image.publicId);
    await reopenAs(owner, adId);
    await post(owner, 1, { intent: "discard" });
    expect(draftOf(owner.id)).toBeUndefined();
    for (const publicId of photos) expect(storedOriginals().has(publicId)).toBe(true);
    expect(imagesOf(adId)).toHaveLength(2);
  });
});

describe("abandoned drafts", () => {
  it(`are swept after ${DRAFT_TTL_DAYS} days untouched, with their photos; fresher ones stay`, async () => {
    const stale = await userOnStep3();
    const fresh = await userOnStep3();
    for (const user of [stale, fresh]) await post(user, 3, { intent: "upload" }, [upload(png, { name: "a.png", type: "image/png" })]);
    const stalePhoto = draftOf(stale.id)!.data.photos![0]!.publicId;
    const freshPhoto = draftOf(fresh.id)!.data.photos![0]!.publicId;
    const now = new Date();
    db.update(adDrafts)
      .set({ updatedAt: new Date(now.getTime() - (DRAFT_TTL_DAYS * 24 + 1) * 3_600_000) })
      .where(eq(adDrafts.userId, stale.id))
      .run();
    db.update(adDrafts)
      .set({ updatedAt: new Date(now.getTime() - (DRAFT_TTL_DAYS * 24 - 1) * 3_600_000) })
      .where(eq(adDrafts.userId, fresh.id))
      .run();
    expect(await sweepAbandonedDrafts(now)).toBeGreaterThanOrEqual(1);
    expect(draftOf(stale.id)).toBeUndefined();
    expect(storedOriginals().has(stalePhoto)).toBe(false);
    expect(draftOf(fresh.id)).toBeDefined();
    expect(storedOriginals().has(freshPhoto)).toBe(true);
  });
});
