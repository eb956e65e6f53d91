/**
 * The owner's own account (/conta): what it shows, the name and WhatsApp (users.phone) they may
 * change, and the password change — the current password is required (unless the account never had
 * one, e.g. Google sign-in) and every other session of the account ends.
 */
import { and, eq, notInArray } from "drizzle-orm";
import { db, writeTransaction } from "~/db/client.server";
import { sessions, users } from "~/db/schema";
import { formatWhatsapp } from "~/lib/whatsapp";
import { hashPassword, verifyPassword } from "~/models/account/password-hasher.server";
import { PasswordHashBusyError } from "~/services/password-hash.server";
import { ACCOUNT_MESSAGES } from "~/models/account/profile";
import { deviceProofFor } from "~/models/account/device-proof.server";
import { SERVER_BUSY } from "~/models/account/sign-in.server";
import { clientTokenFor, hashToken } from "~/models/session/session.server";

export type AccountProfile = {
  fullName: string;
  email: string;
  username: string;
  phone: string;
  isAdmin: boolean;
  hasPassword: boolean;
  provider: string;
  createdAt: string;
};

export function getAccountProfile(userId: number): AccountProfile | null {
  const row = db.select().from(users).where(eq(users.id, userId)).get();
  if (!row) return null;
  return {
    fullName: row.fullName ?? "",
    email: row.email,
    username: row.username,
    phone: row.phone ?? "",
    isAdmin: row.isAdmin,
    hasPassword: Boolean(row.password),
    provider: row.provider,
    createdAt: row.createdAt.toISOString(),
  };
}

export function updateProfile(userId: number, input: { fullName: string; phone: string }) {
  db.update(users)
    .set({ fullName: input.fullName.trim(), phone: input.phone ? formatWhatsapp(input.phone) : null })
    .where(eq(users.id, userId))
    .run();
}

export type PasswordChangeResult =
  | { ok: true; deviceProof: string }
  | { ok: false; status: 400 | 503; message: string; field?: "currentPassword"; retryAfterSeconds?: number };

/**
 * Sets a new password after checking the current one, then ends every session of the user but the
 * one making the request (`keepToken`, with its browser client-token twin). Every device's proof ends
 * with the old password; the new `deviceProof` is for the device that made the change, which stays known.
 */
export async function changePassword(
  userId: number,
  input: { currentPassword?: string; newPassword: string },
  keepToken: string | null,
): Promise<PasswordChangeResult> {
  const row = db.select({ password: users.password, email: users.email }).from(users).where(eq(users.id, userId)).get();
  if (!row) return { ok: false, status: 400, message: ACCOUNT_MESSAGES.wrongCurrentPassword, field: "currentPassword" };
  try {
    if (row.password) {
      if (!input.currentPassword) return { ok: false, status: 400, message: ACCOUNT_MESSAGES.currentPasswordRequired, field: "currentPassword" };
      if (!(await verifyPassword(row.password, input.currentPassword, { key: row.email }))) {
        return { ok: false, status: 400, message: ACCOUNT_MESSAGES.wrongCurrentPassword, field: "currentPassword" };
      }
    }
    const hash = await hashPassword(input.newPassword, { key: row.email });
    const keep = keepToken ? [hashToken(keepToken), hashToken(clientTokenFor(keepToken))] : [];
    writeTransaction((tx) => {
      tx.update(users).set({ password: hash, resetToken: null, resetTokenExpires: null }).where(eq(users.id, userId)).run();
      tx.delete(sessions)
        .where(keep.length ? and(eq(sessions.userId, userId), notInArray(sessions.id, keep)) : eq(sessions.userId, userId))
        .run();
    });
    return { ok: true, deviceProof: deviceProofFor(userId, hash) };
  } catch (error) {
    if (error instanceof PasswordHashBusyError) return SERVER_BUSY;
    throw error;
  }
}
