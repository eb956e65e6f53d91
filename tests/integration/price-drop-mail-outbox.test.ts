/**
 * The price-drop e-mails as an outbox (issue #36, item 4; ADR 039): a failed e-mail gives its claim back
 * and the next pass sends it; two passes at once send each e-mail once.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { favourites, priceDropMails } from "~/db/schema";
import { adEditSchema } from "~/models/ad/ad-edit";
import { updateAd } from "~/models/ad/edit.server";
import { sendPriceDropMails } from "~/models/favourite/price-drop-mail.server";
import { sendMail } from "~/models/mail/mailer.server";
import { createUser } from "../support/ad-fixtures";
import { adNow, insertAd } from "../support/manage";

vi.mock("~/models/mail/mailer.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/models/mail/mailer.server")>();
  return { ...actual, sendMail: vi.fn(actual.sendMail) };
});
const sentMail = vi.mocked(sendMail);

/** A live ad saved by one person, cut from R$ 1.200,00 to R$ 1.000,00 by its owner. */
async function droppedAd() {
  const seller = await createUser({ name: "Vendedor" });
  const ad = await insertAd(seller.id, { status: "active", createdDaysAgo: 3 });
  const saver = await createUser({ name: "Quem Salvou" });
  db.insert(favourites).values({ userId: saver.id, adId: ad.id }).run();
  const row = adNow(ad.id)!;
  const input = adEditSchema.parse({
    adType: row.adType,
    categoryId: String(row.categoryId),
    subcategoryId: String(row.subcategoryId),
    title: row.title,
    description: row.description,
    price: "1000.00",
    whatsapp: row.whatsapp ?? "",
    status: "active",
  });
  expect(await updateAd(ad.id, { id: seller.id, isAdmin: false }, input)).toMatchObject({ ok: true, priceDropped: true });
  return { ad, saver };
}

const callsTo = (email: string) => sentMail.mock.calls.filter(([message]) => message.to === email && message.subject.startsWith("Baixou o preço")).length;
const markers = (adId: number) => db.select().from(priceDropMails).where(eq(priceDropMails.adId, adId)).all();

describe("the price-drop e-mails' outbox", () => {
  it("gives a failed e-mail's claim back, and the next pass sends it once", async () => {
    const { ad, saver } = await droppedAd();
    sentMail.mockRejectedValueOnce(new Error("SMTP fora do ar"));
    expect(await sendPriceDropMails()).toEqual({ mailed: 0, failed: 1 });
    expect(markers(ad.id)).toHaveLength(0);

    expect(await sendPriceDropMails()).toMatchObject({ mailed: 1, failed: 0 });
    expect(markers(ad.id)).toHaveLength(1);
    await sendPriceDropMails();
    // Two calls: the failed one, and the one that went.
    expect(callsTo(saver.email)).toBe(2);
  });

  it("sends each e-mail once when two passes run at once", async () => {
    const { ad, saver } = await droppedAd();
    const before = callsTo(saver.email);
    await Promise.all([sendPriceDropMails(), sendPriceDropMails()]);
    expect(callsTo(saver.email) - before).toBe(1);
    expect(markers(ad.id)).toHaveLength(1);
  });
});
