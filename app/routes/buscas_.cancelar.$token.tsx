/**
 * /buscas/cancelar/{token}: stopping a saved search's e-mails without signing in (the token is the
 * search's signed id, models/saved-search). GET shows what would stop and a button — mail scanners
 * open links, so a GET never unsubscribes; POST stops it: the button's, and the one-click POST of a
 * mail client (RFC 8058, body `List-Unsubscribe=One-Click`, from the List-Unsubscribe header).
 * A token the server did not make is a 404 and removes nothing.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { SAVED_SEARCH_MESSAGES } from "~/models/saved-search/saved-search";
import { describeSavedSearch, readSavedSearch, savedSearchById, searchIdOfToken, unsubscribeByToken } from "~/models/saved-search/saved-searches.server";
import { NO_STORE, notFoundData, notFoundPage } from "~/web/http.server";

export const meta: MetaFunction = () => [{ title: "Cancelar alerta de busca | Classificados Patos" }, { name: "robots", content: "noindex" }];

export function loader({ params }: LoaderFunctionArgs) {
  const id = searchIdOfToken(params.token ?? "");
  if (id === null) throw notFoundPage(SAVED_SEARCH_MESSAGES.badLink);
  const search = savedSearchById(id);
  // Gone: unsubscribed already (this page's button, or the mail client's one-click).
  return data({ description: search ? describeSavedSearch(readSavedSearch(search.query)) : null }, { headers: NO_STORE });
}

export function action({ params }: ActionFunctionArgs) {
  if (!unsubscribeByToken(params.token ?? "")) {
    return notFoundData({ ok: false as const, message: SAVED_SEARCH_MESSAGES.badLink });
  }
  return data({ ok: true as const, message: SAVED_SEARCH_MESSAGES.unsubscribedDescription }, { headers: NO_STORE });
}

export default function Unsubscribe() {
  const { description } = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>();
  return (
    <section className="mx-auto max-w-xl px-4 py-12 text-center">
      <h1 className="text-2xl font-extrabold text-slate-900">{done?.ok || description === null ? SAVED_SEARCH_MESSAGES.unsubscribed : "Cancelar alerta de busca"}</h1>
      {done || description === null ? (
        <p role={done?.ok === false ? "alert" : "status"} className="mt-3 text-slate-700">
          {done?.message ?? SAVED_SEARCH_MESSAGES.unsubscribedDescription}
        </p>
      ) : (
        <>
          <p className="mt-3 text-slate-700">
            Você deixará de receber os e-mails de anúncios novos para a busca <strong>{description}</strong>.
          </p>
          <Form method="post" className="mt-6">
            <button type="submit" className="min-h-11 rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
              Cancelar alerta
            </button>
          </Form>
        </>
      )}
      <Link to="/categories" className="mt-6 inline-block font-semibold text-brand-700 underline underline-offset-2">
        Ver anúncios
      </Link>
    </section>
  );
}
