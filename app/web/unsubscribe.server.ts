/**
 * The answer of a one-click unsubscribe's POST (the page's button, or a mail client's RFC 8058 POST
 * from the List-Unsubscribe header): the outcome UnsubscribePage shows, 404 when the token was not the
 * server's (nothing changed), never cached.
 */
import { data } from "@remix-run/node";
import { NO_STORE, notFoundData } from "~/web/http.server";

export function unsubscribeAnswer(stopped: boolean, messages: { badLink: string; unsubscribedDescription: string }) {
  if (!stopped) return notFoundData({ ok: false as const, message: messages.badLink });
  return data({ ok: true as const, message: messages.unsubscribedDescription }, { headers: NO_STORE });
}
