/**
 * The proof that a browser or API client has signed in to an account before: HMAC(SESSION_SECRET,
 * "device:" + user id + ":" + SHA-256 of the current password hash). It is handed out only to whoever
 * gave the right password (a sign-in, a reset link, a password change), and needs no table: it stops
 * matching the moment the password hash changes, so a password change or reset revokes every device's
 * proof at once, and the device that made the change is handed the new one. A device that holds it is
 * never slowed or refused by the account-wide limit for unknown devices (ADR 010, second amendment).
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { getEnv } from "~/env.server";

/** An account's proof while its password hash (`passwordHash`) stays the same. */
export function deviceProofFor(userId: number, passwordHash: string): string {
  const digest = createHash("sha256").update(passwordHash).digest("base64url");
  return createHmac("sha256", getEnv().SESSION_SECRET).update(`device:${userId}:${digest}`).digest("base64url");
}

/** Whether one of the proofs a request carries is this account's current one (compared in constant time); never for an account without a password. */
export function holdsDeviceProof(account: { id: number; password: string | null } | undefined, proofs: readonly string[]): boolean {
  if (!account?.password) return false;
  const wanted = Buffer.from(deviceProofFor(account.id, account.password));
  return proofs.some((proof) => {
    const given = Buffer.from(proof);
    return given.length === wanted.length && timingSafeEqual(given, wanted);
  });
}
