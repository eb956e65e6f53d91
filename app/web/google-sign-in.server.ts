/**
 * Google sign-in as this server's settings make it: services/google.server.ts with GOOGLE_CLIENT_ID,
 * GOOGLE_CLIENT_SECRET, the GOOGLE_*_URL endpoints and the session secret for the OAuth state cookie
 * (ADR 007: the service takes the values, this module reads the settings). The sign-in routes and the
 * diagnostics pages use these.
 */
import { getEnv } from "~/env.server";
import { createGoogleSignIn, type GoogleSignIn } from "~/services/google.server";

let signIn: GoogleSignIn | undefined;

function googleSignIn(): GoogleSignIn {
  if (signIn) return signIn;
  const env = getEnv();
  return (signIn = createGoogleSignIn({
    clientId: env.GOOGLE_CLIENT_ID,
    clientSecret: env.GOOGLE_CLIENT_SECRET,
    authorizationURL: env.GOOGLE_AUTHORIZATION_URL,
    tokenURL: env.GOOGLE_TOKEN_URL,
    userInfoURL: env.GOOGLE_USERINFO_URL,
    stateCookieSecret: env.SESSION_SECRET,
    secureCookie: env.isHttps,
  }));
}

export function isGoogleConfigured() {
  return googleSignIn().isConfigured();
}

/** What the diagnostics pages show: never the secret. */
export function oauthDiagnostics(origin: string) {
  return googleSignIn().diagnostics(origin);
}

export function clearOAuthStateCookie(request: Request) {
  return googleSignIn().clearOAuthStateCookie(request);
}

/** An authenticator for this request's origin; it answers the Google identity. */
export function googleAuthenticator(origin: string) {
  return googleSignIn().authenticator(origin);
}
