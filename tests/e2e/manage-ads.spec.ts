/**
 * Managing ads on a phone, with JavaScript on and (the @nojs ones) off: pause and reactivate, delete
 * after a confirmation, edit, the paused ad's notice, and reactivating an expired ad through to its
 * payment; the dashboard's login guard; the owner's account: data export and account deletion.
 * Ads are written straight into the run's database (tests/support/e2e-ads.ts).
 */
import fs from "node:fs";
import type { Page, TestInfo } from "@playwright/test";
import { addDaysToKey, todayKey } from "../../app/lib/dates";
import { insertManagedAd, storedAd } from "../support/e2e-ads";
import { expect, test } from "../support/e2e-session";
import { cameraPhoto } from "../support/e2e-photos";
import { waitForHydration } from "../support/hydration";

const js = (info: TestInfo) => info.project.name === "js";

async function openDashboard(page: Page, info: TestInfo, query = "") {
  await page.goto(`/dashboard${query}`);
  if (js(info)) await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Meus Anúncios" })).toBeVisible();
}

const row = (page: Page, id: number) => page.getByTestId(`ad-row-${id}`);
const statusOf = (page: Page, id: number) => page.getByTestId(`status-${id}`);

test.describe("managing ads", () => {
  test("the dashboard asks for a login and comes back @nojs", async ({ page }) => {
    await page.goto("/dashboard?status=active");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%3Fstatus%3Dactive$/);
    await expect(page.getByText("Acesso negado")).toBeVisible();
    await expect(page.getByText("Você precisa fazer login para acessar o dashboard")).toBeVisible();
  });

  test("pause and reactivate an active ad @nojs", async ({ page, signedInUser }, info) => {
    const { email } = await signedInUser("Paula Painel");
    const ad = insertManagedAd(email, { status: "active", createdDaysAgo: 3 });
    await openDashboard(page, info);
    await expect(page.getByTestId("stat-activeAds")).toHaveText("1");
    await expect(statusOf(page, ad.id)).toHaveText("Ativo");

    await row(page, ad.id).getByRole("button", { name: `Pausar: ${ad.title}` }).click();
    await expect(statusOf(page, ad.id)).toHaveText("Pausado");
    await expect(page.getByText("Status atualizado")).toBeVisible();
    await expect(page.getByTestId("stat-pausedAds")).toHaveText("1");
    expect(storedAd(ad.id)?.status).toBe("paused");

    await row(page, ad.id).getByRole("button", { name: `Reativar: ${ad.title}` }).click();
    await expect(statusOf(page, ad.id)).toHaveText("Ativo");
    expect(storedAd(ad.id)?.status).toBe("active");
    // The filters stay as they were, on a phone the list is cards, not a table that scrolls sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("delete an expired ad after a confirmation @nojs", async ({ page, signedInUser }, info) => {
    const { email } = await signedInUser("Paula Painel");
    const ad = insertManagedAd(email, { status: "active", createdDaysAgo: 20, lastDayInDays: -2 });
    const live = insertManagedAd(email, { status: "active", createdDaysAgo: 1 });
    await openDashboard(page, info);
    await expect(statusOf(page, ad.id)).toHaveText("Expirado");
    // An active ad cannot be deleted by its owner: no button.
    await expect(row(page, live.id).getByRole("link", { name: /^Excluir/ })).toHaveCount(0);

    await row(page, ad.id).getByRole("link", { name: `Excluir: ${ad.title}` }).click();
    if (js(info)) {
      const dialog = page.getByRole("dialog", { name: "Excluir anúncio?" });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "Excluir" }).click();
    } else {
      await expect(page).toHaveURL(new RegExp(`/dashboard/excluir/${ad.id}\\?back=`));
      await expect(page.getByRole("heading", { name: "Excluir anúncio?" })).toBeVisible();
      await page.getByRole("button", { name: "Excluir" }).click();
    }
    await expect(page.getByText("O anúncio foi excluído com sucesso.")).toBeVisible();
    await expect(row(page, ad.id)).toHaveCount(0);
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(storedAd(ad.id)).toBeUndefined();
  });

  test("edit an active ad: the date is locked, saving goes back to the list @nojs", async ({ page, signedInUser }, info) => {
    const { email } = await signedInUser("Paula Painel");
    const ad = insertManagedAd(email, { status: "active", createdDaysAgo: 2 });
    await openDashboard(page, info);
    await row(page, ad.id).getByRole("link", { name: `Editar: ${ad.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/edit-ad/${ad.id}$`));
    if (js(info)) await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "Editar anúncio" })).toBeVisible();
    await expect(page.getByLabel("Data de expiração")).toBeDisabled();
    await expect(page.getByText("aguarde o anúncio expirar e reative-o")).toBeVisible();
    await expect(page.getByText("0/5")).toBeVisible();
    await expect(page.getByText(`#${ad.id}`)).toBeVisible();

    await page.getByLabel("Título").fill("Cômoda de peroba restaurada");
    await page.getByLabel("Descrição").fill("Cômoda de peroba restaurada, quatro gavetas, puxadores de latão.");
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("Anúncio atualizado com sucesso.")).toBeVisible();
    // The row's closed 'Vendido' dialog (issue #36) names the ad too: the title looked for is the one shown.
    await expect(row(page, ad.id).getByText("Cômoda de peroba restaurada", { exact: true }).filter({ visible: true })).toBeVisible();
  });

  test("a paused ad asks to be reactivated before editing @nojs", async ({ page, signedInUser }, info) => {
    const { email } = await signedInUser("Paula Painel");
    const ad = insertManagedAd(email, { status: "paused", createdDaysAgo: 2 });
    await openDashboard(page, info);
    await row(page, ad.id).getByRole("link", { name: `Editar: ${ad.title}` }).click();
    if (js(info)) {
      const dialog = page.getByRole("dialog", { name: "Anúncio Pausado" });
      await expect(dialog.getByText("Para editar o anúncio pausado, primeiro reative-o")).toBeVisible();
      await dialog.getByRole("button", { name: "Reativar" }).click();
      await expect(statusOf(page, ad.id)).toHaveText("Ativo");
    } else {
      await expect(page.getByRole("heading", { name: "Anúncio Pausado" })).toBeVisible();
      await expect(page.getByText("Para editar o anúncio pausado, primeiro reative-o")).toBeVisible();
      await page.getByRole("button", { name: "Reativar" }).click();
      // Back on the edit page, now editable.
      await expect(page).toHaveURL(new RegExp(`/edit-ad/${ad.id}$`));
      await expect(page.getByRole("heading", { name: "Editar anúncio" })).toBeVisible();
    }
    expect(storedAd(ad.id)?.status).toBe("active");
  });

  test("reactivate an expired ad through to its payment @nojs", async ({ page, signedInUser }, info) => {
    const { email } = await signedInUser("Paula Painel");
    const ad = insertManagedAd(email, { status: "active", createdDaysAgo: 15, lastDayInDays: -1 });
    await openDashboard(page, info);
    await row(page, ad.id).getByRole("button", { name: `Reativar Anúncio: ${ad.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/edit-ad/${ad.id}\\?reactivate=true$`));
    await expect(page.getByText("Reativando anúncio").first()).toBeVisible();
    await expect(page.getByText("Você será redirecionado para editar o anúncio. Após salvar, o status será alterado para 'Aguardando Pagamento'.")).toBeVisible();
    if (js(info)) await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "Reativar anúncio" })).toBeVisible();
    const status = page.getByLabel("Status");
    await expect(status).toBeDisabled();
    await expect(status).toHaveValue("pending_payment");

    const lastDay = addDaysToKey(todayKey(), 5);
    await page.getByLabel("Data de expiração").fill(lastDay);
    if (js(info)) await expect(page.getByText("Dias cobrados")).toBeVisible();
    await page.getByRole("button", { name: "Salvar e ir para o pagamento" }).click();
    await expect(page).toHaveURL(new RegExp(`/payment/${ad.id}$`));
    await expect(page.getByText("Anúncio atualizado com sucesso.")).toBeVisible();
    await expect(page.getByTestId("payment-total")).toBeVisible();
    const stored = storedAd(ad.id)!;
    expect(stored.status).toBe("pending_payment");
    expect(stored.ad_cost_cents).toBeGreaterThan(0);
  });

  test("an ad awaiting payment since today offers only 'Efetuar Pagamento'", async ({ page, signedInUser }, info) => {
    const { email } = await signedInUser("Paula Painel");
    const today = insertManagedAd(email, { status: "pending_payment", createdDaysAgo: 0 });
    const older = insertManagedAd(email, { status: "pending_payment", createdDaysAgo: 2 });
    await openDashboard(page, info);
    await expect(row(page, today.id).getByRole("link", { name: `Efetuar Pagamento: ${today.title}` })).toHaveAttribute("href", `/payment/${today.id}`);
    await expect(row(page, today.id).getByRole("link", { name: /^Editar/ })).toHaveCount(0);
    await expect(row(page, older.id).getByRole("link", { name: `Editar Anúncio: ${older.title}` })).toHaveAttribute("href", `/edit-ad/${older.id}`);
    // The view dialog shows the ad, though it is not public.
    await row(page, older.id).getByRole("link", { name: `Ver: ${older.title}` }).click();
    const dialog = page.getByRole("dialog", { name: older.title });
    await expect(dialog.getByText("Não publicado: só você vê")).toBeVisible();
    await dialog.getByRole("button", { name: "Fechar" }).first().click();
    await expect(dialog).toBeHidden();
  });
});

test.describe("photos and the admin's menu", () => {
  test("add a photo on the edit page, then remove it after a confirmation @nojs", async ({ page, signedInUser }, info) => {
    const { email } = await signedInUser("Paula Painel");
    const ad = insertManagedAd(email, { status: "active", createdDaysAgo: 1 });
    await page.goto(`/edit-ad/${ad.id}`);
    if (js(info)) await waitForHydration(page);
    await expect(page.getByTestId("photo-count")).toHaveText("0/5");
    const photo = { name: "comoda.jpg", mimeType: "image/jpeg", buffer: await cameraPhoto({ width: 800, height: 600 }) };
    await page.locator("#edit-photos-input").setInputFiles(photo);
    if (!js(info)) await page.getByRole("button", { name: "Enviar fotos" }).click();
    await expect(page.getByTestId("photo-count")).toHaveText("1/5");
    await expect(page.getByText("Imagem adicionada").first()).toBeVisible();

    await page.getByRole("link", { name: "Remover foto 1" }).click();
    if (js(info)) {
      const dialog = page.getByRole("dialog", { name: "Remover esta foto?" });
      await dialog.getByRole("button", { name: "Remover" }).click();
    } else {
      await expect(page).toHaveURL(/remover-foto=\d+$/);
      await page.getByRole("alertdialog", { name: "Remover esta foto?" }).getByRole("button", { name: "Remover" }).click();
    }
    await expect(page.getByTestId("photo-count")).toHaveText("0/5");
    await expect(page.getByText("Imagem removida")).toBeVisible();
  });

  test("an admin finds any ad by its id and sets its status from the menu @nojs", async ({ page, signInAsAdmin, signedInUser }, info) => {
    const { email } = await signedInUser("Dono Qualquer");
    const ad = insertManagedAd(email, { status: "active", createdDaysAgo: 1 });
    await signInAsAdmin();
    await openDashboard(page, info);
    await page.getByLabel("ID").fill(String(ad.id));
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]id=${ad.id}`));
    await expect(page.getByText("1 anúncio", { exact: true })).toBeVisible();
    await expect(row(page, ad.id).getByText("Dono Qualquer")).toBeVisible();

    await row(page, ad.id).locator("summary", { hasText: "Status" }).click();
    await expect(row(page, ad.id).getByRole("button", { name: "Ativo (atual)" })).toBeDisabled();
    await row(page, ad.id).getByRole("button", { name: "Aguardando Pagamento" }).click();
    await expect(statusOf(page, ad.id)).toHaveText("Aguardando Pagamento");
    expect(storedAd(ad.id)?.status).toBe("pending_payment");
  });
});

test.describe("the owner's account", () => {
  test("download my data @nojs", async ({ page, signedInUser }) => {
    const { email } = await signedInUser("Dora Dados");
    const ad = insertManagedAd(email, { status: "active", createdDaysAgo: 1 });
    await page.goto("/");
    await page.locator("header summary", { hasText: "Menu da conta de" }).click();
    await page.getByRole("link", { name: "Minha conta" }).click();
    await expect(page).toHaveURL(/\/conta$/);
    await expect(page.getByRole("heading", { name: "Minha conta", exact: true })).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Baixar meus dados" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^meus-dados-classificados-patos-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(fs.readFileSync((await download.path())!, "utf8")) as { profile: { email: string; fullName: string }; ads: { id: number }[] };
    expect(data.profile).toMatchObject({ email, fullName: "Dora Dados" });
    expect(data.ads.map((row) => row.id)).toEqual([ad.id]);
  });

  test("delete my account with my password @nojs", async ({ page, signedInUser }, info) => {
    // Two password checks (argon2) on a busy machine.
    test.slow();
    const { email, password } = await signedInUser("Saulo Saída");
    const ad = insertManagedAd(email, { status: "active", createdDaysAgo: 1 });
    await page.goto("/conta");
    if (js(info)) await waitForHydration(page);
    await page.getByLabel("Digite a sua senha para confirmar").fill("Errada@123");
    await page.getByRole("button", { name: "Excluir minha conta" }).click();
    await expect(page.getByText("Senha incorreta. A conta não foi excluída.")).toBeVisible({ timeout: 20_000 });

    await page.getByLabel("Digite a sua senha para confirmar").fill(password);
    await page.getByRole("button", { name: "Excluir minha conta" }).click();
    await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
    await expect(page.getByText("Conta excluída")).toBeVisible();
    expect(storedAd(ad.id)).toBeUndefined();
    const login = await page.request.post("/api/auth/login", { data: { email, password } });
    expect(login.status()).toBe(401);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
  });
});
