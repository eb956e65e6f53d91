/**
 * The site's mail as this server's settings make it: services/mail.server.ts with SMTP_URL, MAIL_FROM,
 * DKIM_* and DATA_DIR/outbox (ADR 007: the service takes the values, the model reads the settings).
 * Every aggregate that writes to people sends through here.
 */
import path from "node:path";
import { getEnv } from "~/env.server";
import { createMailer, type MailMessage, type Mailer } from "~/services/mail.server";

let mailer: Mailer | undefined;

/** Where a message goes when SMTP_URL is unset: an .eml file each. */
export function outboxDir() {
  return path.join(getEnv().DATA_DIR, "outbox");
}

/** Sends (or files) one message; counted in the metrics as sent or failed, whoever called. */
export function sendMail(message: MailMessage) {
  if (!mailer) {
    const env = getEnv();
    mailer = createMailer({ from: env.MAIL_FROM, smtpUrl: env.SMTP_URL, dkim: env.dkim, outboxDir: outboxDir(), logLinks: !env.isDeployment });
  }
  return mailer.sendMail(message);
}
