/**
 * The gateway throttle every worker process shares: one row per gateway in `gateway_throttle`
 * (back-off after a 429, and the current minute's call count). The rules are
 * services/payments/throttle.ts's; this module only keeps their state in SQLite, read and written in
 * one immediate transaction, so two workers reserving at the same instant cannot both take the
 * budget's last call.
 */
import { eq } from "drizzle-orm";
import { writeTransaction, type WriteTransaction } from "~/db/client.server";
import { gatewayThrottle } from "~/db/schema";
import {
  DEFAULT_READS_PER_MINUTE,
  backOffStep,
  throttleStep,
  type GatewayThrottle,
  type ThrottleOptions,
  type ThrottleState,
} from "~/services/payments/throttle";

export type SqliteThrottleOptions = ThrottleOptions & {
  /** The row's key: one budget per gateway account. */
  gateway?: string;
};

function load(tx: WriteTransaction, gateway: string): ThrottleState | null {
  const row = tx.select().from(gatewayThrottle).where(eq(gatewayThrottle.gateway, gateway)).get();
  if (!row) return null;
  return { backoffUntilMs: row.backoffUntil?.getTime() ?? null, windowStartMs: row.windowStart.getTime(), windowCalls: row.windowCalls };
}

function save(tx: WriteTransaction, gateway: string, state: ThrottleState) {
  const values = {
    backoffUntil: state.backoffUntilMs === null ? null : new Date(state.backoffUntilMs),
    windowStart: new Date(state.windowStartMs),
    windowCalls: state.windowCalls,
  };
  tx.insert(gatewayThrottle)
    .values({ gateway, ...values })
    .onConflictDoUpdate({ target: gatewayThrottle.gateway, set: values })
    .run();
}

export function createSqliteThrottle(options: SqliteThrottleOptions = {}): GatewayThrottle {
  const gateway = options.gateway ?? "asaas";
  const readsPerMinute = options.readsPerMinute ?? DEFAULT_READS_PER_MINUTE;
  const now = options.now ?? (() => Date.now());
  return {
    reserve(kind) {
      return writeTransaction((tx) => {
        const { verdict, next } = throttleStep(load(tx, gateway), kind, now(), readsPerMinute);
        if (next) save(tx, gateway, next);
        return verdict;
      });
    },
    backOff(untilMs) {
      writeTransaction((tx) => save(tx, gateway, backOffStep(load(tx, gateway), untilMs, now())));
    },
  };
}
