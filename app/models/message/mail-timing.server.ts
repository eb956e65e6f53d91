/**
 * When a "mensagem esperando" e-mail may go (issue #37, item 3; waiting-mail.server.ts sends them): 5
 * minutes after the message, at most one per conversation an hour. Its own module because the place
 * that stores messages (conversations.server.ts) wakes the 'message-mails' job, and the e-mails' module
 * reads conversations.server.ts.
 */
import { wakeJob } from "~/services/job-wake-up.mjs";

/** The job that sends them (server/jobs.ts). */
export const MESSAGE_MAILS_JOB = "message-mails";
/** How long a message waits unread before its receiver is e-mailed. */
export const MESSAGE_MAIL_WAIT_MS = 5 * 60_000;
/** At most one e-mail per conversation in this long. */
export const MESSAGE_MAIL_EVERY_MS = 60 * 60_000;

/** When the e-mail about a message waiting since `since` may go: its wait over, and an hour after the conversation's last e-mail. */
export function messageMailDueAt(since: Date, emailedAt: Date | null): Date {
  return new Date(Math.max(since.getTime() + MESSAGE_MAIL_WAIT_MS, emailedAt ? emailedAt.getTime() + MESSAGE_MAIL_EVERY_MS : 0));
}

/**
 * A message was stored at `sentAt`: the job, which may be asleep for up to an hour when nothing was
 * due, runs by the message's 5 minutes (ADR 005). The pass decides whether an e-mail goes; a stored
 * message whose transaction then failed costs one pass that finds nothing.
 */
export function wakeMessageMails(sentAt: Date) {
  wakeJob(MESSAGE_MAILS_JOB, new Date(sentAt.getTime() + MESSAGE_MAIL_WAIT_MS));
}
