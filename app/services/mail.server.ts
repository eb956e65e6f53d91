/**
 * The one mailer. SMTP (nodemailer) when an SMTP address is given; otherwise every message is written
 * as an .eml file in the outbox folder and, when asked (outside a deployment), its links are logged,
 * so e-mail flows work with no setup. It takes its settings as values (models/mail/mailer.server.ts
 * reads them: SMTP_URL, MAIL_FROM, DKIM_*, DATA_DIR/outbox). An SMTP failure is logged by its caller:
 * no line shows SMTP_URL's password (env-secrets.server.ts hides it in the process's whole output).
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { countMail } from "~/services/metrics-registry.server";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (the alerts' List-Unsubscribe); signed with the rest when DKIM is configured. */
  headers?: Record<string, string>;
};

/**
 * The headers a DKIM signature covers: nodemailer's default list (RFC 4871 §5.5) plus
 * List-Unsubscribe-Post, which RFC 8058 requires to be signed along with List-Unsubscribe.
 */
const DKIM_SIGNED_HEADERS =
  "From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:Content-Transfer-Encoding:Content-ID:" +
  "Content-Description:Resent-Date:Resent-From:Resent-Sender:Resent-To:Resent-Cc:Resent-Message-ID:In-Reply-To:References:" +
  "List-Id:List-Help:List-Unsubscribe:List-Unsubscribe-Post:List-Subscribe:List-Post:List-Owner:List-Archive";

export type MailSettings = {
  /** The From of every message. */
  from: string;
  /** smtp(s)://… of the relay; without it, messages go to `outboxDir`. */
  smtpUrl?: string;
  /** Signs every message (both paths: the .eml shows the signature the relay would receive). */
  dkim: { domainName: string; keySelector: string; privateKey: string } | null;
  /** Where messages are filed when there is no relay. */
  outboxDir: string;
  /** Log the links of a filed message (a local start, where the log is the developer's inbox). */
  logLinks: boolean;
};

export type Mailer = {
  /** Sends (or files) one message; counted in the metrics as sent or failed, whoever called. */
  sendMail(message: MailMessage): Promise<{ delivered: "smtp" } | { delivered: "outbox"; file: string }>;
};

export function createMailer(settings: MailSettings): Mailer {
  let smtp: Transporter | undefined;

  async function deliver(message: MailMessage) {
    const mail = {
      from: settings.from,
      ...message,
      ...(settings.dkim ? { dkim: { ...settings.dkim, headerFieldNames: DKIM_SIGNED_HEADERS } } : {}),
    };
    if (settings.smtpUrl) {
      smtp ??= nodemailer.createTransport(settings.smtpUrl);
      await smtp.sendMail(mail);
      return { delivered: "smtp" as const };
    }
    // Same MIME the SMTP path would send, as a file a mail client (or a test) can open.
    const built = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }).sendMail(mail);
    await fs.mkdir(settings.outboxDir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const file = path.join(settings.outboxDir, `${stamp}-${randomBytes(4).toString("hex")}.eml`);
    await fs.writeFile(file, built.message as Buffer, { mode: 0o600 });
    console.log(`[mail] SMTP_URL not set: "${message.subject}" to ${message.to} written to ${file}`);
    // A deployment's log is a journal others may read, and a reset link is a key to its account: the
    // .eml (0600) keeps it there.
    if (settings.logLinks) for (const link of message.text.match(/https?:\/\/\S+/g) ?? []) console.log(`[mail]   link: ${link}`);
    return { delivered: "outbox" as const, file };
  }

  return {
    async sendMail(message) {
      try {
        const result = await deliver(message);
        countMail("sent");
        return result;
      } catch (error) {
        countMail("failed");
        throw error;
      }
    },
  };
}
