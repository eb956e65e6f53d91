/**
 * Chart arithmetic shared by the admin's SVG charts (components/admin/charts.tsx) and the PDF report
 * (services/pdf): a "nice" axis for a maximum, and bar geometry. Pure, no drawing.
 */

/**
 * An axis from 0 to a round number at or above `max`, with `count` + 1 evenly spaced round ticks.
 * `integer` (counts) keeps every tick a whole number.
 */
export function niceAxis(max: number, { count = 4, integer = false }: { count?: number; integer?: boolean } = {}): { max: number; ticks: number[] } {
  let step: number;
  if (!Number.isFinite(max) || max <= 0) {
    step = 1;
  } else {
    const rawStep = max / count;
    const magnitude = 10 ** Math.floor(Math.log10(rawStep));
    const multiples = integer && magnitude < 10 ? [1, 2, 5, 10] : [1, 2, 2.5, 5, 10];
    step = multiples.map((m) => m * magnitude).find((candidate) => candidate >= rawStep) ?? 10 * magnitude;
    if (integer) step = Math.max(1, Math.round(step));
  }
  const ticks = Array.from({ length: count + 1 }, (_, i) => round(i * step));
  return { max: ticks[ticks.length - 1]!, ticks };
}

function round(n: number) {
  return Math.round(n * 1e6) / 1e6;
}

export type Bar = { x: number; y: number; width: number; height: number };

/**
 * Vertical bars for `values` inside a plot area (x from `left`, width `width`, baseline at `bottom`,
 * `height` tall), against an axis maximum. The gap between bars is `gapRatio` of each slot.
 */
export function columnBars(values: number[], area: { left: number; bottom: number; width: number; height: number }, axisMax: number, gapRatio = 0.25): Bar[] {
  const slot = values.length ? area.width / values.length : 0;
  const barWidth = slot * (1 - gapRatio);
  return values.map((value, i) => {
    const h = axisMax > 0 ? (Math.max(0, value) / axisMax) * area.height : 0;
    return { x: area.left + i * slot + (slot - barWidth) / 2, y: area.bottom - h, width: barWidth, height: h };
  });
}

/** A bar's length for a horizontal bar chart (0 for a zero value, at least `min` for any other). */
export function barLength(value: number, max: number, full: number, min = 2): number {
  if (value <= 0 || max <= 0) return 0;
  return Math.max(min, (value / max) * full);
}

/** Which labels of a long axis to show so they do not collide: every `step`-th, always the last. */
export function labelStep(count: number, room: number): number {
  return Math.max(1, Math.ceil(count / Math.max(1, room)));
}

/** Whether the label at `index` shows: counted back from the last one (today, this month), every `step`-th. */
export function showsLabel(index: number, count: number, step: number): boolean {
  return (count - 1 - index) % step === 0;
}

/** 1234 → "1.234", 1234567 → "1,2 mi" (axis labels). */
export function compactNumber(n: number): string {
  if (Math.abs(n) >= 1_000_000) return `${(n / 1_000_000).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} mi`;
  if (Math.abs(n) >= 10_000) return `${(n / 1_000).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} mil`;
  return n.toLocaleString("pt-BR", { maximumFractionDigits: 2 });
}

/** Colours of the charts (one per series or status), readable on white. */
export const CHART_COLORS = {
  primary: "#1d4ed8",
  revenue: "#047857",
  grid: "#e2e8f0",
  axis: "#475569",
  text: "#0f172a",
} as const;

export const STATUS_COLORS: Readonly<Record<string, string>> = {
  active: "#047857",
  pending: "#b45309",
  pending_payment: "#1d4ed8",
  paused: "#64748b",
  expired: "#94a3b8",
  rejected: "#b91c1c",
  sold: "#6d28d9",
};

export const METHOD_COLORS: Readonly<Record<string, string>> = {
  PIX: "#0e7490",
  CREDIT_CARD: "#7c3aed",
};

/** The income by purpose (ADR 037): day fees, boosts, extensions. */
export const PURPOSE_COLORS: Readonly<Record<string, string>> = {
  ad: "#1d4ed8",
  boost: "#6d28d9",
  extend: "#0e7490",
};
