/**
 * /avisos-de-preco/cancelar/{token}: stopping the price-drop e-mails without signing in (the token is
 * the user's signed id, models/favourite/price-drop-mail.server.ts), as the search alerts' page does.
 * GET shows a button — mail scanners open links, so a GET never unsubscribes; POST turns the alerts
 * off: the button's, and the one-click POST of a mail client (RFC 8058, body
 * `List-Unsubscribe=One-Click`, from the List-Unsubscribe header). A token the server did not make is a
 * 404 and changes nothing.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { PRICE_DROP_MESSAGES } from "~/models/ad/price-drop";
import { unsubscribeFromPriceDrops, userIdOfPriceDropToken } from "~/models/favourite/price-drop-mail.server";
import { NO_STORE, notFoundData, notFoundPage } from "~/web/http.server";

export const meta: MetaFunction = () => [{ title: "Cancelar avisos de queda de preço | Classificados Patos" }, { name: "robots", content: "noindex" }];

export function loader({ params }: LoaderFunctionArgs) {
  if (userIdOfPriceDropToken(params.token ?? "") === null) throw notFoundPage(PRICE_DROP_MESSAGES.badLink);
  return data({ ok: true as const }, { headers: NO_STORE });
}

export function action({ params }: ActionFunctionArgs) {
  if (!unsubscribeFromPriceDrops(params.token ?? "")) return notFoundData({ ok: false as const, message: PRICE_DROP_MESSAGES.badLink });
  return data({ ok: true as const, message: PRICE_DROP_MESSAGES.unsubscribedDescription }, { headers: NO_STORE });
}

export default function UnsubscribePriceDrops() {
  const done = useActionData<typeof action>();
  return (
    <section className="mx-auto max-w-xl px-4 py-12 text-center">
      <h1 className="text-2xl font-extrabold text-slate-900">{done?.ok ? PRICE_DROP_MESSAGES.unsubscribed : "Cancelar avisos de queda de preço"}</h1>
      {done ? (
        <p role={done.ok ? "status" : "alert"} className="mt-3 text-slate-700">
          {done.message}
        </p>
      ) : (
        <>
          <p className="mt-3 text-slate-700">Você deixará de receber e-mails quando um anúncio que você salvou baixar de preço.</p>
          <Form method="post" className="mt-6">
            <button type="submit" className="min-h-11 rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
              Cancelar avisos
            </button>
          </Form>
        </>
      )}
      <Link to="/favoritos" className="mt-6 inline-block font-semibold text-brand-700 underline underline-offset-2">
        Ver meus favoritos
      </Link>
    </section>
  );
}
