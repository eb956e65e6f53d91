/**
 * /favoritos: the visitor's favourites (the account's when signed in, else this browser's cookie),
 * with the list's card; an ad that ended stays, marked 'Indisponível' (or 'Vendido', with a link to its
 * page that says so), without contact.
 * POST /favoritos (fields adId, intent=add|remove, and redirectTo from a page without JavaScript):
 * the hearts' one action. With redirectTo: a redirect back with a toast; without it (the hearts'
 * fetcher): JSON {ok, adId, favourite} or {ok:false, message} with a 4xx. Rules: models/favourite.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { AdCard } from "~/components/ads/AdCard";
import { formatAdPrice } from "~/components/ads/format";
import { FavouriteHeart, FavouriteToast, useFavouriteHearts } from "~/components/ads/FavouriteButton";
import { AD_STATUS_LABELS, adPath } from "~/models/ad/ad";
import { FAVOURITE_MESSAGES, MAX_FAVOURITES, type FavouriteAnswer } from "~/models/favourite/favourite";
import { changeFavourite, favouriteCards, favouriteFormSchema, favouriteIdsOf } from "~/models/favourite/favourites.server";
import { assertNotCrossSite, safeRedirect } from "~/web/auth.server";
import { favouritesCookie } from "~/web/favourites-cookie.server";
import { favouriteHolderOf } from "~/web/favourites.server";
import { NO_STORE, readFormData } from "~/web/http.server";
import { ERROR_TOAST_MS, toast } from "~/web/toast.server";
import { visitorHeaders, visitorOf } from "~/web/visitor.server";

export const meta: MetaFunction = () => [{ title: "Meus favoritos | Classificados Patos" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, holder } = await favouriteHolderOf(request);
  const { cards, missing } = favouriteCards(favouriteIdsOf(holder));
  return data({ cards, missing, signedIn: user !== null }, { headers: NO_STORE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  assertNotCrossSite(request);
  const { holder } = await favouriteHolderOf(request);
  const form = await readFormData(request);
  const redirectTo = form.get("redirectTo");
  // A plain form post (no JavaScript) goes back where it came from; the hearts' fetcher gets JSON.
  const back = typeof redirectTo === "string" ? safeRedirect(redirectTo, "/favoritos") : null;
  const parsed = favouriteFormSchema.safeParse({ adId: form.get("adId"), intent: form.get("intent") });
  const visitor = await visitorOf(request, context);
  const headers = visitorHeaders(visitor);
  const refuse = async (status: number, message: string) =>
    back
      ? toast.redirectWithError(back, { message: FAVOURITE_MESSAGES.failedTitle, description: message, duration: ERROR_TOAST_MS }, { headers })
      : data<FavouriteAnswer>({ ok: false, message }, { status, headers });
  if (!parsed.success) return refuse(400, FAVOURITE_MESSAGES.invalid);

  const { adId, intent } = parsed.data;
  const outcome = changeFavourite({ holder, adId, intent, saver: visitor.person });
  if (!outcome.ok) return refuse(outcome.status, outcome.message);
  if (outcome.cookieIds) headers.append("Set-Cookie", await favouritesCookie(outcome.cookieIds));
  if (back) return toast.redirectWithSuccess(back, outcome.favourite ? FAVOURITE_MESSAGES.added : FAVOURITE_MESSAGES.removed, { headers });
  return data<FavouriteAnswer>({ ok: true, adId, favourite: outcome.favourite }, { headers });
}

export default function FavouritesPage() {
  const { cards, missing, signedIn } = useLoaderData<typeof loader>();
  const favouriteIds = useMemo(() => cards.map((card) => card.id), [cards]);
  const hearts = useFavouriteHearts(favouriteIds);
  return (
    <div className="mx-auto max-w-7xl px-4 pb-8 pt-4 sm:pt-8 lg:px-6">
      <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">Meus favoritos</h1>
      <p className="mt-1 text-sm text-slate-600">
        {cards.length === 1 ? "1 anúncio salvo" : `${cards.length} anúncios salvos`} (até {MAX_FAVOURITES}).{" "}
        {signedIn ? "Eles ficam na sua conta." : (
          <>
            Eles ficam guardados neste navegador.{" "}
            <Link to="/login?redirectTo=/favoritos" className="font-semibold text-brand-700 underline underline-offset-2">
              Entre na sua conta
            </Link>{" "}
            para levá-los com você.
          </>
        )}
      </p>
      {missing > 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          {missing === 1 ? "1 anúncio salvo foi excluído pelo anunciante." : `${missing} anúncios salvos foram excluídos pelos anunciantes.`}
        </p>
      ) : null}
      {cards.length === 0 ? (
        <div className="mt-6 flex flex-col items-center gap-4 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="text-lg font-semibold text-slate-800">Nenhum favorito ainda</p>
          <p className="text-sm text-slate-600">Toque no coração de um anúncio para guardá-lo aqui.</p>
          <Link to="/categories" className="rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
            Ver anúncios
          </Link>
        </div>
      ) : (
        <ul className="ad-list mt-6" data-testid="favourites-list">
          {cards.map((card) => (
            <li key={card.id} className="relative flex" data-testid={`favourite-card-${card.id}`}>
              {card.available ? (
                <AdCard ad={card} />
              ) : (
                // An ad that ended has no seller to contact: what it was, and the way to drop it. A sold one says so and
                // links to its page (a 410 with similar ads); any other answers 404, so it has no link.
                <article aria-labelledby={`favorito-${card.id}`} className="flex w-full flex-col justify-end gap-1 rounded-2xl border border-slate-200 bg-slate-50 p-4 pt-16 text-slate-600">
                  <span className={`absolute right-4 top-4 rounded-full px-3 py-1 text-xs font-bold uppercase tracking-wide text-white ${card.sold ? "bg-emerald-700" : "bg-slate-800"}`}>
                    {card.sold ? AD_STATUS_LABELS.sold : "Indisponível"}
                  </span>
                  <h2 id={`favorito-${card.id}`} className="font-semibold text-slate-800">
                    {card.sold ? (
                      <Link to={adPath(card)} className="hover:underline">
                        {card.title}
                      </Link>
                    ) : (
                      card.title
                    )}
                  </h2>
                  <p className="text-sm">{`${card.city} - ${card.state} · ${formatAdPrice(card.price)}`}</p>
                  <p className="text-sm">{card.sold ? "Este anúncio foi vendido." : "Este anúncio não está mais no ar."}</p>
                </article>
              )}
              <FavouriteHeart adId={card.id} hearts={hearts} className="absolute left-4 top-4" />
            </li>
          ))}
        </ul>
      )}
      <FavouriteToast hearts={hearts} />
    </div>
  );
}
