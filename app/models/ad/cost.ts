/**
 * What an ad costs (spec 02 §9): (days until expiration counting today − 1, never
 * below 0) × price per day. The "− 1" is the free first day: the creation day is
 * not charged. Days are São Paulo calendar days (see ./dates).
 */
import { addDaysToKey, daysBetweenKeys, todayKey } from "~/lib/dates";

/** Minimum duration shown to users ('* mínimo 3 dias'). */
export const MIN_AD_DAYS = 3;
/** New ads expire this many days after today unless the user picks another day. */
export const DEFAULT_AD_DAYS = 3;
/** Card payments below R$ 5,00 are refused; PIX has no minimum. */
export const CARD_MIN_CENTS = 500;

/**
 * Days charged for an ad that stays visible through `expirationKey`.
 * Today → 0, tomorrow → 1, in 3 days → 3, a past day → 0.
 */
export function chargedDays(expirationKey: string, now: Date = new Date()): number {
  return chargedDaysFrom(todayKey(now), expirationKey);
}

/** The same count from two São Paulo days (the browser gets "today" from the server, not its own clock). */
export function chargedDaysFrom(today: string, expirationKey: string): number {
  const daysCountingToday = daysBetweenKeys(today, expirationKey) + 1;
  return Math.max(0, daysCountingToday - 1);
}

export function adCostCents(expirationKey: string, pricePerDayCents: number, now: Date = new Date()): number {
  return chargedDays(expirationKey, now) * pricePerDayCents;
}

export function defaultExpirationKey(now: Date = new Date()): string {
  return addDaysToKey(todayKey(now), DEFAULT_AD_DAYS);
}

/** The earliest expiration day the date picker allows (today + 3). */
export function minExpirationKey(now: Date = new Date()): string {
  return addDaysToKey(todayKey(now), MIN_AD_DAYS);
}
