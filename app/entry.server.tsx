/**
 * Streams HTML to browsers (all-ready for bots, so crawlers and link previews get the whole page).
 */
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext } from "~/lib/nonce";

const ABORT_DELAY = 5_000;
export const streamTimeout = ABORT_DELAY;

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
    const abortTimer = setTimeout(() => abort(), ABORT_DELAY + 1000);
    function sendShell() {
      shellRendered = true;
      const body = new PassThrough();
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    }
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
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
          // Errors after the shell are logged here; before it, Remix logs them with the route context.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  const { pathname } = new URL(request.url);
  console.error(`[error] ${request.method} ${pathname}`, error);
}
