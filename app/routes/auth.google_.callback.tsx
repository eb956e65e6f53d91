/**
 * GET /auth/google/callback: Google returns here. The state is checked (remix-auth), the user is found,
 * linked by verified e-mail or created, a session starts (cookie), and the browser goes to `/` with
 * `token` and `user` in the query (spec 01 §4), which the page's script stores and removes.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { issueClientToken } from "~/models/session/session.server";
import { siteOrigin, startSession } from "~/web/auth.server";
import { clearOAuthStateCookie, googleAuthenticator, isGoogleConfigured } from "~/web/google-sign-in.server";
import { displayName } from "~/models/account/user";
import { findOrCreateGoogleUser } from "~/models/account/google.server";
import { toast } from "~/web/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  if (!isGoogleConfigured()) throw redirect("/auth/google");
  const clearState = await clearOAuthStateCookie(request);
  const refuse = (description: string) =>
    toast.redirectWithError("/login", { message: "Não foi possível entrar com o Google", description }, { headers: { "Set-Cookie": clearState } });
  // The user said no on Google's consent screen (or Google refused): nothing to check, nothing to log.
  const googleError = new URL(request.url).searchParams.get("error");
  if (googleError) {
    throw await refuse(googleError === "access_denied" ? "Você cancelou o login com o Google." : "Tente novamente ou entre com seu email e senha.");
  }
  let identity;
  try {
    identity = await googleAuthenticator(siteOrigin()).authenticate("google", request);
  } catch (error) {
    if (error instanceof Response) throw error;
    console.warn("[auth] Google sign-in failed:", error instanceof Error ? error.message : error);
    throw await refuse("Tente novamente ou entre com seu email e senha.");
  }
  const result = await findOrCreateGoogleUser(identity);
  if (!result.ok) throw await refuse(result.message);
  const user = result.user;
  const session = await startSession(request, user.id, { persistent: true });
  const token = issueClientToken(session.token)!;
  const query = new URLSearchParams({ token, user: JSON.stringify(user) });
  const headers = new Headers(session.headers);
  headers.append("Set-Cookie", clearState);
  return toast.redirectWithSuccess(
    `/?${query}`,
    { message: `Bem-vindo(a), ${displayName(user)}!`, description: "Login com Google realizado." },
    { headers },
  );
}
