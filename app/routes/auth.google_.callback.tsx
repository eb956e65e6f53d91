/**
 * GET /auth/google/callback: Google returns here. The state is checked (remix-auth), the user is found,
 * linked by verified e-mail or created, a session starts (cookie), and the browser goes to `/` with
 * `token` and `user` in the query (spec 01 §4), which the page's script stores and removes.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { issueClientToken } from "~/models/session.server";
import { siteOrigin, startSession } from "~/services/auth.server";
import { clearOAuthStateCookie, googleAuthenticator, GoogleSignInRefused, isGoogleConfigured } from "~/services/google.server";
import { toast } from "~/services/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  if (!isGoogleConfigured()) throw redirect("/auth/google");
  const clearState = await clearOAuthStateCookie(request);
  let user;
  try {
    user = await googleAuthenticator(siteOrigin(request)).authenticate("google", request);
  } catch (error) {
    if (error instanceof Response) throw error;
    const cause = error instanceof Error ? error.cause : undefined;
    const description = cause instanceof GoogleSignInRefused ? cause.message : "Tente novamente ou entre com seu email e senha.";
    console.warn("[auth] Google sign-in failed:", error instanceof Error ? error.message : error);
    throw await toast.redirectWithError(
      "/login",
      { message: "Não foi possível entrar com o Google", description },
      { headers: { "Set-Cookie": clearState } },
    );
  }
  const session = await startSession(user.id, { persistent: true });
  const token = issueClientToken(session.token)!;
  const query = new URLSearchParams({ token, user: JSON.stringify(user) });
  const headers = new Headers();
  headers.append("Set-Cookie", session.setCookie);
  headers.append("Set-Cookie", clearState);
  return toast.redirectWithSuccess(
    `/?${query}`,
    { message: `Bem-vindo(a), ${user.fullName?.trim() || user.username}!`, description: "Login com Google realizado." },
    { headers },
  );
}
