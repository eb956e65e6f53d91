/**
 * The account pages' own 429s through the real server, as a browser with JavaScript off gets them (a
 * plain form post: the page's status and HTML): /login, /forgot-password and /register. Each test runs
 * a server of its own, so blocking 127.0.0.1 does not block the other tests.
 */
import { expect, test, type Page } from "@playwright/test";
import { startAppServer } from "../support/app-server";
import { postJson } from "../support/post-json";

const PASSWORD = "Senha@123";

test.use({ javaScriptEnabled: false });

/** Clicks the form's button and returns the answer to the POST it sends. */
async function submit(page: Page, button: string, pathname: string) {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === pathname),
    page.getByRole("button", { name: button, exact: true }).click(),
  ]);
  return response;
}

test("/login: after ten failures for one e-mail from this address the page says to wait (429 with Retry-After)", async ({ page }) => {
  const server = await startAppServer();
  try {
    const email = `pagina.${Date.now()}@exemplo.com.br`;
    for (let i = 0; i < 10; i++) expect((await postJson(`${server.url}/api/auth/login`, { email, password: "Errada@123" })).status).toBe(401);
    await page.goto(`${server.url}/login`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Senha").fill(PASSWORD);
    const response = await submit(page, "Entrar", "/login");
    expect(response.status()).toBe(429);
    expect(Number(response.headers()["retry-after"])).toBeGreaterThan(0);
    await expect(page.getByText(/Muitas tentativas\. Aguarde 1[45] minutos e tente novamente\./)).toBeVisible();
  } finally {
    await server.stop();
  }
});

test("/forgot-password: the eleventh request for one e-mail from this address in 15 minutes gets the message (429), not 'Email enviado!'", async ({ page }) => {
  const server = await startAppServer();
  try {
    const email = `esqueci.${Date.now()}@exemplo.com.br`;
    for (let i = 0; i < 10; i++) expect((await postJson(`${server.url}/api/auth/forgot-password`, { email })).status).toBe(200);
    await page.goto(`${server.url}/forgot-password`);
    await page.getByLabel("Email").fill(email);
    const response = await submit(page, "Enviar link de recuperação", "/forgot-password");
    expect(response.status()).toBe(429);
    expect(Number(response.headers()["retry-after"])).toBeGreaterThan(0);
    await expect(page.getByText(/Muitas tentativas\. Aguarde 1[45] minutos e tente novamente\./)).toBeVisible();
    await expect(page.getByText("Email enviado!")).toHaveCount(0);
  } finally {
    await server.stop();
  }
});

test("/register: the eleventh sign-up from one address in an hour gets the message (429)", async ({ page }) => {
  const server = await startAppServer();
  try {
    const taken = `existe.${Date.now()}@exemplo.com.br`;
    const signUp = (email: string) => postJson(`${server.url}/api/register`, { name: "Já Existe", email, password: PASSWORD });
    // Every sign-up counts, taken e-mails too (they cost no hash, so the test stays quick).
    expect((await signUp(taken)).status).toBe(201);
    for (let i = 0; i < 9; i++) expect((await signUp(taken)).status).toBe(409);
    await page.goto(`${server.url}/register`);
    await page.getByLabel("Nome completo").fill("Nova Pessoa");
    await page.getByLabel("Email").fill(`nova.${Date.now()}@exemplo.com.br`);
    await page.getByLabel("Senha", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirmar senha").fill(PASSWORD);
    const response = await submit(page, "Criar conta", "/register");
    expect(response.status()).toBe(429);
    expect(response.headers()["retry-after"]).toBe("3600");
    await expect(page.getByText("Muitos cadastros feitos a partir desta conexão. Aguarde 60 minutos e tente novamente.")).toBeVisible();
  } finally {
    await server.stop();
  }
});
