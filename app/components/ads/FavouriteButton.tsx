import { useFetcher, useLocation } from "@remix-run/react";
import { Suspense, useEffect, useMemo, useState, type FormEvent } from "react";
import { Icon } from "~/components/Icon";
import { LazyToast } from "~/components/server-parts";
import type { ToastData } from "~/components/Toast";
import { useHydrated } from "~/components/use-hydrated";
import { FAVOURITE_MESSAGES, type FavouriteAnswer } from "~/models/favourite/favourite";

/**
 * The hearts of a list (or of one ad page): plain forms posting to /favoritos. Without JavaScript each
 * carries `redirectTo` (this page) and the answer is a redirect back with a toast. With it, ONE fetcher
 * serves every heart of the list: a tapped heart turns at once (what was asked, kept until the fetcher
 * is idle again, when the reloaded favourites say) and turns back on a refusal (the limit, an ad that
 * ended), shown as one toast. One fetcher, not one per card: each fetcher re-renders on every
 * navigation, and a cheap phone hydrates a list of them on the main thread (Lighthouse's TBT).
 */
export function useFavouriteHearts(favouriteIds: readonly number[]) {
  const fetcher = useFetcher<FavouriteAnswer>();
  const hydrated = useHydrated();
  const location = useLocation();
  const [asked, setAsked] = useState<ReadonlyMap<number, boolean>>(() => new Map());
  const idle = fetcher.state === "idle";
  useEffect(() => {
    if (idle) setAsked((current) => (current.size === 0 ? current : new Map()));
  }, [idle]);
  const favourites = useMemo(() => new Set(favouriteIds), [favouriteIds]);
  const answer = idle ? fetcher.data : undefined;
  // One toast object per answer: a second refusal in the same words is shown again.
  const toast = useMemo<ToastData | undefined>(
    () => (answer && !answer.ok ? { type: "error", message: FAVOURITE_MESSAGES.failedTitle, description: answer.message } : undefined),
    [answer],
  );
  return {
    isOn: (adId: number) => asked.get(adId) ?? favourites.has(adId),
    /** Before hydration (and without JavaScript) the form posts itself and comes back here. */
    redirectTo: hydrated ? undefined : location.pathname + location.search,
    submit(event: FormEvent<HTMLFormElement>) {
      event.preventDefault();
      const form = new FormData(event.currentTarget);
      setAsked((current) => new Map(current).set(Number(form.get("adId")), form.get("intent") === "add"));
      fetcher.submit(form, { method: "post", action: "/favoritos" });
    },
    toast,
  };
}

type Hearts = ReturnType<typeof useFavouriteHearts>;

/** One heart: a round button over a card's photo, or the ad page's wide button with its name written. */
export function FavouriteHeart({ adId, hearts, className = "", wide = false }: { adId: number; hearts: Hearts; className?: string; wide?: boolean }) {
  const on = hearts.isOn(adId);
  return (
    <form method="post" action="/favoritos" onSubmit={hearts.submit} className={className}>
      <input type="hidden" name="adId" value={adId} />
      <input type="hidden" name="intent" value={on ? "remove" : "add"} />
      {hearts.redirectTo === undefined ? null : <input type="hidden" name="redirectTo" value={hearts.redirectTo} />}
      <button
        type="submit"
        aria-pressed={on}
        aria-label={wide ? undefined : "Favoritar"}
        title={on ? "Remover dos favoritos" : "Salvar nos favoritos"}
        data-testid={`favourite-${adId}`}
        className={wide ? "fav-wide" : "fav-heart"}
      >
        <Icon name="heart" className={`h-5 w-5 ${on ? "fill-current" : ""}`} />
        {wide ? "Favoritar" : null}
      </button>
    </form>
  );
}

/** The hearts' one toast (a refusal), shown once per list; its code loads with the first refusal (issue #35). */
export function FavouriteToast({ hearts }: { hearts: Hearts }) {
  return hearts.toast ? (
    <Suspense fallback={null}>
      <LazyToast toast={hearts.toast} />
    </Suspense>
  ) : null;
}

/** The ad page's heart: a list of one. */
export function FavouriteButton({ adId, favourite, className = "", wide = false }: { adId: number; favourite: boolean; className?: string; wide?: boolean }) {
  const ids = useMemo(() => (favourite ? [adId] : []), [adId, favourite]);
  const hearts = useFavouriteHearts(ids);
  return (
    <>
      <FavouriteHeart adId={adId} hearts={hearts} className={className} wide={wide} />
      <FavouriteToast hearts={hearts} />
    </>
  );
}
