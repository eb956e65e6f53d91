/**
 * GET /anuncio/{id}/contato — 'Entrar em Contato' and the cards' WhatsApp button: counts the contact
 * (once per person, ad and São Paulo day; crawlers are not counted) and redirects (302) to the
 * seller's WhatsApp chat (lib/whatsapp.ts). An ad that is not public, or has no number, is a 404.
 * A GET, so it works as a plain link without JavaScript; the links carry rel="nofollow", and
 * robots.txt keeps crawlers away (robots[.]txt.ts).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { isbot } from "isbot";
import { adIdFromSegment } from "~/models/ad/ad";
import { contactAd } from "~/models/ad/views.server";
import { NO_STORE, notFoundPage } from "~/web/http.server";
import { visitorHeaders, visitorOf } from "~/web/visitor.server";

// The ad page's "Anúncio não encontrado" answers here too.
export { ErrorBoundary } from "./anuncio.$id";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = adIdFromSegment(params.id);
  if (id === null) throw notFoundPage();
  const bot = isbot(request.headers.get("User-Agent") ?? "");
  const visitor = bot ? null : await visitorOf(request, context);
  const contact = contactAd(id, visitor?.person ?? null);
  if (!contact) throw notFoundPage();
  const headers = new Headers({ ...NO_STORE, "X-Robots-Tag": "noindex, nofollow" });
  throw redirect(contact.whatsappUrl, { status: 302, headers: visitor ? visitorHeaders(visitor, headers) : headers });
}

/** Never rendered: the loader always redirects or answers 404 (the error boundary's page). */
export default function Contact() {
  return null;
}
