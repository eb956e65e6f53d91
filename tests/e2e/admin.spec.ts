/**
 * The admin panel on a phone (Pixel 7), JavaScript on and off: categories with their subcategories
 * and characteristics, cities, the per-day price, the moderation queue, the statistics and the PDF
 * report — and nobody else gets in. Every test works on records of its own and removes them; the
 * price test saves the price it found, since the payment tests running beside it charge by it.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { todayKey } from "../../app/lib/dates";
import { adStatusOf, deleteAd } from "../support/e2e-ads";
import { expectNoSidewaysScroll, insertPendingAd, lastDecision, visitorHeaders } from "../support/e2e-admin";
import { expect as baseExpect, test } from "../support/e2e-session";
import { waitForHydration } from "../support/hydration";

// The machine's two cores are shared with the rest of the suite (image variants, PDFs, password hashing):
// a toast after a round trip may take longer than the default 5 s.
const expect = baseExpect.configure({ timeout: 15_000 });

test.use({
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, provide) => provide(visitorHeaders()),
});

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
const isJs = (info: { project: { name: string } }) => info.project.name === "js";

async function open(page: Page, path: string, js: boolean) {
  await page.goto(path);
  if (js) await waitForHydration(page);
}

/**
 * The toast with this title. Without JavaScript it fades out by CSS after 5 s (8 s for errors) while
 * staying in the page, and a page with pictures may finish loading later than that on a busy machine:
 * so it is looked for in the page, not on the screen.
 */
async function expectToast(page: Page, title: string) {
  const role = /^Erro/.test(title) || title === "Acesso Negado" ? "alert" : "status";
  // includeHidden: once faded out the toast is visibility:hidden, which role queries skip by default.
  await expect(page.getByRole(role, { includeHidden: true }).filter({ hasText: title }).first()).toBeAttached();
}

/** A field's own error message (not the toast that repeats it). */
function fieldError(page: Page, text: string) {
  return page.locator("p[id$='-error']").filter({ hasText: text });
}

/** 'Excluir' with JavaScript opens a dialog; without it, a confirmation page. Either way: confirm. */
async function confirmDelete(page: Page, trigger: string, js: boolean) {
  await page.getByRole(js ? "button" : "link", { name: trigger }).click();
  if (js) {
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Excluir" }).click();
  } else {
    await expect(page).toHaveURL(/\/admin\/delete\?/);
    await page.getByRole("button", { name: "Excluir" }).click();
  }
}

test.describe("the admin panel", () => {
  test("keeps everyone else out: visitors to /login, users to / and 'Acesso Negado' on /admin-old @nojs", async ({ page, signedInUser }) => {
    // Two password hashes (sign-up, sign-in) and the home page's pictures on a shared machine.
    test.slow();
    await page.goto("/admin/categories");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fcategories$/);
    await signedInUser("Pessoa Comum");
    await page.goto("/admin/create-city");
    await expect(page).toHaveURL(/\/$/);
    await expectToast(page, "Acesso Negado");
    await page.goto("/admin-old");
    await expect(page.getByRole("heading", { name: "Acesso Negado" })).toBeVisible();
    await expect(page.getByText("Você precisa ser um administrador para acessar esta página.")).toBeVisible();
    expect((await page.request.get("/api/stats")).status()).toBe(403);
  });

  test("creates a category with the icons, adds a subcategory and a characteristic, edits it and deletes it all @nojs", async ({ page, signInAsAdmin }, info) => {
    test.slow();
    const js = isJs(info);
    await signInAsAdmin();
    await open(page, "/admin", js);
    const nav = page.getByRole("navigation", { name: "Administração" });
    for (const section of ["Categorias", "Anúncios", "Cidades", "Configurações"]) await expect(nav.getByRole("link", { name: section })).toBeVisible();
    await expectNoSidewaysScroll(page);

    await nav.getByRole("link", { name: "Categorias" }).click();
    await expect(page).toHaveURL(/\/admin\/categories$/);
    // /admin has a 'Nova categoria' link too: wait for the list's own page before clicking.
    await expect(page.getByRole("heading", { level: 1, name: "Categorias", exact: true })).toBeVisible();
    await page.getByRole("link", { name: "Nova categoria" }).click();
    await expect(page).toHaveURL(/\/admin\/create-category$/);
    if (js) await waitForHydration(page);
    // The 12 icons of spec 02 §3, drawn as icons.
    await expect(page.getByRole("radio")).toHaveCount(12);
    for (const label of ["Casa", "Carro", "Moto", "Celular", "Ferramenta", "Serviços", "Eletrônicos", "Bicicleta", "Caminhão", "Roupas", "Móveis", "Música"]) {
      await expect(page.getByRole("radio", { name: label })).toHaveCount(1);
    }
    await expectNoSidewaysScroll(page);

    const name = page.getByRole("textbox", { name: /^Nome/ });
    await name.fill("A");
    await page.getByRole("button", { name: "Salvar Categoria" }).click();
    await expect(fieldError(page, "Nome deve ter pelo menos 2 caracteres")).toBeVisible();
    if (!js) await expectToast(page, "Erro ao criar categoria");

    const title = `Instrumentos ${stamp()}`;
    await name.fill(title);
    await page.getByText("Música", { exact: true }).click();
    await page.getByRole("button", { name: "Salvar Categoria" }).click();
    await expectToast(page, "Categoria criada com sucesso!");
    await expect(page).toHaveURL(/\/admin\/edit-category\/\d+$/);
    const editUrl = page.url();
    // The public pages see it at once.
    const publicList = (await (await page.request.get("/api/categories")).json()) as { name: string; icon: string }[];
    expect(publicList.find((c) => c.name === title)).toMatchObject({ icon: "guitar" });

    if (js) await waitForHydration(page);
    const subs = page.locator("#subcategorias");
    await subs.getByRole("textbox", { name: /^Nome da subcategoria/ }).fill("Violões");
    await subs.getByRole("button", { name: "Adicionar subcategoria" }).click();
    await expectToast(page, "Subcategoria criada com sucesso!");
    await expect(page.locator("#subcategorias").getByText("Violões", { exact: true })).toBeVisible();

    if (js) await waitForHydration(page);
    const chars = page.locator("#caracteristicas");
    const type = chars.getByRole("combobox", { name: /^Tipo de dado/ });
    // Each type shows its own fields (CSS, so with JavaScript off too).
    await type.selectOption({ label: "Número" });
    await expect(chars.getByRole("textbox", { name: "Valor mínimo" })).toBeVisible();
    await expect(chars.getByRole("textbox", { name: "Limite de caracteres" })).toBeHidden();
    await type.selectOption({ label: "Texto" });
    await expect(chars.getByRole("textbox", { name: "Limite de caracteres" })).toBeVisible();
    await expect(chars.getByRole("textbox", { name: "Valor mínimo" })).toBeHidden();
    await type.selectOption({ label: "Lista de opções" });
    await expect(chars.getByText("Separe as opções por vírgula.")).toBeVisible();
    await chars.getByRole("textbox", { name: /^Label/ }).fill("Cordas");
    await chars.getByRole("textbox", { name: /^Nome \(chave\)/ }).fill("cordas");
    await chars.getByRole("textbox", { name: "Opções" }).fill("Aço, Nylon");
    await chars.getByRole("button", { name: "Adicionar característica" }).click();
    await expectToast(page, "Característica criada com sucesso!");
    await expect(page.locator("#caracteristicas").getByText("cordas · Aço, Nylon")).toBeVisible();

    await page.getByRole("link", { name: "Editar Cordas" }).click();
    await expect(page).toHaveURL(/\/admin\/edit-characteristic\/\d+$/);
    if (js) await waitForHydration(page);
    const options = page.getByRole("textbox", { name: "Opções" });
    await expect(options).toHaveValue("Aço\nNylon");
    await expect(page.getByText("Uma opção por linha.")).toBeVisible();
    await options.fill("Aço\nNylon\nTripa");
    await page.getByRole("button", { name: "Salvar Característica" }).click();
    await expectToast(page, "Característica atualizada com sucesso!");
    await expect(page.locator("#caracteristicas").getByText("cordas · Aço, Nylon, Tripa")).toBeVisible();

    await open(page, editUrl, js);
    await confirmDelete(page, `Excluir categoria: ${title}`, js);
    await expectToast(page, "Categoria excluída com sucesso!");
    await expect(page).toHaveURL(/\/admin\/categories$/);
    await expect(page.getByRole("main").getByText(title)).toHaveCount(0);
    const after = (await (await page.request.get("/api/categories")).json()) as { name: string }[];
    expect(after.some((c) => c.name === title)).toBe(false);
  });

  test("creates, renames and deletes a city; Patos de Minas - MG stays @nojs", async ({ page, signInAsAdmin }, info) => {
    const js = isJs(info);
    await signInAsAdmin();
    await open(page, "/admin/cities", js);
    const patos = page.getByRole("listitem").filter({ hasText: "Patos de Minas - MG" });
    await expect(patos.getByText("Cidade padrão")).toBeVisible();
    await expect(patos.getByText("Não pode ser excluída")).toBeVisible();
    await expect(patos.getByRole(js ? "button" : "link", { name: /^Excluir/ })).toHaveCount(0);

    await page.getByRole("link", { name: "Nova cidade" }).click();
    await expect(page).toHaveURL(/\/admin\/create-city$/);
    if (js) await waitForHydration(page);
    const state = page.getByRole("combobox", { name: /^Estado/ });
    await expect(state.locator("option")).toHaveCount(28);
    await expect(state.locator("option", { hasText: "MG - Minas Gerais" })).toHaveCount(1);
    await page.getByRole("button", { name: "Salvar Cidade" }).click();
    await expect(fieldError(page, "Nome da cidade é obrigatório")).toBeVisible();
    if (!js) await expectToast(page, "Erro ao criar cidade");

    const name = `Vila ${stamp()}`;
    await page.getByRole("textbox", { name: /^Nome da cidade/ }).fill(name);
    await state.selectOption("GO");
    await page.getByRole("button", { name: "Salvar Cidade" }).click();
    await expectToast(page, "Cidade criada com sucesso!");
    await expect(page).toHaveURL(/\/admin\/cities$/);
    await expect(page.getByRole("main").getByText(`${name} - GO`, { exact: true })).toBeVisible();
    // The home page's city list has it at once.
    await page.goto("/");
    await expect(page.locator("option", { hasText: `${name} - GO` })).toHaveCount(1);

    await open(page, "/admin/cities", js);
    await page.getByRole("link", { name: `Editar ${name} - GO` }).click();
    await expect(page).toHaveURL(/\/admin\/edit-city\/\d+$/);
    if (js) await waitForHydration(page);
    await page.getByRole("textbox", { name: /^Nome da cidade/ }).fill(`${name} Nova`);
    await page.getByRole("button", { name: "Salvar Cidade" }).click();
    await expectToast(page, "Cidade atualizada com sucesso!");
    await expect(page.getByRole("main").getByText(`${name} Nova - GO`, { exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);

    if (js) await waitForHydration(page);
    await confirmDelete(page, `Excluir: ${name} Nova - GO`, js);
    await expectToast(page, "Cidade excluída com sucesso!");
    await expect(page.getByRole("main").getByText(`${name} Nova - GO`, { exact: true })).toHaveCount(0);
  });

  test("validates and saves the per-day price @nojs", async ({ page, signInAsAdmin }, info) => {
    const js = isJs(info);
    await signInAsAdmin();
    await open(page, "/admin", js);
    await page.getByRole("navigation", { name: "Administração" }).getByRole("link", { name: "Configurações" }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    if (js) await waitForHydration(page);
    // The boost's price (issue #36) has a form of its own beside it, with the same 'Salvar preço'.
    const section = page.getByRole("region", { name: "Preço por dia de anúncio", exact: true });
    const price = section.getByRole("textbox", { name: /^Preço por dia de anúncio/ });
    const current = await price.inputValue();
    expect(current).toMatch(/^\d+,\d{2}$/);

    await price.fill("0");
    await section.getByRole("button", { name: "Salvar preço" }).click();
    await expect(fieldError(page, "Por favor, insira um preço válido maior que zero.")).toBeVisible();
    if (!js) await expectToast(page, "Erro na validação");

    // The price it found goes back: the payment tests running beside this one charge by it.
    await price.fill(current);
    await section.getByRole("button", { name: "Salvar preço" }).click();
    await expectToast(page, "Configuração atualizada com sucesso!");
    await expect(section.getByText(new RegExp(`^Atual: R\\$\\s${current} por dia\\.$`))).toBeVisible();
    expect(((await (await page.request.get("/api/ad-price")).json()) as { pricePerDay: string }).pricePerDay).toBe(current.replace(",", "."));
  });

  test("approves one ad and rejects another with a reason in the moderation queue @nojs", async ({ page, signInAsAdmin }, info) => {
    const js = isJs(info);
    const toApprove = insertPendingAd("Preço muito abaixo do mercado");
    const toReject = insertPendingAd("Possível produto proibido");
    try {
      await signInAsAdmin();
      await open(page, "/admin", js);
      await page.getByRole("navigation", { name: "Administração" }).getByRole("link", { name: /^Anúncios/ }).click();
      await expect(page).toHaveURL(/\/admin\/moderation$/);
      if (js) await waitForHydration(page);
      const first = page.getByRole("article", { name: toApprove.title });
      await expect(first.getByText("Preço muito abaixo do mercado")).toBeVisible();
      await expectNoSidewaysScroll(page);

      await first.getByRole("button", { name: `Aprovar ${toApprove.title}` }).click();
      await expectToast(page, "Anúncio aprovado");
      await expect(page.getByRole("article", { name: toApprove.title })).toHaveCount(0);
      expect(adStatusOf(toApprove.id)).toBe("active");
      expect(lastDecision(toApprove.id)).toMatchObject({ decision: "approved", reason: null });

      if (js) await waitForHydration(page);
      const second = page.getByRole("article", { name: toReject.title });
      await expect(second.getByText("Possível produto proibido")).toBeVisible();
      await second.getByText("Rejeitar…").click();
      await second.getByRole("textbox", { name: "Motivo da rejeição (o anunciante verá)" }).fill("Venda de item proibido pelos termos.");
      await second.getByRole("button", { name: "Confirmar rejeição" }).click();
      await expectToast(page, "Anúncio rejeitado");
      await expect(page.getByRole("article", { name: toReject.title })).toHaveCount(0);
      expect(adStatusOf(toReject.id)).toBe("rejected");
      expect(lastDecision(toReject.id)).toMatchObject({ decision: "rejected", reason: "Venda de item proibido pelos termos." });
    } finally {
      deleteAd(toApprove.id);
      deleteAd(toReject.id);
    }
  });

  test("shows the statistics as charts with their numbers, and exports the PDF @nojs", async ({ page, signInAsAdmin }, info) => {
    const js = isJs(info);
    await signInAsAdmin();
    await open(page, "/admin/stats", js);
    for (const chart of ["Anúncios criados por dia", "Receita por dia", "Anúncios por status", "Pagamentos por forma", "Anúncios por categoria", "Receita por mês"]) {
      await expect(page.getByRole("figure", { name: chart })).toBeVisible();
    }
    const daily = page.getByRole("figure", { name: "Anúncios criados por dia" });
    await daily.getByText("Ver os números").click();
    await expect(daily.getByRole("table")).toBeVisible();
    await expect(daily.getByRole("row")).toHaveCount(31);
    await expectNoSidewaysScroll(page);

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Exportar PDF" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`relatorio-${todayKey()}.pdf`);
    const saved = await file.path();
    expect(fs.readFileSync(saved).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    if (js) await expectToast(page, "PDF exportado com sucesso!");
  });

  test("the tabbed 'Painel Administrativo' has its four tabs @nojs", async ({ page, signInAsAdmin }, info) => {
    const js = isJs(info);
    await signInAsAdmin();
    await open(page, "/admin-old", js);
    await expect(page.getByRole("heading", { name: "Painel Administrativo" })).toBeVisible();
    const tabs = page.getByRole("navigation", { name: "Abas do painel" });
    for (const tab of ["Categorias", "Características", "Moderação", "Estatísticas"]) await expect(tabs.getByRole("link", { name: tab })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Nova categoria" })).toBeVisible();
    await tabs.getByRole("link", { name: "Estatísticas" }).click();
    await expect(page).toHaveURL(/aba=estatisticas/);
    await expect(page.getByRole("figure", { name: "Anúncios por status" })).toBeVisible();
    await tabs.getByRole("link", { name: "Moderação" }).click();
    await expect(page).toHaveURL(/aba=moderacao/);
    await expect(page.getByText(/^\d+ anúncios? aguarda/)).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
