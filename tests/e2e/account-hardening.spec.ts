/**
 * Issue 10, the account half, through the real server: a forged Host or X-Forwarded-Host never reaches
 * the reset e-mail; parallel guesses and parallel sign-ups spread over two web workers (separate
 * processes sharing only SQLite) still respect the limit and the usernames; and a real browser never
 * leaves the site through a redirectTo with control characters.
 */
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startAppServer, type AppServer } from "../support/app-server";
import { insertUser } from "../support/e2e-session";
import { waitForMail } from "../support/outbox";
import { postJson, type JsonReply } from "../support/post-json";

const PASSWORD = "Senha@123";

function statuses(replies: JsonReply[]) {
  const count: Record<number, number> = {};
  for (const reply of replies) count[reply.status] = (count[reply.status] ?? 0) + 1;
  return count;
}

/** The decoded .eml the server wrote for `to` (no SMTP_URL: DATA_DIR/outbox). */
async function outboxMail(server: AppServer, to: string) {
  return (await waitForMail(path.join(server.dataDir, "outbox"), (mail) => mail.raw.includes(`To: ${to}`), 10_000)).text;
}

test.describe("through a server with two web workers", () => {
  let server: AppServer;

  test.beforeAll(async () => {
    // No APP_URL: the zero-config start. Sign-ups unthrottled here: the per-address limit has its own tests.
    server = await startAppServer({ WEB_CONCURRENCY: "2", REGISTER_THROTTLE_MAX: "1000" });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test("a forged Host or X-Forwarded-Host never reaches the reset e-mail: the link is http://localhost:{PORT}", async () => {
    const port = new URL(server.url).port;
    // The zero-config start says that production needs APP_URL.
    expect(server.output()).toContain("APP_URL is not set");
    const forgeries: Record<string, string>[] = [
      { Host: "evil.example" },
      { "X-Forwarded-Host": "evil.example" },
      { Host: "evil.example:8080", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" },
    ];
    for (const headers of forgeries) {
      const email = `host.${Date.now()}.${Math.random().toString(36).slice(2)}@exemplo.com.br`;
      expect((await postJson(`${server.url}/api/register`, { name: "Hélio Host", email, password: PASSWORD })).status).toBe(201);
      const reply = await postJson(`${server.url}/api/auth/forgot-password`, { email }, headers);
      expect(reply.status, JSON.stringify(headers)).toBe(200);
      const mail = await outboxMail(server, email);
      expect(mail).toMatch(new RegExp(`http://localhost:${port}/reset-password\\?token=[A-Za-z0-9_-]{40,}`));
      expect(mail).not.toContain("evil.example");
    }
  });

  test("20 parallel wrong passwords for one e-mail from 20 addresses, spread over the workers: all checked, then the account is closed to unknown devices and the owner's known device still signs in", async () => {
    const email = `alvo.${Date.now()}@exemplo.com.br`;
    expect((await postJson(`${server.url}/api/register`, { name: "Alvo", email, password: PASSWORD })).status).toBe(201);
    // The owner's phone signed in once before the attack: it carries the account's device token.
    const phone = await postJson(`${server.url}/api/auth/login`, { email, password: PASSWORD }, {}, { from: "127.0.4.1" });
    expect(phone.status).toBe(200);
    const { deviceToken } = phone.json as { deviceToken: string };
    // Each from its own local address (the socket's address is the client's), so only the account's count
    // applies: past ten the guesses wait (at most 5 s), and twenty failures close the account to unknown
    // devices (ADR 010, second amendment), counted in the one database whichever worker answers.
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => postJson(`${server.url}/api/auth/login`, { email, password: "Errada@123" }, {}, { from: `127.0.3.${i + 1}` })),
    );
    expect(statuses(replies)).toEqual({ 401: 20 });
    const stranger = await postJson(`${server.url}/api/auth/login`, { email, password: PASSWORD }, {}, { from: "127.0.4.2" });
    expect(stranger.status).toBe(429);
    const owner = await postJson(`${server.url}/api/auth/login`, { email, password: PASSWORD }, { "X-Device-Token": deviceToken }, { from: "127.0.4.3" });
    expect(owner.status).toBe(200);
  });

  test("10 concurrent sign-ups with the same local part, spread over the workers, all succeed with distinct usernames", async () => {
    const local = `ana${Date.now()}`;
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) => postJson(`${server.url}/api/register`, { name: "Ana", email: `${local}@dominio${i}.com.br`, password: PASSWORD })),
    );
    expect(replies.map((reply) => reply.status)).toEqual(Array(10).fill(201));
    const usernames = replies.map((reply) => (reply.json as { user: { username: string } }).user.username);
    expect(new Set(usernames).size).toBe(10);
  });
});

test.describe("the password-hash line is the machine's, not each worker's", () => {
  test("60 sign-ups at once over two workers: those past the line's 32 places get a quick 503, the rest get in", async () => {
    // About 33 hashes one after the other on a 2-core machine.
    test.setTimeout(180_000);
    // A per-process line would hold 2 × (slots + 32) and answer no 503 at all.
    const server = await startAppServer({ WEB_CONCURRENCY: "2", REGISTER_THROTTLE_MAX: "1000" });
    try {
      const stamp = Date.now();
      const replies = await Promise.all(
        Array.from({ length: 60 }, (_, i) => postJson(`${server.url}/api/register`, { name: "Fila", email: `fila.${stamp}.${i}@exemplo.com.br`, password: PASSWORD })),
      );
      const count = statuses(replies);
      expect((count[201] ?? 0) + (count[503] ?? 0), JSON.stringify(count)).toBe(60);
      expect(count[503], JSON.stringify(count)).toBeGreaterThan(0);
      const busy = replies.find((reply) => reply.status === 503)!;
      expect(busy.json).toEqual({ message: "Servidor ocupado, tente de novo em instantes." });
      expect(busy.headers["retry-after"]).toBe("5");
      // Every slot came back: a sign-in after the burst is checked at once.
      const signedUp = replies.findIndex((reply) => reply.status === 201);
      const login = await postJson(`${server.url}/api/auth/login`, { email: `fila.${stamp}.${signedUp}@exemplo.com.br`, password: PASSWORD });
      expect(login.status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

test.describe("redirectTo in a real browser", () => {
  const attacks = ["/%09/evil.example", "/%0A/evil.example", "/%0D/evil.example", "/%00/evil.example", "/%0B/evil.example", "/%0C/evil.example", "/%E3%80%80/evil.example"];

  test("signing in with a redirectTo full of control characters lands on this site's home, and so does opening /login signed in @nojs", async ({ page, baseURL }) => {
    const { email, password } = insertUser("Vera Volta");

    await page.goto(`/login?redirectTo=${attacks[0]}`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Senha").fill(password);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page.getByText("Bem-vindo(a), Vera Volta!")).toBeVisible();
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
    expect(new URL(page.url()).pathname).toBe("/");

    for (const attack of attacks) {
      const response = await page.goto(`/login?redirectTo=${attack}`);
      expect(response?.status(), attack).toBe(200);
      expect(page.url(), attack).toBe(`${new URL(baseURL!).origin}/`);
    }
  });
});
