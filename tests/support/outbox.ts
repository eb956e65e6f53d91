/**
 * The local mailer's outbox as tests read it: with no SMTP_URL every message is an .eml file in
 * DATA_DIR/outbox (app/services/mail.server.ts). nodemailer writes the body quoted-printable, so a
 * link or an accented word is only found once decoded; every test reads mail through here.
 */
import fs from "node:fs";
import path from "node:path";

export type OutboxMail = {
  /** The file as written. */
  raw: string;
  /** The header block, folded lines joined. */
  headers: string;
  /** The body, decoded to text. */
  body: string;
  /** The whole message decoded, headers included: for searching a link or a phrase anywhere in it. */
  text: string;
};

/** Soft line breaks and =XX escapes undone: each escaped byte becomes one character (bytes, not yet UTF-8). */
export function decodeQuotedPrintable(text: string) {
  return text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

const utf8 = (bytes: string) => Buffer.from(bytes, "latin1").toString("utf8");

export function decodeMail(raw: string): OutboxMail {
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  return {
    raw,
    headers: head.replace(/\r?\n[ \t]+/g, " "),
    body: utf8(decodeQuotedPrintable(rest.join("\n\n"))),
    text: utf8(decodeQuotedPrintable(raw)),
  };
}

/** One .eml file (e.g. the `file` sendMail answered). */
export function readMail(file: string): OutboxMail {
  return decodeMail(fs.readFileSync(file, "utf8"));
}

/** Every message in an outbox folder, oldest first (the file names start with the time). */
export function readOutbox(dir: string): OutboxMail[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .map((name) => readMail(path.join(dir, name)));
}

/** The first message that matches, waiting for a server in another process to write it. */
export async function waitForMail(dir: string, matches: (mail: OutboxMail) => boolean, timeoutMs = 5_000): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readOutbox(dir).find(matches);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no matching e-mail in ${dir} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
