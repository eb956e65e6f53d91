/**
 * Session tokens and their stored form, with no database behind them: the sessions model uses them,
 * and so do the e2e tests, which write a signed-in session straight into the run's database.
 */
import { createHash, randomBytes } from "node:crypto";

const TOKEN_BYTES = 32;

export function generateToken() {
  return randomBytes(TOKEN_BYTES).toString("base64url");
}

/** The row id of a token: its SHA-256, so a copy of the database never yields a usable token. */
export function hashToken(token: string) {
  return createHash("sha256").update(token).digest("hex");
}
