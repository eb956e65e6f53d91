/**
 * Accounts end to end: register, sign in, user menu, sign out (JavaScript on and off), password
 * reset through the .eml the product writes, the login redirect back, and Google via the fake Google.
 */
import { randomInt } from "node:crypto";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { E2E_PASSWORD, insertUser } from "../support/e2e-session";
import { waitForMail } from "../support/outbox";
import { waitForHydration } from "../support/hydration";

const PASSWORD = E2E_PASSWORD;

/**
 * An account to sign in to, written into the run's database with the run's precomputed hash of PASSWORD
 * (e2e-session.ts), and the login page open (hydrated when JavaScript is on, so the sign-in is React's):
 * signing up through the form hashes with Argon2 in the server's line, and is tested once, in the first
 * test below.
 */
async function existingAccount(page: Page, name: string, tag: string) {
  const { email } = insertUser(name, tag);
  await page.goto("/login");
  if (test.info().project.use.javaScriptEnabled !== false) await waitForHydration(page);
  return email;
}

// Each test is a visitor of its own. The e2e server trusts its proxy (TRUST_PROXY, playwright.config.ts),
// so a visitor's address is its X-Forwarded-For; without one every test would be 127.0.0.1, and the
// failed logins and reset requests of a repeated run (--repeat-each 5) would reach the per-address
// throttle's limit and lock every later test out. That limit is tested in throttle.spec.ts.
test.use({
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, provide) => provide({ "X-Forwarded-For": `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` }),
});

function uniqueEmail(prefix: string, info: { project: { name: string }; workerIndex: number }) {
  return `${prefix}.${info.project.name}.${Date.now()}.${info.workerIndex}@exemplo.com.br`;
}

async function register(page: Page, name: string, email: string, password = PASSWORD) {
  await page.goto("/register");
  await page.getByLabel("Nome completo").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(password);
  await page.getByLabel("Confirmar senha").fill(password);
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The router writes the new address before React renders the new page: wait for the page itself.
  await expect(page.getByRole("button", { name: "Entrar", exact: true })).toBeVisible();
}

async function login(page: Page, email: string, password = PASSWORD, { remember = false } = {}) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(password);
  if (remember) await page.getByLabel("Lembrar de mim").check();
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
}

/** The password reset e-mail for this address, from the outbox the server writes (no SMTP in tests). */
async function resetLinkFromOutbox(email: string) {
  const resetLink = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/;
  const mail = await waitForMail(path.join(process.env.E2E_DATA_DIR!, "outbox"), (m) => m.raw.includes(`To: ${email}`) && resetLink.test(m.text));
  return new URL(mail.text.match(resetLink)![0]);
}

const userMenu = (page: Page) => page.getByRole("banner").locator("details").filter({ hasText: "Menu da conta de" });

test.describe("accounts", () => {
  test("register → login → user menu → logout @nojs", async ({ page }, info) => {
    const email = uniqueEmail("fluxo", info);
    await register(page, "Fernanda Teste", email);
    await expect(page.getByText("Conta criada com sucesso!")).toBeVisible();

    await login(page, email);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Bem-vindo(a), Fernanda Teste!")).toBeVisible();

    const menu = userMenu(page);
    await menu.locator("summary").click();
    await expect(menu.locator("p", { hasText: "Fernanda Teste" })).toBeVisible();
    await expect(menu.getByText(email)).toBeVisible();
    await expect(menu.getByRole("link", { name: "Meus Anúncios" })).toHaveAttribute("href", "/dashboard");
    await expect(menu.getByRole("link", { name: "Admin" })).toHaveCount(0);
    await menu.getByRole("button", { name: "Sair" }).click();

    await expect(page.getByText("Você saiu da sua conta.")).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Faça o login aqui" })).toBeVisible();
    await expect(userMenu(page)).toHaveCount(0);
  });

  test("wrong password shows the spec message; bad input shows field messages @nojs", async ({ page }) => {
    const email = await existingAccount(page, "Errado Teste", "errado");
    await login(page, email, "Errada@999");
    await expect(page.getByText("Não foi possível fazer login")).toBeVisible();
    await expect(page.getByText("Email ou senha incorretos. Verifique suas credenciais.")).toBeVisible();

    await page.goto("/register");
    await page.getByLabel("Nome completo").fill("X");
    await page.getByLabel("Email").fill("sem-arroba");
    await page.getByLabel("Senha", { exact: true }).fill("abc");
    await page.getByLabel("Confirmar senha").fill("abd");
    await page.getByRole("button", { name: "Criar conta" }).click();
    await expect(page.getByText("Email inválido")).toBeVisible();
    await expect(page.getByText("Senhas não coincidem")).toBeVisible();
    await expect(page.getByText("A senha deve conter pelo menos uma letra maiúscula")).toBeVisible();
  });

  test("password reset through the e-mail in the outbox @nojs", async ({ page, baseURL }) => {
    const email = await existingAccount(page, "Rita Reset", "reset");
    await page.getByRole("link", { name: "Esqueceu a senha?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    // The address changes before the page does, and the login page has an "Email" field too: wait for this page.
    await expect(page.getByRole("button", { name: "Enviar link de recuperação" })).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Enviar link de recuperação" }).click();
    await expect(page.getByText("Email enviado!")).toBeVisible();
    await expect(page.getByText(/pasta de spam/)).toBeVisible();

    const link = await resetLinkFromOutbox(email);
    // The link points at the server's APP_URL (set by playwright.config.ts, never a developer's own).
    expect(link.origin).toBe(new URL(baseURL!).origin);
    await page.goto(link.pathname + link.search);
    await page.getByLabel("Nova senha", { exact: true }).fill("Nova@Senha7");
    await page.getByLabel("Confirmar nova senha").fill("Nova@Senha7");
    await page.getByRole("button", { name: "Redefinir senha" }).click();
    await expect(page.getByRole("heading", { name: "Senha redefinida!" })).toBeVisible();
    await page.getByRole("link", { name: "Ir para Login" }).click();

    await login(page, email, "Nova@Senha7");
    await expect(page.getByText("Bem-vindo(a), Rita Reset!")).toBeVisible();

    // The link was single-use.
    await page.goto(link.pathname + link.search);
    await expect(page.getByText("Token inválido")).toBeVisible();
  });

  test("a protected page sends you to login and back @nojs", async ({ page }) => {
    const { email } = insertUser("Vitor Volta", "volta");
    // The old address of the account page leads to the new one, /conta.
    await page.goto("/auth/conta");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fconta$/);
    await login(page, email);
    await expect(page).toHaveURL(/\/conta$/);
    await expect(page.getByRole("heading", { name: "Minha conta", exact: true })).toBeVisible();
    await expect(page.getByRole("main").getByText(email)).toBeVisible();
  });

  test("'Lembrar de mim' keeps a 30-day cookie; without it the cookie ends with the browser @nojs", async ({ page, context }) => {
    const email = await existingAccount(page, "Lia Lembrar", "lembrar");
    await login(page, email, PASSWORD, { remember: true });
    await expect(page).toHaveURL(/\/$/);
    const session = (await context.cookies()).find((cookie) => cookie.name === "__session")!;
    expect(session.httpOnly).toBe(true);
    expect(session.sameSite).toBe("Lax");
    expect(session.expires * 1000 - Date.now()).toBeGreaterThan(29 * 24 * 60 * 60 * 1000);

    await context.clearCookies();
    await page.goto("/login");
    await login(page, email);
    await expect(page).toHaveURL(/\/$/);
    expect((await context.cookies()).find((cookie) => cookie.name === "__session")!.expires).toBe(-1);
  });

  test("Google sign-in through the fake Google @nojs", async ({ page, javaScriptEnabled }) => {
    await page.goto("/login");
    await page.getByRole("link", { name: "Continuar com Google" }).click();
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/(\?.*)?$/);
    await expect(page.getByText("Bem-vindo(a), Maria Google!")).toBeVisible();
    if (javaScriptEnabled) await expect(page).toHaveURL(/\/$/);
    await page.reload();
    const menu = userMenu(page);
    await menu.locator("summary").click();
    await expect(menu.getByText("maria.google@gmail.com")).toBeVisible();
    if (javaScriptEnabled) {
      // The page stored token and user and removed them from the address (spec 01 §4).
      await expect(page).toHaveURL(/\/$/);
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("auth") ?? "null") as { token: string; user: { email: string } } | null);
      expect(stored?.user.email).toBe("maria.google@gmail.com");
      expect(stored?.token.length).toBeGreaterThan(20);
    }
  });
});

test.describe("accounts with JavaScript", () => {
  test("live validation, the password checklist and 'Entrando...'", async ({ page }, info) => {
    const email = uniqueEmail("vivo", info);
    await page.goto("/register");
    await waitForHydration(page);
    const passwordField = page.getByLabel("Senha", { exact: true });
    await passwordField.pressSequentially("abcdefgh");
    await expect(page.getByText("Pelo menos 8 caracteres (atendido)")).toBeAttached();
    await expect(page.getByText("Uma letra maiúscula (pendente)")).toBeAttached();
    await passwordField.pressSequentially("A1!");
    await expect(page.getByText("Uma letra maiúscula (atendido)")).toBeAttached();
    await expect(page.getByText("Um caractere especial (atendido)")).toBeAttached();

    await page.getByLabel("Email").fill("sem-arroba");
    await page.getByLabel("Email").blur();
    await expect(page.getByText("Email inválido")).toBeVisible();

    await register(page, "Vivo Teste", email);
    // Hold the sign-in request so the pending state can be seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/login.data*", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Senha", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page.getByRole("button", { name: "Entrando..." })).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the auth record follows the session, survives F5 and is cleared on logout", async ({ page }) => {
    const email = await existingAccount(page, "Rafa Registro", "registro");
    await login(page, email);
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("auth"))).not.toBeNull();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("auth")!) as { token: string; user: { email: string } });
    expect(stored.user.email).toBe(email);

    // The stored token works as a bearer token on its own (no cookie).
    const me = await page.request.fetch("/api/me", { headers: { Authorization: `Bearer ${stored.token}`, Cookie: "" } });
    expect(me.status()).toBe(200);
    const cookie = (await page.context().cookies()).find((c) => c.name === "__session")!;
    expect(cookie.value).not.toContain(stored.token);

    await page.evaluate(() => localStorage.setItem("outra-coisa", "1"));
    await page.keyboard.press("F5");
    await expect(page).toHaveURL(/_nocache=1/);
    await page.waitForLoadState("load");
    await expect.poll(() => page.evaluate(() => localStorage.getItem("outra-coisa"))).toBeNull();
    await expect.poll(() => page.evaluate(() => localStorage.getItem("auth"))).not.toBeNull();
    await expect(page.getByText("Bem-vindo(a)")).toHaveCount(0);

    const menu = userMenu(page);
    await menu.locator("summary").click();
    await menu.getByRole("button", { name: "Sair" }).click();
    await expect(page.getByRole("banner").getByRole("link", { name: "Faça o login aqui" })).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem("auth"))).toBeNull();
    const after = await page.request.fetch("/api/me", { headers: { Authorization: `Bearer ${stored.token}`, Cookie: "" } });
    expect(after.status()).toBe(401);
  });

  test("a session that ended elsewhere brings the user back to where it ended after the next login", async ({ page, context }) => {
    const email = await existingAccount(page, "Rita Retorno", "retorno");
    await login(page, email);
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("auth"))).not.toBeNull();

    // The cookie session ends (expired, or revoked on another device) while the browser keeps its record:
    // the page the user opens next is where the sign-in brings them back (spec 01 §4, redirectAfterLogin).
    await context.clearCookies();
    await page.goto("/categories?q=bicicleta");
    await expect.poll(() => page.evaluate(() => localStorage.getItem("redirectAfterLogin"))).toBe("/categories?q=bicicleta");
    await expect.poll(() => page.evaluate(() => localStorage.getItem("auth"))).toBeNull();

    await page.goto("/login");
    await waitForHydration(page);
    await expect(page.locator('input[name="redirectTo"]')).toHaveValue("/categories?q=bicicleta");
    await login(page, email);
    await expect(page).toHaveURL(/\/categories\?q=bicicleta$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("redirectAfterLogin"))).toBeNull();
  });
});
