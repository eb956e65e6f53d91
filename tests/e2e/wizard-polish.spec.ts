/**
 * The ad wizard's rough edges of issue #20: without JavaScript, step 1 opens on the subcategory list it
 * has just offered; the step's hint is said once; the price shows the value it will publish and says how
 * it is read; and what a visitor picks or types before the scripts arrive (a radio of a group, a price)
 * is still there, meaning the same, once they do.
 */
import type { Page } from "@playwright/test";
import { deleteAd, insertPendingPaymentAd } from "../support/e2e-ads";
import { expect, test } from "../support/e2e-session";
import { holdScripts, waitForHydration } from "../support/hydration";

const category = (page: Page, name: string) => page.getByRole("radiogroup", { name: "Categoria" }).getByText(name, { exact: true });
const continueButton = (page: Page) => page.getByRole("button", { name: "Continuar" });
const NEXT = "Agora escolha a subcategoria.";

/** Step 1 done (Vender, Veículos › Carros), on step 2. */
async function toStep2(page: Page, javaScriptEnabled: boolean) {
  await page.goto("/create-ad?step=1");
  if (javaScriptEnabled) await waitForHydration(page);
  await category(page, "Veículos").click();
  // Without JavaScript the subcategories come with the post's answer.
  if (!javaScriptEnabled) await continueButton(page).click();
  await page.getByLabel("Tipo de veículo").selectOption({ label: "Carros" });
  await continueButton(page).click();
  await expect(page).toHaveURL(/\/create-ad\?step=2$/);
}

test.describe("wizard step 1", () => {
  test("without JavaScript a chosen category comes back on its subcategory list, focused and in view, saying what is next @nojs", async ({ page, javaScriptEnabled, signedInUser }) => {
    test.skip(javaScriptEnabled, "the JavaScript-off flow");
    await signedInUser("Vera Polimento");
    await page.goto("/create-ad?step=1");
    await expect(page.getByText("Selecione uma categoria para continuar")).toHaveCount(1);
    await page.getByText("Trocar", { exact: true }).click();
    await category(page, "Veículos").click();
    await continueButton(page).click();

    const list = page.getByLabel("Tipo de veículo");
    await expect(list).toBeFocused();
    await expect(list).toBeInViewport();
    await expect(page.getByText(NEXT)).toBeVisible();
    await expect(list).toHaveAccessibleDescription(NEXT);
    // Not a mistake yet: no error, and the choices made stay.
    await expect(page.getByText("Selecione uma subcategoria")).toHaveCount(0);
    await expect(page.getByRole("radio", { name: "Trocar" })).toBeChecked();

    // Posting again without one is the mistake.
    await continueButton(page).click();
    await expect(page.getByText("Selecione uma subcategoria")).toBeVisible();
    await expect(page.getByText(NEXT)).toHaveCount(0);
    await expect(list).toBeFocused();
    await expect(list).toBeInViewport();
    await page.getByLabel("Tipo de veículo").selectOption({ label: "Motos" });
    await continueButton(page).click();
    await expect(page).toHaveURL(/\/create-ad\?step=2$/);
  });

  test("with JavaScript the hint is said once, then the line says to pick the subcategory", async ({ page, javaScriptEnabled, signedInUser }) => {
    test.skip(!javaScriptEnabled, "the JavaScript flow");
    await signedInUser("Vera Polimento");
    await page.goto("/create-ad?step=1");
    await waitForHydration(page);
    await expect(page.getByText("Selecione uma categoria para continuar")).toHaveCount(1);
    await expect(continueButton(page)).toBeDisabled();
    await expect(continueButton(page)).toHaveAccessibleDescription("Selecione uma categoria para continuar");

    await category(page, "Veículos").click();
    await expect(page.getByRole("status").filter({ hasText: NEXT })).toBeVisible();
    await expect(page.getByText("Selecione uma categoria para continuar")).toHaveCount(0);
    await expect(continueButton(page)).toHaveAccessibleDescription(NEXT);
    await page.getByLabel("Tipo de veículo").selectOption({ label: "Carros" });
    await expect(page.getByText(NEXT)).toHaveCount(0);
    await expect(continueButton(page)).toBeEnabled();
  });
});

test.describe("picked before the scripts arrive", () => {
  test("the ad type and category picked on step 1 stay picked and take effect", async ({ page, javaScriptEnabled, signedInUser }) => {
    test.skip(!javaScriptEnabled, "the scripts are what is waited for");
    await signedInUser("Vera Polimento");
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    const release = await holdScripts(page);
    await page.goto("/create-ad?step=1");
    await page.getByText("Trocar", { exact: true }).click();
    await category(page, "Veículos").click();
    release();
    await waitForHydration(page);
    await expect(page.getByLabel("Tipo de veículo")).toBeVisible();
    await expect(page.getByRole("radio", { name: "Trocar" })).toBeChecked();
    await expect(page.getByRole("radio", { name: "Vender" })).not.toBeChecked();
    await page.getByLabel("Tipo de veículo").selectOption({ label: "Carros" });
    await continueButton(page).click();
    await expect(page).toHaveURL(/\/create-ad\?step=2$/);
    await expect(page.getByRole("region", { name: "Resumo" })).toContainText("Trocar · Veículos › Carros");
    expect(errors).toEqual([]);
  });

  test("a tap while the scripts start does not stop the page from hydrating (React #345)", async ({ page, javaScriptEnabled, signedInUser }) => {
    test.skip(!javaScriptEnabled, "the scripts are what is waited for");
    await signedInUser("Vera Polimento");
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    // A tap queued while a phone evaluates the scripts reaches React between hydrateRoot() and its first
    // render: here, a click on 'Veículos' right after React puts its listeners on the document.
    await page.addInitScript(() => {
      const addEventListener = EventTarget.prototype.addEventListener;
      let armed = true;
      EventTarget.prototype.addEventListener = function (type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions) {
        if (armed && this === document && type === "click" && options === true) {
          armed = false;
          queueMicrotask(() => {
            const radios = Array.from(document.querySelectorAll<HTMLInputElement>('input[name="categoryId"]'));
            radios.find((radio) => radio.parentElement?.textContent?.includes("Veículos"))!.parentElement!.click();
          });
        }
        return addEventListener.call(this, type, listener, options);
      };
    });
    await page.goto("/create-ad?step=1");
    await waitForHydration(page);
    await expect(page.getByRole("radio", { name: "Veículos" })).toBeChecked();
    await expect(page.getByLabel("Tipo de veículo")).toBeVisible();
    await expect(page.getByLabel("Tipo de veículo").getByRole("option", { name: "Carros" })).toHaveCount(1);
    expect(errors).toEqual([]);
  });

  test("the card picked on the payment page stays picked", async ({ page, javaScriptEnabled, signedInUser }) => {
    test.skip(!javaScriptEnabled, "the scripts are what is waited for");
    const { email } = await signedInUser("Vera Polimento");
    const ad = insertPendingPaymentAd(email);
    try {
      const release = await holdScripts(page);
      await page.goto(`/payment/${ad.id}`);
      await page.getByRole("radio", { name: /Cartão de Crédito/ }).check();
      release();
      await waitForHydration(page);
      await expect(page.getByRole("radio", { name: /Cartão de Crédito/ })).toBeChecked();
      await expect(page.getByRole("radio", { name: /PIX/ })).not.toBeChecked();
    } finally {
      deleteAd(ad.id);
    }
  });

  test("a price typed as reais before the scripts keeps its value under the mask", async ({ page, javaScriptEnabled, signedInUser }) => {
    test.skip(!javaScriptEnabled, "the scripts are what is waited for");
    await signedInUser("Vera Polimento");
    await toStep2(page, javaScriptEnabled);
    const release = await holdScripts(page);
    await page.reload();
    await page.getByLabel("Preço").fill("1500");
    release();
    await waitForHydration(page);
    await expect(page.getByLabel("Preço")).toHaveValue(/^R\$\s1\.500,00$/);
    await expect(page.getByText(/^Preço do anúncio: R\$\s1\.500,00$/)).toBeVisible();
  });
});

test.describe("wizard price", () => {
  test("with JavaScript the value to be published is shown and announced while typing", async ({ page, javaScriptEnabled, signedInUser }) => {
    test.skip(!javaScriptEnabled, "the JavaScript flow");
    await signedInUser("Vera Polimento");
    await toStep2(page, javaScriptEnabled);
    await waitForHydration(page);
    const price = page.getByLabel("Preço");
    const preview = page.locator("[aria-live=polite]").filter({ hasText: "Preço do anúncio" });
    await expect(preview).toHaveText("Preço do anúncio: A combinar");
    await expect(price).toHaveAccessibleDescription(/Digite só os números/);
    await price.pressSequentially("123456");
    await expect(price).toHaveValue(/^R\$\s1\.234,56$/);
    await expect(preview).toHaveText(/^Preço do anúncio: R\$\s1\.234,56$/);
    // Letters are not digits: the mask keeps the value as it was.
    await price.pressSequentially("ab");
    await expect(preview).toHaveText(/^Preço do anúncio: R\$\s1\.234,56$/);
    await price.fill("");
    await expect(preview).toHaveText("Preço do anúncio: A combinar");
  });

  test("without JavaScript the field is read as reais, as its hint says, and shows how it was read @nojs", async ({ page, javaScriptEnabled, signedInUser }) => {
    test.skip(javaScriptEnabled, "the JavaScript-off flow");
    await signedInUser("Vera Polimento");
    await toStep2(page, javaScriptEnabled);
    const price = page.getByLabel("Preço");
    await expect(price).toHaveAccessibleDescription(/Em reais, como 1500 ou 1\.500,00/);
    await price.fill("1.500");
    // 'Adicionar informação' posts the form and comes back with what was typed.
    await page.getByRole("button", { name: "Adicionar informação" }).click();
    await expect(page.getByText(/^Preço do anúncio: R\$\s1\.500,00$/)).toBeVisible();
    await expect(page.getByLabel("Preço")).toHaveValue(/^R\$\s1\.500,00$/);

    await page.getByLabel("Preço").fill("mil reais");
    await page.getByRole("button", { name: "Criar Anúncio" }).click();
    await expect(page.getByText("Informe um valor válido")).toBeVisible();
  });
});
