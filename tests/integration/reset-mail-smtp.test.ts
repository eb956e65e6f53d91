/**
 * The password reset e-mail over real SMTP: the app's mailer (nodemailer) talks to a local fake SMTP
 * server (tests/support/fake-smtp.ts) through SMTP_URL, with APP_URL set like in production. The link
 * it carries points at APP_URL even when the request names another host.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sendMail } from "~/models/mail/mailer.server";
import { startFakeSmtp, type FakeSmtp } from "../support/fake-smtp";
import { callRoute } from "../support/route";

// The real mailer, watched: the forgot-password flow starts the sending without awaiting it, so a test
// can await exactly what was started instead of sleeping.
vi.mock("~/models/mail/mailer.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/models/mail/mailer.server")>();
  return { ...actual, sendMail: vi.fn(actual.sendMail) };
});
const sentMail = vi.mocked(sendMail);

const APP_URL = "https://classificados.example";
let smtp: FakeSmtp;
// Loaded after the environment names the fake SMTP server (getEnv() reads it once per test file).
let routes: {
  register: typeof import("~/routes/api.register").action;
  forgot: typeof import("~/routes/api.auth.forgot-password").action;
  reset: typeof import("~/routes/api.auth.reset-password").action;
  login: typeof import("~/routes/api.auth.login").action;
};

beforeAll(async () => {
  smtp = await startFakeSmtp();
  process.env.SMTP_URL = smtp.url;
  process.env.APP_URL = APP_URL;
  process.env.MAIL_FROM = "Classificados Patos <nao-responda@classificados.example>";
  routes = {
    register: (await import("~/routes/api.register")).action,
    forgot: (await import("~/routes/api.auth.forgot-password")).action,
    reset: (await import("~/routes/api.auth.reset-password")).action,
    login: (await import("~/routes/api.auth.login")).action,
  };
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.APP_URL;
  delete process.env.MAIL_FROM;
  await smtp?.close();
});

function post(body: unknown, headers: Record<string, string> = {}) {
  return { init: { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) } };
}

describe("password reset over SMTP", () => {
  it("sends the reset e-mail to the SMTP server, with a working link on APP_URL's origin whatever Host the request named", async () => {
    const email = `smtp.${Date.now()}@exemplo.com.br`;
    expect((await callRoute(routes.register, "/api/register", post({ name: "Sara Smtp", email, password: "Senha@123" }))).status).toBe(201);

    const response = await callRoute(routes.forgot, "http://evil.example/api/auth/forgot-password", post({ email }, { "X-Forwarded-Host": "evil.example" }));
    expect(response.status).toBe(200);

    const message = await smtp.waitFor((m) => m.to.includes(email));
    expect(message.from).toBe("nao-responda@classificados.example");
    expect(message.raw).toMatch(/^Subject: .*senha/im);
    expect(message.raw).toContain(`To: ${email}`);
    const link = message.text.match(/https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9_-]+/)?.[0];
    expect(link, message.text).toBeDefined();
    const url = new URL(link!);
    expect(url.origin).toBe(APP_URL);
    expect(message.text).not.toContain("evil.example");

    // The token in the mail is the real one: it sets the new password.
    const reset = await callRoute(routes.reset, "/api/auth/reset-password", post({ token: url.searchParams.get("token"), newPassword: "Nova@Senha9" }));
    expect(reset.status).toBe(200);
    expect((await callRoute(routes.login, "/api/auth/login", post({ email, password: "Nova@Senha9" }))).status).toBe(200);
  }, 60_000);

  it("sends nothing for an unknown e-mail, with the same answer", async () => {
    // Whatever earlier tests started has arrived; from here on, nothing may be sent.
    await Promise.all(sentMail.mock.results.map((result) => result.value as ReturnType<typeof sendMail>));
    sentMail.mockClear();
    const before = smtp.messages.length;
    const response = await callRoute(routes.forgot, "/api/auth/forgot-password", post({ email: `ninguem.${Date.now()}@exemplo.com.br` }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Se o email estiver cadastrado, você receberá um link para redefinir sua senha." });
    // The flow starts any sending before it answers, so by now it has or it never will.
    expect(sentMail).not.toHaveBeenCalled();
    expect(smtp.messages.length).toBe(before);
  });
});
