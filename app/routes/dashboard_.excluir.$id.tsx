/**
 * /dashboard/excluir/{id}: the confirmation before deleting an ad, as a page for browsers without
 * JavaScript (with it the dashboard asks in a dialog). 'Excluir' posts to /dashboard (intent delete),
 * which applies the rules and comes back to the list; when the rules refuse, this page says why.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { primaryButton, secondaryButton } from "~/components/ad-form/WizardShell";
import { Icon } from "~/components/Icon";
import { adStatusLabel, effectiveStatus } from "~/models/ad/ad";
import { deleteRefusal, MANAGE_MESSAGES } from "~/models/ad/manage";
import { adToConfirm } from "~/web/dashboard-confirmation.server";
import { NO_STORE } from "~/web/http.server";

export const meta: MetaFunction = () => [{ title: "Excluir anúncio | Classificados Patos" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, ad, back } = await adToConfirm(request, params);
  return data(
    {
      id: ad.id,
      title: ad.title,
      statusLabel: adStatusLabel(effectiveStatus(ad)),
      refusal: deleteRefusal(ad, user),
      back,
    },
    { headers: NO_STORE },
  );
}

export default function ConfirmDeletePage() {
  const { id, title, statusLabel, refusal, back } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-14">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <Icon name="trash-2" className="h-9 w-9 text-red-700" />
        <h1 className="mt-3 text-2xl font-extrabold tracking-tight text-slate-900">{refusal ? MANAGE_MESSAGES.deleteTitle : "Excluir anúncio?"}</h1>
        <p className="mt-2 text-slate-700">
          <strong>{title}</strong> (#{id}, {statusLabel})
        </p>
        {refusal ? (
          <p role="alert" className="mt-4 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            {refusal}
          </p>
        ) : (
          <p className="mt-2 text-slate-700">O anúncio e as fotos dele serão excluídos. Esta ação não pode ser desfeita.</p>
        )}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link to={back} className={secondaryButton}>
            {refusal ? "Voltar" : "Cancelar"}
          </Link>
          {refusal ? null : (
            <Form method="post" action="/dashboard">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={id} />
              <input type="hidden" name="back" value={back} />
              <button type="submit" className={`${primaryButton} w-full bg-red-700 hover:bg-red-800`}>
                Excluir
              </button>
            </Form>
          )}
        </div>
      </div>
    </div>
  );
}
