/**
 * "Excluir minha conta" (LGPD art. 18, elimination): confirmed by the account's password (or, for an
 * account that never had one, its e-mail typed again). The user, their sessions, wizard draft and
 * every ad go, photos included; the month's AI count stays under a keyed hash of the e-mail until the
 * month ends (so signing up again does not reset the quota: ai-usage.server.ts); the payments stay,
 * anonymised, because the tax rules keep them for 5 years (privacy policy §7): they are moved to the
 * internal "conta removida" user and placeholder ad (removal.server.ts) and lose the payer's name. The gateway keeps the invoice data it
 * is itself required to keep.
 */
import { eq } from "drizzle-orm";
import { db, writeTransaction } from "~/db/client.server";
import { ads, payments, users } from "~/db/schema";
import { verifyPassword } from "~/models/account/password-hasher.server";
import { PasswordHashBusyError } from "~/services/password-hash.server";
import { ACCOUNT_MESSAGES } from "~/models/account/profile";
import { SERVER_BUSY } from "~/models/account/sign-in.server";
import { normalizeEmail } from "~/models/account/users.server";
import { discardDraft } from "~/models/ad/draft.server";
import { archiveHolder, deleteStoredPhotos, removeAdsInTransaction } from "~/models/ad/removal.server";
import { sendQueuedWithdrawals } from "~/models/payment-outbox/withdrawal-queue.server";
import { eraseSentMessages } from "~/models/message/privacy.server";

/** Payment details that name the payer; dropped when the account goes. */
const PERSONAL_PAYMENT_KEYS = ["payerName", "payerEmail", "payerDocument", "cpfCnpj"];

export type AccountDeletionResult =
  | { ok: true }
  | { ok: false; status: 400 | 403 | 503; message: string; field?: "password" | "confirmEmail"; retryAfterSeconds?: number };

export async function deleteAccount(
  userId: number,
  input: { password?: string; confirmEmail?: string },
  now: Date = new Date(),
): Promise<AccountDeletionResult> {
  const user = db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) return { ok: true };
  if (user.isAdmin) return { ok: false, status: 403, message: ACCOUNT_MESSAGES.adminCannotDelete };
  if (user.password) {
    if (!input.password) return { ok: false, status: 400, message: ACCOUNT_MESSAGES.deletePasswordRequired, field: "password" };
    try {
      if (!(await verifyPassword(user.password, input.password))) {
        return { ok: false, status: 400, message: ACCOUNT_MESSAGES.deleteWrongPassword, field: "password" };
      }
    } catch (error) {
      if (error instanceof PasswordHashBusyError) return SERVER_BUSY;
      throw error;
    }
  } else {
    if (!input.confirmEmail?.trim()) return { ok: false, status: 400, message: ACCOUNT_MESSAGES.deleteEmailRequired, field: "confirmEmail" };
    if (normalizeEmail(input.confirmEmail) !== user.email) return { ok: false, status: 400, message: ACCOUNT_MESSAGES.deleteWrongEmail, field: "confirmEmail" };
  }

  await discardDraft(userId);
  const photos = writeTransaction((tx) => {
    const adIds = tx.select({ id: ads.id }).from(ads).where(eq(ads.userId, userId)).all().map((row) => row.id);
    const removed = removeAdsInTransaction(tx, adIds, now);
    const own = tx.select({ id: payments.id, metadata: payments.metadata }).from(payments).where(eq(payments.userId, userId)).all();
    if (own.length) {
      const holder = archiveHolder(tx);
      for (const payment of own) {
        const metadata = Object.fromEntries(Object.entries(payment.metadata ?? {}).filter(([key]) => !PERSONAL_PAYMENT_KEYS.includes(key)));
        tx.update(payments)
          .set({ userId: holder.userId, metadata: { ...metadata, accountRemovedAt: now.toISOString() }, updatedAt: now })
          .where(eq(payments.id, payment.id))
          .run();
      }
    }
    // Their messages go, except in a reported conversation (issue #37); the other side sees "Usuário removido".
    eraseSentMessages(tx, userId);
    // Sessions and the draft go with the user (ON DELETE CASCADE); the AI count loses its user_id (SET NULL).
    tx.delete(users).where(eq(users.id, userId)).run();
    return removed;
  });
  sendQueuedWithdrawals();
  await deleteStoredPhotos(photos);
  return { ok: true };
}
