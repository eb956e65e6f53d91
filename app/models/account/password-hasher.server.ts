/**
 * This server's password hasher: services/password-hash.server.ts at the cost PASSWORD_HASH_COST names
 * (ADR 007: the service takes the value, the model reads the setting). Every hash and check of a
 * password goes through these two.
 */
import { getEnv } from "~/env.server";
import { createPasswordHasher, type LineTicket, type PasswordHasher } from "~/services/password-hash.server";

let hasher: PasswordHasher | undefined;

const passwordHasher = () => (hasher ??= createPasswordHasher(getEnv().PASSWORD_HASH_COST));

/** May throw PasswordHashBusyError when the line is full. `ticket` names the account it waits for (its turn in the line). */
export function hashPassword(password: string, ticket?: LineTicket) {
  return passwordHasher().hashPassword(password, ticket);
}

/** False for a wrong password or a malformed stored hash; may throw PasswordHashBusyError when the line is full. */
export function verifyPassword(hash: string | null, password: string, ticket?: LineTicket) {
  return passwordHasher().verifyPassword(hash, password, ticket);
}
