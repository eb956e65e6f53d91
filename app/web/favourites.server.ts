/** Whose favourites a request is about: the signed-in account's, or the visitor's cookie (favourites-cookie.server.ts). */
import type { PublicUser } from "~/models/account/users.server";
import { favouriteIdsOf, type FavouriteHolder } from "~/models/favourite/favourites.server";
import { getOptionalUser } from "~/web/auth.server";
import { cookieFavouriteIds } from "~/web/favourites-cookie.server";

export async function favouriteHolderOf(request: Request): Promise<{ user: PublicUser | null; holder: FavouriteHolder }> {
  const user = await getOptionalUser(request);
  return { user, holder: user ? { userId: user.id } : { cookieIds: await cookieFavouriteIds(request) } };
}

/**
 * The visitor (null when not signed in) and their favourite ad ids, newest first, for the hearts of a
 * page. Sent beside the list, never inside it: the list pages' cards and their HTML are shared by
 * every visitor (ADR 016).
 */
export async function visitorFavourites(request: Request): Promise<{ user: PublicUser | null; favouriteIds: number[] }> {
  const { user, holder } = await favouriteHolderOf(request);
  return { user, favouriteIds: favouriteIdsOf(holder) };
}
