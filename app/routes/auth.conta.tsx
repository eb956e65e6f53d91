/** /auth/conta: the signed-in user's account summary; the first page that needs a login (redirects to /login). */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { focusRing } from "~/components/auth/AuthForm";
import { requireUser } from "~/web/auth.server";

export const meta: MetaFunction = () => [{ title: "Minha conta | Classificados Patos" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return data({ user }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function AccountPage() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-xl px-4 py-10 sm:py-14">
      <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">Minha conta</h1>
      <dl className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white text-sm">
        {[
          ["Nome", user.fullName ?? "—"],
          ["Email", user.email],
          ["Usuário", user.username],
          ["Perfil", user.isAdmin ? "Administrador" : "Anunciante"],
        ].map(([label, value]) => (
          <div key={label} className="grid grid-cols-3 gap-2 px-4 py-3">
            <dt className="font-medium text-slate-700">{label}</dt>
            <dd className="col-span-2 break-all text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Link to="/forgot-password" className={`flex-1 rounded-lg border border-slate-300 px-4 py-3 text-center font-semibold text-slate-800 hover:bg-slate-50 ${focusRing}`}>
          Trocar senha
        </Link>
        <Form method="post" action="/logout" className="flex-1">
          <button type="submit" className={`w-full rounded-lg border border-red-200 px-4 py-3 font-semibold text-red-700 hover:bg-red-50 ${focusRing}`}>
            Sair desta conta
          </button>
        </Form>
      </div>
    </div>
  );
}
