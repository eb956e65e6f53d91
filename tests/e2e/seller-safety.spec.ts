/**
 * Issue 21: sellers are told how the fake-receipt scam works where they manage their ads. On a 360 px
 * phone the box is there, readable, named for assistive technology, and pushes nothing sideways.
 * (The same text in the payment receipt e-mail: tests/integration/seller-safety.test.ts.)
 */
import { expectNoSidewaysScroll } from "../support/e2e-admin";
import { expect, test } from "../support/e2e-session";
import { SELLER_SAFETY } from "../../app/models/ad/seller-safety";

test.use({ viewport: { width: 360, height: 740 } });

test("the dashboard shows sellers how to check a PIX before handing anything over", async ({ page, signedInUser }) => {
  await signedInUser("Vendedora Atenta");
  await page.goto("/dashboard");
  const box = page.getByRole("complementary", { name: SELLER_SAFETY.title });
  await expect(box).toBeVisible();
  await expect(box.getByRole("listitem")).toHaveText([...SELLER_SAFETY.tips]);
  await expectNoSidewaysScroll(page);
});
