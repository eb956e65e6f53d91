/**
 * The admin's 'Pagamentos' on a 360 px phone, JavaScript on and off: a paid payment is refunded after
 * a confirmation (a dialog with JavaScript, a page without), its card then says 'Estornado', and the
 * ad it paid for is paused. The ad and its payment are written straight into the run's database
 * (the local gateway's refund only records); deleting the ad afterwards takes the payment with it.
 */
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { adStatusOf, deleteAd, insertActiveAd, withE2eDatabase } from "../support/e2e-ads";
import { expectNoSidewaysScroll, visitorHeaders } from "../support/e2e-admin";
import { expect as baseExpect, test } from "../support/e2e-session";
import { waitForHydration } from "../support/hydration";

// The machine's two cores are shared with the rest of the suite: a round trip may take a while.
const expect = baseExpect.configure({ timeout: 15_000 });

test.use({
  viewport: { width: 360, height: 780 },
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, provide) => provide(visitorHeaders()),
});

/** A PIX payment of R$ 12,50 received for the ad (the seller's), as a confirmation would leave it. */
function insertPaidPayment(adId: number): number {
  return withE2eDatabase((sqlite) => {
    const ad = sqlite.prepare<[number], { user_id: number; expiration_date: number }>("SELECT user_id, expiration_date FROM ads WHERE id = ?").get(adId);
    if (!ad) throw new Error(`ad ${adId} is missing`);
    const now = Date.now();
    const { lastInsertRowid } = sqlite
      .prepare(
        `INSERT INTO payments (ad_id, user_id, asaas_payment_id, amount_cents, payment_method, status, asaas_status, confirmed_date, pays_until, metadata, created_at, updated_at)
         VALUES (?, ?, ?, 1250, 'PIX', 'received', 'RECEIVED', ?, ?, ?, ?, ?)`,
      )
      .run(adId, ad.user_id, `local-pix-e2e-${randomBytes(6).toString("hex")}`, now, ad.expiration_date, JSON.stringify({ payerName: "Vendedor Demo", chargedDays: 5 }), now, now);
    return Number(lastInsertRowid);
  });
}

function paymentStatusOf(paymentId: number): string | undefined {
  return withE2eDatabase((sqlite) => sqlite.prepare<[number], { status: string }>("SELECT status FROM payments WHERE id = ?").get(paymentId)?.status);
}

/** The success toast: looked for in the page (without JavaScript it fades out by CSS yet stays). */
async function expectToast(page: Page, title: string) {
  await expect(page.getByRole("status", { includeHidden: true }).filter({ hasText: title }).first()).toBeAttached();
}

test.describe("the admin's payments", () => {
  test("refunds a paid payment after confirming; it shows 'Estornado' and the ad is paused @nojs", async ({ page, signInAsAdmin }, info) => {
    const js = info.project.name === "js";
    const ad = insertActiveAd();
    try {
      const paymentId = insertPaidPayment(ad.id);
      await signInAsAdmin();
      await page.goto("/admin");
      await page.getByRole("navigation", { name: "Administração" }).getByRole("link", { name: "Pagamentos" }).click();
      await expect(page).toHaveURL(/\/admin\/payments$/);
      if (js) await waitForHydration(page);
      await expect(page.getByRole("heading", { name: "Pagamentos", level: 1 })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Reembolsos pendentes" })).toBeVisible();

      const card = page.getByRole("article", { name: `Pagamento nº ${paymentId}` });
      await expect(card.getByText("R$ 12,50")).toBeVisible();
      await expect(card.getByRole("link", { name: ad.title })).toHaveAttribute("href", new RegExp(`^/anuncio/${ad.id}-[a-z0-9-]+$`));
      await expect(card.getByTestId(`status-${paymentId}`)).toHaveText("Recebido");
      await expectNoSidewaysScroll(page);

      const trigger = card.getByRole(js ? "button" : "link", { name: `Estornar pagamento nº ${paymentId}` });
      if (js) {
        // Cancelling asks nothing of the server.
        await trigger.click();
        const dialog = page.getByRole("dialog", { name: `Estornar pagamento nº ${paymentId}?` });
        await expect(dialog).toBeVisible();
        await dialog.getByRole("button", { name: "Cancelar" }).click();
        await expect(dialog).toBeHidden();
        await expect(trigger).toBeFocused();
        expect(paymentStatusOf(paymentId)).toBe("received");

        await trigger.click();
        await expect(dialog.getByText("O anúncio é pausado")).toBeVisible();
        // The local gateway sends no money back: the dialog says so instead of promising it.
        await expect(dialog.getByText("Nenhum dinheiro é enviado:")).toBeVisible();
        await expect(dialog.getByText("O valor volta para quem pagou")).toHaveCount(0);
        await dialog.getByRole("button", { name: "Confirmar estorno" }).click();
      } else {
        await trigger.click();
        await expect(page).toHaveURL(new RegExp(`/admin/payments\\?estornar=${paymentId}$`));
        await expect(page.getByRole("heading", { name: `Estornar pagamento nº ${paymentId}?` })).toBeVisible();
        await expectNoSidewaysScroll(page);
        // Opening the confirmation changed nothing.
        expect(paymentStatusOf(paymentId)).toBe("received");
        await page.getByRole("button", { name: "Confirmar estorno" }).click();
        await expect(page).toHaveURL(/\/admin\/payments$/);
      }

      await expectToast(page, "Estorno registrado");
      const refunded = page.getByRole("article", { name: `Pagamento nº ${paymentId}` });
      await expect(refunded.getByTestId(`status-${paymentId}`)).toHaveText("Estornado");
      await expect(refunded.getByText("Estornado em")).toBeVisible();
      // The admin gives the money back by hand, then records it.
      await refunded.getByRole("button", { name: `Marcar o pagamento nº ${paymentId} como devolvido manualmente` }).click();
      await expectToast(page, "Devolução registrada");
      await expect(page.getByTestId(`returned-${paymentId}`)).toContainText("Devolvido manualmente em");
      await expect(refunded.getByRole(js ? "button" : "link", { name: `Estornar pagamento nº ${paymentId}` })).toHaveCount(0);
      expect(paymentStatusOf(paymentId)).toBe("refunded");
      expect(adStatusOf(ad.id)).toBe("paused");
    } finally {
      deleteAd(ad.id);
    }
  });
});
