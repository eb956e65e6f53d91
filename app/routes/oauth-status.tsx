/** /oauth-status: Google sign-in diagnostics (spec 01 §2); the five pages differ only in their heading. */
import { useLoaderData } from "@remix-run/react";
import { OAuthDiagnostics, oauthDiagnosticsMeta } from "~/components/auth/OAuthDiagnostics";
import type { loader } from "~/web/oauth-diagnostics.server";

export { loader } from "~/web/oauth-diagnostics.server";
export const meta = oauthDiagnosticsMeta("oauth-status");

export default function Page() {
  return <OAuthDiagnostics page="oauth-status" data={useLoaderData<typeof loader>()} />;
}
