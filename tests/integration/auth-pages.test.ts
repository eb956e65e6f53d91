/** The account pages' loaders and actions (the no-JS path), the root loader and the Google "not configured" page. */
import { describe, expect, it } from "vitest";
import { createPasswordResetToken } from "~/models/account/password-reset.server";
import { loader as rootLoader } from "~/root";
import { loader as googleStart } from "~/routes/auth.google";
import { action as forgotAction } from "~/routes/forgot-password";
import { action as loginAction, loader as loginLoader } from "~/routes/login";
import { action as logoutAction, loader as logoutLoader } from "~/routes/logout";
import { action as registerAction } from "~/routes/register";
import { action as resetAction, loader as resetLoader } from "~/routes/reset-password";
import { getOptionalUser } from "~/web/auth.server";
import { callRoute } from "../support/route";

const ORIGIN = "http://localhost";
let counter = 0;

type RouteFn = Parameters<typeof callRoute>[0];

/** Calls a page loader/action; single-fetch `data()` results become a Response with their status/headers. */
function call(fn: RouteFn, path: string, init?: RequestInit): Promise<Response> {
  return callRoute(fn, path, { init });
}

function form(fields: Record<string, string>, headers: Record<string, string> = { Origin: ORIGIN }): RequestInit {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return { method: "POST", body, headers };
}

function email(local = "pagina") {
  counter += 1;
  return `${local}.${Date.now()}.${counter}@exemplo.com.br`;
}

async function registerViaPage(address = email(), password = "Senha@123") {
  const response = await call(registerAction, "/register", form({ name: "Pessoa Página", email: address, password, confirmPassword: password }));
  expect(response.status).toBe(302);
  return { email: address, password };
}

function sessionCookieOf(response: Response) {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("__session="));
  return cookie?.split(";")[0];
}

type Reply = { result: { status?: string; error?: Record<string, string[] | null> } };

describe("/register", () => {
  it("creates the account and sends the user to /login with a toast", async () => {
    const response = await call(registerAction, "/register", form({ name: "Ana", email: email(), password: "Senha@123", confirmPassword: "Senha@123" }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("toast="))).toBe(true);
  });

  it("shows the spec messages on the fields and never echoes the passwords", async () => {
    const response = await call(registerAction, "/register", form({ name: "", email: "x", password: "abc", confirmPassword: "abd" }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as Reply & { result: { initialValue?: Record<string, unknown> } };
    expect(body.result.error).toMatchObject({
      name: ["Nome é obrigatório"],
      email: ["Email inválido"],
      confirmPassword: ["Senhas não coincidem"],
    });
    expect(body.result.error?.password).toContain("A senha deve conter pelo menos uma letra maiúscula");
    expect(JSON.stringify(body)).not.toContain('"abc"');
  });

  it("asks for the confirmation when it is empty", async () => {
    const response = await call(registerAction, "/register", form({ name: "Ana", email: email(), password: "Senha@123" }));
    expect(((await response.json()) as Reply).result.error?.confirmPassword).toEqual(["Confirmação de senha é obrigatória"]);
  });

  it("says when the e-mail is taken", async () => {
    const { email: taken } = await registerViaPage();
    const response = await call(registerAction, "/register", form({ name: "Ana", email: taken, password: "Senha@123", confirmPassword: "Senha@123" }));
    expect(response.status).toBe(409);
    expect(((await response.json()) as Reply).result.error?.[""]).toEqual(["Este email já está cadastrado"]);
  });

  it("refuses a form posted from another site", async () => {
    const response = await call(registerAction, "/register", form({ name: "Ana", email: email(), password: "Senha@123", confirmPassword: "Senha@123" }, { Origin: "https://evil.example" }));
    expect(response.status).toBe(403);
  });
});

describe("/login", () => {
  it("answers 400 with a message, not a 500, to a body that is not a form", async () => {
    const response = await call(loginAction, "/login", {
      method: "POST",
      body: JSON.stringify({ email: "x@y.z", password: "123456" }),
      headers: { Origin: ORIGIN, "Content-Type": "application/json" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "Não foi possível ler o formulário enviado. Recarregue a página e tente de novo." });
  });

  it("signs in, sets the session cookie (browser-session without 'Lembrar de mim') and welcomes with a toast", async () => {
    const { email: address, password } = await registerViaPage();
    const response = await call(loginAction, "/login", form({ email: address, password }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    const cookies = response.headers.getSetCookie();
    const session = cookies.find((cookie) => cookie.startsWith("__session="))!;
    expect(session).toContain("HttpOnly");
    expect(session).toContain("SameSite=Lax");
    expect(session).not.toContain("Max-Age");
    expect(cookies.some((cookie) => cookie.startsWith("toast="))).toBe(true);

    const user = await getOptionalUser(new Request(`${ORIGIN}/`, { headers: { Cookie: sessionCookieOf(response)! } }));
    expect(user?.email).toBe(address);
  });

  it("keeps the user 30 days with 'Lembrar de mim'", async () => {
    const { email: address, password } = await registerViaPage();
    const response = await call(loginAction, "/login", form({ email: address, password, rememberMe: "on" }));
    expect(response.headers.getSetCookie().find((cookie) => cookie.startsWith("__session="))).toContain("Max-Age=2592000");
  });

  it.each([
    ["/minha-conta?aba=2", "/minha-conta?aba=2"],
    ["//evil.example/x", "/"],
    ["https://evil.example", "/"],
    ["/\\evil.example", "/"],
  ])("returns to a safe redirectTo (%s → %s)", async (redirectTo, expected) => {
    const { email: address, password } = await registerViaPage();
    const response = await call(loginAction, "/login", form({ email: address, password, redirectTo }));
    expect(response.headers.get("Location")).toBe(expected);
  });

  it("shows 'Email ou senha incorretos' for a wrong password, without echoing it", async () => {
    const { email: address } = await registerViaPage();
    const response = await call(loginAction, "/login", form({ email: address, password: "Errada@999" }));
    expect(response.status).toBe(401);
    const body = (await response.json()) as Reply;
    expect(body.result.error?.[""]).toEqual(["Email ou senha incorretos. Verifique suas credenciais."]);
    expect(JSON.stringify(body)).not.toContain("Errada@999");
  });

  it("validates with the spec messages", async () => {
    const response = await call(loginAction, "/login", form({ email: "x", password: "123" }));
    expect(response.status).toBe(400);
    expect(((await response.json()) as Reply).result.error).toMatchObject({
      email: ["Email inválido"],
      password: ["Senha deve ter pelo menos 6 caracteres"],
    });
  });

  it("sends a signed-in user on to redirectTo", async () => {
    const { email: address, password } = await registerViaPage();
    const cookie = sessionCookieOf(await call(loginAction, "/login", form({ email: address, password })))!;
    const response = await call(loginLoader, "/login?redirectTo=/categories", { headers: { Cookie: cookie } });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/categories");
  });
});

describe("root loader", () => {
  it("returns the signed-in user for the header, and null otherwise", async () => {
    const { email: address, password } = await registerViaPage();
    const cookie = sessionCookieOf(await call(loginAction, "/login", form({ email: address, password })))!;
    const signedIn = (await (await call(rootLoader, "/", { headers: { Cookie: cookie } })).json()) as { user: { email: string; fullName: string } | null };
    expect(signedIn.user).toMatchObject({ email: address, fullName: "Pessoa Página" });
    const anonymous = (await (await call(rootLoader, "/")).json()) as { user: unknown };
    expect(anonymous.user).toBeNull();
  });
});

describe("/logout", () => {
  it("is a POST action: GET changes nothing", async () => {
    const response = await call(logoutLoader, "/logout");
    expect(response.status).toBe(302);
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  it("ends the session and clears the cookie", async () => {
    const { email: address, password } = await registerViaPage();
    const cookie = sessionCookieOf(await call(loginAction, "/login", form({ email: address, password })))!;
    const response = await call(logoutAction, "/logout", { method: "POST", headers: { Cookie: cookie, Origin: ORIGIN } });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(await getOptionalUser(new Request(`${ORIGIN}/`, { headers: { Cookie: cookie } }))).toBeNull();
  });

  it("refuses a cross-site logout", async () => {
    const { email: address, password } = await registerViaPage();
    const cookie = sessionCookieOf(await call(loginAction, "/login", form({ email: address, password })))!;
    const response = await call(logoutAction, "/logout", { method: "POST", headers: { Cookie: cookie, Origin: "https://evil.example" } });
    expect(response.status).toBe(403);
    expect(await getOptionalUser(new Request(`${ORIGIN}/`, { headers: { Cookie: cookie } }))).not.toBeNull();
  });
});

describe("/forgot-password and /reset-password", () => {
  it("confirms the same way for known and unknown e-mails", async () => {
    const { email: address } = await registerViaPage();
    const known = (await (await call(forgotAction, "/forgot-password", form({ email: address }))).json()) as { sent: { message: string } };
    const unknown = (await (await call(forgotAction, "/forgot-password", form({ email: email("ninguem") }))).json()) as { sent: { message: string } };
    expect(known.sent.message).toBe(unknown.sent.message);
  });

  it("without a token, redirects to /forgot-password with an error toast", async () => {
    const response = await call(resetLoader, "/reset-password");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/forgot-password");
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("toast="))).toBe(true);
  });

  it("tells an unusable token apart before asking for a password", async () => {
    const body = (await (await call(resetLoader, "/reset-password?token=forjado")).json()) as { valid: boolean };
    expect(body.valid).toBe(false);
  });

  it("resets with a valid token once; mismatched confirmation says 'As senhas não coincidem'", async () => {
    const { email: address } = await registerViaPage();
    const { token } = createPasswordResetToken(address)!;
    expect(((await (await call(resetLoader, `/reset-password?token=${token}`)).json()) as { valid: boolean }).valid).toBe(true);

    const mismatch = await call(resetAction, "/reset-password", form({ token, password: "Nova@Senha1", confirmPassword: "Nova@Senha2" }));
    expect(mismatch.status).toBe(400);
    expect(((await mismatch.json()) as Reply).result.error?.confirmPassword).toEqual(["As senhas não coincidem"]);

    const done = await call(resetAction, "/reset-password", form({ token, password: "Nova@Senha1", confirmPassword: "Nova@Senha1" }));
    expect(((await done.json()) as { done: boolean }).done).toBe(true);

    const reused = await call(resetAction, "/reset-password", form({ token, password: "Nova@Senha1", confirmPassword: "Nova@Senha1" }));
    expect(reused.status).toBe(400);
    expect(((await reused.json()) as Reply).result.error?.[""]).toEqual(["Token inválido"]);

    const login = await call(loginAction, "/login", form({ email: address, password: "Nova@Senha1" }));
    expect(login.status).toBe(302);
  });
});

describe("/auth/google without keys", () => {
  it("shows a page saying Google sign-in is not configured (no redirect)", async () => {
    const response = await call(googleStart, "/auth/google");
    expect(response.status).toBe(503);
    expect(((await response.json()) as { callbackUrl: string }).callbackUrl).toBe("http://localhost:3000/auth/google/callback");
  });
});
