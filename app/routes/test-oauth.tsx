/** /test-oauth: Google sign-in diagnostics (spec 01 §2); the page shared by all five is OAuthDiagnostics. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { OAuthDiagnostics } from "~/components/auth/OAuthDiagnostics";
import { siteOrigin } from "~/services/auth.server";
import { oauthDiagnostics } from "~/services/google.server";

export const meta: MetaFunction = () => [{ title: "Teste do login com Google | Classificados Patos" }, { name: "robots", content: "noindex" }];

export function loader({ request }: LoaderFunctionArgs) {
  return data(oauthDiagnostics(siteOrigin(request)), { headers: { "Cache-Control": "no-store" } });
}

export default function Page() {
  return <OAuthDiagnostics title="Teste do login com Google" intro="Verifique a configuração antes de testar o botão Continuar com Google." data={useLoaderData<typeof loader>()} />;
}
