/**
 * A boosted ad as the browser sees it (ADR 037), browser-safe: the badge its card and page show, and
 * the field the lists add to a boosted card. Whether a boost runs is decided on the server
 * (boost.server.ts).
 */

/** The badge of a boosted ad on its card and its page. */
export const BOOSTED_BADGE = "Impulsionado";

/** Added to a card or an API item while its boost runs: the boost's end (ISO instant). */
export type BoostMark = { boostedUntil?: string };
