/** /oauth-fix: Google sign-in diagnostics (spec 01 §2); the page shared by all five is OAuthDiagnostics. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { OAuthDiagnostics } from "~/components/auth/OAuthDiagnostics";
import { siteOrigin } from "~/services/auth.server";
import { oauthDiagnostics } from "~/services/google.server";

export const meta: MetaFunction = () => [{ title: "Corrigir o login com Google | Classificados Patos" }, { name: "robots", content: "noindex" }];

export function loader({ request }: LoaderFunctionArgs) {
  return data(oauthDiagnostics(siteOrigin(request)), { headers: { "Cache-Control": "no-store" } });
}

export default function Page() {
  return <OAuthDiagnostics title="Corrigir o login com Google" intro="Se o Google recusar o retorno (redirect_uri_mismatch), cadastre o endereço de retorno abaixo." data={useLoaderData<typeof loader>()} />;
}
