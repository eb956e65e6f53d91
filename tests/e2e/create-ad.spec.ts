/**
 * Publishing an ad on a phone (issue 11; spec 02 §2): the three-step wizard with JavaScript (masks,
 * counter, 'Gerar com IA' offline, photos scaled down and sent one by one with previews) and without it
 * (plain posts, photos sent with the form), both through to /payment/{id} with the ad awaiting payment
 * in the database; a draft resumed in a new tab; a forbidden ad refused with its reasons; and the login
 * screen for visitors. The server has no AI keys: the description comes from the local writer.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { waitForHydration } from "../support/hydration";
import { writePhotos } from "../support/e2e-photos";
import { deleteAd, insertPendingPaymentAd, withE2eDatabase } from "../support/e2e-ads";
import { expect, insertUser, test } from "../support/e2e-session";

let photos: { dir: string; files: string[]; bytes: number[] };

test.beforeAll(async () => {
  photos = await writePhotos(5, { width: 1600, height: 1200, grain: 0.08, quality: 82 });
});

test.afterAll(() => {
  if (photos) fs.rmSync(photos.dir, { recursive: true, force: true });
});

type StoredAd = {
  id: number;
  status: string;
  email: string;
  title: string;
  description: string;
  price_cents: number | null;
  ad_cost_cents: number;
  whatsapp: string | null;
  characteristics: string;
  images: number;
  primary_width: number | null;
  primary_height: number | null;
};

/** The ad as the e2e server stored it (its own database in E2E_DATA_DIR). */
function storedAd(id: number): StoredAd | undefined {
  return withE2eDatabase((sqlite) => {
  return sqlite
    .prepare<[number], StoredAd>(
      `SELECT a.id, a.status, u.email, a.title, a.description, a.price_cents, a.ad_cost_cents, a.whatsapp, a.characteristics,
              (SELECT COUNT(*) FROM ad_images i WHERE i.ad_id = a.id) AS images,
              (SELECT width FROM ad_images i WHERE i.ad_id = a.id AND i.is_primary = 1) AS primary_width,
              (SELECT height FROM ad_images i WHERE i.ad_id = a.id AND i.is_primary = 1) AS primary_height
       FROM ads a JOIN users u ON u.id = a.user_id WHERE a.id = ?`,
    )
    .get(id);
  });
}

function adsOfEmail(email: string): number {
  return withE2eDatabase((sqlite) => {
  return sqlite.prepare<[string], { n: number }>("SELECT COUNT(*) AS n FROM ads a JOIN users u ON u.id = a.user_id WHERE u.email = ?").get(email)!.n;
  });
}

const pricePerDayCents = () => {
  return withE2eDatabase((sqlite) => {
  return Math.round(Number(sqlite.prepare<[], { value: string }>("SELECT value FROM settings WHERE key = 'ad_price_per_day'").get()!.value) * 100);
  });
};

/** The id in /payment/{id}, once the page is there. */
async function paymentAdId(page: Page) {
  await expect(page).toHaveURL(/\/payment\/\d+$/, { timeout: 20_000 });
  return Number(new URL(page.url()).pathname.split("/").pop());
}

const continueButton = (page: Page) => page.getByRole("button", { name: "Continuar" });
const category = (page: Page, name: string) => page.getByRole("radiogroup", { name: "Categoria" }).getByText(name, { exact: true });

test.describe("publishing an ad", () => {
  test("the whole wizard with JavaScript: masks, counter, AI description offline, 5 photos, payment page", async ({ page, javaScriptEnabled, signedInUser }) => {
    test.skip(!javaScriptEnabled, "the JavaScript flow");
    test.setTimeout(90_000);
    const { email } = await signedInUser("Carla Anunciante");

    await page.goto("/");
    await page.getByRole("banner").getByRole("link", { name: "Anunciar" }).click();
    await expect(page).toHaveURL(/\/create-ad$/);
    await waitForHydration(page);

    // Step 1: 'Continuar' waits for a complete choice.
    await expect(page.getByRole("heading", { name: "Criar anúncio" })).toBeVisible();
    await expect(page.getByText("Passo 1 de 3: Tipo e Categoria")).toBeVisible();
    await expect(continueButton(page)).toBeDisabled();
    await expect(page.getByText("Selecione uma categoria para continuar").first()).toBeVisible();
    await expect(page.getByRole("radio", { name: "Vender" })).toBeChecked();
    await expect(page.getByLabel("Cidade")).toHaveValue(/\d+/);
    await expect(page.getByLabel("Cidade").locator("option:checked")).toHaveText("Patos de Minas - MG");
    await category(page, "Veículos").click();
    await expect(continueButton(page)).toBeDisabled();
    // The subcategory list is labelled by the category's label.
    await page.getByLabel("Tipo de veículo").selectOption({ label: "Carros" });
    await expect(continueButton(page)).toBeEnabled();
    await continueButton(page).click();

    // Step 2.
    await expect(page).toHaveURL(/\/create-ad\?step=2$/);
    await expect(page.getByText("Passo 2 de 3: Informações")).toBeVisible();
    await expect(page.getByLabel("Data de expiração")).toHaveAttribute("min", /\d{4}-\d{2}-\d{2}/);
    await expect(page.getByText("* mínimo 3 dias")).toBeVisible();
    await expect(page.getByText("Dias cobrados")).toBeVisible();
    await page.getByLabel("Título").fill("Fiat Strada 2019 cabine dupla");
    await page.getByLabel("Marca").selectOption("Fiat");
    await page.getByLabel("Ano").fill("2019");
    await page.getByLabel("Quilometragem (km)").fill("85000");
    await page.getByRole("button", { name: "Adicionar informação" }).click();
    await page.getByLabel("Nome da informação 1").fill("Garantia");
    await page.getByLabel("Valor da informação 1").fill("3 meses de motor");

    const price = page.getByLabel("Preço");
    await price.pressSequentially("350000");
    await expect(price).toHaveValue(/^R\$\s3\.500,00$/);
    const whatsapp = page.getByLabel("WhatsApp");
    await whatsapp.pressSequentially("34999887766");
    await expect(whatsapp).toHaveValue("(34) 9 9988-7766");

    // The counter: yellow above 320, red above 360, the warning at 400.
    const description = page.getByLabel(/^Descrição/);
    const counter = page.locator("#description-count");
    await description.fill("a".repeat(330));
    await expect(counter).toHaveText("330/400");
    await expect(counter).toHaveClass(/text-amber-700/);
    await description.fill("a".repeat(370));
    await expect(counter).toHaveClass(/text-red-700/);
    await description.fill("a".repeat(450)); // maxlength keeps it at 400
    await expect(counter).toHaveText("400/400 — limite atingido");

    // 'Gerar com IA' fills the description offline (the local writer).
    await description.fill("");
    await expect(page.getByText("IA: 10 de 10 gerações restantes este mês")).toBeVisible();
    await page.getByRole("button", { name: "Gerar com IA" }).click();
    await expect(page.getByText("Descrição gerada")).toBeVisible();
    await expect(description).not.toHaveValue("");
    const generated = await description.inputValue();
    expect(generated.length).toBeGreaterThan(40);
    expect(generated.length).toBeLessThanOrEqual(400);
    expect(generated).toContain("Fiat");
    await expect(counter).toHaveText(`${generated.length}/400`);
    await expect(page.getByText("IA: 9 de 10 gerações restantes este mês")).toBeVisible();

    await page.getByRole("button", { name: "Add Imagens" }).click();

    // Step 3: five photos, scaled down and sent one by one, with previews.
    await expect(page).toHaveURL(/\/create-ad\?step=3$/);
    await waitForHydration(page);
    await expect(page.getByText("Passo 3 de 3: Finalizar")).toBeVisible();
    await expect(page.getByText("0/5")).toBeVisible();
    const uploads: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/ad-draft/photos")) uploads.push(request.method());
    });
    await page.locator("#photos-input").setInputFiles(photos.files);
    await expect(page.getByRole("img", { name: "Foto 5" })).toBeVisible({ timeout: 30_000 });
    for (let i = 1; i <= 5; i++) await expect(page.getByRole("img", { name: `Foto ${i}` })).toBeVisible();
    await expect(page.getByText("5/5")).toBeVisible();
    await expect(page.getByText("Capa", { exact: true })).toBeVisible();
    await expect(page.getByText("Você pode adicionar no máximo 5 imagens.")).toBeVisible();
    expect(uploads).toEqual(["POST", "POST", "POST", "POST", "POST"]);
    // The previews load.
    await expect
      .poll(() => page.getByRole("img", { name: "Foto 1" }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await expect(page.getByText(/^R\$\s3\.500,00$/)).toBeVisible();

    await page.getByRole("button", { name: "Criar Anúncio" }).click();
    const adId = await paymentAdId(page);
    const ad = storedAd(adId)!;
    expect(ad).toMatchObject({
      status: "pending_payment",
      email,
      title: "Fiat Strada 2019 cabine dupla",
      description: generated,
      price_cents: 350_000,
      whatsapp: "(34) 9 9988-7766",
      images: 5,
      ad_cost_cents: 3 * pricePerDayCents(),
    });
    expect(JSON.parse(ad.characteristics)).toEqual({ marca: "Fiat", ano: "2019", quilometragem: "85000", Garantia: "3 meses de motor" });
    // The sideways photo (EXIF orientation 6) is stored upright.
    expect(ad.primary_height!).toBeGreaterThan(ad.primary_width!);
  });

  test("the whole wizard without JavaScript: plain posts, photos sent with the form @nojs", async ({ page, javaScriptEnabled, signedInUser }) => {
    test.skip(javaScriptEnabled, "the JavaScript-off flow");
    test.setTimeout(90_000);
    const { email } = await signedInUser("Nilo Sem Script");

    await page.goto("/");
    await page.getByRole("banner").getByRole("link", { name: "Anunciar" }).click();
    await expect(page).toHaveURL(/\/create-ad$/);

    // Step 1: a category with subcategories comes back once to offer them.
    await page.getByText("Trocar", { exact: true }).click();
    await category(page, "Veículos").click();
    await continueButton(page).click();
    await expect(page.getByText("Agora escolha a subcategoria.")).toBeVisible();
    await page.getByLabel("Tipo de veículo").selectOption({ label: "Motos" });
    await continueButton(page).click();

    // Step 2: typed as plain text; free pairs and 'Gerar com IA' post the form and come back.
    await expect(page).toHaveURL(/\/create-ad\?step=2/);
    await expect(page.getByText("Passo 2 de 3: Informações")).toBeVisible();
    await page.getByLabel("Título").fill("Honda CG 160 Fan 2022");
    await page.getByLabel("Marca").selectOption("Honda");
    await page.getByLabel("Ano").fill("2022");
    await page.getByLabel("Quilometragem (km)").fill("18.000");
    await page.getByLabel("Preço").fill("15.500,00");
    await page.getByLabel("WhatsApp").fill("34991238841");
    await page.getByRole("button", { name: "Adicionar informação" }).click();
    await expect(page).toHaveURL(/\/create-ad\?step=2#informacoes-extras$/);
    // What was typed before the post is still there.
    await expect(page.getByLabel("Título")).toHaveValue("Honda CG 160 Fan 2022");
    await expect(page.getByLabel("Preço")).toHaveValue(/^R\$\s15\.500,00$/);
    await page.getByLabel("Nome da informação 1").fill("Revisões");
    await page.getByLabel("Valor da informação 1").fill("na concessionária");
    await page.getByRole("button", { name: "Gerar com IA" }).click();
    await expect(page).toHaveURL(/\/create-ad\?step=2#descricao$/);
    const description = page.getByLabel(/^Descrição/);
    await expect(description).not.toHaveValue("");
    const generated = await description.inputValue();
    expect(generated).toContain("Honda CG 160 Fan 2022");
    await expect(page.getByLabel("Nome da informação 1")).toHaveValue("Revisões");
    await page.getByRole("button", { name: "Add Imagens" }).click();

    // Step 3: two photos previewed with 'Enviar fotos', three more sent with 'Criar Anúncio'.
    await expect(page).toHaveURL(/\/create-ad\?step=3$/);
    const input = page.getByLabel("Selecionar fotos");
    await input.setInputFiles(photos.files.slice(0, 2));
    await page.getByRole("button", { name: "Enviar fotos" }).click();
    await expect(page.getByRole("img", { name: "Foto 2" })).toBeVisible();
    await expect(page.getByText("2/5")).toBeVisible();
    await expect(page.getByText("Você pode adicionar mais 3.")).toBeVisible();
    await page.getByLabel("Selecionar fotos").setInputFiles(photos.files.slice(2));
    await page.getByRole("button", { name: "Criar Anúncio" }).click();

    const adId = await paymentAdId(page);
    expect(storedAd(adId)).toMatchObject({
      status: "pending_payment",
      email,
      title: "Honda CG 160 Fan 2022",
      description: generated,
      price_cents: 1_550_000,
      whatsapp: "(34) 9 9123-8841",
      images: 5,
    });
    expect(JSON.parse(storedAd(adId)!.characteristics)).toEqual({ marca: "Honda", ano: "2022", quilometragem: "18000", Revisões: "na concessionária" });
    expect(storedAd(adId)!.primary_height!).toBeGreaterThan(storedAd(adId)!.primary_width!);
  });

  test("a draft survives closing the tab: 'Continuar de onde parei' brings the values back @nojs", async ({ page, context, javaScriptEnabled, signedInUser }) => {
    await signedInUser("Rita Retomada");
    await page.goto("/create-ad");
    if (javaScriptEnabled) await waitForHydration(page);
    await category(page, "Imóveis").click();
    if (!javaScriptEnabled) await continueButton(page).click();
    await page.getByLabel("Tipo de imóvel").selectOption({ label: "Apartamentos" });
    await continueButton(page).click();
    await expect(page).toHaveURL(/\/create-ad\?step=2/);
    if (javaScriptEnabled) await waitForHydration(page);
    await page.getByLabel("Título").fill("Apartamento 2 quartos no Centro");
    await page.getByLabel("Quartos").fill("2");
    await page.getByLabel(/^Descrição/).fill("Apartamento de 2 quartos, sala ampla, perto da Praça do Coreto.");
    await page.getByRole("button", { name: "Add Imagens" }).click();
    await expect(page).toHaveURL(/\/create-ad\?step=3$/);
    await page.close();

    const tab = await context.newPage();
    await tab.goto("/create-ad");
    await expect(tab.getByRole("heading", { name: "Anúncio em andamento" })).toBeVisible();
    await tab.getByRole("link", { name: "Continuar de onde parei" }).click();
    await expect(tab).toHaveURL(/\/create-ad\?step=1$/);
    await expect(tab.getByRole("radio", { name: "Imóveis" })).toBeChecked();
    await expect(tab.getByLabel("Tipo de imóvel").locator("option:checked")).toHaveText("Apartamentos");
    if (javaScriptEnabled) await waitForHydration(tab);
    await continueButton(tab).click();
    await expect(tab).toHaveURL(/\/create-ad\?step=2$/);
    await expect(tab.getByLabel("Título")).toHaveValue("Apartamento 2 quartos no Centro");
    await expect(tab.getByLabel("Quartos")).toHaveValue("2");
    await expect(tab.getByLabel(/^Descrição/)).toHaveValue("Apartamento de 2 quartos, sala ampla, perto da Praça do Coreto.");

    // 'Começar de novo' forgets it.
    await tab.goto("/create-ad");
    await tab.getByRole("button", { name: "Começar de novo" }).click();
    await expect(tab).toHaveURL(/\/create-ad\?step=1$/);
    await expect(tab.getByRole("radio", { name: "Imóveis" })).not.toBeChecked();
    await tab.goto("/create-ad");
    await expect(tab.getByRole("heading", { name: "Criar anúncio" })).toBeVisible();
  });

  test("a forbidden ad is refused with 'Anúncio rejeitado automaticamente', its reasons and a suggestion @nojs", async ({ page, javaScriptEnabled, signedInUser }) => {
    const { email } = await signedInUser("Rui Recusado");
    await page.goto("/create-ad");
    if (javaScriptEnabled) await waitForHydration(page);
    await category(page, "Eletrônicos e Celulares").click();
    if (!javaScriptEnabled) await continueButton(page).click();
    await page.getByLabel("Tipo de produto").selectOption({ label: "Celulares e Smartphones" });
    await continueButton(page).click();
    await expect(page).toHaveURL(/\/create-ad\?step=2/);
    if (javaScriptEnabled) await waitForHydration(page);
    await page.getByLabel(/^Descrição/).fill("Vendo revólver calibre 38 com munição. Pagamento adiantado via PIX.");
    await page.getByRole("button", { name: "Criar Anúncio" }).click();

    const notice = page.getByRole("alert").filter({ hasText: "Validação Inteligente" });
    await expect(notice.getByRole("heading", { name: "Anúncio rejeitado automaticamente" })).toBeVisible();
    await expect(notice.getByText("Motivos")).toBeVisible();
    await expect(notice.getByRole("listitem").first()).toBeVisible();
    await expect(notice.getByText("Sugestão")).toBeVisible();
    // Still on step 2 with the text, nothing created.
    await expect(page).toHaveURL(/\/create-ad\?step=2/);
    await expect(page.getByLabel(/^Descrição/)).toHaveValue("Vendo revólver calibre 38 com munição. Pagamento adiantado via PIX.");
    expect(adsOfEmail(email)).toBe(0);
  });

  test("a visitor sees 'Login Necessário' and 'Fazer Login' leads to /login and back @nojs", async ({ page, javaScriptEnabled }) => {
    await page.goto("/create-ad");
    await expect(page.getByRole("heading", { name: "Login Necessário" })).toBeVisible();
    await expect(page.getByText("Você precisa fazer login para criar anúncios.")).toBeVisible();
    const login = page.getByRole("link", { name: "Fazer Login" });
    await expect(login).toHaveAttribute("href", "/login?redirectTo=/create-ad");
    if (javaScriptEnabled) await waitForHydration(page);
    await login.click();
    await expect(page).toHaveURL(/\/login\?redirectTo=(\/|%2F)create-ad$/);

    // Signing in comes back to the wizard.
    const { email, password } = insertUser("Lia Login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Senha").fill(password);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page).toHaveURL(/\/create-ad$/);
    await expect(page.getByText("Passo 1 de 3: Tipo e Categoria")).toBeVisible();
  });
  test("'Voltar' from a payment asks before it replaces another ad in progress @nojs", async ({ page, javaScriptEnabled, signedInUser }) => {
    const { email } = await signedInUser("Rita Duas Vezes");
    const unpaid = insertPendingPaymentAd(email, 5);
    try {
      // A new ad started: a category chosen and sent.
      await page.goto("/create-ad");
      if (javaScriptEnabled) await waitForHydration(page);
      await category(page, "Veículos").click();
      if (javaScriptEnabled) await page.getByLabel("Tipo de veículo").selectOption({ label: "Motos" });
      await continueButton(page).click();
      await expect(page).toHaveURL(/\/create-ad\?step=[12]$/);

      // Back from the unpaid ad's payment page: asked first, and the new ad is still there.
      await page.goto(`/payment/${unpaid.id}`);
      await page.getByRole("link", { name: "Voltar" }).click();
      await expect(page.getByRole("heading", { name: "Anúncio em andamento" })).toBeVisible();
      await expect(page.getByText(unpaid.title)).toBeVisible();
      await page.getByRole("link", { name: "Continuar o que comecei" }).click();
      await expect(page).toHaveURL(/\/create-ad\?step=1$/);
      await expect(page.getByRole("radio", { name: "Veículos" })).toBeChecked();

      // Now chosen on purpose: the unpaid ad opens in the wizard.
      await page.goto(`/create-ad-steps?edit=${unpaid.id}`);
      await page.getByRole("button", { name: "Descartar e editar este anúncio" }).click();
      await expect(page).toHaveURL(/\/create-ad\?step=1$/);
      await expect(page.getByRole("radio", { name: "Casa e Móveis" })).toBeChecked();
    } finally {
      deleteAd(unpaid.id);
    }
  });
});
