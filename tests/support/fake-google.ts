/**
 * A local stand-in for Google's OAuth endpoints (authorization, token, userinfo), so sign-in is
 * tested end to end without the network. The authorization step consents at once and redirects back
 * with a code; the token step checks client id, secret, code and redirect_uri like Google does.
 *
 * Used in-process by the integration tests and as a Playwright webServer:
 *   FAKE_GOOGLE_PORT=3303 npx tsx tests/support/fake-google.ts
 */
import { randomBytes } from "node:crypto";
import http from "node:http";

export type FakeGoogleProfile = {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
};

export const FAKE_GOOGLE_CLIENT_ID = "fake-client-id.apps.googleusercontent.com";
export const FAKE_GOOGLE_CLIENT_SECRET = "fake-google-secret-0123456789abcdef";

export const DEFAULT_FAKE_PROFILE: FakeGoogleProfile = {
  sub: "109876543210987654321",
  email: "maria.google@gmail.com",
  email_verified: true,
  name: "Maria Google",
  given_name: "Maria",
  family_name: "Google",
  picture: "https://lh3.googleusercontent.com/a/fake-avatar",
};

export type FakeGoogle = {
  url: string;
  urls: { authorization: string; token: string; userinfo: string };
  setProfile(profile: FakeGoogleProfile): void;
  /**
   * Failure modes for the next sign-ins: "deny" — the user says no at the consent screen (back to the
   * callback with error=access_denied); "token-error" — the token endpoint answers 500; null — all works.
   */
  setFailure(failure: FakeGoogleFailure | null): void;
  /** What the last authorization request asked for (client_id, redirect_uri, state, scope…). */
  lastAuthorization(): URLSearchParams | null;
  close(): Promise<void>;
};

export type FakeGoogleFailure = "deny" | "token-error";

export async function startFakeGoogle({
  port = 0,
  clientId = FAKE_GOOGLE_CLIENT_ID,
  clientSecret = FAKE_GOOGLE_CLIENT_SECRET,
  profile = DEFAULT_FAKE_PROFILE,
}: { port?: number; clientId?: string; clientSecret?: string; profile?: FakeGoogleProfile } = {}): Promise<FakeGoogle> {
  let nextProfile = profile;
  let lastAuth: URLSearchParams | null = null;
  let failure: FakeGoogleFailure | null = null;
  const codes = new Map<string, { redirectUri: string; profile: FakeGoogleProfile }>();
  const accessTokens = new Map<string, FakeGoogleProfile>();

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake-google");
    if (req.method === "GET" && url.pathname === "/health") return json(res, 200, { ok: true });

    if (req.method === "GET" && url.pathname === "/o/oauth2/v2/auth") {
      lastAuth = url.searchParams;
      const redirectUri = url.searchParams.get("redirect_uri");
      const state = url.searchParams.get("state");
      if (url.searchParams.get("client_id") !== clientId || !redirectUri || !state) {
        res.writeHead(400, { "Content-Type": "text/plain" });
        return res.end("invalid_request");
      }
      const back = new URL(redirectUri);
      if (failure === "deny") {
        // What Google sends when the user cancels the consent screen.
        back.searchParams.set("error", "access_denied");
        back.searchParams.set("state", state);
        res.writeHead(302, { Location: back.toString() });
        return res.end();
      }
      const code = randomBytes(12).toString("hex");
      codes.set(code, { redirectUri, profile: nextProfile });
      back.searchParams.set("code", code);
      back.searchParams.set("state", state);
      res.writeHead(302, { Location: back.toString() });
      return res.end();
    }

    if (req.method === "POST" && url.pathname === "/token") {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        if (failure === "token-error") return json(res, 500, { error: "internal_failure", error_description: "Fake Google token endpoint failure" });
        const form = new URLSearchParams(body);
        const grant = codes.get(form.get("code") ?? "");
        if (
          form.get("client_id") !== clientId ||
          form.get("client_secret") !== clientSecret ||
          form.get("grant_type") !== "authorization_code" ||
          !grant ||
          grant.redirectUri !== form.get("redirect_uri")
        ) {
          return json(res, 400, { error: "invalid_grant" });
        }
        codes.delete(form.get("code") ?? "");
        const accessToken = randomBytes(16).toString("hex");
        accessTokens.set(accessToken, grant.profile);
        json(res, 200, { access_token: accessToken, token_type: "Bearer", expires_in: 3599, scope: "openid email profile", id_token: "fake.id.token" });
      });
      return;
    }

    if (req.method === "GET" && url.pathname === "/userinfo") {
      const token = req.headers.authorization?.replace(/^Bearer\s+/i, "") ?? "";
      const found = accessTokens.get(token);
      if (!found) return json(res, 401, { error: "invalid_token" });
      return json(res, 200, found);
    }

    // Lets an out-of-process test choose who signs in next.
    if (req.method === "POST" && url.pathname === "/__profile") {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        nextProfile = JSON.parse(body) as FakeGoogleProfile;
        json(res, 200, { ok: true });
      });
      return;
    }

    res.writeHead(404);
    res.end();
  });

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}`;
  return {
    url: base,
    urls: { authorization: `${base}/o/oauth2/v2/auth`, token: `${base}/token`, userinfo: `${base}/userinfo` },
    setProfile: (p) => {
      nextProfile = p;
    },
    setFailure: (f) => {
      failure = f;
    },
    lastAuthorization: () => lastAuth,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Run as a program (Playwright's webServer): listen on FAKE_GOOGLE_PORT until killed.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop() ?? "\0")) {
  const fake = await startFakeGoogle({ port: Number(process.env.FAKE_GOOGLE_PORT ?? 3399) });
  console.log(`fake Google on ${fake.url}`);
}
