/**
 * Issue 21, the seller's side of the safety tips: the fake-receipt scam is told on /dashboard and in
 * the payment receipt e-mail, with one text (models/ad/seller-safety.ts).
 */
import { describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { payments } from "~/db/schema";
import { SELLER_SAFETY } from "~/models/ad/seller-safety";
import { sendPaymentReceipt } from "~/models/payment/receipt.server";
import { sendMail } from "~/models/mail/mailer.server";
import { createUser } from "../support/ad-fixtures";
import { insertAd } from "../support/manage";

// The real mailer (.eml files in DATA_DIR/outbox), watched so the test reads the message it was given.
vi.mock("~/models/mail/mailer.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/models/mail/mailer.server")>();
  return { ...actual, sendMail: vi.fn(actual.sendMail) };
});

describe("the seller safety box", () => {
  it("is in the payment receipt e-mail, word for word as on the dashboard", async () => {
    const user = await createUser();
    const ad = await insertAd(user.id, { status: "active" });
    const payment = db
      .insert(payments)
      .values({ adId: ad.id, userId: user.id, amountCents: 750, paymentMethod: "PIX", status: "received", confirmedDate: new Date() })
      .returning({ id: payments.id })
      .get();
    await sendPaymentReceipt(payment.id);
    const text = vi.mocked(sendMail).mock.calls.at(-1)![0].text!;
    expect(text).toContain(SELLER_SAFETY.title);
    for (const tip of SELLER_SAFETY.tips) expect(text).toContain(`- ${tip}`);
  });
});
