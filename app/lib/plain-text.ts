/**
 * Text people type or paste, made safe to write out (ADR 030). A title, a name or a search is one
 * line: a CR/LF in it would print fake lines ("Bcc: …") wherever it is written as plain text, the
 * alert e-mails first. A description keeps its line breaks, and nothing else invisible. Control
 * characters are replaced rather than refused: a pasted line end or tab is a slip, not worth a message.
 * Every schema of the models reads its free text through these, on the page, the API and the browser.
 */
import * as z from "zod/mini";

/** A run of spaces holding at least one control character (C0, DEL, C1) or a Unicode line/paragraph separator. */
const BREAK_RUN = /\s*[\p{Cc}\u2028\u2029][\s\p{Cc}]*/gu;
/** A line end in any convention: CRLF, CR, NEL, LS, PS. */
const LINE_END = /\r\n?|[\u0085\u2028\u2029]/g;
/** A control character other than the line feed (a tab, NUL, ESC…). */
const CONTROL_BUT_LF = /(?!\n)\p{Cc}/gu;

/** One line: each run of breaks and control characters becomes one space; trimmed. */
export function singleLine(text: string): string {
  return text.replace(BREAK_RUN, " ").trim();
}

/** Several lines: line ends become "\n", any other control character a space; trimmed. */
export function multiLine(text: string): string {
  return text.replace(LINE_END, "\n").replace(CONTROL_BUT_LF, " ").trim();
}

/** The zod check (zod/mini and classic alike) that makes a string field one line, trimmed: use it instead of z.trim(). */
export const oneLine = () => z.overwrite(singleLine);

/** The zod check that keeps a text's lines and drops its other control characters, trimmed: instead of z.trim(). */
export const keepLines = () => z.overwrite(multiLine);
