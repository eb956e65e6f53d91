/** The account JSON API of spec 01 §7, end to end against a real (temporary) database. */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { authAttempts, sessions, users } from "~/db/schema";
import { hashToken, issueClientToken } from "~/models/session/session.server";
import { action as forgotPassword } from "~/routes/api.auth.forgot-password";
import { action as clientToken } from "~/routes/api.auth.client-token";
import { loader as debug } from "~/routes/api.auth.debug";
import { action as login } from "~/routes/api.auth.login";
import { action as logout } from "~/routes/api.auth.logout";
import { loader as authMe } from "~/routes/api.auth.me";
import { action as resetPassword } from "~/routes/api.auth.reset-password";
import { loader as me } from "~/routes/api.me";
import { action as register } from "~/routes/api.register";
import { sendMail } from "~/models/mail/mailer.server";
import { requireAdmin, requireUser } from "~/web/auth.server";
import { decodeMail } from "../support/outbox";
import { callRoute } from "../support/route";

// The real mailer (it writes .eml files to DATA_DIR/outbox), watched: the forgot-password flow does not
// await it, so the tests await the very sending they started instead of polling or sleeping.
vi.mock("~/models/mail/mailer.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/models/mail/mailer.server")>();
  return { ...actual, sendMail: vi.fn(actual.sendMail) };
});
const sentMail = vi.mocked(sendMail);

type User = { id: number; fullName: string | null; username: string; email: string; isAdmin: boolean; avatar: string | null };
const ORIGIN = "http://localhost";
const GOOD_PASSWORD = "Senha@123";
let counter = 0;

function post(body: unknown, headers: Record<string, string> = {}): { init: RequestInit } {
  return {
    init: {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    },
  };
}

function uniqueEmail(local = "pessoa") {
  counter += 1;
  return `${local}.${Date.now()}.${counter}@exemplo.com.br`;
}

async function registerUser(email = uniqueEmail(), password = GOOD_PASSWORD) {
  const response = await callRoute(register, "/api/register", post({ name: "Pessoa Teste", email, password, username: email.split("@")[0] }));
  expect(response.status).toBe(201);
  return { email, password, user: ((await response.json()) as { user: User }).user };
}

async function loginAs(email: string, password: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return callRoute(login, "/api/auth/login", post({ email, password, ...extra }, headers));
}

async function tokenFor(email: string, password = GOOD_PASSWORD) {
  const response = await loginAs(email, password);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { token: string; user: User };
  return { ...body, cookie: response.headers.get("Set-Cookie")!.split(";")[0]! };
}

const bearer = (token: string) => ({ init: { headers: { Authorization: `Bearer ${token}` } } });

/** Every e-mail started so far, once written: [recipient, .eml text]. */
async function sentMails(): Promise<[string, string][]> {
  const results = await Promise.all(sentMail.mock.results.map((result) => result.value as ReturnType<typeof sendMail>));
  return results.map((result, i) => {
    if (result.delivered !== "outbox") throw new Error("the tests must never use SMTP");
    return [sentMail.mock.calls[i]![0].to, fs.readFileSync(result.file, "utf8")];
  });
}

/** The last e-mail sent to `to`, once written to the outbox. */
async function outboxMail(to: string) {
  const mail = (await sentMails()).findLast(([recipient]) => recipient === to);
  expect(mail, `an e-mail to ${to}`).toBeDefined();
  return mail![1];
}

/** The reset token from a quoted-printable .eml. */
function tokenFromMail(eml: string) {
  const match = decodeMail(eml).text.match(/\/reset-password\?token=([A-Za-z0-9_-]+)/);
  expect(match).not.toBeNull();
  return match![1]!;
}

describe("POST /api/register", () => {
  it("creates the account with the e-mail's local part as username and never returns the hash", async () => {
    const email = uniqueEmail("joana");
    const response = await callRoute(register, "/api/register", post({ name: "Joana Silva", email, password: GOOD_PASSWORD, username: email.split("@")[0] }));
    expect(response.status).toBe(201);
    const body = (await response.json()) as { user: User & { password?: string } };
    expect(body.user).toEqual({
      id: expect.any(Number),
      fullName: "Joana Silva",
      username: email.split("@")[0],
      email,
      isAdmin: false,
      avatar: null,
    });
    const row = db.select().from(users).where(eq(users.email, email)).get()!;
    expect(row.password).toMatch(/^\$argon2id\$/);
  });

  it("makes the username unique when the same local part registers twice", async () => {
    const first = await registerUser("carlos@primeiro.com.br");
    const second = await registerUser("carlos@segundo.com.br");
    expect(first.user.username).toBe("carlos");
    expect(second.user.username).toBe("carlos1");
  });

  it("refuses a duplicate e-mail (any case) with 409", async () => {
    const { email } = await registerUser();
    const response = await callRoute(register, "/api/register", post({ name: "Outra", email: email.toUpperCase(), password: GOOD_PASSWORD, username: "x" }));
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: "Este email já está cadastrado" });
  });

  it.each([
    [{ name: "", email: "a@b.com.br", password: GOOD_PASSWORD }, "Nome é obrigatório"],
    [{ name: "Ana", email: "não-é-email", password: GOOD_PASSWORD }, "Email inválido"],
    [{ name: "Ana", email: "a@b.com.br", password: "curta" }, "A senha deve ter pelo menos 8 caracteres"],
    [{ name: "Ana", email: "a@b.com.br", password: "semmaiuscula1!" }, "A senha deve conter pelo menos uma letra maiúscula"],
    [{ name: "Ana", email: "a@b.com.br", password: "SEMMINUSCULA1!" }, "A senha deve conter pelo menos uma letra minúscula"],
    [{ name: "Ana", email: "a@b.com.br", password: "SemNumero!!" }, "A senha deve conter pelo menos um número"],
    [{ name: "Ana", email: "a@b.com.br", password: "SemEspecial1" }, "A senha deve conter pelo menos um caractere especial (!@#$%^&* etc.)"],
    [{ name: "Ana", email: "a@b.com.br", password: `Aa1!${"x".repeat(97)}` }, "A senha não pode ter mais de 100 caracteres"],
  ])("answers 400 with the spec message for %j", async (body, message) => {
    const response = await callRoute(register, "/api/register", post(body));
    expect(response.status).toBe(400);
    const json = (await response.json()) as { message: string; details: string[] };
    expect(json.message).toBe(message);
    expect(json.details.join("\n")).toContain(message);
  });

  it.each(["not json", "null", "[]", '"texto"'])("answers 400, not 500, for the body %s", async (body) => {
    const response = await callRoute(register, "/api/register", post(body));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe("Dados inválidos");
  });
});

describe("POST /api/auth/login", () => {
  it("returns {user, token} and sets an httpOnly, SameSite=Lax browser-session cookie", async () => {
    const { email, user } = await registerUser();
    const response = await loginAs(email, GOOD_PASSWORD);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { user: User; token: string };
    expect(body.user).toEqual(user);
    expect(body.token.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
    // The session's cookie (the device cookie of ADR 010's second amendment comes with it).
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith("__session="))!;
    expect(cookie).toMatch(/^__session=/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).not.toMatch(/Max-Age|Expires/);
    expect(cookie).not.toContain(body.token);
  });

  it("gives a 30-day cookie with rememberMe and stores only token hashes", async () => {
    const { email } = await registerUser();
    const response = await loginAs(email, GOOD_PASSWORD, { rememberMe: true });
    expect(response.headers.get("Set-Cookie")).toContain(`Max-Age=${30 * 24 * 60 * 60}`);
    const { token } = (await response.json()) as { token: string };
    const row = db.select().from(sessions).where(eq(sessions.id, hashToken(token))).get()!;
    expect(row.persistent).toBe(true);
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 60 * 60 * 1000);
    expect(db.select().from(sessions).where(eq(sessions.id, token)).get()).toBeUndefined();
  });

  it("accepts the e-mail in any case", async () => {
    const { email } = await registerUser();
    expect((await loginAs(email.toUpperCase(), GOOD_PASSWORD)).status).toBe(200);
  });

  it("answers the same 401 for a wrong password and an unknown e-mail", async () => {
    const { email } = await registerUser();
    const wrongPassword = await loginAs(email, "Errada@123");
    const unknownEmail = await loginAs(uniqueEmail("ninguem"), GOOD_PASSWORD);
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(await wrongPassword.json()).toEqual({ message: "Invalid credentials" });
    expect(await unknownEmail.json()).toEqual({ message: "Invalid credentials" });
    expect(wrongPassword.headers.get("Set-Cookie")).toBeNull();
  });

  it("accepts 6-character passwords of older accounts and rejects shorter ones with the spec message", async () => {
    const response = await loginAs("a@b.com.br", "12345");
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe("Senha deve ter pelo menos 6 caracteres");
    expect((await loginAs("a@b.com.br", "123456")).status).toBe(401);
  });

  it("answers 400 'Email inválido' for a bad e-mail and for a non-JSON body", async () => {
    const bad = await loginAs("sem-arroba", GOOD_PASSWORD);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe("Email inválido");
    const notJson = await callRoute(login, "/api/auth/login", post("{"));
    expect(notJson.status).toBe(400);
  });

  it("signs in the seeded administrator", async () => {
    const { user } = await tokenFor("admin@teste.local", "Admin@12345");
    expect(user.isAdmin).toBe(true);
  });
});

describe("throttling (the owner's side: tests/integration/account-lockout.test.ts)", () => {
  it("answers 429 in Portuguese after 10 failures for one e-mail from one address, even with the right password", async () => {
    const { email } = await registerUser();
    const from = { "X-Forwarded-For": "10.0.0.1" };
    for (let i = 0; i < 10; i++) expect((await loginAs(email, "Errada@123", {}, from)).status).toBe(401);
    const blocked = await loginAs(email, GOOD_PASSWORD, {}, from);
    expect(blocked.status).toBe(429);
    expect(((await blocked.json()) as { message: string }).message).toMatch(/^Muitas tentativas\. Aguarde 1[45] minutos e tente novamente\.$/);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("lets the address in again once the 15-minute window has passed", async () => {
    const { email } = await registerUser();
    const old = new Date(Date.now() - 16 * 60 * 1000);
    const keys = [`login-pair:${email} 10.0.0.2`, "login-ip:10.0.0.2"];
    db.insert(authAttempts).values(keys.flatMap((key) => Array.from({ length: 30 }, () => ({ key, createdAt: old })))).run();
    expect((await loginAs(email, GOOD_PASSWORD, {}, { "X-Forwarded-For": "10.0.0.2" })).status).toBe(200);
  });

  it("answers 429 after 30 failures from one address, whatever the e-mail", async () => {
    const ip = "203.0.113.77";
    // 29 failures as the throttle records them (no hashing to wait for), the thirtieth through the route.
    db.insert(authAttempts).values(Array.from({ length: 29 }, () => ({ key: `login-ip:${ip}`, createdAt: new Date() }))).run();
    expect((await loginAs(uniqueEmail("tentativa"), "Errada@123", {}, { "X-Forwarded-For": `198.51.100.1, ${ip}` })).status).toBe(401);
    const { email } = await registerUser();
    expect((await loginAs(email, GOOD_PASSWORD, {}, { "X-Forwarded-For": ip })).status).toBe(429);
    expect((await loginAs(email, GOOD_PASSWORD, {}, { "X-Forwarded-For": "203.0.113.78" })).status).toBe(200);
  });

  it("limits forgot-password requests to 10 per e-mail from one address in 15 minutes", async () => {
    const email = uniqueEmail("esquecido");
    const from = { "X-Forwarded-For": "10.9.0.1" };
    for (let i = 0; i < 10; i++) {
      expect((await callRoute(forgotPassword, "/api/auth/forgot-password", post({ email }, from))).status).toBe(200);
    }
    const blocked = await callRoute(forgotPassword, "/api/auth/forgot-password", post({ email }, from));
    expect(blocked.status).toBe(429);
    expect(((await blocked.json()) as { message: string }).message).toContain("Muitas tentativas");
  });
});

describe("GET /api/auth/me and /api/me", () => {
  it("return the user and their unread message count for a bearer token and for the session cookie", async () => {
    const { email, user } = await registerUser();
    const { token, cookie } = await tokenFor(email);
    for (const [route, url] of [
      [authMe, "/api/auth/me"],
      [me, "/api/me"],
    ] as const) {
      const viaBearer = await callRoute(route, url, bearer(token));
      expect(viaBearer.status).toBe(200);
      expect(await viaBearer.json()).toEqual({ ...user, unreadMessages: 0 });
      const viaCookie = await callRoute(route, url, { init: { headers: { Cookie: cookie } } });
      expect(await viaCookie.json()).toEqual({ ...user, unreadMessages: 0 });
    }
  });

  it.each([
    ["no credentials", {}],
    ["a forged bearer token", { Authorization: "Bearer forjado-forjado-forjado-forjado-forjado-1234" }],
    ["a malformed header", { Authorization: "Basic abc" }],
    ["a forged cookie", { Cookie: "__session=Zm9yamFkbw.assinatura" }],
  ])("answer 401 for %s", async (_, headers) => {
    for (const [route, url] of [
      [authMe, "/api/auth/me"],
      [me, "/api/me"],
    ] as const) {
      const response = await callRoute(route, url, { init: { headers } });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: "Unauthorized" });
    }
  });

  it("answer 401 for an expired session", async () => {
    const { email } = await registerUser();
    const { token } = await tokenFor(email);
    db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, hashToken(token))).run();
    expect((await callRoute(authMe, "/api/auth/me", bearer(token))).status).toBe(401);
  });

  it("sweeps expired sessions when new ones start", async () => {
    const { email } = await registerUser();
    const { token } = await tokenFor(email);
    db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, hashToken(token))).run();
    await tokenFor(email);
    expect(db.select().from(sessions).where(eq(sessions.id, hashToken(token))).get()).toBeUndefined();
  });
});

describe("POST /api/auth/logout", () => {
  it("revokes the bearer token", async () => {
    const { email } = await registerUser();
    const { token } = await tokenFor(email);
    const response = await callRoute(logout, "/api/auth/logout", { init: { method: "POST", headers: { Authorization: `Bearer ${token}` } } });
    expect(response.status).toBe(200);
    expect((await callRoute(authMe, "/api/auth/me", bearer(token))).status).toBe(401);
  });

  it("with the cookie from our origin, ends the cookie session and its client token and clears the cookie", async () => {
    const { email } = await registerUser();
    const { token, cookie } = await tokenFor(email);
    const response = await callRoute(logout, "/api/auth/logout", { init: { method: "POST", headers: { Cookie: cookie, Origin: ORIGIN } } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Set-Cookie")).toMatch(/__session=;.*Max-Age=0/);
    expect((await callRoute(authMe, "/api/auth/me", { init: { headers: { Cookie: cookie } } })).status).toBe(401);
    expect((await callRoute(authMe, "/api/auth/me", bearer(token))).status).toBe(401);
  });

  it("refuses a cookie-only logout from another origin (403) and keeps the session", async () => {
    const { email } = await registerUser();
    const { cookie } = await tokenFor(email);
    const response = await callRoute(logout, "/api/auth/logout", { init: { method: "POST", headers: { Cookie: cookie, Origin: "https://malicioso.example" } } });
    expect(response.status).toBe(403);
    expect((await callRoute(authMe, "/api/auth/me", { init: { headers: { Cookie: cookie } } })).status).toBe(200);
  });
});

describe("POST /api/auth/client-token", () => {
  it("gives the signed-in browser a bearer token distinct from its cookie, stable per session", async () => {
    const { email, user } = await registerUser();
    const { cookie } = await tokenFor(email);
    const init = { method: "POST", headers: { Cookie: cookie, Origin: ORIGIN } };
    const first = await callRoute(clientToken, "/api/auth/client-token", { init });
    expect(first.status).toBe(200);
    const body = (await first.json()) as { user: User; token: string };
    expect(body.user).toEqual(user);
    expect(cookie).not.toContain(body.token);
    const second = (await (await callRoute(clientToken, "/api/auth/client-token", { init })).json()) as { token: string };
    expect(second.token).toBe(body.token);
    expect((await callRoute(authMe, "/api/auth/me", bearer(body.token))).status).toBe(200);
  });

  it("refuses other origins and requests without a cookie session", async () => {
    const { email } = await registerUser();
    const { cookie } = await tokenFor(email);
    expect((await callRoute(clientToken, "/api/auth/client-token", { init: { method: "POST", headers: { Cookie: cookie, Origin: "https://x.example" } } })).status).toBe(403);
    expect((await callRoute(clientToken, "/api/auth/client-token", { init: { method: "POST", headers: { Origin: ORIGIN } } })).status).toBe(401);
  });

  it("is never issued for a bearer token (only cookie sessions have a client twin)", () => {
    expect(issueClientToken("token-que-nao-existe")).toBeNull();
  });
});

describe("password reset", () => {
  it("answers the same for a known and an unknown e-mail, and mails a link only to the known one", async () => {
    const { email } = await registerUser();
    const unknown = uniqueEmail("desconhecido");
    const known = await callRoute(forgotPassword, "/api/auth/forgot-password", post({ email }));
    const notKnown = await callRoute(forgotPassword, "/api/auth/forgot-password", post({ email: unknown }));
    expect(known.status).toBe(200);
    expect(notKnown.status).toBe(200);
    const knownBody = await known.json();
    expect(knownBody).toEqual(await notKnown.json());
    expect(knownBody).toEqual({ message: "Se o email estiver cadastrado, você receberá um link para redefinir sua senha." });
    // Both answers are in, so whatever either request mailed has been started; wait for it to be written.
    const mails = await sentMails();
    expect(mails.filter(([to]) => to === email)).toHaveLength(1);
    expect(await outboxMail(email)).toContain("Subject:");
    expect(mails.filter(([to, text]) => to === unknown || text.includes(unknown))).toEqual([]);
    // …and the outbox holds nothing for it either (no other way of sending went around the mailer).
    const outbox = path.join(process.env.DATA_DIR!, "outbox");
    const files = fs.readdirSync(outbox);
    expect(files.length).toBe(mails.length);
    expect(files.some((file) => fs.readFileSync(path.join(outbox, file), "utf8").includes(unknown))).toBe(false);
  });

  it("rejects a bad e-mail with 400 'Email inválido'", async () => {
    const response = await callRoute(forgotPassword, "/api/auth/forgot-password", post({ email: "x" }));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe("Email inválido");
  });

  it("sets the new password with the e-mailed token once, stores only its hash, and ends the other sessions", async () => {
    const { email } = await registerUser();
    const { token: sessionToken } = await tokenFor(email);
    await callRoute(forgotPassword, "/api/auth/forgot-password", post({ email }));
    const resetToken = tokenFromMail(await outboxMail(email));
    const stored = db.select().from(users).where(eq(users.email, email)).get()!;
    expect(stored.resetToken).not.toBe(resetToken);
    expect(stored.resetTokenExpires!.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);

    const response = await callRoute(resetPassword, "/api/auth/reset-password", post({ token: resetToken, newPassword: "Nova@Senha9" }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Senha redefinida com sucesso", deviceToken: expect.any(String) });
    expect((await callRoute(authMe, "/api/auth/me", bearer(sessionToken))).status).toBe(401);
    expect((await loginAs(email, GOOD_PASSWORD)).status).toBe(401);
    expect((await loginAs(email, "Nova@Senha9")).status).toBe(200);

    const again = await callRoute(resetPassword, "/api/auth/reset-password", post({ token: resetToken, newPassword: "Outra@Senha9" }));
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ message: "Token inválido" });
  });

  it("refuses an expired token and a forged one", async () => {
    const { email } = await registerUser();
    await callRoute(forgotPassword, "/api/auth/forgot-password", post({ email }));
    const resetToken = tokenFromMail(await outboxMail(email));
    db.update(users).set({ resetTokenExpires: new Date(Date.now() - 1000) }).where(eq(users.email, email)).run();
    expect((await callRoute(resetPassword, "/api/auth/reset-password", post({ token: resetToken, newPassword: "Nova@Senha9" }))).status).toBe(400);
    expect((await callRoute(resetPassword, "/api/auth/reset-password", post({ token: "forjado", newPassword: "Nova@Senha9" }))).status).toBe(400);
    expect((await loginAs(email, GOOD_PASSWORD)).status).toBe(200);
  });

  it.each([
    [{ newPassword: "Nova@Senha9" }, "Token de recuperação não encontrado"],
    [{ token: "abc", newPassword: "fraca" }, "A senha deve ter pelo menos 8 caracteres"],
    [{ token: "abc" }, "A senha deve ter pelo menos 8 caracteres"],
  ])("answers 400 with the spec message for %j", async (body, message) => {
    const response = await callRoute(resetPassword, "/api/auth/reset-password", post(body));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(message);
  });
});

describe("GET /api/auth/debug", () => {
  it("says Google is not configured and never returns a secret", async () => {
    const response = await callRoute(debug, "/api/auth/debug");
    expect(await response.json()).toEqual({ hasGoogleCredentials: false, googleClientId: null, googleClientSecret: "não configurado" });
  });
});

describe("guards", () => {
  it("requireUser: 401 JSON on /api, a redirect to /login?redirectTo= on pages", async () => {
    const api = await requireUser(new Request("http://localhost/api/anything")).catch((e: unknown) => e as Response);
    expect((api as Response).status).toBe(401);
    const page = await requireUser(new Request("http://localhost/minha-conta?aba=1")).catch((e: unknown) => e as Response);
    expect((page as Response).status).toBe(302);
    expect((page as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fminha-conta%3Faba%3D1");
  });

  it("requireUser: a cookie-authenticated write must come from our origin; a bearer write needs no Origin", async () => {
    const { email, user } = await registerUser();
    const { cookie, token } = await tokenFor(email);
    const write = (headers: Record<string, string>) => new Request("http://localhost/api/ads", { method: "POST", headers });
    expect(await requireUser(write({ Cookie: cookie, Origin: ORIGIN }))).toEqual(user);
    expect(await requireUser(write({ Cookie: cookie, Referer: `${ORIGIN}/create-ad` }))).toEqual(user);
    const refusals: Record<string, string>[] = [{ Cookie: cookie, Origin: "https://evil.example" }, { Cookie: cookie, Origin: "null" }, { Cookie: cookie }];
    for (const headers of refusals) {
      const refused = (await requireUser(write(headers)).catch((e: unknown) => e)) as Response;
      expect(refused.status).toBe(403);
    }
    expect(await requireUser(write({ Authorization: `Bearer ${token}`, Origin: "https://outro-app.example" }))).toEqual(user);
    // Reads (GET) carry no Origin and need none.
    expect(await requireUser(new Request("http://localhost/api/me", { headers: { Cookie: cookie } }))).toEqual(user);
  });

  it("requireAdmin: 403 for a regular user, the user for an admin", async () => {
    const { email } = await registerUser();
    const { token } = await tokenFor(email);
    const refused = (await requireAdmin(new Request("http://localhost/api/admin", { headers: { Authorization: `Bearer ${token}` } })).catch((e: unknown) => e)) as Response;
    expect(refused.status).toBe(403);
    const admin = await tokenFor("admin@teste.local", "Admin@12345");
    const user = await requireAdmin(new Request("http://localhost/api/admin", { headers: { Authorization: `Bearer ${admin.token}` } }));
    expect(user.isAdmin).toBe(true);
  });
});
