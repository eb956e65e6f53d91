/**
 * What the payment integration tests share: a user with a session (no password hashing: the row and
 * the session are written directly), an ad of theirs waiting for payment, and request helpers.
 * Imports the app's database: load it after the test file has set its environment.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { ads, categories, cities, payments, users } from "~/db/schema";
import { addDaysToKey, expirationInstantFromKey, todayKey } from "~/lib/dates";
import type { AdModeration } from "~/models/ad/ad";
import { createSession } from "~/models/session/session.server";
import { sessionCookie } from "~/web/auth.server";

export const ORIGIN = "http://localhost";

export type TestUser = { id: number; email: string; token: string; cookie: string };

export async function createTestUser(name = "Maria da Silva"): Promise<TestUser> {
  const tag = randomBytes(5).toString("hex");
  const email = `pagador.${tag}@exemplo.com.br`;
  const row = db.insert(users).values({ username: `pagador_${tag}`, email, fullName: name, provider: "local" }).returning().get();
  const session = createSession(row.id, { persistent: false });
  const cookie = (await sessionCookie.serialize(session.token)).split(";")[0]!;
  return { id: row.id, email, token: session.token, cookie };
}

/** An ad of `userId` waiting for payment, visible through today + `days` (São Paulo). */
export function createPendingAd(userId: number, { days = 5, moderation = null }: { days?: number; moderation?: AdModeration["recommendation"] | null } = {}) {
  const city = db.select().from(cities).where(eq(cities.name, "Patos de Minas")).get()!;
  const category = db.select().from(categories).get()!;
  const word = `Pg${randomBytes(5).toString("hex")}`;
  return db
    .insert(ads)
    .values({
      title: `Bicicleta ${word}`,
      description: `Bicicleta aro 29 ${word}, anúncio de teste de pagamento.`,
      priceCents: 80000,
      status: "pending_payment",
      userId,
      categoryId: category.id,
      adType: "Vender",
      expirationDate: expirationInstantFromKey(addDaysToKey(todayKey(), days)),
      whatsapp: "34999990000",
      city: city.name,
      idCity: city.id,
      state: city.state,
      moderation: moderation
        ? { recommendation: moderation, confidence: 0.5, issues: [], provider: "local", timestamp: new Date().toISOString() }
        : null,
    })
    .returning()
    .get();
}

export const adOf = (id: number) => db.select().from(ads).where(eq(ads.id, id)).get()!;
export const paymentOf = (id: number) => db.select().from(payments).where(eq(payments.id, id)).get()!;
export const paymentsOfAd = (adId: number) => db.select().from(payments).where(eq(payments.adId, adId)).all();

export const customerInfo = { name: "Maria da Silva", email: "maria@example.com", cpfCnpj: "529.982.247-25", phone: "(34) 99999-0000" };
export const goodCard = { holderName: "MARIA DA SILVA", number: "4111 1111 1111 1111", expiryMonth: "12", expiryYear: "2030", ccv: "123" };

export function jsonPost(body: unknown, headers: Record<string, string> = {}): { init: RequestInit } {
  return { init: { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) } };
}

export function formPost(fields: Record<string, string>, headers: Record<string, string> = {}): { init: RequestInit } {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return { init: { method: "POST", body, headers: { Origin: ORIGIN, ...headers } } };
}

export const bearer = (user: TestUser) => ({ Authorization: `Bearer ${user.token}` });
export const withCookie = (user: TestUser) => ({ Cookie: user.cookie });

/** An Asaas-shaped webhook body for the gateway charge `gatewayPaymentId`. */
export function webhookBody(gatewayPaymentId: string, event: string, status: string, { eventId, externalReference }: { eventId?: string; externalReference?: string } = {}) {
  return {
    id: eventId ?? `evt_${randomBytes(8).toString("hex")}`,
    event,
    dateCreated: "2026-06-15 12:00:00",
    payment: { object: "payment", id: gatewayPaymentId, status, billingType: "PIX", value: 12.5, externalReference: externalReference ?? null },
  };
}
