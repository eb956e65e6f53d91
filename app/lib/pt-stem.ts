/**
 * Search text in Portuguese: folding (case and accents) and a light stemmer, so an ad that says
 * "Cachorros" is found by "cachorro", "carros" by "carro" and "vendedora" by "vendedores".
 * Pure and shared: the search index (models/listing/search-index.server.ts) stems what it indexes and the
 * listing stems what people type, with the same functions. See docs/decisions/014-portuguese-search.md.
 *
 * The stemmer is deliberately light (in the spirit of Savoy's Portuguese light stemmer): it turns a
 * plural into its singular and drops the final vowel that marks gender ("cachorra" → "cachorr"),
 * nothing else — no verb endings, no diminutives — so unrelated words rarely meet ("carro" is not
 * "carreta", "mesa" is not "mês"). It works on folded text, because people type without accents:
 * "cães", "caes" and "CÃES" must give the same stem.
 */

/** Lower case without accents or cedilla: "Cães Ótimos Ç" → "caes otimos c". */
export function foldText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}+/gu, "").toLowerCase();
}

/** The words of a text, folded: letters and digits of any script ("iPhone 13, usado!" → iphone, 13, usado). */
export function searchWords(text: string): string[] {
  return foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Plurals that the rules below would get wrong and that people do search for. */
const IRREGULAR: Readonly<Record<string, string>> = {
  maes: "mae", // mães → mãe (the rule would give "mão")
  meses: "mes", // "3 meses de uso" (the rule would give "mese")
  gases: "gas",
};

const VOWEL = /[aeiou]/;

/**
 * The stem of one folded word (`foldText` first). Words of three letters or fewer, and anything with
 * a digit (models, years, "v10"), are left as they are, except a consonant + s ("tvs", "cds").
 */
export function stemWord(word: string): string {
  let w = word;
  if (/\d/.test(w)) return w;
  if (w.length <= 3) {
    return w.length === 3 && w.endsWith("s") && !VOWEL.test(w[1]!) ? w.slice(0, -1) : w;
  }
  const irregular = IRREGULAR[w];
  if (irregular) return irregular;

  // 1. Plural → singular.
  if (/(oes|aes)$/.test(w)) w = `${w.slice(0, -3)}ao`; // fogões → fogão, cães → cão
  else if (w.endsWith("aos")) w = w.slice(0, -1); // mãos → mão
  else if (w.length >= 5 && /[aeou]is$/.test(w)) w = `${w.slice(0, -2)}l`; // animais → animal, móveis → móvel, azuis → azul
  else if (w.length >= 5 && w.endsWith("is")) w = `${w.slice(0, -1)}l`; // infantis → infantil, fuzis → fuzil
  else if (w.endsWith("ns")) w = `${w.slice(0, -2)}m`; // garagens → garagem, jardins → jardim
  else if (w.length >= 5 && /[rz]es$/.test(w)) w = w.slice(0, -2); // motores → motor, luzes → luz
  else if (/[^aeiou]us$/.test(w) || w.endsWith("ss")) return w; // ônibus, vírus, bônus, express: singular
  else if (w.endsWith("s")) w = w.slice(0, -1); // carros → carro, bases → base, pneus → pneu

  // 2. Singulars in -el and -il share one stem with their -eis plurals: portátil/portáteis, móvel/móveis.
  if (w.length >= 5 && /[ei]l$/.test(w)) return `${w.slice(0, -2)}l`;

  // 3. The final vowel (gender, word class): cachorro/cachorra → cachorr, grande → grand. Not "-ão"
  //    (cão, fogão) and not in short words, where it would make "mesa" meet "mês".
  if (w.length >= 5 && /[aoe]$/.test(w) && !w.endsWith("ao")) w = w.slice(0, -1);
  return w;
}

/** The stems of a text's words, space-separated: what the index's `stems` column holds. */
export function stemText(text: string): string {
  return searchWords(text).map(stemWord).join(" ");
}

/**
 * Words that mean the same thing in an ad, as stems: searching one also finds the others. Short on
 * purpose — each group was asked for or is plainly the same object.
 */
const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ["cao", "cachorr"], // cães, cão ↔ cachorro(s)
  ["gato", "gata", "felin"],
  ["celular", "smartphon"],
  ["tv", "televisao", "televisor"],
  ["bike", "biciclet"],
  ["geladeir", "refrigerador"],
  ["notebook", "laptop"],
  ["apartament", "apto"],
  ["carr", "automovl"],
];

const SYNONYMS = new Map<string, readonly string[]>();
for (const group of SYNONYM_GROUPS) {
  for (const stem of group) SYNONYMS.set(stem, group.filter((other) => other !== stem));
}

/** The other stems that mean the same as `stem` (empty when none). */
export function synonymsOf(stem: string): readonly string[] {
  return SYNONYMS.get(stem) ?? [];
}
