/**
 * GET /auth/google: starts Google sign-in (a redirect to Google with a state cookie), or, when
 * GOOGLE_CLIENT_ID/SECRET are not set, a page saying so.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Icon } from "~/components/Icon";
import { focusRing } from "~/components/auth/AuthForm";
import { siteOrigin } from "~/web/auth.server";
import { googleAuthenticator, isGoogleConfigured } from "~/web/google-sign-in.server";
import { googleCallbackUrl } from "~/services/google.server";
import { NO_STORE } from "~/web/http.server";

export const meta: MetaFunction = () => [{ title: "Login com Google | Classificados Patos" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const origin = siteOrigin();
  if (!isGoogleConfigured()) {
    return data({ callbackUrl: googleCallbackUrl(origin) }, { status: 503, headers: NO_STORE });
  }
  // Throws the redirect to Google (with the state cookie).
  await googleAuthenticator(origin).authenticate("google", request);
  return data({ callbackUrl: googleCallbackUrl(origin) });
}

export default function GoogleNotConfigured() {
  const { callbackUrl } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-lg px-4 py-14">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="flex items-center gap-3 text-amber-700">
          <Icon name="circle-x" className="h-7 w-7" />
          <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">Login com Google indisponível</h1>
        </div>
        <p className="mt-4 text-slate-700">
          O login com Google ainda não foi configurado neste site. Entre com seu email e senha ou crie uma conta.
        </p>
        <p className="mt-3 text-sm text-slate-600">
          Para quem administra o site: defina <code>GOOGLE_CLIENT_ID</code> e <code>GOOGLE_CLIENT_SECRET</code> e cadastre o
          endereço de retorno <code className="break-all">{callbackUrl}</code> no Google Cloud Console.
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Link to="/login" className={`flex-1 rounded-lg bg-brand-700 px-4 py-3 text-center font-semibold text-white hover:bg-brand-800 ${focusRing}`}>
            Entrar com email
          </Link>
          <Link to="/register" className={`flex-1 rounded-lg border border-slate-300 px-4 py-3 text-center font-semibold text-slate-800 hover:bg-slate-50 ${focusRing}`}>
            Criar conta
          </Link>
        </div>
      </div>
    </div>
  );
}
