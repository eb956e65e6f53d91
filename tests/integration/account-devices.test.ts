/**
 * Issue #32, findings 6 and 7 and "sign-in limits bound to the owner's device" (ADR 010, second
 * amendment): guesses from any number of addresses get at most 20 tries per account in 15 minutes;
 * the owner's own device (a cookie, or the API's device token) signs in at once, and a reset or a
 * password change keeps the browser that made it known.
 */
import { describe, expect, it, vi } from "vitest";

// The e-mail's wait capped at 300 ms instead of 5 s: long enough to tell "waited" from "did not".
const DELAY_MAX_MS = vi.hoisted(() => {
  process.env.AUTH_GUESS_DELAY_MAX_MS = "300";
  return 300;
});

import { db } from "~/db/client.server";
import { authAttempts } from "~/db/schema";
import { createPasswordResetToken } from "~/models/account/password-reset.server";
import { action as forgotApi } from "~/routes/api.auth.forgot-password";
import { action as loginApi } from "~/routes/api.auth.login";
import { action as resetApi } from "~/routes/api.auth.reset-password";
import { action as registerApi } from "~/routes/api.register";
import { action as accountAction } from "~/routes/conta";
import { action as loginPage } from "~/routes/login";
import { action as resetPage } from "~/routes/reset-password";
import { callRoute } from "../support/route";

const PASSWORD = "Senha@123";
const NEW_PASSWORD = "Nova@Senha9";
const WRONG = "Errada@123";
const ORIGIN = "http://localhost";
const DEVICE_HEADER = "X-Device-Token";
let counter = 0;

function uniqueEmail() {
  counter += 1;
  return `aparelho.${Date.now()}.${counter}@exemplo.com.br`;
}

/** A fresh address per call, so no per-address count leaks between tests. */
function uniqueIp() {
  counter += 1;
  return `203.0.${Math.floor(counter / 250)}.${counter % 250}`;
}

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/json", ...headers },
  body: JSON.stringify(body),
});

function form(fields: Record<string, string>, headers: Record<string, string> = {}): RequestInit {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return { method: "POST", body, headers: { Origin: ORIGIN, ...headers } };
}

const apiLogin = (email: string, password: string, ip = uniqueIp(), headers: Record<string, string> = {}) =>
  callRoute(loginApi, "/api/auth/login", { init: json({ email, password }, headers), context: { clientIp: ip } });
const pageLogin = (email: string, password: string, headers: Record<string, string> = {}) =>
  callRoute(loginPage, "/login", { init: form({ email, password }, headers), context: { clientIp: uniqueIp() } });

/** The `name=value` of a cookie the response sets. */
function cookieOf(response: Response, name: string) {
  return response.headers
    .getSetCookie()
    .find((value) => value.startsWith(`${name}=`))
    ?.split(";")[0];
}

async function registerOwner() {
  const email = uniqueEmail();
  const response = await callRoute(registerApi, "/api/register", { init: json({ name: "Dona do Celular", email, password: PASSWORD }), context: { clientIp: uniqueIp() } });
  expect(response.status).toBe(201);
  return email;
}

/** The owner's browser and API client, each signed in once (before any attack). */
async function ownerDevices(email: string) {
  const browser = await pageLogin(email, PASSWORD);
  expect(browser.status).toBe(302);
  const api = await apiLogin(email, PASSWORD);
  expect(api.status).toBe(200);
  const body = (await api.json()) as { user: unknown; token: string; deviceToken: string };
  expect(body).toMatchObject({ user: expect.any(Object), token: expect.any(String), deviceToken: expect.any(String) });
  return { deviceCookie: cookieOf(browser, "__device")!, session: cookieOf(browser, "__session")!, deviceToken: body.deviceToken };
}

/** `count` failures at the account from unknown devices, recorded as the throttle records them (no hashing to wait for). */
function pastFailures(email: string, count: number) {
  db.insert(authAttempts).values(Array.from({ length: count }, () => ({ key: `login-email:${email}`, createdAt: new Date() }))).run();
}

async function timed<T>(work: () => Promise<T>) {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

function statuses(responses: Response[]) {
  const count: Record<number, number> = {};
  for (const response of responses) count[response.status] = (count[response.status] ?? 0) + 1;
  return count;
}

describe("guesses at one account from many addresses (finding 7)", () => {
  it("40 parallel wrong passwords from 40 addresses: at most 20 checked (401), the rest 429; then the right password from an unknown device is 429 too", async () => {
    const email = await registerOwner();
    const owner = await ownerDevices(email);
    const responses = await Promise.all(Array.from({ length: 40 }, () => apiLogin(email, WRONG)));
    const count = statuses(responses);
    expect(count[401]).toBeLessThanOrEqual(20);
    expect(count[429]).toBeGreaterThanOrEqual(20);
    expect((count[401] ?? 0) + (count[429] ?? 0)).toBe(40);

    const stranger = await apiLogin(email, PASSWORD);
    expect(stranger.status).toBe(429);
    expect(Number(stranger.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await stranger.json()) as { message: string }).message).toMatch(/aparelho/);
    const strangerPage = await pageLogin(email, PASSWORD);
    expect(strangerPage.status).toBe(429);

    // The owner's own devices: in at once, not held by the e-mail's wait.
    const phone = await timed(() => apiLogin(email, PASSWORD, uniqueIp(), { [DEVICE_HEADER]: owner.deviceToken }));
    expect(phone.value.status).toBe(200);
    expect(phone.ms).toBeLessThan(DELAY_MAX_MS);
    const browser = await timed(() => pageLogin(email, PASSWORD, { Cookie: owner.deviceCookie }));
    expect(browser.value.status).toBe(302);
    expect(browser.value.headers.get("Set-Cookie")).toContain("__session=");
    expect(browser.ms).toBeLessThan(DELAY_MAX_MS);
  }, 60_000);

  it("a closed account answers unknown devices only after the guesses' longest wait (a client looping on refusals is slowed, not served at once), within the address's share of waits", async () => {
    const email = await registerOwner();
    pastFailures(email, 20);
    const refused = await timed(() => apiLogin(email, WRONG));
    expect(refused.value.status).toBe(429);
    expect(refused.ms).toBeGreaterThanOrEqual(DELAY_MAX_MS - 5);
    // One address's share of waits is two per account: the third at once refuses at once.
    const address = uniqueIp();
    const burst = await Promise.all(Array.from({ length: 3 }, () => timed(() => apiLogin(email, WRONG, address))));
    expect(burst.map(({ value }) => value.status)).toEqual([429, 429, 429]);
    expect(burst.filter(({ ms }) => ms < DELAY_MAX_MS / 2)).toHaveLength(1);
  }, 60_000);

  it("refused attempts do not count: one address alone hits its own cap of 10 and the account stays open to others", async () => {
    const email = await registerOwner();
    const attacker = uniqueIp();
    const responses: Response[] = [];
    for (let i = 0; i < 30; i++) responses.push(await apiLogin(email, WRONG, attacker));
    expect(statuses(responses)).toEqual({ 401: 10, 429: 20 });
    expect((await apiLogin(email, WRONG)).status).toBe(401);
    expect((await apiLogin(email, PASSWORD)).status).toBe(200);
  }, 60_000);

  it("a forged device token, or another account's, is an unknown device", async () => {
    const email = await registerOwner();
    const other = await registerOwner();
    const { deviceToken: othersToken } = await ownerDevices(other);
    const { deviceToken } = await ownerDevices(email);
    pastFailures(email, 20);
    expect((await apiLogin(email, PASSWORD, uniqueIp(), { [DEVICE_HEADER]: othersToken })).status).toBe(429);
    expect((await apiLogin(email, PASSWORD, uniqueIp(), { [DEVICE_HEADER]: `${deviceToken.slice(0, -2)}xx` })).status).toBe(429);
    expect((await pageLogin(email, PASSWORD, { Cookie: `__device=${encodeURIComponent(deviceToken)}` })).status).toBe(429);
    expect((await apiLogin(email, PASSWORD, uniqueIp(), { [DEVICE_HEADER]: deviceToken })).status).toBe(200);
  }, 60_000);

  it("reset requests keep their own limits: they work while sign-ins are closed and never count toward the cap", async () => {
    const email = await registerOwner();
    for (let i = 0; i < 12; i++) {
      const response = await callRoute(forgotApi, "/api/auth/forgot-password", { init: json({ email }), context: { clientIp: uniqueIp() } });
      expect(response.status).toBe(200);
    }
    pastFailures(email, 19);
    expect((await apiLogin(email, PASSWORD)).status).toBe(200);
    pastFailures(email, 1);
    expect((await apiLogin(email, PASSWORD)).status).toBe(429);
    const reset = await callRoute(forgotApi, "/api/auth/forgot-password", { init: json({ email }), context: { clientIp: uniqueIp() } });
    expect(reset.status).toBe(200);
  }, 60_000);
});

describe("the browser that reset or changed the password stays known", () => {
  it("a reset through the page marks that browser known (and still ends with 'Ir para Login', not signed in)", async () => {
    const email = await registerOwner();
    pastFailures(email, 20);
    const { token } = createPasswordResetToken(email)!;
    const done = await callRoute(resetPage, "/reset-password", { init: form({ token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }) });
    expect(done.status).toBe(200);
    expect(((await done.json()) as { done: boolean }).done).toBe(true);
    expect(cookieOf(done, "__session")).toBeUndefined();
    const device = cookieOf(done, "__device")!;
    expect(device).toBeTruthy();

    expect((await pageLogin(email, NEW_PASSWORD)).status).toBe(429);
    expect((await pageLogin(email, NEW_PASSWORD, { Cookie: device })).status).toBe(302);
  }, 60_000);

  it("a reset through the API hands its client a device token", async () => {
    const email = await registerOwner();
    pastFailures(email, 20);
    const { token } = createPasswordResetToken(email)!;
    const done = await callRoute(resetApi, "/api/auth/reset-password", { init: json({ token, newPassword: NEW_PASSWORD }) });
    expect(done.status).toBe(200);
    const body = (await done.json()) as { message: string; deviceToken: string };
    expect(body).toEqual({ message: "Senha redefinida com sucesso", deviceToken: expect.any(String) });
    expect((await apiLogin(email, NEW_PASSWORD, uniqueIp(), { [DEVICE_HEADER]: body.deviceToken })).status).toBe(200);
  }, 60_000);

  it("a password change revokes the other devices' proof and keeps the one that made it", async () => {
    const email = await registerOwner();
    const laptop = await ownerDevices(email);
    const phone = await ownerDevices(email);
    const changed = await callRoute(accountAction, "/conta", {
      init: form({ intent: "password", currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, { Cookie: `${laptop.session}; ${laptop.deviceCookie}` }),
    });
    expect(changed.status).toBe(302);
    const laptopNow = cookieOf(changed, "__device")!;
    expect(laptopNow).toBeTruthy();

    pastFailures(email, 20);
    expect((await pageLogin(email, NEW_PASSWORD, { Cookie: laptopNow })).status).toBe(302);
    expect((await pageLogin(email, NEW_PASSWORD, { Cookie: phone.deviceCookie })).status).toBe(429);
    expect((await apiLogin(email, NEW_PASSWORD, uniqueIp(), { [DEVICE_HEADER]: phone.deviceToken })).status).toBe(429);
  }, 60_000);
});
