/**
 * /avisos-de-mensagens/cancelar/{token}: stopping the e-mails about unread messages without signing in
 * (the token is the user's signed id for this purpose alone, models/message/waiting-mail.server.ts), as
 * the search alerts' and the price-drop e-mails' pages do. GET shows a button — mail scanners open links,
 * so a GET never unsubscribes; POST turns the e-mails off: the button's, and the one-click POST of a mail
 * client (RFC 8058, body `List-Unsubscribe=One-Click`, from the List-Unsubscribe header). A token the
 * server did not make is a 404 and changes nothing.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { UnsubscribePage } from "~/components/mail/UnsubscribePage";
import { MESSAGE_MAIL_MESSAGES } from "~/models/message/message";
import { unsubscribeFromMessageMails, userIdOfMessageMailToken } from "~/models/message/waiting-mail.server";
import { NO_STORE, notFoundPage } from "~/web/http.server";
import { unsubscribeAnswer } from "~/web/unsubscribe.server";

export const meta: MetaFunction = () => [{ title: "Cancelar avisos de mensagens | Classificados Patos" }, { name: "robots", content: "noindex" }];

export function loader({ params }: LoaderFunctionArgs) {
  if (userIdOfMessageMailToken(params.token ?? "") === null) throw notFoundPage(MESSAGE_MAIL_MESSAGES.badLink);
  return data({ ok: true as const }, { headers: NO_STORE });
}

export function action({ params }: ActionFunctionArgs) {
  return unsubscribeAnswer(unsubscribeFromMessageMails(params.token ?? ""), MESSAGE_MAIL_MESSAGES);
}

export default function UnsubscribeMessageMails() {
  const done = useActionData<typeof action>();
  return (
    <UnsubscribePage
      heading="Cancelar avisos de mensagens por e-mail"
      doneHeading={MESSAGE_MAIL_MESSAGES.unsubscribed}
      outcome={done}
      buttonLabel="Cancelar avisos"
      back={{ to: "/mensagens", label: "Ver minhas mensagens" }}
    >
      Você deixará de receber e-mails quando uma mensagem ficar 5 minutos sem ser lida. As mensagens continuam chegando em Mensagens.
    </UnsubscribePage>
  );
}
