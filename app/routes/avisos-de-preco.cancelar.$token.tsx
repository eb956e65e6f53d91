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
import { useActionData } from "@remix-run/react";
import { UnsubscribePage } from "~/components/mail/UnsubscribePage";
import { PRICE_DROP_MESSAGES } from "~/models/ad/price-drop";
import { unsubscribeFromPriceDrops, userIdOfPriceDropToken } from "~/models/favourite/price-drop-mail.server";
import { NO_STORE, notFoundPage } from "~/web/http.server";
import { unsubscribeAnswer } from "~/web/unsubscribe.server";

export const meta: MetaFunction = () => [{ title: "Cancelar avisos de queda de preço | Classificados Patos" }, { name: "robots", content: "noindex" }];

export function loader({ params }: LoaderFunctionArgs) {
  if (userIdOfPriceDropToken(params.token ?? "") === null) throw notFoundPage(PRICE_DROP_MESSAGES.badLink);
  return data({ ok: true as const }, { headers: NO_STORE });
}

export function action({ params }: ActionFunctionArgs) {
  return unsubscribeAnswer(unsubscribeFromPriceDrops(params.token ?? ""), PRICE_DROP_MESSAGES);
}

export default function UnsubscribePriceDrops() {
  const done = useActionData<typeof action>();
  return (
    <UnsubscribePage
      heading="Cancelar avisos de queda de preço"
      doneHeading={PRICE_DROP_MESSAGES.unsubscribed}
      outcome={done}
      buttonLabel="Cancelar avisos"
      back={{ to: "/favoritos", label: "Ver meus favoritos" }}
    >
      Você deixará de receber e-mails quando um anúncio que você salvou baixar de preço.
    </UnsubscribePage>
  );
}
