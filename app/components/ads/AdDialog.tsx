import { Icon } from "~/components/Icon";
import { useEffect, useRef } from "react";
import { AD_LOAD_ERROR, AD_NOT_FOUND, adPath, type AdDetail as AdDetailData } from "~/models/ad/ad";
import { useMessageBox } from "~/components/messages/use-message-box";
import { AdDetail, preloadAdDetailParts } from "./AdDetail";
import { adDetailDates } from "./ad-dates";

/**
 * Opens ad `id` over the list from its answer (`requestAd`, started by the list with this code's own fetch):
 * puts its own shareable address (adPath) in the address bar (the dialog's close goes Back to the list's)
 * and counts one view (a POST: prefetching and revalidation never count; the server counts a visitor once
 * a day). `onViews` gets the new count. The ad's parts' code comes meanwhile.
 */
export async function openAd(id: number, answer: Promise<Response>, onViews: (views: number) => void): Promise<AdDetailData> {
  preloadAdDetailParts();
  let response: Response;
  try {
    response = await answer;
  } catch {
    throw new Error(AD_LOAD_ERROR);
  }
  // The status travels as the cause: the list decides what to say by it, never by the message's text.
  if (response.status === 404) throw new Error(AD_NOT_FOUND, { cause: 404 });
  if (!response.ok) throw new Error(AD_LOAD_ERROR, { cause: response.status });
  const detail = (await response.json()) as AdDetailData;
  window.history.pushState({ adDialog: id }, "", adPath(detail));
  // The service worker keeps the ad's page for offline, as it would had it been opened as a page (ADR 036).
  navigator.serviceWorker?.controller?.postMessage({ keep: adPath(detail) });
  void fetch(`/api/ads/${id}/view`, { method: "POST", credentials: "same-origin" })
    .then((res) => (res.ok ? (res.json() as Promise<{ views: number }>) : null))
    .then((body) => {
      if (body) onViews(body.views);
    })
    .catch(() => {});
  return detail;
}

/**
 * An ad opened with `openAd` over a list: closing it goes Back (Fechar, Escape, a click outside), and
 * Back closes it; the Back press is kept from the router (a capturing listener on window runs before
 * the router's), so the list under the dialog stays exactly as it was.
 */
export function ListAdDialog({ ad, onClosed }: { ad: AdDetailData; onClosed: () => void }) {
  useEffect(() => {
    const onPopState = (event: PopStateEvent) => {
      event.stopImmediatePropagation();
      onClosed();
    };
    window.addEventListener("popstate", onPopState, { capture: true });
    return () => window.removeEventListener("popstate", onPopState, { capture: true });
  }, [onClosed]);
  return <AdDialog ad={ad} onRequestClose={goBack} />;
}

const goBack = () => window.history.back();

/** The ad in a native modal <dialog> (focus trap, Escape and inert page for free). */
export default function AdDialog({ ad, onRequestClose: requestClose }: { ad: AdDetailData; onRequestClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const messageBox = useMessageBox(ad);

  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
    const root = document.documentElement;
    const previous = root.style.overflow;
    root.style.overflow = "hidden";
    return () => {
      root.style.overflow = previous;
      if (el?.open) el.close();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`detalhe-${ad.id}`}
      onCancel={(event) => {
        // Escape: close through the same path as Fechar, so the address goes back too.
        event.preventDefault();
        requestClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) requestClose();
      }}
      className="m-0 h-full max-h-none w-full max-w-none bg-transparent p-0 backdrop:bg-slate-950/60 sm:m-auto sm:h-auto sm:max-h-[92vh] sm:max-w-3xl sm:rounded-2xl"
    >
      <div className="relative min-h-full bg-white p-4 sm:rounded-2xl sm:p-6">
        <button
          type="button"
          onClick={requestClose}
          aria-label="Fechar detalhes"
          className="absolute right-3 top-3 z-10 rounded-full bg-white/90 p-3 text-slate-700 shadow hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          <Icon name="x" className="h-5 w-5" />
        </button>
        <AdDetail
          ad={ad}
          dates={adDetailDates(ad)}
          headingLevel={2}
          messageBox={messageBox}
          actions={
            <button
              type="button"
              onClick={requestClose}
              className="inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
            >
              Fechar
            </button>
          }
        />
      </div>
    </dialog>
  );
}
