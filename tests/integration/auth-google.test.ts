/**
 * Google sign-in against the local fake Google (tests/support/fake-google.ts): the app is configured
 * through the same variables as production, pointed at the fake's URLs.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  DEFAULT_FAKE_PROFILE,
  FAKE_GOOGLE_CLIENT_ID,
  FAKE_GOOGLE_CLIENT_SECRET,
  startFakeGoogle,
  type FakeGoogle,
  type FakeGoogleProfile,
} from "../support/fake-google";
import { callRoute } from "../support/route";

let fake: FakeGoogle;
// Loaded after the environment names the fake Google (getEnv() reads it once per test file).
let routes: {
  start: typeof import("~/routes/auth.google").loader;
  callback: typeof import("~/routes/auth.google_.callback").loader;
  debug: typeof import("~/routes/api.auth.debug").loader;
  me: typeof import("~/routes/api.auth.me").loader;
  status: typeof import("~/routes/oauth-status").loader;
};
let database: typeof import("~/db/client.server").db;
let usersTable: typeof import("~/db/schema").users;
let registerUser: typeof import("~/models/account/registration.server").registerUser;
let toast: typeof import("~/web/toast.server").toast;

beforeAll(async () => {
  fake = await startFakeGoogle();
  process.env.GOOGLE_CLIENT_ID = FAKE_GOOGLE_CLIENT_ID;
  process.env.GOOGLE_CLIENT_SECRET = FAKE_GOOGLE_CLIENT_SECRET;
  process.env.GOOGLE_AUTHORIZATION_URL = fake.urls.authorization;
  process.env.GOOGLE_TOKEN_URL = fake.urls.token;
  process.env.GOOGLE_USERINFO_URL = fake.urls.userinfo;
  routes = {
    start: (await import("~/routes/auth.google")).loader,
    callback: (await import("~/routes/auth.google_.callback")).loader,
    debug: (await import("~/routes/api.auth.debug")).loader,
    me: (await import("~/routes/api.auth.me")).loader,
    status: (await import("~/routes/oauth-status")).loader,
  };
  database = (await import("~/db/client.server")).db;
  usersTable = (await import("~/db/schema")).users;
  registerUser = (await import("~/models/account/registration.server")).registerUser;
  toast = (await import("~/web/toast.server")).toast;
});

afterEach(() => {
  fake.setFailure(null);
});

afterAll(async () => {
  await fake?.close();
});

type Fn = Parameters<typeof callRoute>[0];

function call(fn: Fn, url: string, headers: Record<string, string> = {}): Promise<Response> {
  return callRoute(fn, url, { init: { headers } });
}

function cookieNamed(response: Response, name: string) {
  return response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith(`${name}=`))
    ?.split(";")[0];
}

/** /auth/google → fake Google (consents at once) → the callback URL it sends the browser back to. */
async function signInWithGoogle(profile: FakeGoogleProfile = DEFAULT_FAKE_PROFILE) {
  fake.setProfile(profile);
  const start = await call(routes.start, "http://localhost/auth/google");
  expect(start.status).toBe(302);
  const stateCookie = cookieNamed(start, "__oauth")!;
  const atGoogle = await fetch(start.headers.get("Location")!, { redirect: "manual" });
  expect(atGoogle.status).toBe(302);
  const callbackUrl = atGoogle.headers.get("Location")!;
  return { callbackUrl, stateCookie, done: await call(routes.callback, callbackUrl, { Cookie: stateCookie }) };
}

describe("Google sign-in", () => {
  it("redirects to Google with the client id, the callback address and a state", async () => {
    const start = await call(routes.start, "http://localhost/auth/google");
    const location = new URL(start.headers.get("Location")!);
    expect(location.origin + location.pathname).toBe(fake.urls.authorization);
    expect(location.searchParams.get("client_id")).toBe(FAKE_GOOGLE_CLIENT_ID);
    // The configured public origin (APP_URL; unset in the tests, so localhost:{PORT}), not the request's.
    expect(location.searchParams.get("redirect_uri")).toBe("http://localhost:3000/auth/google/callback");
    expect(location.searchParams.get("state")).toBeTruthy();
    expect(location.searchParams.get("scope")).toContain("email");
    expect(cookieNamed(start, "__oauth")).toBeTruthy();
  });

  it("creates the user (provider google, avatar), sets the cookie and returns to / with token and user", async () => {
    const { done } = await signInWithGoogle();
    expect(done.status).toBe(302);
    const location = new URL(done.headers.get("Location")!, "http://localhost");
    expect(location.pathname).toBe("/");
    const token = location.searchParams.get("token")!;
    const user = JSON.parse(location.searchParams.get("user")!) as { email: string; fullName: string; avatar: string };
    expect(user).toMatchObject({ email: DEFAULT_FAKE_PROFILE.email, fullName: "Maria Google", avatar: DEFAULT_FAKE_PROFILE.picture });

    const row = database.select().from(usersTable).where(eq(usersTable.email, DEFAULT_FAKE_PROFILE.email)).get()!;
    expect(row).toMatchObject({ provider: "google", googleId: DEFAULT_FAKE_PROFILE.sub, password: null, username: "maria.google" });

    const session = cookieNamed(done, "__session")!;
    expect(session).toBeTruthy();
    expect(session).not.toContain(token);
    expect((await call(routes.me, "http://localhost/api/auth/me", { Authorization: `Bearer ${token}` })).status).toBe(200);
    expect((await call(routes.me, "http://localhost/api/auth/me", { Cookie: session })).status).toBe(200);
  });

  // Issue #32, finding 10: a Google profile's name is free text like any other, and is shown as one line.
  it("keeps a Google name with line breaks on one line", async () => {
    const profile = { ...DEFAULT_FAKE_PROFILE, sub: "4001", email: "linhas@gmail.com", name: "Maria\r\nBcc: vitima@evil.example" };
    await signInWithGoogle(profile);
    const row = database.select().from(usersTable).where(eq(usersTable.email, profile.email)).get()!;
    expect(row.fullName).toBe("Maria Bcc: vitima@evil.example");
  });

  it("finds the same user by Google id the next time", async () => {
    await signInWithGoogle();
    await signInWithGoogle();
    const rows = database.select().from(usersTable).where(eq(usersTable.googleId, DEFAULT_FAKE_PROFILE.sub)).all();
    expect(rows).toHaveLength(1);
  });

  it("links an existing password account by verified e-mail", async () => {
    const created = await registerUser({ name: "José Local", email: "jose.local@gmail.com", password: "Senha@123" });
    expect(created.ok).toBe(true);
    const { done } = await signInWithGoogle({ sub: "2001", email: "jose.local@gmail.com", email_verified: true, name: "José G", picture: "https://lh3.googleusercontent.com/a/jose" });
    expect(new URL(done.headers.get("Location")!, "http://localhost").pathname).toBe("/");
    const row = database.select().from(usersTable).where(eq(usersTable.email, "jose.local@gmail.com")).get()!;
    expect(row).toMatchObject({ googleId: "2001", fullName: "José Local", provider: "local", avatar: "https://lh3.googleusercontent.com/a/jose" });
    expect(row.password).toMatch(/^\$argon2id\$/);
  });

  it("does not link by an unverified e-mail: back to /login with an error toast", async () => {
    await registerUser({ name: "Bia", email: "bia@gmail.com", password: "Senha@123" });
    const { done } = await signInWithGoogle({ sub: "3001", email: "bia@gmail.com", email_verified: false, name: "Bia G" });
    expect(done.headers.get("Location")).toBe("/login");
    expect(cookieNamed(done, "__session")).toBeUndefined();
    expect(database.select().from(usersTable).where(eq(usersTable.email, "bia@gmail.com")).get()!.googleId).toBeNull();
  });

  it("refuses a callback whose state does not match the cookie", async () => {
    const { callbackUrl } = await signInWithGoogle();
    const otherStart = await call(routes.start, "http://localhost/auth/google");
    const response = await call(routes.callback, callbackUrl, { Cookie: cookieNamed(otherStart, "__oauth")! });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
    expect(cookieNamed(response, "__session")).toBeUndefined();
  });

  it("refuses a callback without the state cookie", async () => {
    const { callbackUrl } = await signInWithGoogle();
    const response = await call(routes.callback, callbackUrl);
    expect(response.headers.get("Location")).toBe("/login");
  });
});

describe("Google sign-in that fails", () => {
  /** The toast the response set, as the next page would show it. */
  async function toastOf(response: Response) {
    const cookie = cookieNamed(response, "toast");
    expect(cookie, "a toast cookie").toBeTruthy();
    return (await toast.getToast(new Request("http://localhost/login", { headers: { Cookie: cookie! } }))).toast;
  }

  it("the user cancels at Google (error=access_denied): back to /login with an error toast, no session, no 500", async () => {
    fake.setFailure("deny");
    const { callbackUrl, done } = await signInWithGoogle();
    expect(new URL(callbackUrl).searchParams.get("error")).toBe("access_denied");
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/login");
    expect(cookieNamed(done, "__session")).toBeUndefined();
    expect(await toastOf(done)).toMatchObject({ type: "error", message: "Não foi possível entrar com o Google", description: "Você cancelou o login com o Google." });
    // The state cookie is spent.
    expect(done.headers.getSetCookie().find((cookie) => cookie.startsWith("__oauth="))).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
  });

  it("Google's token endpoint fails: back to /login with an error toast, no session, no 500", async () => {
    fake.setFailure("token-error");
    const { done } = await signInWithGoogle({ ...DEFAULT_FAKE_PROFILE, sub: "4001", email: "token.falhou@gmail.com" });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/login");
    expect(cookieNamed(done, "__session")).toBeUndefined();
    expect(await toastOf(done)).toMatchObject({
      type: "error",
      message: "Não foi possível entrar com o Google",
      description: "Tente novamente ou entre com seu email e senha.",
    });
    expect(database.select().from(usersTable).where(eq(usersTable.email, "token.falhou@gmail.com")).get()).toBeUndefined();
  });
});

describe("diagnostics with Google configured", () => {
  it("GET /api/auth/debug says only that the secret is set, never any of its characters", async () => {
    const response = await call(routes.debug, "http://localhost/api/auth/debug");
    const text = await response.text();
    expect(text).not.toContain(FAKE_GOOGLE_CLIENT_SECRET.slice(-4));
    expect(JSON.parse(text)).toEqual({
      hasGoogleCredentials: true,
      googleClientId: FAKE_GOOGLE_CLIENT_ID,
      googleClientSecret: "configurado",
    });
  });

  it("the diagnostics pages show origin, callback and status, not the secret", async () => {
    const response = await call(routes.status, "http://localhost/oauth-status");
    const text = await response.text();
    expect(text).not.toContain(FAKE_GOOGLE_CLIENT_SECRET.slice(-4));
    expect(JSON.parse(text)).toMatchObject({
      origin: "http://localhost:3000",
      callbackUrl: "http://localhost:3000/auth/google/callback",
      configured: true,
      clientSecret: "configurado",
    });
  });
});
