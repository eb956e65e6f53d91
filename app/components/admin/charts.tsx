/**
 * The admin's charts, drawn as server-rendered SVG (no chart library, no script): columns for a
 * series over time, horizontal bars for a breakdown. The bars are SVG stretched to the box
 * (preserveAspectRatio="none", strokes that do not scale) and the words are HTML, so the text keeps its
 * size on a phone and on a desktop alike. Each chart has a summary for screen readers and its numbers
 * as a table in a <details>. Only the admin pages import this module.
 */
import { useId, type ReactNode } from "react";
import { barLength, CHART_COLORS, columnBars, compactNumber, labelStep, niceAxis, showsLabel } from "~/lib/charts";

export type Point = { label: string; value: number; /** The row's label in the table, when longer than the axis's ("05/11/2026"). */ fullLabel?: string };

function ChartFrame({ title, summary, children, table }: { title: string; summary: string; children: ReactNode; table: ReactNode }) {
  const id = useId();
  return (
    <figure aria-labelledby={`${id}-t`} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <figcaption>
        <h2 id={`${id}-t`} className="text-base font-bold text-slate-900">
          {title}
        </h2>
        <p className="mt-0.5 text-sm text-slate-600">{summary}</p>
      </figcaption>
      <div className="mt-4">{children}</div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer rounded font-semibold text-brand-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
          Ver os números
        </summary>
        <div className="mt-2 max-h-80 overflow-auto">{table}</div>
      </details>
    </figure>
  );
}

function NumbersTable({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <table className="w-full border-collapse text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-200">
          {head.map((cell, i) => (
            <th key={cell} scope="col" className={`px-2 py-1.5 font-semibold text-slate-700 ${i > 0 ? "text-right" : ""}`}>
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, r) => (
          <tr key={`${row[0]}-${r}`} className="border-b border-slate-100">
            {row.map((cell, i) =>
              i === 0 ? (
                <th key={i} scope="row" className="px-2 py-1.5 font-normal text-slate-800">
                  {cell}
                </th>
              ) : (
                <td key={i} className="px-2 py-1.5 text-right tabular-nums text-slate-800">
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Columns over time (ads or revenue per day or month). */
export function ColumnChart({
  title,
  summary,
  points,
  format,
  axisFormat = (n) => compactNumber(n),
  color = CHART_COLORS.primary,
  integer = false,
  valueHeading,
  labelHeading = "Dia",
}: {
  title: string;
  summary: string;
  points: Point[];
  format: (n: number) => string;
  axisFormat?: (n: number) => string;
  color?: string;
  integer?: boolean;
  valueHeading: string;
  labelHeading?: string;
}) {
  const axis = niceAxis(Math.max(0, ...points.map((p) => p.value)), { integer });
  const slot = 10;
  const width = Math.max(1, points.length * slot);
  const bars = columnBars(
    points.map((p) => p.value),
    { left: 0, bottom: 100, width, height: 100 },
    axis.max,
    0.3,
  );
  // About one label every 48 px on a 360 px phone: 6 labels, the last always shown.
  const every = labelStep(points.length, 6);
  return (
    <ChartFrame
      title={title}
      summary={summary}
      table={<NumbersTable caption={title} head={[labelHeading, valueHeading]} rows={points.map((p) => [p.fullLabel ?? p.label, format(p.value)])} />}
    >
      <div aria-hidden="true" className="flex">
        <div className="relative h-44 w-14 shrink-0 sm:h-52">
          {axis.ticks.map((tick) => (
            <span
              key={tick}
              className="absolute right-2 translate-y-1/2 text-[11px] tabular-nums leading-none text-slate-600"
              style={{ bottom: `${(tick / axis.max) * 100}%` }}
            >
              {axisFormat(tick)}
            </span>
          ))}
        </div>
        <div className="relative h-44 min-w-0 flex-1 sm:h-52">
          <svg className="absolute inset-0 h-full w-full overflow-visible" viewBox={`0 0 ${width} 100`} preserveAspectRatio="none">
            {axis.ticks.map((tick) => {
              const y = 100 - (tick / axis.max) * 100;
              return <line key={tick} x1={0} x2={width} y1={y} y2={y} stroke={tick === 0 ? CHART_COLORS.axis : CHART_COLORS.grid} strokeWidth={1} vectorEffect="non-scaling-stroke" />;
            })}
            {bars.map((bar, i) => (
              <rect key={points[i]!.label} x={bar.x} y={bar.y} width={bar.width} height={bar.height} fill={color} rx={0.8}>
                <title>{`${points[i]!.fullLabel ?? points[i]!.label}: ${format(points[i]!.value)}`}</title>
              </rect>
            ))}
          </svg>
        </div>
      </div>
      <div aria-hidden="true" className="relative ml-14 mt-1 h-4">
        {points.map((point, i) =>
          showsLabel(i, points.length, every) ? (
            <span
              key={point.label}
              className="absolute -translate-x-1/2 whitespace-nowrap text-[11px] leading-none text-slate-600"
              style={{ left: `${((i + 0.5) / points.length) * 100}%` }}
            >
              {point.label}
            </span>
          ) : null,
        )}
      </div>
    </ChartFrame>
  );
}

export type BarItem = { label: string; value: number; text: string; color?: string };

/** A breakdown as horizontal bars, largest first as given (categories, statuses, payment methods). */
export function BarChart({ title, summary, items, valueHeading, labelHeading, extraColumns }: { title: string; summary: string; items: BarItem[]; valueHeading: string; labelHeading: string; extraColumns?: { heading: string; values: (string | number)[] } }) {
  const max = Math.max(0, ...items.map((item) => item.value));
  const head = extraColumns ? [labelHeading, valueHeading, extraColumns.heading] : [labelHeading, valueHeading];
  const rows = items.map((item, i) => (extraColumns ? [item.label, item.text, extraColumns.values[i] ?? ""] : [item.label, item.text]));
  return (
    <ChartFrame title={title} summary={summary} table={<NumbersTable caption={title} head={head} rows={rows} />}>
      <ul aria-hidden="true" className="space-y-2.5">
        {items.map((item) => (
          <li key={item.label} className="grid grid-cols-[minmax(0,8.5rem)_minmax(0,1fr)_auto] items-center gap-2 text-sm sm:grid-cols-[minmax(0,11rem)_minmax(0,1fr)_auto]">
            <span className="truncate text-slate-700" title={item.label}>
              {item.label}
            </span>
            <svg className="h-3.5 w-full" viewBox="0 0 100 10" preserveAspectRatio="none">
              <rect x={0} y={0} width={100} height={10} fill="#f1f5f9" rx={1} />
              <rect x={0} y={0} width={barLength(item.value, max, 100, 0.8)} height={10} fill={item.color ?? CHART_COLORS.primary} rx={1} />
            </svg>
            <span className="whitespace-nowrap text-right tabular-nums font-semibold text-slate-900">{item.text}</span>
          </li>
        ))}
      </ul>
    </ChartFrame>
  );
}
