/**
 * The public search index `ads_search(words, stems)` (migration 0004, docs/decisions/014): what a buyer
 * can find an ad by — its title, category, subcategory, characteristic values and description — as
 * folded words (prefixes while typing) and as Portuguese stems (plural and gender variants).
 *
 * Stemming is JavaScript, so SQLite cannot fill the index by itself: triggers put the id of every ad
 * whose text changed (or whose category or subcategory was renamed) in `ads_search_queue`, from any
 * connection, and `syncSearchIndex` indexes the queue. The listing calls `ensureSearchIndex` before
 * every search, so results are never older than the last write, whoever wrote; the server also
 * indexes the queue at start-up. Indexing bumps the listing version (cached totals stay exact).
 */
import type Database from "better-sqlite3";
import { sqlite as appSqlite } from "~/db/client.server";
import { foldText, searchWords, stemWord, synonymsOf } from "~/lib/pt-stem";

type Statements = {
  pending: Database.Statement<[], number>;
  batch: Database.Statement<[number], QueueRow>;
  remove: Database.Statement<[number]>;
  insert: Database.Statement<[number, string, string]>;
  dequeue: Database.Statement<[number]>;
  bumpVersion: Database.Statement<[]>;
};

type QueueRow = {
  id: number;
  exists: number;
  title: string | null;
  description: string | null;
  characteristics: string | null;
  category: string | null;
  subcategory: string | null;
};

const statementsByConnection = new WeakMap<Database.Database, Statements>();

function statementsFor(connection: Database.Database): Statements {
  let statements = statementsByConnection.get(connection);
  if (!statements) {
    statements = {
      pending: connection.prepare<[], number>("SELECT EXISTS (SELECT 1 FROM ads_search_queue)").pluck(),
      batch: connection.prepare<[number], QueueRow>(
        `SELECT q.ad_id AS id, a.id IS NOT NULL AS "exists", a.title, a.description, a.characteristics,
                c.name AS category, s.name AS subcategory
         FROM ads_search_queue q
         LEFT JOIN ads a ON a.id = q.ad_id
         LEFT JOIN categories c ON c.id = a.category_id
         LEFT JOIN subcategories s ON s.id = a.subcategory_id
         ORDER BY q.ad_id LIMIT ?`,
      ),
      remove: connection.prepare<[number]>("DELETE FROM ads_search WHERE rowid = ?"),
      insert: connection.prepare<[number, string, string]>("INSERT INTO ads_search (rowid, words, stems) VALUES (?, ?, ?)"),
      dequeue: connection.prepare<[number]>("DELETE FROM ads_search_queue WHERE ad_id = ?"),
      bumpVersion: connection.prepare<[]>("UPDATE ads_listing_version SET version = version + 1 WHERE id = 1"),
    };
    statementsByConnection.set(connection, statements);
  }
  return statements;
}

/** Characteristic values worth finding an ad by: text, choices and numbers, not the yes/no flags. */
function characteristicWords(json: string | null): string[] {
  if (!json) return [];
  try {
    const values = JSON.parse(json) as Record<string, unknown>;
    return Object.values(values)
      .filter((value): value is string | number => typeof value === "string" || typeof value === "number")
      .map(String)
      .filter((value) => value !== "true" && value !== "false");
  } catch {
    return [];
  }
}

/** The two columns of an ad's index row. */
export function searchDocument(ad: {
  title: string;
  description: string;
  category?: string | null;
  subcategory?: string | null;
  characteristics?: string | null;
}): { words: string; stems: string } {
  const words = [ad.title, ad.category, ad.subcategory, ...characteristicWords(ad.characteristics ?? null), ad.description]
    .filter((part): part is string => Boolean(part && part.trim()))
    .join("\n");
  return { words, stems: searchWords(words).map(stemWord).join(" ") };
}

const BATCH = 2_000;

/**
 * Indexes every queued ad (removing the ones that no longer exist), in write transactions of
 * BATCH ads. Returns how many were processed. Safe to call from several processes at once.
 */
export function syncSearchIndex(connection: Database.Database = appSqlite): number {
  const statements = statementsFor(connection);
  let processed = 0;
  const step = connection.transaction(() => {
    const rows = statements.batch.all(BATCH);
    for (const row of rows) {
      statements.remove.run(row.id);
      if (row.exists) {
        const document = searchDocument({
          title: row.title ?? "",
          description: row.description ?? "",
          category: row.category,
          subcategory: row.subcategory,
          characteristics: row.characteristics,
        });
        statements.insert.run(row.id, document.words, document.stems);
      }
      statements.dequeue.run(row.id);
    }
    if (rows.length) statements.bumpVersion.run();
    return rows.length;
  });
  for (;;) {
    // IMMEDIATE: the queue is read under the write lock, so two workers never index the same ad twice.
    const count = step.immediate();
    processed += count;
    if (count < BATCH) return processed;
  }
}

/** Before a search: index whatever was written since the last one (a single indexed read when nothing was). */
export function ensureSearchIndex(connection: Database.Database = appSqlite) {
  if (statementsFor(connection).pending.get()) syncSearchIndex(connection);
}

const MAX_SEARCH_TERMS = 8;

/** One typed word: the stems it matches (its own and its synonyms') and the folded prefix it matches while typing. */
type SearchTerm = { stems: readonly string[]; prefix: string };

/** The words of what a person typed, as the index matches them (at most MAX_SEARCH_TERMS, repeats once). */
function searchTerms(search: string | undefined): SearchTerm[] {
  if (!search) return [];
  const words = [...new Set(searchWords(search.normalize("NFC")))].slice(0, MAX_SEARCH_TERMS);
  return words.map((word) => {
    const stem = stemWord(word);
    return { stems: [stem, ...synonymsOf(stem)], prefix: foldText(word) };
  });
}

/**
 * The FTS5 query for what a person typed: every word required; each word matches an ad whose text has
 * a word with the same stem (or a synonym's stem), or a word that starts with what was typed (so
 * "cach" finds "cachorro" while typing). Words are letters and digits only, quoted: nothing the person
 * typed is ever read as FTS5 syntax. null when there is no word (the search then does not filter).
 */
export function searchMatch(search: string | undefined): string | null {
  const groups = searchTerms(search).map(({ stems, prefix }) => `(${[...stems.map((s) => `stems:"${s}"`), `words:"${prefix}"*`].join(" OR ")})`);
  return groups.length ? groups.join(" AND ") : null;
}

/**
 * The parts of an ad its relevance is judged on (its description is where every other match is).
 * `family`: the names of every subcategory of the ad's category, so that 'carro' knows a pickup in
 * "Veículos" (whose family holds "Carros") from a house whose description mentions cars.
 */
export type RankedFields = { title: string; category: string | null; subcategory: string | null; family: string | null; characteristics: string | null };

/**
 * How well a word names an ad, 0 to 6: what the ad is — its title or subcategory
 * holds the word — 4, or 2 when only as the start of a longer word ('casa' in "Casal de calopsitas":
 * the prefix is for a word still being typed); plus its category — the category's name, or the name
 * of one of its subcategories — 2, or 1 as a prefix. So 'celular' puts the phones (subcategory and
 * category) before the repair shop (title only) and that before a PS5 (category only), and 'carro'
 * puts every vehicle before a house with 'carros' in its description.
 */
const WHAT_IT_IS = 4;
const ITS_CATEGORY = 2;

/**
 * The relevance of a found ad to a search ("Mais relevantes"), higher first; views then id break ties.
 * Each typed word scores in the heading (title, subcategory, category, see WHAT_IT_IS) and, only when
 * the heading does not hold it, in the characteristic values (1); a word only in the description,
 * where it must then be since the index found the ad, scores 0. rank = the heading scores' sum ×
 * (MAX_SEARCH_TERMS + 1) + the characteristics' count, so any heading score outweighs any number
 * of words in the characteristics. A word holds in a part the way it matches the index (same stem or
 * synonym, or the word as a prefix — the prefix scoring half).
 *
 * Against stuffing: a part either holds a word or not — writing "carro carro carro" in the title, or
 * the word a hundred times in the description, earns nothing over writing it once, so such an ad is
 * ranked with the honest ones of its group and only its views put it ahead. Returns a function that
 * remembers the stems it works out: a search ranks thousands of ads with the same few words.
 */
export function searchRanker(search: string | undefined): (ad: RankedFields) => number {
  const terms = searchTerms(search);
  const stems = new Map<string, string>();
  const stemOf = (word: string) => {
    let stem = stems.get(word);
    if (stem === undefined) stems.set(word, (stem = stemWord(word)));
    return stem;
  };
  /** 2 when a word of `words` has the term's stem (or a synonym's), 1 when one only starts with it, else 0. */
  const holds = (words: readonly string[], term: SearchTerm) => {
    let found = 0;
    for (const word of words) {
      if (term.stems.includes(stemOf(word))) return 2;
      if (word.startsWith(term.prefix)) found = 1;
    }
    return found;
  };
  // A search's ads share a few dozen category, subcategory and family names: their words are worked out once.
  const names = new Map<string, string[]>();
  const wordsOf = (name: string | null) => {
    if (!name) return [];
    let words = names.get(name);
    if (!words) names.set(name, (words = searchWords(name)));
    return words;
  };
  return (ad) => {
    const title = searchWords(ad.title);
    let heading = 0;
    let characteristics = 0;
    let characteristicWordsOfAd: string[] | null = null;
    for (const term of terms) {
      const itIs = Math.max(holds(title, term), holds(wordsOf(ad.subcategory), term));
      const itsCategory = Math.max(holds(wordsOf(ad.category), term), holds(wordsOf(ad.family), term));
      // holds() is 2 for the whole word, 1 for a prefix: half the weight.
      const score = (itIs * WHAT_IT_IS + itsCategory * ITS_CATEGORY) / 2;
      if (score > 0) heading += score;
      else if (holds((characteristicWordsOfAd ??= searchWords(characteristicWords(ad.characteristics).join(" "))), term)) characteristics++;
    }
    return heading * (MAX_SEARCH_TERMS + 1) + characteristics;
  };
}
