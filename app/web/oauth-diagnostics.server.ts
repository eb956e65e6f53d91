/** The loader of the five Google sign-in diagnostic pages (spec 01 §2): never the secret itself. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { oauthDiagnostics } from "~/services/google.server";
import { siteOrigin } from "~/web/auth.server";

export function loader({ request }: LoaderFunctionArgs) {
  return data(oauthDiagnostics(siteOrigin(request)), { headers: { "Cache-Control": "no-store" } });
}
