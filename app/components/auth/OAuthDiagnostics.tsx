/** The developer diagnostics of Google sign-in (spec 01 §2): origin, callback address, configured or not. */
import { Icon } from "~/components/Icon";

export type OAuthDiagnosticsData = {
  origin: string;
  callbackUrl: string;
  configured: boolean;
  clientId: string | null;
  clientSecret: string;
};

/** The five diagnostic addresses of spec 01 §2: the same page, each with its own heading. */
export const OAUTH_DIAGNOSTIC_PAGES = {
  "oauth-setup": { title: "Configuração do login com Google", intro: "Confira os dados que o Google precisa para o login social." },
  "oauth-status": { title: "Status do login com Google", intro: "Se o login com Google está ativo e para onde ele retorna." },
  "auth-debug": { title: "Diagnóstico de autenticação", intro: "Estado atual do login com Google neste servidor." },
  "oauth-fix": { title: "Corrigir o login com Google", intro: "Se o Google recusar o retorno (redirect_uri_mismatch), cadastre o endereço de retorno abaixo." },
  "test-oauth": { title: "Teste do login com Google", intro: "Verifique a configuração antes de testar o botão Continuar com Google." },
} as const;
export type OAuthDiagnosticPage = keyof typeof OAUTH_DIAGNOSTIC_PAGES;

export function oauthDiagnosticsMeta(page: OAuthDiagnosticPage) {
  return () => [{ title: `${OAUTH_DIAGNOSTIC_PAGES[page].title} | Classificados Patos` }, { name: "robots", content: "noindex" }];
}

export function OAuthDiagnostics({ page, data }: { page: OAuthDiagnosticPage; data: OAuthDiagnosticsData }) {
  const { title, intro } = OAUTH_DIAGNOSTIC_PAGES[page];
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-600">{intro}</p>
      <div
        role="status"
        className={`mt-6 flex items-center gap-2 rounded-lg border p-4 font-semibold ${
          data.configured ? "border-emerald-200 bg-emerald-50 text-emerald-900" : "border-amber-200 bg-amber-50 text-amber-900"
        }`}
      >
        {data.configured ? <Icon name="circle-check" className="h-5 w-5" /> : <Icon name="circle-x" className="h-5 w-5" />}
        {data.configured ? "Login com Google configurado" : "Login com Google não configurado"}
      </div>
      <dl className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white text-sm">
        {[
          ["Origem da página", data.origin],
          ["Endereço de retorno (callback)", data.callbackUrl],
          ["GOOGLE_CLIENT_ID", data.clientId ?? "não configurado"],
          ["GOOGLE_CLIENT_SECRET", data.clientSecret],
        ].map(([label, value]) => (
          <div key={label} className="grid gap-1 px-4 py-3 sm:grid-cols-3">
            <dt className="font-medium text-slate-700">{label}</dt>
            <dd className="break-all font-mono text-slate-900 sm:col-span-2">{value}</dd>
          </div>
        ))}
      </dl>
      <section className="mt-8 text-sm leading-relaxed text-slate-700">
        <h2 className="text-lg font-bold text-slate-900">Como configurar</h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5">
          <li>No Google Cloud Console, crie uma credencial &quot;ID do cliente OAuth&quot; do tipo aplicativo da Web.</li>
          <li>
            Em &quot;URIs de redirecionamento autorizados&quot;, cadastre exatamente: <code className="break-all">{data.callbackUrl}</code>
          </li>
          <li>
            Defina <code>GOOGLE_CLIENT_ID</code> e <code>GOOGLE_CLIENT_SECRET</code> no ambiente do servidor e reinicie-o.
          </li>
        </ol>
      </section>
    </div>
  );
}
