/**
 * The owner's account page (/conta): name and WhatsApp, the password change (current password
 * required, other sessions ended), and the LGPD rights — the data export (GET /conta/dados) and the
 * account deletion (password confirmed; ads and photos removed; payments kept, anonymised).
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { aiUsage, payments, sessions, users } from "~/db/schema";
import { hashPassword } from "~/models/account/password-hasher.server";
import { ACCOUNT_MESSAGES } from "~/models/account/profile";
import { archiveUserId } from "~/models/ad/removal.server";
import { quotaKeyOf } from "~/models/ai-usage/ai-usage.server";
import { clientTokenFor, createSession, hashToken, issueClientToken } from "~/models/session/session.server";
import { action as accountAction, loader as accountLoader } from "~/routes/conta";
import { loader as exportLoader } from "~/routes/conta_.dados";
import { loader as oldAccountLoader } from "~/routes/auth.conta";
import { getOriginalImage } from "~/models/ad/image-store.server";
import { sessionCookie } from "~/web/auth.server";
import { createUser } from "../support/ad-fixtures";
import { adNow, formPost, insertAd, pageHeaders } from "../support/manage";
import { callRoute } from "../support/route";

const PASSWORD = "Senha@123";

/** A user with a real password and a signed-in browser. */
async function userWithPassword(name = "Lia Titular") {
  const user = await createUser({ name });
  db.update(users).set({ password: await hashPassword(PASSWORD), phone: null }).where(eq(users.id, user.id)).run();
  return user;
}

const post = (user: { cookie: string } | null, fields: Record<string, string>) =>
  callRoute(accountAction, "/conta", formPost(user as Parameters<typeof formPost>[0], fields));

describe("/conta", () => {
  it("needs a login, and /auth/conta leads to it", async () => {
    const response = await callRoute(accountLoader, "/conta");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fconta");
    const old = await callRoute(oldAccountLoader, "/auth/conta");
    expect(old.status).toBe(301);
    expect(old.headers.get("Location")).toBe("/conta");
  });

  it("changes the name and the WhatsApp (users.phone), checked like everywhere else", async () => {
    const user = await userWithPassword();
    const bad = await post(user, { intent: "profile", fullName: "Lia Nova", phone: "123" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { result: { error: Record<string, string[]> } }).result.error.phone).toEqual([ACCOUNT_MESSAGES.invalidWhatsapp]);
    const empty = await post(user, { intent: "profile", fullName: " ", phone: "" });
    expect(((await empty.json()) as { result: { error: Record<string, string[]> } }).result.error.fullName).toEqual([ACCOUNT_MESSAGES.nameRequired]);
    const ok = await post(user, { intent: "profile", fullName: "Lia Nova", phone: "34991234567" });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/conta");
    const row = db.select().from(users).where(eq(users.id, user.id)).get()!;
    expect(row.fullName).toBe("Lia Nova");
    expect(row.phone).toBe("(34) 9 9123-4567");
    const page = (await (await callRoute(accountLoader, "/conta", { init: { headers: pageHeaders(user) } })).json()) as { profile: { phone: string; hasPassword: boolean } };
    expect(page.profile).toMatchObject({ phone: "(34) 9 9123-4567", hasPassword: true });
  });

  it("changes the password only with the current one, and ends every other session", async () => {
    const user = await userWithPassword();
    const elsewhere = createSession(user.id, { persistent: true });
    const twin = issueClientToken(await sessionCookie.parse(user.cookie))!;
    const wrong = await post(user, { intent: "password", currentPassword: "Errada@123", newPassword: "Nova@Senha1", confirmPassword: "Nova@Senha1" });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { result: { error: Record<string, string[]> } }).result.error.currentPassword).toEqual([ACCOUNT_MESSAGES.wrongCurrentPassword]);
    const mismatch = await post(user, { intent: "password", currentPassword: PASSWORD, newPassword: "Nova@Senha1", confirmPassword: "Outra@Senha1" });
    expect(((await mismatch.json()) as { result: { error: Record<string, string[]> } }).result.error.confirmPassword).toEqual([ACCOUNT_MESSAGES.passwordsDontMatch]);
    const weak = await post(user, { intent: "password", currentPassword: PASSWORD, newPassword: "fraca", confirmPassword: "fraca" });
    expect(weak.status).toBe(400);

    const ok = await post(user, { intent: "password", currentPassword: PASSWORD, newPassword: "Nova@Senha1", confirmPassword: "Nova@Senha1" });
    expect(ok.status).toBe(302);
    const left = db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id)).all().map((row) => row.id);
    const own = (await sessionCookie.parse(user.cookie)) as string;
    expect(left.sort()).toEqual([hashToken(own), hashToken(clientTokenFor(own))].sort());
    expect(left).not.toContain(hashToken(elsewhere.token));
    expect(hashToken(twin)).toBe(hashToken(clientTokenFor(own)));
  });

  it("exports the user's data as a JSON download, without secrets", async () => {
    const user = await userWithPassword("Exporta Dados");
    const ad = await insertAd(user.id, { status: "active", photos: 1 });
    db.insert(payments).values({ adId: ad.id, userId: user.id, amountCents: 1000, paymentMethod: "PIX", status: "received", pixQrCode: "000201secret" }).run();
    db.insert(aiUsage).values({ quotaKey: quotaKeyOf(user.email), userId: user.id, month: "2026-11", geminiCalls: 2, totalCalls: 2 }).run();
    expect((await callRoute(exportLoader, "/conta/dados")).status).toBe(302);
    const response = await callRoute(exportLoader, "/conta/dados", { init: { headers: pageHeaders(user) } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="meus-dados-classificados-patos-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    const text = await response.text();
    const body = JSON.parse(text) as {
      profile: { email: string; fullName: string };
      ads: { id: number; title: string; photos: string[] }[];
      payments: { amount: string }[];
      aiUsage: { month: string; totalCalls: number }[];
    };
    expect(body.profile).toMatchObject({ email: user.email, fullName: "Exporta Dados" });
    expect(body.ads.map((row) => row.id)).toEqual([ad.id]);
    expect(body.ads[0]!.photos[0]).toMatch(/\/images\//);
    expect(body.payments).toEqual([expect.objectContaining({ amount: "10.00" })]);
    expect(body.aiUsage).toEqual([{ month: "2026-11", geminiCalls: 2, openaiCalls: 0, totalCalls: 2 }]);
    expect(text).not.toMatch(/argon2|000201secret|resetToken/);
  });

  it("deletes the account only with its password: ads and photos go, payments stay anonymised", async () => {
    const user = await userWithPassword("Sai Embora");
    const ad = await insertAd(user.id, { status: "active", photos: 2 });
    db.insert(payments)
      .values({ adId: ad.id, userId: user.id, amountCents: 2000, paymentMethod: "PIX", status: "received", metadata: { payerName: "Sai Embora", chargedDays: 8 } })
      .run();

    const wrong = await post(user, { intent: "delete-account", password: "Errada@123" });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { result: { error: Record<string, string[]> } }).result.error.password).toEqual([ACCOUNT_MESSAGES.deleteWrongPassword]);
    expect(db.select().from(users).where(eq(users.id, user.id)).get()).toBeDefined();

    const ok = await post(user, { intent: "delete-account", password: PASSWORD });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/");
    expect(ok.headers.get("Set-Cookie")).toMatch(/__session=;/);
    expect(db.select().from(users).where(eq(users.id, user.id)).get()).toBeUndefined();
    expect(db.select().from(sessions).where(eq(sessions.userId, user.id)).all()).toEqual([]);
    expect(adNow(ad.id)).toBeUndefined();
    for (const publicId of ad.photoIds) expect(await getOriginalImage(publicId)).toBeNull();
    const kept = db.select().from(payments).where(eq(payments.userId, archiveUserId()!)).all().find((payment) => payment.amountCents === 2000)!;
    expect(kept).toBeDefined();
    expect(kept.metadata).toMatchObject({ chargedDays: 8, removedAd: { id: ad.id } });
    expect(kept.metadata).not.toHaveProperty("payerName");
    // The archive never signs in and never shows in the admin's lists.
    const archive = db.select().from(users).where(eq(users.id, archiveUserId()!)).get()!;
    expect(archive.password).toBeNull();
    expect(archive.provider).toBe("system");
  });

  it("asks an account without a password for its e-mail, and refuses admins", async () => {
    const google = await createUser({ name: "Só Google" });
    const wrong = await post(google, { intent: "delete-account", confirmEmail: "outro@exemplo.com.br" });
    expect(((await wrong.json()) as { result: { error: Record<string, string[]> } }).result.error.confirmEmail).toEqual([ACCOUNT_MESSAGES.deleteWrongEmail]);
    expect((await post(google, { intent: "delete-account", confirmEmail: google.email.toUpperCase() })).status).toBe(302);
    expect(db.select().from(users).where(eq(users.id, google.id)).get()).toBeUndefined();

    const admin = await createUser({ name: "Chefe", isAdmin: true });
    const refused = await post(admin, { intent: "delete-account", confirmEmail: admin.email });
    expect(refused.status).toBe(403);
    expect(db.select().from(users).where(eq(users.id, admin.id)).get()).toBeDefined();
  });
});
