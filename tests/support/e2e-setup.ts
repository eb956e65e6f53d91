/**
 * Playwright's global setup: the one Argon2 hash of the run. The accounts the tests sign in with are
 * written straight into the database (tests/support/e2e-session.ts) with this hash of E2E_PASSWORD, so a
 * test that signs in with the password later still can, and no test waits in the server's hash line
 * (64 MB, one at a time) just to have an account. The workers read it from the environment.
 */
import { hashPassword } from "../../app/models/account/password-hasher.server";

export const E2E_PASSWORD = "Senha@123";

export default async function hashE2ePassword() {
  process.env.E2E_PASSWORD_HASH ??= await hashPassword(E2E_PASSWORD);
}
