/**
 * The messages' numbers the browser needs (the forms' lengths, the polling's intervals), without schemas:
 * the ad page's form and the header's badge import this alone, so zod stays out of every page's scripts
 * (ADR 029). message.ts builds the schemas on them and re-exports them.
 */
/** A message's length, in characters: one line like "Ainda está disponível?" up to a careful question. */
export const MESSAGE_MAX = 1000;

/** A report's reason, in characters. */
export const CONVERSATION_REPORT_MAX = 500;

/** How often an open conversation asks for new messages, with JavaScript (ADR 040). */
export const POLL_VISIBLE_MS = 4000;
/** How often the header's unread count asks, with JavaScript (ADR 040). */
export const UNREAD_POLL_MS = 10_000;
/** …and the longest wait while the tab is hidden (the wait doubles up to this). */
export const POLL_HIDDEN_MAX_MS = 60_000;

/** Days a conversation outlives its ad (the privacy policy says so; retention.server.ts deletes it then). */
export const REMOVED_AD_CONVERSATION_DAYS = 90;
