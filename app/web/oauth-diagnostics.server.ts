/** The loader of the five Google sign-in diagnostic pages (spec 01 §2): never the secret itself. */
import { data } from "@remix-run/node";
import { oauthDiagnostics } from "~/web/google-sign-in.server";
import { siteOrigin } from "~/web/auth.server";
import { NO_STORE } from "~/web/http.server";

export function loader() {
  return data(oauthDiagnostics(siteOrigin()), { headers: NO_STORE });
}
