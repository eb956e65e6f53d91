/**
 * Google sign-in with remix-auth 3 + remix-auth-google 2. The strategy's endpoints are fixed in the
 * library, so a small subclass takes them from the settings it is given (GOOGLE_*_URL, Google's by
 * default, read by web/google-sign-in.server.ts): tests point them at a local fake Google, production
 * code has no test branch.
 *
 * remix-auth keeps only the OAuth `state` in a short-lived signed cookie of its own; the real session
 * is a database row created by the callback route.
 */
import { createCookieSessionStorage } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { GoogleStrategy, type GoogleProfile } from "remix-auth-google";

export type GoogleSettings = {
  clientId?: string;
  clientSecret?: string;
  authorizationURL: string;
  tokenURL: string;
  userInfoURL: string;
  /** Signs the cookie that holds the OAuth state (the session secret). */
  stateCookieSecret: string;
  /** The site is served over HTTPS: the state cookie is Secure. */
  secureCookie: boolean;
};

export function googleCallbackUrl(origin: string) {
  return `${origin}/auth/google/callback`;
}

/** The secret as diagnostics may show it: only whether it is set — not its value, length or any of its characters. */
export function maskSecret(secret: string | undefined) {
  return secret ? "configurado" : "não configurado";
}

/** Who Google says signed in: what the account model needs to find, link or create the user. */
export type GoogleIdentity = {
  googleId: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
};

class ConfigurableGoogleStrategy<User> extends GoogleStrategy<User> {
  private readonly profileURL: string;

  constructor(
    options: ConstructorParameters<typeof GoogleStrategy<User>>[0],
    urls: { authorizationURL: string; tokenURL: string; userInfoURL: string },
    verify: ConstructorParameters<typeof GoogleStrategy<User>>[1],
  ) {
    super(options, verify);
    this.authorizationURL = urls.authorizationURL;
    this.tokenURL = urls.tokenURL;
    this.profileURL = urls.userInfoURL;
  }

  protected override async userProfile(accessToken: string): Promise<GoogleProfile> {
    const response = await fetch(this.profileURL, { headers: { Authorization: `Bearer ${accessToken}` } });
    if (!response.ok) throw new Error(`Google userinfo answered ${response.status}`);
    const raw = (await response.json()) as GoogleProfile["_json"];
    return {
      provider: "google",
      id: raw.sub,
      displayName: raw.name,
      name: { familyName: raw.family_name, givenName: raw.given_name },
      emails: [{ value: raw.email }],
      photos: [{ value: raw.picture }],
      _json: raw,
    };
  }
}

export type GoogleSignIn = {
  /** Both the client id and its secret are set. */
  isConfigured(): boolean;
  /** What the diagnostics pages show: never the secret. */
  diagnostics(origin: string): { origin: string; callbackUrl: string; configured: boolean; clientId: string | null; clientSecret: string };
  clearOAuthStateCookie(request: Request): Promise<string>;
  /**
   * An authenticator for this request's origin (the callback must match the address Google redirects
   * to). It answers the Google identity; the callback route turns it into a user.
   */
  authenticator(origin: string): Authenticator<GoogleIdentity>;
};

export function createGoogleSignIn(settings: GoogleSettings): GoogleSignIn {
  const isConfigured = () => Boolean(settings.clientId && settings.clientSecret);

  /** Holds the OAuth state between /auth/google and the callback (10 minutes). */
  const oauthStateStorage = createCookieSessionStorage({
    cookie: {
      name: "__oauth",
      path: "/auth/google",
      httpOnly: true,
      sameSite: "lax",
      secure: settings.secureCookie,
      maxAge: 600,
      secrets: [settings.stateCookieSecret],
    },
  });

  return {
    isConfigured,

    diagnostics: (origin) => ({
      origin,
      callbackUrl: googleCallbackUrl(origin),
      configured: isConfigured(),
      clientId: settings.clientId ?? null,
      clientSecret: maskSecret(settings.clientSecret),
    }),

    async clearOAuthStateCookie(request) {
      const session = await oauthStateStorage.getSession(request.headers.get("Cookie"));
      return oauthStateStorage.destroySession(session);
    },

    authenticator(origin) {
      const authenticator = new Authenticator<GoogleIdentity>(oauthStateStorage, { throwOnError: true });
      authenticator.use(
        new ConfigurableGoogleStrategy<GoogleIdentity>(
          {
            clientID: settings.clientId ?? "",
            clientSecret: settings.clientSecret ?? "",
            callbackURL: googleCallbackUrl(origin),
            prompt: "select_account",
          },
          { authorizationURL: settings.authorizationURL, tokenURL: settings.tokenURL, userInfoURL: settings.userInfoURL },
          async ({ profile }) => {
            const json = profile._json;
            return {
              googleId: String(json.sub ?? profile.id),
              email: json.email ?? profile.emails?.[0]?.value ?? null,
              // Google sends email_verified as a boolean (older endpoints: the string "true").
              emailVerified: String(json.email_verified) === "true",
              name: json.name ?? profile.displayName ?? null,
              picture: json.picture ?? null,
            };
          },
        ),
      );
      return authenticator;
    },
  };
}
