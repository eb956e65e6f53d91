/**
 * Run by tests/integration/secrets-in-output.test.ts in a process of its own (`tsx`, with the settings
 * in its environment): loads the settings as every server process does (a refusal exits here, as
 * start-up would), then logs what a failing server logs — a mail that the SMTP relay refused, an error
 * quoting settings, the settings object itself, a library's direct write — so the test can read the
 * process's whole output.
 */
import { getEnv } from "~/env.server";
import { sendMail } from "~/models/mail/mailer.server";

/** A password reset token as the flow mails it: whoever reads it may set that account's password. */
const RESET_TOKEN = "reset-TOKEN-SEGREDO-0123456789";

const env = getEnv();
try {
  await sendMail({ to: "alguem@example.com", subject: "Redefinição de senha", text: `${env.publicOrigin}/reset-password?token=${RESET_TOKEN}` });
} catch (error) {
  console.error("[auth] could not send the password reset e-mail", error);
}
console.error(new Error(`a failure that quotes the settings: ${env.SESSION_SECRET} ${env.GEMINI_API_KEY} ${env.SMTP_URL}`));
console.log("[settings]", env);
process.stderr.write(`[library] ${env.S3_SECRET_ACCESS_KEY} ${env.METRICS_TOKEN}\n`);
process.stdout.write(Buffer.from(`[library] ${env.OPENAI_API_KEY} ${env.DKIM_PRIVATE_KEY}\n`));
