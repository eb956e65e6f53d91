/**
 * The favourites of a visitor without an account: a signed cookie holding up to MAX_FAVOURITES ad ids
 * (oldest first). A cookie that does not verify, or does not hold a list of ids, counts as empty: a
 * visitor can only ever change their own list, and only through POST /favoritos. auth.server.ts merges
 * it into the account at every sign-in (`mergeFavouritesAtSignIn`) and clears it.
 */
import { parseId } from "~/lib/parse-id";
import { MAX_FAVOURITES } from "~/models/favourite/favourite";
import { mergeFavourites } from "~/models/favourite/favourites.server";
import { yearLongSignedCookie } from "~/web/signed-cookie.server";


const cookie = yearLongSignedCookie("favoritos");

/** The ad ids in the request's favourites cookie (oldest first), or [] when it is missing, tampered with or malformed. */
export async function cookieFavouriteIds(request: Request): Promise<number[]> {
  let value: unknown;
  try {
    value = await cookie.parse(request.headers.get("Cookie"));
  } catch {
    return [];
  }
  if (!Array.isArray(value) || value.length > MAX_FAVOURITES) return [];
  const ids = value.map(parseId);
  if (ids.some((id) => id === null)) return [];
  return [...new Set(ids as number[])];
}

/** The Set-Cookie value holding `ids`. */
export function favouritesCookie(ids: number[]): Promise<string> {
  return cookie.serialize(ids);
}

/** At sign-in: the cookie's favourites join the account's; the Set-Cookie that clears the cookie, or null when there was none. */
export async function mergeFavouritesAtSignIn(request: Request, userId: number): Promise<string | null> {
  if (!request.headers.get("Cookie")?.includes("favoritos=")) return null;
  mergeFavourites(userId, await cookieFavouriteIds(request));
  return cookie.serialize([], { maxAge: 0 });
}
