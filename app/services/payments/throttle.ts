/**
 * How the Asaas client paces its calls. Asaas allows 25 000 requests per account per 12 hours,
 * whatever the endpoint (and will not raise it for accounts that poll), at most 50 concurrent GETs,
 * and answers 429 with `RateLimit-Reset` (seconds) when we go over.
 *
 * Before each call the client asks `reserve(kind)`:
 * - during a back-off (after a 429) every call is refused, with the seconds left;
 * - a "read" (status polling, reconciliation, looking charges up) is refused once this minute has
 *   seen `readsPerMinute` calls of any kind (default 20 a minute = 14 400 per 12 h, leaving the
 *   rest of Asaas's 25 000 to charges; and far below 50 at once);
 * - a "write" (create, withdraw, refund, and every call made while creating a charge) is never
 *   refused by the budget — a payer paying must not wait on polling — but it is counted, so heavy
 *   paying leaves polling less room, never the reverse.
 * `backOff(untilMs)` records a 429's reset.
 *
 * The state must be shared by every worker process (models/payment/gateway-throttle.server.ts keeps
 * it in SQLite); `createMemoryThrottle` keeps it in one process (unit tests, and the default of a
 * client created without one). Both run the same pure `throttleStep`.
 */

/** A gateway call's kind for the budget above (not the sign-in and report throttles' `ThrottleKind`, models/account/throttle.server.ts). */
export type GatewayCallKind = "read" | "write";

export type ThrottleVerdict = { ok: true } | { ok: false; reason: "backoff" | "budget"; retryAfterSeconds: number };

export interface GatewayThrottle {
  /** May this call go now? An allowed call is counted. */
  reserve(kind: GatewayCallKind): ThrottleVerdict;
  /** The gateway answered 429: refuse every call until this instant (epoch ms). */
  backOff(untilMs: number): void;
}

export const DEFAULT_READS_PER_MINUTE = 20;
export const THROTTLE_WINDOW_MS = 60_000;

export type ThrottleState = { backoffUntilMs: number | null; windowStartMs: number; windowCalls: number };

const secondsUntil = (untilMs: number, nowMs: number) => Math.max(1, Math.ceil((untilMs - nowMs) / 1000));

/** One `reserve`: the verdict, and the state to store (null: nothing changed). */
export function throttleStep(
  state: ThrottleState | null,
  kind: GatewayCallKind,
  nowMs: number,
  readsPerMinute: number,
): { verdict: ThrottleVerdict; next: ThrottleState | null } {
  const backoffUntilMs = state?.backoffUntilMs ?? null;
  if (backoffUntilMs !== null && backoffUntilMs > nowMs) {
    return { verdict: { ok: false, reason: "backoff", retryAfterSeconds: secondsUntil(backoffUntilMs, nowMs) }, next: null };
  }
  // Windows are whole clock minutes, the same for every worker.
  const windowStartMs = nowMs - (nowMs % THROTTLE_WINDOW_MS);
  const windowCalls = state && state.windowStartMs === windowStartMs ? state.windowCalls : 0;
  if (kind === "read" && windowCalls >= readsPerMinute) {
    const retryAfterSeconds = secondsUntil(windowStartMs + THROTTLE_WINDOW_MS, nowMs);
    return { verdict: { ok: false, reason: "budget", retryAfterSeconds }, next: null };
  }
  return { verdict: { ok: true }, next: { backoffUntilMs, windowStartMs, windowCalls: windowCalls + 1 } };
}

/** The state after a 429 that asks us to wait until `untilMs` (a later back-off already recorded wins). */
export function backOffStep(state: ThrottleState | null, untilMs: number, nowMs: number): ThrottleState {
  const current = state ?? { backoffUntilMs: null, windowStartMs: nowMs - (nowMs % THROTTLE_WINDOW_MS), windowCalls: 0 };
  return { ...current, backoffUntilMs: Math.max(current.backoffUntilMs ?? 0, untilMs) };
}

export type ThrottleOptions = {
  readsPerMinute?: number;
  /** Epoch ms (tests pass a fixed clock). */
  now?: () => number;
};

/** A throttle for one process only. */
export function createMemoryThrottle(options: ThrottleOptions = {}): GatewayThrottle & { readonly state: ThrottleState | null } {
  const readsPerMinute = options.readsPerMinute ?? DEFAULT_READS_PER_MINUTE;
  const now = options.now ?? (() => Date.now());
  let state: ThrottleState | null = null;
  return {
    get state() {
      return state;
    },
    reserve(kind) {
      const { verdict, next } = throttleStep(state, kind, now(), readsPerMinute);
      if (next) state = next;
      return verdict;
    },
    backOff(untilMs) {
      state = backOffStep(state, untilMs, now());
    },
  };
}
