/** GET /api/auth/debug → whether Google sign-in is configured; the secret is masked, never sent. */
import { NO_STORE } from "~/web/http.server";
import { getEnv } from "~/env.server";
import { isGoogleConfigured } from "~/web/google-sign-in.server";
import { maskSecret } from "~/services/google.server";

export function loader() {
  const env = getEnv();
  return Response.json(
    {
      hasGoogleCredentials: isGoogleConfigured(),
      googleClientId: env.GOOGLE_CLIENT_ID ?? null,
      googleClientSecret: maskSecret(env.GOOGLE_CLIENT_SECRET),
    },
    { headers: NO_STORE },
  );
}
