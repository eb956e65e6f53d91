/**
 * Streams HTML to browsers (all-ready for bots, so crawlers and link previews get the whole page).
 */
import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext } from "~/components/nonce";
import { cardHtml, listItemHtml } from "~/components/ads/card-html.server";
import { CategoryGrid } from "~/components/ads/CategoryGrid";
import { FilterPanel } from "~/components/ads/FilterPanel";
import { HomeBanner } from "~/components/ads/HomeBanner";
import { keptPartHtml } from "~/components/kept-part-html.server";
import { AdFacts } from "~/components/ads/AdFacts";
import { BoostBar } from "~/components/ads/BoostBar";
import { ReportForm } from "~/components/ads/ReportForm";
import { SafetyTips } from "~/components/ads/SafetyTips";
import { ErrorPage } from "~/components/layout/ErrorPage";
import { Footer } from "~/components/layout/Footer";
import { Header } from "~/components/layout/Header";
import { MessageSellerForm } from "~/components/messages/MessageSellerForm";
import { NotFound } from "~/components/layout/NotFound";
import { ServerPartsContext, type ServerParts } from "~/components/server-parts";
import { Toast } from "~/components/Toast";
import { adBreadcrumbJsonLd, adItemListJsonLd, adProductJsonLd, jsonLdText, sellerPersonJsonLd } from "~/models/listing/structured-data.server";
import { cardForRender } from "~/web/page-cards.server";
import { holdScriptsUntilLoad, RELEASE_SCRIPTS_AFTER_LOAD } from "~/web/scripts-after-load.server";

/** What only the server renders (components/server-parts.tsx); `card` is the request's own (partsFor). */
const SERVER_PARTS: Omit<ServerParts, "card"> = {
  Toast,
  NotFound,
  ErrorPage,
  cardHtml,
  listItemHtml,
  releaseScriptsAfterLoad: RELEASE_SCRIPTS_AFTER_LOAD,
  structuredData: { adItemList: adItemListJsonLd, adProduct: adProductJsonLd, adBreadcrumb: adBreadcrumbJsonLd, sellerPerson: sellerPersonJsonLd, text: jsonLdText },
  kept: { Header, Footer, CategoryGrid, HomeBanner, FilterPanel, AdFacts, BoostBar, SafetyTips, MessageSellerForm, ReportForm },
  keptPartHtml: (name, props) => keptPartHtml(name, SERVER_PARTS.kept[name], props),
};

/** The server's parts for one request: its list cards whole, as its loaders kept them (web/page-cards.server.ts). */
const partsFor = (loadContext: AppLoadContext): ServerParts => ({ ...SERVER_PARTS, card: (card) => cardForRender(loadContext, card) });

const ABORT_DELAY = 5_000;
export const streamTimeout = ABORT_DELAY;
/** A render still going after this is cut short (and logged as such): it would otherwise hold its memory. */
const RENDER_TIMEOUT = ABORT_DELAY + 1000;

/** Errors logged already, so one that React and Remix both report appears once. */
const logged = new WeakSet<object>();

/**
 * Logs an error of this request: through the server's `logError` (load context, server.ts), which
 * adds the request id and marks the request's 5xx as explained; plain console.error otherwise (tests).
 */
function logError(context: AppLoadContext | undefined, request: Request, error: unknown) {
  if (typeof error === "object" && error !== null) {
    if (logged.has(error)) return;
    logged.add(error);
  }
  if (typeof context?.logError === "function") {
    (context.logError as (error: unknown) => void)(error);
    return;
  }
  console.error(`[error] ${request.method} ${new URL(request.url).pathname}`, error);
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = typeof loadContext.cspNonce === "string" ? loadContext.cspNonce : undefined;
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Abort a render that hangs; cleared once everything is rendered, because a pending timer keeps
    // the whole render (tree and HTML) in memory for its 6 s — hundreds of MB at a few hundred pages/s.
    // The reason is logged first: before the shell, the abort ends in a 500 that must say why.
    const abortTimer = setTimeout(() => {
      const reason = new Error(`render not finished after ${RENDER_TIMEOUT} ms (shell ${shellRendered ? "sent" : "not sent"}): aborted`);
      logError(loadContext, request, reason);
      abort(reason);
    }, RENDER_TIMEOUT);
    function sendShell() {
      shellRendered = true;
      const body = holdScriptsUntilLoad();
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    }
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerPartsContext.Provider value={partsFor(loadContext)}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </ServerPartsContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          clearTimeout(abortTimer);
          if (waitForAll) sendShell();
        },
        onShellReady() {
          if (!waitForAll) sendShell();
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Every render error, before the shell or after: one in a Suspense boundary before the shell
          // makes this a 500 that nothing else would log (a shell error, logged here, is not logged
          // again when Remix reports it through handleError).
          logError(loadContext, request, error);
        },
      },
    );
  });
}

export function handleError(error: unknown, { request, context }: { request: Request; context?: AppLoadContext }) {
  // The client has gone: nobody receives an answer, so there is no failure to explain.
  if (request.signal.aborted) return;
  // Remix's own 4xx (no route for the path, no action for a POST) are the client's mistake, not ours.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  logError(context, request, error);
}
