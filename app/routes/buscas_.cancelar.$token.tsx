/**
 * /buscas/cancelar/{token}: stopping a saved search's e-mails without signing in (the token is the
 * search's signed id, models/saved-search). GET shows what would stop and a button — mail scanners
 * open links, so a GET never unsubscribes; POST stops it: the button's, and the one-click POST of a
 * mail client (RFC 8058, body `List-Unsubscribe=One-Click`, from the List-Unsubscribe header).
 * A token the server did not make is a 404 and removes nothing.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { UnsubscribePage } from "~/components/mail/UnsubscribePage";
import { SAVED_SEARCH_MESSAGES } from "~/models/saved-search/saved-search";
import { describeSavedSearch, readSavedSearch, savedSearchById, searchIdOfToken, unsubscribeByToken } from "~/models/saved-search/saved-searches.server";
import { NO_STORE, notFoundPage } from "~/web/http.server";
import { unsubscribeAnswer } from "~/web/unsubscribe.server";

export const meta: MetaFunction = () => [{ title: "Cancelar alerta de busca | Classificados Patos" }, { name: "robots", content: "noindex" }];

export function loader({ params }: LoaderFunctionArgs) {
  const id = searchIdOfToken(params.token ?? "");
  if (id === null) throw notFoundPage(SAVED_SEARCH_MESSAGES.badLink);
  const search = savedSearchById(id);
  // Gone: unsubscribed already (this page's button, or the mail client's one-click).
  return data({ description: search ? describeSavedSearch(readSavedSearch(search.query)) : null }, { headers: NO_STORE });
}

export function action({ params }: ActionFunctionArgs) {
  return unsubscribeAnswer(unsubscribeByToken(params.token ?? ""), SAVED_SEARCH_MESSAGES);
}

export default function Unsubscribe() {
  const { description } = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>();
  // A search already gone (this page's button, or the mail client's one-click) reads as stopped.
  const stoppedBefore = description === null ? { ok: true, message: SAVED_SEARCH_MESSAGES.unsubscribedDescription } : null;
  return (
    <UnsubscribePage
      heading="Cancelar alerta de busca"
      doneHeading={SAVED_SEARCH_MESSAGES.unsubscribed}
      outcome={done ?? stoppedBefore}
      buttonLabel="Cancelar alerta"
      back={{ to: "/categories", label: "Ver anúncios" }}
    >
      Você deixará de receber os e-mails de anúncios novos para a busca <strong>{description}</strong>.
    </UnsubscribePage>
  );
}
