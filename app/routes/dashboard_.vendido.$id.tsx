/**
 * /dashboard/vendido/{id}: the 'Vendido' confirmation as a page for browsers without JavaScript (with
 * it the dashboard asks in a dialog). 'Marcar como vendido' posts to /dashboard (intent mark-sold),
 * which applies the rules and comes back to the list; when the rules refuse, this page says why.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { primaryButton, secondaryButton } from "~/components/ad-form/WizardShell";
import { MarkSoldFields } from "~/components/dashboard/MarkSoldFields";
import { Icon } from "~/components/Icon";
import { MANAGE_MESSAGES, statusChangeRefusal } from "~/models/ad/manage";
import { adToConfirm } from "~/web/dashboard-confirmation.server";
import { NO_STORE } from "~/web/http.server";

export const meta: MetaFunction = () => [{ title: "Marcar como vendido | Classificados Patos" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, ad, back } = await adToConfirm(request, params);
  return data(
    { id: ad.id, title: ad.title, refusal: statusChangeRefusal(ad, "sold", user), back },
    { headers: NO_STORE },
  );
}

export default function ConfirmSoldPage() {
  const { id, title, refusal, back } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-14">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <Icon name="handshake" className="h-9 w-9 text-emerald-700" />
        <h1 className="mt-3 text-2xl font-extrabold tracking-tight text-slate-900">{refusal ? MANAGE_MESSAGES.statusError : "Marcar como vendido?"}</h1>
        {refusal ? (
          <>
            <p className="mt-2 text-slate-700">
              <strong>{title}</strong>
            </p>
            <p role="alert" className="mt-4 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
              {refusal}
            </p>
            <Link to={back} className={`${secondaryButton} mt-6 w-full`}>
              Voltar
            </Link>
          </>
        ) : (
          <Form method="post" action="/dashboard">
            <MarkSoldFields id={id} title={title} back={back} />
            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Link to={back} className={secondaryButton}>
                Cancelar
              </Link>
              <button type="submit" className={primaryButton}>
                Marcar como vendido
              </button>
            </div>
          </Form>
        )}
      </div>
    </div>
  );
}
