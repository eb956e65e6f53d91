/**
 * The settings that are secrets, and the one place that keeps them out of the journal: a start-up
 * refusal shows them by length (or a non-secret prefix), and every line a process writes to its
 * standard output or error — console.*, a library's own writes, an error's message and stack — has
 * each configured secret replaced by "[NAME hidden]" (env.server.ts turns this on as soon as the
 * settings are read). One place instead of a check at each of the ~50 sites that log an error: an
 * SMTP failure, for one, prints the connection string nodemailer was given.
 */
import { ASAAS_KEY_PREFIX } from "~/services/payments/asaas-environment.server";
import { smtpCredentialsOf, smtpUrlWithoutCredentials } from "~/services/smtp-url.server";

/** Settings whose whole value is a secret (SMTP_URL's password is handled on its own). */
export const SECRET_SETTINGS = [
  "SESSION_SECRET",
  "ADMIN_PASSWORD",
  "GOOGLE_CLIENT_SECRET",
  "GEMINI_API_KEY",
  "OPENAI_API_KEY",
  "ASAAS_API_KEY",
  "ASAAS_WEBHOOK_TOKEN",
  "S3_SECRET_ACCESS_KEY",
  "DKIM_PRIVATE_KEY",
  "METRICS_TOKEN",
] as const;

/**
 * Shorter values are not hidden in the output: replacing two or three common characters would garble
 * every line, and the settings that must be strong refuse values that short anyway.
 */
const MIN_HIDDEN_LENGTH = 6;

export type Secret = { name: string; value: string };

/** A value as a start-up refusal shows it: never a secret, so that the journal never holds one. */
export function shownValue(name: string, value: string | undefined): string {
  if (value === undefined) return "nothing";
  if (name === "SMTP_URL") return JSON.stringify(smtpUrlWithoutCredentials(value.trim()));
  // Its prefix says which Asaas environment issued the key: what a refusal about it needs.
  if (name === "ASAAS_API_KEY") return JSON.stringify(`${value.trim().slice(0, ASAAS_KEY_PREFIX.production.length)}…`);
  if ((SECRET_SETTINGS as readonly string[]).includes(name)) return `a secret of ${value.trim().length} characters`;
  return JSON.stringify(value);
}

/**
 * Every form in which the set secrets may reach the output: each value as set; SMTP_URL's password as
 * written, percent-decoded, and base64-encoded as SMTP's AUTH LOGIN and AUTH PLAIN send it (a relay's
 * error reply may quote the command); the DKIM key with its line breaks and with "\n" for them.
 */
export function secretsOf(settings: Partial<Record<string, unknown>>): Secret[] {
  const secrets: Secret[] = [];
  const add = (name: string, value: string) => {
    if (value.length >= MIN_HIDDEN_LENGTH && !secrets.some((secret) => secret.value === value)) secrets.push({ name, value });
  };
  for (const name of SECRET_SETTINGS) {
    const value = settings[name];
    if (typeof value !== "string") continue;
    add(name, value.trim());
    if (name === "DKIM_PRIVATE_KEY") {
      add(name, value.replace(/\n/g, "\\n"));
      // A PEM key's body lines, in case a library prints the key re-wrapped.
      for (const line of value.split(/\n|\\n/)) if (!line.startsWith("-----")) add(name, line.trim());
    }
  }
  const smtp = typeof settings.SMTP_URL === "string" ? smtpCredentialsOf(settings.SMTP_URL) : null;
  if (smtp) {
    const name = "SMTP_URL password";
    add(name, smtp.written);
    add(name, smtp.password);
    add(name, Buffer.from(smtp.password).toString("base64"));
    add(name, Buffer.from(`\u0000${smtp.user}\u0000${smtp.password}`).toString("base64"));
  }
  // Longest first: a secret that contains another is hidden whole.
  return secrets.sort((a, b) => b.value.length - a.value.length);
}

export function hideSecrets(text: string, secrets: readonly Secret[]): string {
  let hidden = text;
  for (const { name, value } of secrets) if (hidden.includes(value)) hidden = hidden.replaceAll(value, `[${name} hidden]`);
  return hidden;
}

type Writable = Pick<NodeJS.WriteStream, "write">;

const HIDING = Symbol.for("classificados.hiddenSecrets");
type Hiding = Writable & { [HIDING]?: { secrets: readonly Secret[] } };

/**
 * From now on, what this process writes to `streams` (its stdout and stderr) has `secrets` hidden. A
 * second call replaces the list instead of wrapping twice. A secret cut across two writes would pass;
 * console.* and Node write each message whole.
 */
export function hideSecretsInOutput(secrets: readonly Secret[], streams: Writable[] = [process.stdout, process.stderr]) {
  for (const stream of streams as Hiding[]) {
    const installed = stream[HIDING];
    if (installed) {
      installed.secrets = secrets;
      continue;
    }
    const state = { secrets };
    const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
    stream[HIDING] = state;
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (!state.secrets.length) return write(chunk, ...rest);
      const text = typeof chunk === "string" ? chunk : chunk instanceof Uint8Array ? Buffer.from(chunk).toString("utf8") : null;
      if (text === null) return write(chunk, ...rest);
      const hidden = hideSecrets(text, state.secrets);
      return hidden === text ? write(chunk, ...rest) : write(hidden, ...rest);
    }) as Writable["write"];
  }
}
