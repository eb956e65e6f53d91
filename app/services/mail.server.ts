/**
 * The one mailer. SMTP (nodemailer) when SMTP_URL is set; otherwise every message is written as an
 * .eml file under DATA_DIR/outbox/ and, outside a deployment, its links are logged, so e-mail flows
 * work with no setup. An SMTP failure is logged by its caller: no line shows SMTP_URL's password
 * (env-secrets.server.ts hides it in the process's whole output).
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { getEnv } from "~/env.server";
import { countMail } from "~/services/metrics-registry.server";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (the alerts' List-Unsubscribe); signed with the rest when DKIM is configured. */
  headers?: Record<string, string>;
};

let smtp: Transporter | undefined;

/**
 * The headers a DKIM signature covers: nodemailer's default list (RFC 4871 §5.5) plus
 * List-Unsubscribe-Post, which RFC 8058 requires to be signed along with List-Unsubscribe.
 */
const DKIM_SIGNED_HEADERS =
  "From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:Content-Transfer-Encoding:Content-ID:" +
  "Content-Description:Resent-Date:Resent-From:Resent-Sender:Resent-To:Resent-Cc:Resent-Message-ID:In-Reply-To:References:" +
  "List-Id:List-Help:List-Unsubscribe:List-Unsubscribe-Post:List-Subscribe:List-Post:List-Owner:List-Archive";

export function outboxDir() {
  return path.join(getEnv().DATA_DIR, "outbox");
}

/** Sends (or files) one message; counted in the metrics as sent or failed, whoever called. */
export async function sendMail(message: MailMessage) {
  try {
    const result = await deliver(message);
    countMail("sent");
    return result;
  } catch (error) {
    countMail("failed");
    throw error;
  }
}

async function deliver(message: MailMessage) {
  const env = getEnv();
  // Signed here when DKIM_* are set (both paths: the .eml shows the signature the relay would receive).
  const mail = { from: env.MAIL_FROM, ...message, ...(env.dkim ? { dkim: { ...env.dkim, headerFieldNames: DKIM_SIGNED_HEADERS } } : {}) };
  if (env.SMTP_URL) {
    smtp ??= nodemailer.createTransport(env.SMTP_URL);
    await smtp.sendMail(mail);
    return { delivered: "smtp" as const };
  }
  // Same MIME the SMTP path would send, as a file a mail client (or a test) can open.
  const built = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }).sendMail(mail);
  const dir = outboxDir();
  await fs.mkdir(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = path.join(dir, `${stamp}-${randomBytes(4).toString("hex")}.eml`);
  await fs.writeFile(file, built.message as Buffer, { mode: 0o600 });
  console.log(`[mail] SMTP_URL not set: "${message.subject}" to ${message.to} written to ${file}`);
  // The links are for a local start, where the log is the developer's inbox. A deployment's log is a
  // journal others may read, and a reset link is a key to its account: the .eml (0600) keeps it.
  if (!env.isDeployment) for (const link of message.text.match(/https?:\/\/\S+/g) ?? []) console.log(`[mail]   link: ${link}`);
  return { delivered: "outbox" as const, file };
}
