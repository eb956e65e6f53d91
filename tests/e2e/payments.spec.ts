/**
 * Paying for an ad on a phone (the local gateway, production build): PIX with JavaScript (QR, copy,
 * polling, the webhook's confirmation → toast and redirect), a card approved at once, a refused card's
 * message on the first screen (with JavaScript and without), and PIX with JavaScript off all the way to
 * the ad in the public list — confirmed by `npm run payments:confirm`.
 * The card tests need the local gateway's test cards, which production turns off unless the server has
 * PAYMENT_TEST_CARDS=true (tests/integration/payments-cards-off.test.ts covers the site without them).
 * The ads are written straight into the run's database (tests/support/e2e-ads.ts): the wizard that
 * creates them is another screen.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { Locator, Page, TestInfo } from "@playwright/test";
import { DECLINED_TEST_CARDS } from "../../app/lib/card";
import { adStatusOf, deleteAd, insertPendingPaymentAd, latestPaymentOf } from "../support/e2e-ads";
import { confirmThroughWebhook } from "../support/e2e-payments";
import { expect, insertUser, test } from "../support/e2e-session";
import { waitForHydration } from "../support/hydration";

/**
 * A new account signed in through the login page, which sends it on to `path` with the green
 * 'Bem-vindo(a), …!' toast: the same situation as the wizard's green 'Anúncio criado!' on its way to
 * /payment/{id}. The ad is written for the email before the sign-in.
 */
async function signUpAndSignInTo(page: Page, info: TestInfo, path: (email: string) => string, name = "Paula Pagadora") {
  const { email, password } = insertUser(name);
  const target = path(email);
  await page.goto(`/login?redirectTo=${encodeURIComponent(target)}`);
  if (info.project.use.javaScriptEnabled !== false) await waitForHydration(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Senha").fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(new RegExp(`${target}$`));
  return email;
}

/** How many of the element's corners and centre show something else on top (a toast, the header). */
function pointsCovered(element: Locator) {
  return element.evaluate((box) => {
    const r = box.getBoundingClientRect();
    const points = [
      [r.left + 4, r.top + 4],
      [r.right - 4, r.top + 4],
      [r.left + 4, r.bottom - 4],
      [r.right - 4, r.bottom - 4],
      [(r.left + r.right) / 2, (r.top + r.bottom) / 2],
    ];
    return points.filter(([x, y]) => {
      const top = document.elementFromPoint(x!, y!);
      return !top || !box.contains(top);
    }).length;
  });
}

const cpf = (page: Page) => page.getByLabel("CPF/CNPJ");
const payButton = (page: Page, total: string) => page.getByRole("button", { name: `Pagar R$ ${total}` });

test.describe("paying for an ad", () => {
  test("PIX with JavaScript: QR and copy-paste code, copy, confirmation → toast and dashboard", async ({ page, context, signedInUser }) => {
    // Waits on the page's own clock: a poll every 3 s, then the redirect 3 s after the toast.
    test.slow();
    const { email } = await signedInUser("Paula Pagadora");
    const ad = insertPendingPaymentAd(email, 5);
    try {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await page.goto(`/payment/${ad.id}`);
      await waitForHydration(page);
      await expect(page.getByRole("heading", { name: "Pagamento do anúncio" })).toBeVisible();
      await expect(page.getByText(ad.title)).toBeVisible();
      await expect(page.getByText("Duração mínima")).toBeVisible();
      await expect(page.getByTestId("payment-total")).toHaveText("R$ 12,50");
      await expect(page.getByText("O primeiro dia é grátis: o dia de hoje não é cobrado.")).toBeVisible();
      await expect(page.getByRole("link", { name: "Voltar" })).toHaveAttribute("href", `/create-ad-steps?edit=${ad.id}`);
      await expect(page.getByLabel("Nome completo")).toHaveValue("Paula Pagadora");
      await expect(page.getByLabel("Email")).toHaveValue(email);
      // PIX is the default: the card fields are not in the way.
      await expect(page.getByLabel("Número do cartão")).toBeHidden();

      await cpf(page).pressSequentially("52998224725");
      await expect(cpf(page)).toHaveValue("529.982.247-25");
      await payButton(page, "12,50").click();

      await expect(page.getByRole("heading", { name: "Pague com PIX" })).toBeVisible();
      await expect(page.getByText("Pagamento criado")).toBeVisible();
      await expect(page.getByRole("img", { name: /QR Code PIX/ })).toBeVisible();
      await expect(page.getByTestId("payment-status")).toHaveText("Aguardando Pagamento");
      const code = await page.getByLabel("PIX copia e cola").inputValue();
      expect(code).toMatch(/^000201.*br\.gov\.bcb\.pix.*540512\.50.*6304[0-9A-F]{4}$/);

      await page.getByRole("button", { name: "Copiar" }).click();
      await expect(page.getByRole("button", { name: /Copiado!/ })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

      const payment = latestPaymentOf(ad.id)!;
      expect((await confirmThroughWebhook(page, payment.id)).status()).toBe(200);
      // The page polls every 3 s; then the toast, then the dashboard 3 s later.
      await expect(page.getByText("Pagamento confirmado!")).toBeVisible({ timeout: 10_000 });
      await expect(page.getByText(/Redirecionando para o dashboard\.\.\./).first()).toBeVisible();
      await expect(page.getByTestId("payment-status")).toHaveText("Recebido");
      await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
      expect(adStatusOf(ad.id)).toBe("active");
    } finally {
      deleteAd(ad.id);
    }
  });

  test("card with JavaScript: approved at once → 'Pagamento aprovado!' and the dashboard", async ({ page, signedInUser }) => {
    const { email } = await signedInUser("Paula Pagadora");
    const ad = insertPendingPaymentAd(email, 3);
    try {
      await page.goto(`/payment/${ad.id}`);
      await waitForHydration(page);
      await page.getByText("Cartão de Crédito", { exact: true }).click();
      await expect(page.getByLabel("Número do cartão")).toBeVisible();

      // Left empty, the spec's messages: found here, or (as once in CI) by the server, whose alert and toast then both say them.
      await payButton(page, "7,50").click();
      await expect(page.getByText("Campos obrigatórios").first()).toBeVisible();
      await expect(page.getByText("Por favor, preencha nome, email e CPF/CNPJ").first()).toBeVisible();

      await cpf(page).fill("529.982.247-25");
      await page.getByLabel("Nome do titular (como no cartão)").fill("PAULA PAGADORA");
      await page.getByLabel("Número do cartão").pressSequentially("4111111111111111");
      await expect(page.getByLabel("Número do cartão")).toHaveValue("4111 1111 1111 1111");
      await page.getByLabel("Mês").fill("12");
      await page.getByLabel("Ano").fill("2030");
      await page.getByLabel("CCV").fill("123");
      await payButton(page, "7,50").click();

      await expect(page.getByText("Pagamento aprovado!")).toBeVisible();
      await expect(page.getByTestId("payment-status")).toHaveText("Confirmado");
      await expect(page.getByText("Cartão Visa final 1111")).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
      expect(adStatusOf(ad.id)).toBe("active");
    } finally {
      deleteAd(ad.id);
    }
  });

  test("a declined card says 'Erro no pagamento' with the reason", async ({ page, signedInUser }) => {
    const { email } = await signedInUser("Paula Pagadora");
    const ad = insertPendingPaymentAd(email, 3);
    try {
      await page.goto(`/payment/${ad.id}`);
      await waitForHydration(page);
      await page.getByText("Cartão de Crédito", { exact: true }).click();
      await cpf(page).fill("52998224725");
      await page.getByLabel("Nome do titular (como no cartão)").fill("PAULA PAGADORA");
      await page.getByLabel("Número do cartão").fill("4000 0000 0000 0002");
      await page.getByLabel("Mês").fill("12");
      await page.getByLabel("Ano").fill("2030");
      await page.getByLabel("CCV").fill("123");
      await payButton(page, "7,50").click();
      await expect(page.getByRole("alert").filter({ hasText: "Erro no pagamento" }).first()).toBeVisible();
      await expect(page.getByText("Transação não autorizada. Verifique os dados do cartão de crédito e tente novamente.").first()).toBeVisible();
      expect(adStatusOf(ad.id)).toBe("pending_payment");
    } finally {
      deleteAd(ad.id);
    }
  });

  test("a refused card's message is on a phone's first screen, focused with JavaScript, under no toast @nojs", async ({ page }, info) => {
    const withJs = info.project.use.javaScriptEnabled !== false;
    // The smallest common phone screen (the project's Pixel 7 is 412 × 839).
    await page.setViewportSize({ width: 360, height: 740 });
    const insufficient = DECLINED_TEST_CARDS.find((card) => card.reason === "insufficient_funds")!;
    let adId = 0;
    await signUpAndSignInTo(page, info, (email) => {
      adId = insertPendingPaymentAd(email, 3).id;
      return `/payment/${adId}`;
    });
    try {
      // The page opens under the green toast of the redirect that led here.
      const greenToast = page.getByRole("status").filter({ hasText: "Bem-vindo(a)" });
      await expect(greenToast).toBeVisible();
      if (withJs) await waitForHydration(page);
      await page.getByText("Cartão de Crédito", { exact: true }).click();
      await cpf(page).fill("529.982.247-25");
      await page.getByLabel("Nome do titular (como no cartão)").fill("PAULA PAGADORA");
      await page.getByLabel("Número do cartão").fill(insufficient.number);
      await page.getByLabel("Mês").fill("12");
      await page.getByLabel("Ano").fill("2030");
      await page.getByLabel("CCV").fill("123");
      // Still up when "Pagar" is pressed: what closes it below is the submission, not its own 5 s.
      if (withJs) await expect(greenToast).toBeVisible();
      await payButton(page, "7,50").click();

      const form = page.getByRole("region", { name: "Como você quer pagar?" });
      const alert = form.getByRole("alert");
      await expect(alert).toContainText("Erro no pagamento");
      await expect(alert).toContainText(insufficient.message);
      // Checked at once, not retried: the green toast would leave by itself after its 5 s anyway.
      // With JavaScript the submission closed it; without, the page that answered shows only its own
      // toast (the green one was read, and cleared, by the load before).
      expect(await greenToast.count()).toBe(0);
      // The spec's red toast 'Erro no pagamento' comes too (after the page's content): in sight, and
      // nothing on top of it.
      const alerts = page.getByRole("alert").filter({ hasText: insufficient.message });
      await expect(alerts).toHaveCount(2);
      const redToast = alerts.last();
      await expect(redToast).toContainText("Erro no pagamento");
      expect(await pointsCovered(redToast)).toBe(0);
      // The form's message: all of it on the first screen, nothing on top of it (the sticky header, a toast).
      await expect(alert).toBeInViewport({ ratio: 1 });
      expect(await pointsCovered(alert)).toBe(0);
      // With JavaScript the focus is on it, so a screen reader reads it and the keyboard starts there.
      if (withJs) await expect(alert).toBeFocused();
      expect(adStatusOf(adId)).toBe("pending_payment");
    } finally {
      deleteAd(adId);
    }
  });

  test("someone else's ad is 'Anúncio não encontrado' @nojs", async ({ page, signedInUser }) => {
    const { email: owner } = await signedInUser("Dona do Anúncio");
    const ad = insertPendingPaymentAd(owner, 3);
    try {
      await signedInUser("Outra Pessoa");
      const response = await page.goto(`/payment/${ad.id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Anúncio não encontrado" })).toBeVisible();
    } finally {
      deleteAd(ad.id);
    }
  });

  test("PIX without JavaScript, confirmed by the operator command, through to the public list @nojs", async ({ page, signedInUser }, info) => {
    test.skip(info.project.use.javaScriptEnabled !== false, "with JavaScript the page's polling confirms first (the test above)");
    // Starts the operator command (tsx) once.
    test.slow();
    const { email } = await signedInUser("Paula Pagadora");
    const ad = insertPendingPaymentAd(email, 4);
    try {
      await page.goto(`/payment/${ad.id}`);
      // Without JavaScript both fieldsets are in the page and the chosen method decides; CSS shows the
      // card's only while the card is chosen.
      await expect(page.getByRole("group", { name: "Dados do cartão", includeHidden: true })).toBeAttached();
      await expect(page.getByRole("radio", { name: /PIX/ })).toBeChecked();
      await page.getByRole("radio", { name: /Cartão de Crédito/ }).check();
      await expect(page.getByLabel("Número do cartão")).toBeVisible();
      await page.getByRole("radio", { name: /PIX/ }).check();
      await expect(page.getByLabel("Número do cartão")).toBeHidden();
      await cpf(page).fill("529.982.247-25");
      await payButton(page, "10,00").click();

      await expect(page.getByRole("heading", { name: "Pague com PIX" })).toBeVisible();
      await expect(page.getByRole("img", { name: /QR Code PIX/ })).toBeVisible();
      await expect(page.getByLabel("PIX copia e cola")).toHaveValue(/^000201.*6304[0-9A-F]{4}$/);
      await expect(page.getByRole("button", { name: "Copiar" })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Simular pagamento" })).toHaveCount(0);

      await page.getByRole("button", { name: "Já paguei — verificar" }).click();
      await expect(page.getByText("Pagamento ainda não confirmado")).toBeVisible();
      await expect(page.getByTestId("payment-status")).toHaveText("Aguardando Pagamento");

      const payment = latestPaymentOf(ad.id)!;
      const { stdout } = await promisify(execFile)("npx", ["tsx", "scripts/payments-confirm.ts", String(payment.id)], {
        env: {
          PATH: process.env.PATH,
          NODE_ENV: "production",
          PORT: new URL(info.project.use.baseURL!).port,
          HOST: "127.0.0.1",
          DATA_DIR: process.env.E2E_DATA_DIR,
          SESSION_SECRET: "e2e-secret-e2e-secret-e2e-secret-0123456",
          ASAAS_WEBHOOK_TOKEN: process.env.E2E_WEBHOOK_TOKEN,
        },
      });
      expect(stdout).toContain(`Pagamento ${payment.id} confirmado`);

      await page.getByRole("button", { name: "Já paguei — verificar" }).click();
      await expect(page.getByRole("heading", { name: "Pagamento confirmado" })).toBeVisible();
      await expect(page.getByTestId("payment-status")).toHaveText("Recebido");
      await expect(page.getByText("Seu anúncio está ativo.").first()).toBeVisible();
      await expect(page.getByRole("link", { name: "Ir para Dashboard" })).toHaveAttribute("href", "/dashboard");
      await expect(page.getByRole("link", { name: "Voltar ao Início" })).toHaveAttribute("href", "/");

      await page.getByRole("link", { name: "Ver recibo" }).click();
      await expect(page.getByRole("heading", { name: "Recibo de pagamento" })).toBeVisible();
      await expect(page.getByText(`${ad.title} (nº ${ad.id})`)).toBeVisible();
      await expect(page.getByText("R$ 10,00").first()).toBeVisible();

      const word = ad.title.split(" ")[1]!;
      await page.goto(`/categories?search=${word}&cityId=${ad.cityId}`);
      await expect(page.getByText(ad.title).first()).toBeVisible();
      await page.goto(`/anuncio/${ad.id}`);
      await expect(page.getByRole("heading", { name: ad.title })).toBeVisible();
    } finally {
      deleteAd(ad.id);
    }
  });
});
