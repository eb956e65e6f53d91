/**
 * Issue 10, the account half: what an attacker tries first against sign-up, sign-in and reset —
 * poisoned reset links, open redirects, parallel guessing, sign-up floods, the username race.
 * Through the routes' own loaders and actions, on a temporary database. (Through the real server,
 * across web workers: tests/e2e/account-hardening.spec.ts.)
 */
import { eq, like } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { db, sqlite } from "~/db/client.server";
import { authAttempts, users } from "~/db/schema";
import { hashPassword, verifyPassword } from "~/models/account/password-hasher.server";
import { PasswordHashBusyError } from "~/services/password-hash.server";
import { action as forgotPasswordApi } from "~/routes/api.auth.forgot-password";
import { action as loginApi } from "~/routes/api.auth.login";
import { action as registerApi } from "~/routes/api.register";
import { action as forgotPasswordPage } from "~/routes/forgot-password";
import { action as loginPage, loader as loginLoader } from "~/routes/login";
import { action as registerPage } from "~/routes/register";
import { sendMail } from "~/models/mail/mailer.server";
import { readMail } from "../support/outbox";
import { callRoute } from "../support/route";

// The real mailer (it writes .eml files to DATA_DIR/outbox), watched so a test can await the mail it started.
vi.mock("~/models/mail/mailer.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/models/mail/mailer.server")>();
  return { ...actual, sendMail: vi.fn(actual.sendMail) };
});
// The real hashing, watched so a test can make the hash line answer "full" once.
vi.mock("~/models/account/password-hasher.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/models/account/password-hasher.server")>();
  return { ...actual, hashPassword: vi.fn(actual.hashPassword), verifyPassword: vi.fn(actual.verifyPassword) };
});
const sentMail = vi.mocked(sendMail);

const PASSWORD = "Senha@123";
const SITE = "http://localhost:3000"; // APP_URL is unset in the tests: the public origin is localhost:{PORT}.
let counter = 0;

function uniqueEmail(local = "conta") {
  counter += 1;
  return `${local}.${Date.now()}.${counter}@exemplo.com.br`;
}

/** A fresh client address for each test, so per-address counts never leak from one test to another. */
function uniqueIp() {
  counter += 1;
  return `198.51.${Math.floor(counter / 250)}.${counter % 250}`;
}

function json(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) };
}

function form(fields: Record<string, string>, headers: Record<string, string> = { Origin: "http://localhost" }): RequestInit {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return { method: "POST", body, headers };
}

async function register(email: string, ip?: string) {
  return callRoute(registerApi, "/api/register", { init: json({ name: "Pessoa Teste", email, password: PASSWORD }), context: ip ? { clientIp: ip } : {} });
}

function statuses(responses: Response[]) {
  const count: Record<number, number> = {};
  for (const response of responses) count[response.status] = (count[response.status] ?? 0) + 1;
  return count;
}

/** The .eml of the last mail started to `to`, decoded from quoted-printable. */
async function lastMailTo(to: string) {
  const index = sentMail.mock.calls.findLastIndex(([message]) => message.to === to);
  expect(index, `an e-mail to ${to}`).toBeGreaterThanOrEqual(0);
  const result = await (sentMail.mock.results[index]!.value as ReturnType<typeof sendMail>);
  if (result.delivered !== "outbox") throw new Error("the tests must never use SMTP");
  return readMail(result.file).text;
}

afterEach(() => {
  vi.mocked(hashPassword).mockClear();
  vi.mocked(verifyPassword).mockClear();
});

describe("reset links never come from the request's host", () => {
  it.each([
    ["Host: evil.example (the request's own URL)", "http://evil.example/api/auth/forgot-password", {}],
    ["X-Forwarded-Host: evil.example", "/api/auth/forgot-password", { "X-Forwarded-Host": "evil.example", Host: "evil.example" }],
  ])("POST /api/auth/forgot-password with %s mails a link to the configured origin", async (_, url, headers) => {
    const email = uniqueEmail("reset");
    expect((await register(email)).status).toBe(201);
    const response = await callRoute(forgotPasswordApi, url, { init: json({ email }, headers) });
    expect(response.status).toBe(200);
    const mail = await lastMailTo(email);
    expect(mail).toMatch(new RegExp(`${SITE}/reset-password\\?token=[A-Za-z0-9_-]{40,}`));
    expect(mail).not.toContain("evil.example");
  });

  it("the /forgot-password page does the same", async () => {
    const email = uniqueEmail("reset-pagina");
    expect((await register(email)).status).toBe(201);
    const response = await callRoute(forgotPasswordPage, "http://evil.example/forgot-password", {
      init: form({ email }, { Origin: "http://evil.example" }),
    });
    expect(response.status).toBe(200);
    const mail = await lastMailTo(email);
    expect(mail).toContain(`${SITE}/reset-password?token=`);
    expect(mail).not.toContain("evil.example");
  });
});

describe("redirectTo after sign-in stays on the site", () => {
  const attacks = ["/%09/evil.example", "/%0A/evil.example", "/%0D/evil.example", "/%00/evil.example", "/%0B/evil.example", "/%0C/evil.example", "/%E3%80%80/evil.example", "/%5C/evil.example", "//evil.example", "https://evil.example/"];

  async function signedInCookie() {
    const email = uniqueEmail("volta");
    expect((await register(email)).status).toBe(201);
    const response = await callRoute(loginApi, "/api/auth/login", { init: json({ email, password: PASSWORD }) });
    expect(response.status).toBe(200);
    return { email, cookie: response.headers.get("Set-Cookie")!.split(";")[0]! };
  }
  // One account for the attacks below: each only reads the session or signs in again (a success counts
  // no attempt), and a sign-up and a sign-in per attack were 40 Argon2 hashes spent on the setup.
  let account: Awaited<ReturnType<typeof signedInCookie>>;
  beforeAll(async () => {
    account = await signedInCookie();
  });

  it.each(attacks)("GET /login?redirectTo=%s for a signed-in user answers a redirect to /, not a 500", async (attack) => {
    const { cookie } = account;
    const response = await callRoute(loginLoader, `/login?redirectTo=${attack}`, { init: { headers: { Cookie: cookie } } });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });

  it.each(attacks)("signing in with redirectTo=%s lands on /", async (attack) => {
    const { email } = account;
    const response = await callRoute(loginPage, "/login", { init: form({ email, password: PASSWORD, redirectTo: decodeURIComponent(attack) }) });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });

  it("a same-site redirectTo still works", async () => {
    const { email, cookie } = account;
    const back = await callRoute(loginLoader, `/login?redirectTo=${encodeURIComponent("/categories?search=geladeira%20nova")}`, { init: { headers: { Cookie: cookie } } });
    expect(back.headers.get("Location")).toBe("/categories?search=geladeira%20nova");
    const after = await callRoute(loginPage, "/login", { init: form({ email, password: PASSWORD, redirectTo: "/auth/conta" }) });
    expect(after.headers.get("Location")).toBe("/auth/conta");
  });
});

describe("parallel guessing", () => {
  it("40 parallel wrong passwords for one e-mail from one address through the API: at most 10 are checked (401), the rest are 429", async () => {
    const email = uniqueEmail("alvo");
    const ip = uniqueIp();
    expect((await register(email)).status).toBe(201);
    vi.mocked(verifyPassword).mockClear();
    const responses = await Promise.all(
      Array.from({ length: 40 }, () => callRoute(loginApi, "/api/auth/login", { init: json({ email, password: "Errada@123" }), context: { clientIp: ip } })),
    );
    expect(statuses(responses)).toEqual({ 401: 10, 429: 30 });
    // The refused ones never reached the password hash.
    expect(vi.mocked(verifyPassword)).toHaveBeenCalledTimes(10);
    const refused = responses.find((response) => response.status === 429)!;
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Muitas tentativas\. Aguarde 1[45] minutos e tente novamente\.$/);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    // …and the right password from that address is refused too, until the window passes.
    expect((await callRoute(loginApi, "/api/auth/login", { init: json({ email, password: PASSWORD }), context: { clientIp: ip } })).status).toBe(429);
  }, 120_000);

  it("40 parallel wrong passwords from one address for 40 e-mails: at most 30 × 401", async () => {
    const ip = uniqueIp();
    const responses = await Promise.all(
      Array.from({ length: 40 }, () =>
        callRoute(loginApi, "/api/auth/login", { init: json({ email: uniqueEmail("varios"), password: "Errada@123" }), context: { clientIp: ip } }),
      ),
    );
    expect(statuses(responses)).toEqual({ 401: 30, 429: 10 });
  }, 120_000);

  it("correct passwords do not use up their address's attempts (only failures stay counted)", async () => {
    const ip = uniqueIp();
    const email = uniqueEmail("certo");
    expect((await register(email)).status).toBe(201);
    for (let i = 0; i < 11; i++) {
      const response = await callRoute(loginApi, "/api/auth/login", { init: json({ email, password: PASSWORD }), context: { clientIp: ip } });
      expect(response.status, `sign-in ${i + 1}`).toBe(200);
    }
    expect(db.select().from(authAttempts).where(like(authAttempts.key, `%${ip}`)).all()).toEqual([]);
  }, 120_000);
});

describe("sign-up throttle (per address)", () => {
  it("ten sign-ups an hour from one address through the API; the eleventh is 429 with Retry-After, others still get in", async () => {
    const ip = uniqueIp();
    const taken = uniqueEmail("ja-existe");
    expect((await register(taken)).status).toBe(201);
    // Every sign-up counts, taken e-mails too (no free probing for registered addresses).
    for (let i = 0; i < 9; i++) expect((await register(taken, ip)).status).toBe(409);
    expect((await register(uniqueEmail("decima"), ip)).status).toBe(201);
    const refused = await register(uniqueEmail("demais"), ip);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: "Muitos cadastros feitos a partir desta conexão. Aguarde 60 minutos e tente novamente." });
    expect(Number(refused.headers.get("Retry-After"))).toBe(3600);
    expect((await register(uniqueEmail("outra-conexao"), uniqueIp())).status).toBe(201);
  }, 60_000);

  it("the /register page shares the count and shows the message", async () => {
    const ip = uniqueIp();
    const taken = uniqueEmail("ja-existe-pagina");
    expect((await register(taken)).status).toBe(201);
    for (let i = 0; i < 10; i++) expect((await register(taken, ip)).status).toBe(409);
    const response = await callRoute(registerPage, "/register", {
      init: form({ name: "Ana", email: uniqueEmail("pagina"), password: PASSWORD, confirmPassword: PASSWORD }),
      context: { clientIp: ip },
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(JSON.stringify(await response.json())).toContain("Muitos cadastros feitos a partir desta conexão");
  });
});

describe("a full hash line answers 503, and the refused attempt does not count", () => {
  it("sign-up", async () => {
    const ip = uniqueIp();
    vi.mocked(hashPassword).mockRejectedValueOnce(new PasswordHashBusyError());
    const email = uniqueEmail("ocupado");
    const busy = await register(email, ip);
    expect(busy.status).toBe(503);
    expect(await busy.json()).toEqual({ message: "Servidor ocupado, tente de novo em instantes." });
    expect(busy.headers.get("Retry-After")).toBe("5");
    expect(db.select().from(authAttempts).where(eq(authAttempts.key, `register-ip:${ip}`)).all()).toEqual([]);
    expect((await register(email, ip)).status).toBe(201);
  });

  it("sign-in", async () => {
    const email = uniqueEmail("ocupado-login");
    expect((await register(email)).status).toBe(201);
    vi.mocked(verifyPassword).mockRejectedValueOnce(new PasswordHashBusyError());
    const busy = await callRoute(loginApi, "/api/auth/login", { init: json({ email, password: "Errada@123" }) });
    expect(busy.status).toBe(503);
    expect(busy.headers.get("Retry-After")).toBe("5");
    expect(db.select().from(authAttempts).where(eq(authAttempts.key, `login-email:${email}`)).all()).toEqual([]);
    expect((await callRoute(loginApi, "/api/auth/login", { init: json({ email, password: PASSWORD }) })).status).toBe(200);
  });
});

describe("usernames under concurrent sign-ups", () => {
  it("10 concurrent sign-ups with the same local part (ana@a…, ana@b…) all succeed with distinct usernames", async () => {
    const local = `ana${Date.now()}`;
    const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => register(`${local}@dominio${i}.com.br`)));
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(201));
    const names = await Promise.all(responses.map(async (response) => ((await response.json()) as { user: { username: string } }).user.username));
    expect(new Set(names).size).toBe(10);
    expect(names.every((name) => name.startsWith(local))).toBe(true);
  }, 120_000);

  it("a username taken by another worker between the look-up and the insert is not 'e-mail already registered'", async () => {
    const local = `corrida${Date.now()}`;
    // Stands in for another worker: right before our insert of `local`, someone else's account takes it.
    sqlite.exec(`CREATE TEMP TRIGGER steal_username BEFORE INSERT ON users
      WHEN NEW.username = '${local}' AND NOT EXISTS (SELECT 1 FROM users WHERE username = '${local}')
      BEGIN
        INSERT INTO users (username, email, provider) VALUES ('${local}', 'outro.${local}@exemplo.com.br', 'local');
      END`);
    try {
      const response = await register(`${local}@exemplo.com.br`);
      expect(response.status).toBe(201);
      expect(((await response.json()) as { user: { username: string } }).user.username).toBe(`${local}1`);
    } finally {
      sqlite.exec("DROP TRIGGER IF EXISTS steal_username");
    }
    expect(db.select({ email: users.email }).from(users).where(eq(users.username, local)).get()).toEqual({ email: `outro.${local}@exemplo.com.br` });
  });

  it("an e-mail taken between the look-up and the insert is still 'e-mail already registered'", async () => {
    const email = uniqueEmail("mesmo");
    const [first, second] = await Promise.all([register(email), register(email)]);
    expect([first!.status, second!.status].sort()).toEqual([201, 409]);
    const refused = first!.status === 409 ? first! : second!;
    expect(await refused.json()).toEqual({ message: "Este email já está cadastrado" });
  });
});
