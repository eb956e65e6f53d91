import { useFetcher, useLocation } from "@remix-run/react";
import { useMemo } from "react";
import { Icon } from "~/components/Icon";
import { Toast, type ToastData } from "~/components/Toast";
import { useHydrated } from "~/components/use-hydrated";
import { FAVOURITE_MESSAGES, type FavouriteAnswer } from "~/models/favourite/favourite";

/**
 * The heart of a card and of the ad page: a plain form posting to /favoritos. Without JavaScript it
 * carries `redirectTo` (this page) and the answer is a redirect back with a toast; with it a fetcher
 * posts without `redirectTo`, the heart turns at once (optimistic) and turns back if the answer is a
 * refusal (the limit, an ad that ended), shown as a toast. Whether it is on comes from the page's
 * loader (the visitor's favourites, sent beside the shared list of cards).
 */
export function FavouriteButton({
  adId,
  favourite,
  className = "",
  wide = false,
}: {
  adId: number;
  favourite: boolean;
  className?: string;
  /** The ad page's: a button with its name written, instead of a round heart over a card's photo. */
  wide?: boolean;
}) {
  const fetcher = useFetcher<FavouriteAnswer>();
  const hydrated = useHydrated();
  const location = useLocation();
  const sent = fetcher.formData?.get("intent");
  // While posting and reloading, what was asked; afterwards the reloaded favourites say.
  const on = sent ? sent === "add" : favourite;
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  // One toast object per answer: a second refusal in the same words is shown again.
  const toast = useMemo<ToastData | undefined>(
    () => (answer && !answer.ok ? { type: "error", message: FAVOURITE_MESSAGES.failedTitle, description: answer.message } : undefined),
    [answer],
  );
  return (
    <fetcher.Form method="post" action="/favoritos" className={className}>
      <input type="hidden" name="adId" value={adId} />
      <input type="hidden" name="intent" value={on ? "remove" : "add"} />
      {hydrated ? null : <input type="hidden" name="redirectTo" value={location.pathname + location.search} />}
      <button
        type="submit"
        aria-pressed={on}
        aria-label={wide ? undefined : "Favoritar"}
        title={on ? "Remover dos favoritos" : "Salvar nos favoritos"}
        data-testid={`favourite-${adId}`}
        className={
          wide
            ? "inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 aria-pressed:border-red-300 aria-pressed:text-red-700 sm:w-auto"
            : "flex h-11 w-11 items-center justify-center rounded-full bg-white/95 text-slate-700 shadow-md ring-1 ring-slate-200 hover:text-red-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 aria-pressed:text-red-600"
        }
      >
        <Icon name="heart" className={`h-5 w-5 ${on ? "fill-current" : ""}`} />
        {wide ? "Favoritar" : null}
      </button>
      {toast ? <Toast toast={toast} /> : null}
    </fetcher.Form>
  );
}
