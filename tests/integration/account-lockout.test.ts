/**
 * Issue 21: nobody locks an owner out of their account. An attacker guessing at someone's e-mail is
 * refused (429) only at the addresses they use; the owner, from another address, signs in (or gets a
 * reset link) after a short wait. And a sign-in ends as a whole: logging out through its bearer token
 * or its cookie ends both, never another sign-in of the same user.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

// The e-mail's wait, capped at 200 ms instead of 5 s, so the tests do not sleep for seconds.
const DELAY_MAX_MS = vi.hoisted(() => {
  process.env.AUTH_GUESS_DELAY_MAX_MS = "200";
  return 200;
});

import { db } from "~/db/client.server";
import { authAttempts, sessions } from "~/db/schema";
import { isResetTokenValid } from "~/models/account/password-reset.server";
import { GUESS_FREE_PER_EMAIL, guessDelayMs } from "~/models/account/throttle.server";
import { hashToken } from "~/models/session/session.server";
import { action as forgotApi } from "~/routes/api.auth.forgot-password";
import { action as clientTokenApi } from "~/routes/api.auth.client-token";
import { action as loginApi } from "~/routes/api.auth.login";
import { action as logoutApi } from "~/routes/api.auth.logout";
import { loader as meApi } from "~/routes/api.auth.me";
import { action as registerApi } from "~/routes/api.register";
import { action as forgotPage } from "~/routes/forgot-password";
import { action as loginPage } from "~/routes/login";
import { action as logoutPage } from "~/routes/logout";
import { sendMail } from "~/models/mail/mailer.server";
import { callRoute } from "../support/route";

// The real mailer (.eml files in DATA_DIR/outbox), watched so a test can count and read what it sent.
vi.mock("~/models/mail/mailer.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/models/mail/mailer.server")>();
  return { ...actual, sendMail: vi.fn(actual.sendMail) };
});
const sentMail = vi.mocked(sendMail);

const PASSWORD = "Senha@123";
const WRONG = "Errada@123";
const ORIGIN = "http://localhost";
let counter = 0;

function uniqueEmail(local = "dono") {
  counter += 1;
  return `${local}.${Date.now()}.${counter}@exemplo.com.br`;
}

/** A fresh address per call, so no count leaks between tests. */
function uniqueIp() {
  counter += 1;
  return `192.0.${Math.floor(counter / 250)}.${counter % 250}`;
}

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/json", ...headers },
  body: JSON.stringify(body),
});

function form(fields: Record<string, string>): RequestInit {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return { method: "POST", body, headers: { Origin: ORIGIN } };
}

const login = (email: string, password: string, ip: string) => callRoute(loginApi, "/api/auth/login", { init: json({ email, password }), context: { clientIp: ip } });
const forgot = (email: string, ip: string) => callRoute(forgotApi, "/api/auth/forgot-password", { init: json({ email }), context: { clientIp: ip } });

async function registerOwner() {
  const email = uniqueEmail();
  expect((await callRoute(registerApi, "/api/register", { init: json({ name: "Dona da Conta", email, password: PASSWORD }), context: { clientIp: uniqueIp() } })).status).toBe(201);
  return email;
}

/** What a person with many addresses does: ten failures from one address, then `more` from others. */
async function attack(email: string, more: number, guess = (ip: string) => login(email, WRONG, ip)) {
  const attacker = uniqueIp();
  for (let i = 0; i < 10; i++) expect((await guess(attacker)).status).toBeLessThan(429);
  for (let i = 0; i < more; i++) expect((await guess(uniqueIp())).status).toBeLessThan(429);
  return attacker;
}

/** `count` failures at the e-mail from other addresses, recorded as the throttle records them (no hashing to wait for). */
function pastFailures(flow: "login" | "forgot", email: string, count: number) {
  db.insert(authAttempts).values(Array.from({ length: count }, () => ({ key: `${flow}-email:${email}`, createdAt: new Date() }))).run();
}

async function timed<T>(work: () => Promise<T>) {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

describe("the wait per e-mail", () => {
  it("is nothing for the first ten failures, then grows to its cap (5 s by default) and never passes it", () => {
    const waits = Array.from({ length: 40 }, (_, failures) => guessDelayMs(failures, 5000));
    expect(waits.slice(0, GUESS_FREE_PER_EMAIL)).toEqual(Array(GUESS_FREE_PER_EMAIL).fill(0));
    expect(waits.slice(GUESS_FREE_PER_EMAIL, GUESS_FREE_PER_EMAIL + 5)).toEqual([313, 625, 1250, 2500, 5000]);
    expect(Math.max(...waits)).toBe(5000);
  });
});

describe("sign-in under attack", () => {
  it("the attacker's address gets 429, even with the right password; the owner from another address signs in after a short wait", async () => {
    const email = await registerOwner();
    const attacker = await attack(email, 5);

    const blocked = await login(email, PASSWORD, attacker);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);

    const owner = await timed(() => login(email, PASSWORD, uniqueIp()));
    expect(owner.value.status).toBe(200);
    // Fifteen failures for the e-mail: the owner waited the whole (shortened) cap, and no more than a moment past it.
    expect(owner.ms).toBeGreaterThanOrEqual(DELAY_MAX_MS - 5);
    expect(owner.ms).toBeLessThan(DELAY_MAX_MS + 3000);
  }, 60_000);

  it("the /login page lets the owner in the same way (JavaScript off)", async () => {
    const email = await registerOwner();
    pastFailures("login", email, 13);
    const response = await callRoute(loginPage, "/login", { init: form({ email, password: PASSWORD }), context: { clientIp: uniqueIp() } });
    expect(response.status).toBe(302);
    expect(response.headers.get("Set-Cookie")).toContain("__session=");
  }, 60_000);

  it("an address that piles up waiting guesses gets 429 in seconds beyond its share; the owner elsewhere is not refused", async () => {
    const email = await registerOwner();
    pastFailures("login", email, 12);
    const flooder = uniqueIp();
    const burst = await Promise.all(Array.from({ length: 6 }, () => login(email, WRONG, flooder)));
    const refused = burst.filter((response) => response.status === 429);
    expect(burst.filter((response) => response.status === 401)).toHaveLength(2);
    expect(refused).toHaveLength(4);
    expect(refused[0]!.headers.get("Retry-After")).toBe("1");
    expect(((await refused[0]!.json()) as { message: string }).message).toBe("Muitas tentativas ao mesmo tempo. Aguarde alguns segundos e tente novamente.");

    const [again, owner] = await Promise.all([
      Promise.all(Array.from({ length: 3 }, () => login(email, WRONG, flooder))),
      login(email, PASSWORD, uniqueIp()),
    ]);
    expect(again.some((response) => response.status === 429)).toBe(true);
    expect(owner.status).toBe(200);
  }, 60_000);
});

describe("reset requests under attack", () => {
  it("the flooding address gets 429; the owner from another address asks and gets a working link; the inbox is not buried", async () => {
    const email = await registerOwner();
    sentMail.mockClear();
    const attacker = await attack(email, 4, (ip) => forgot(email, ip));
    expect((await forgot(email, attacker)).status).toBe(429);

    const owner = await timed(() => forgot(email, uniqueIp()));
    expect(owner.value.status).toBe(200);
    expect(owner.ms).toBeGreaterThanOrEqual(DELAY_MAX_MS / 2 - 5);

    // Ten links, then none while the flood lasts (one a minute at most): the newest one still works.
    const mails = sentMail.mock.calls.map(([message]) => message).filter((message) => message.to === email);
    expect(mails).toHaveLength(10);
    const token = mails.at(-1)!.text!.match(/reset-password\?token=([A-Za-z0-9_-]+)/)![1]!;
    expect(isResetTokenValid(token)).toBe(true);
  }, 60_000);

  it("the /forgot-password page answers the owner the same way", async () => {
    const email = await registerOwner();
    pastFailures("forgot", email, 12);
    const response = await callRoute(forgotPage, "/forgot-password", { init: form({ email }), context: { clientIp: uniqueIp() } });
    expect(response.status).toBe(200);
  }, 60_000);
});

/** Signs in through the API: the bearer token and the cookie of one sign-in. */
async function signIn(email: string) {
  const response = await login(email, PASSWORD, uniqueIp());
  expect(response.status).toBe(200);
  const { token } = (await response.json()) as { token: string };
  return { token, cookie: response.headers.get("Set-Cookie")!.split(";")[0]! };
}

const viaBearer = (token: string) => callRoute(meApi, "/api/auth/me", { init: { headers: { Authorization: `Bearer ${token}` } } });
const viaCookie = (cookie: string) => callRoute(meApi, "/api/auth/me", { init: { headers: { Cookie: cookie } } });

describe("logout ends the sign-in, whichever credential it comes through", () => {
  it("the bearer logout ends the cookie session of the same sign-in, not another sign-in of the user", async () => {
    const email = await registerOwner();
    const phone = await signIn(email);
    const laptop = await signIn(email);
    const response = await callRoute(logoutApi, "/api/auth/logout", { init: { method: "POST", headers: { Authorization: `Bearer ${phone.token}` } } });
    expect(response.status).toBe(200);
    expect((await viaBearer(phone.token)).status).toBe(401);
    expect((await viaCookie(phone.cookie)).status).toBe(401);
    expect((await viaBearer(laptop.token)).status).toBe(200);
    expect((await viaCookie(laptop.cookie)).status).toBe(200);
  }, 30_000);

  it("the cookie logout (the /logout page) ends the bearer token of the same sign-in, not another sign-in of the user", async () => {
    const email = await registerOwner();
    const phone = await signIn(email);
    const laptop = await signIn(email);
    const response = await callRoute(logoutPage, "/logout", { init: { method: "POST", headers: { Cookie: phone.cookie, Origin: ORIGIN } } });
    expect(response.status).toBe(302);
    expect((await viaCookie(phone.cookie)).status).toBe(401);
    expect((await viaBearer(phone.token)).status).toBe(401);
    expect((await viaBearer(laptop.token)).status).toBe(200);
    expect((await viaCookie(laptop.cookie)).status).toBe(200);
  }, 30_000);

  it("a client token fetched later by the page (/api/auth/client-token) is linked to its cookie session too", async () => {
    const email = await registerOwner();
    const { cookie } = await signIn(email);
    const issued = await callRoute(clientTokenApi, "/api/auth/client-token", { init: { method: "POST", headers: { Cookie: cookie, Origin: ORIGIN } } });
    const { token } = (await issued.json()) as { token: string };
    const row = db.select().from(sessions).where(eq(sessions.id, hashToken(token))).get();
    expect(row?.parentId).toBeTruthy();
    await callRoute(logoutApi, "/api/auth/logout", { init: { method: "POST", headers: { Authorization: `Bearer ${token}` } } });
    expect((await viaCookie(cookie)).status).toBe(401);
  }, 30_000);
});
