/**
 * The one slug rule: the words of a text in lower case, accents removed, joined by hyphens
 * ("Bicicleta Caloi Aro 29 — ótima!" → "bicicleta-caloi-aro-29-otima"). Browser-safe (the ad's address
 * is built in cards and dialogs too).
 */

/** Long enough to read, short enough for a shared link; cut at a word boundary. */
const SLUG_MAX = 80;

export function slugify(text: string, max = SLUG_MAX): string {
  const slug = text
    .normalize("NFD")
    // The combining marks NFD split off the letters: "ã" is "a" + "~".
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (slug.length <= max) return slug;
  const cut = slug.slice(0, max + 1);
  const lastHyphen = cut.lastIndexOf("-");
  return (lastHyphen > 0 ? cut.slice(0, lastHyphen) : slug.slice(0, max)).replace(/-+$/, "");
}
