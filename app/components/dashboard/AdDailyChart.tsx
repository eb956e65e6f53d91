/**
 * An ad's last 30 days on the dashboard: views and contacts per day as a small SVG drawn on the server
 * (two columns a day, no script), the totals in words, and every day's numbers as a table inside a
 * <details>, so the list stays short on a phone and a screen reader gets the numbers, not the picture.
 * The days a boost ran (ADR 037) are shaded behind their columns and named, so the seller sees what it brought.
 */
import { useId } from "react";
import { columnBars, niceAxis } from "~/lib/charts";
import { formatDateKeyBR } from "~/lib/dates";
import type { DayStats } from "~/models/ad/ad";

const VIEWS_COLOR = "#1d4ed8";
const CONTACTS_COLOR = "#047857";
const BOOSTED_COLOR = "#ede9fe";

function plural(n: number, one: string, many: string) {
  return `${n.toLocaleString("pt-BR")} ${n === 1 ? one : many}`;
}

export function AdDailyChart({ days, title }: { days: (DayStats & { boosted?: true })[]; title: string }) {
  const id = useId();
  const views = days.map((d) => d.views);
  const contacts = days.map((d) => d.contacts);
  const totalViews = views.reduce((a, b) => a + b, 0);
  const totalContacts = contacts.reduce((a, b) => a + b, 0);
  const boostedDays = days.filter((d) => d.boosted).length;
  const axis = niceAxis(Math.max(0, ...views, ...contacts), { integer: true, count: 2 });
  const width = days.length * 10;
  const area = { left: 0, bottom: 40, width, height: 40 };
  // Each day's slot holds the views column and, beside it, the contacts column.
  const viewBars = columnBars(views, area, axis.max, 0.5).map((bar) => ({ ...bar, x: bar.x - bar.width / 2 }));
  const contactBars = columnBars(contacts, area, axis.max, 0.5).map((bar) => ({ ...bar, x: bar.x + bar.width / 2 }));
  return (
    <div className="mt-2 text-left">
      <p id={`${id}-resumo`} className="text-xs text-slate-700">
        Últimos {days.length} dias: <span className="font-semibold" style={{ color: VIEWS_COLOR }}>{plural(totalViews, "visualização", "visualizações")}</span>
        {" · "}
        <span className="font-semibold" style={{ color: CONTACTS_COLOR }}>{plural(totalContacts, "contato", "contatos")}</span>
        {boostedDays ? <span className="font-semibold text-violet-800">{` · ${plural(boostedDays, "dia impulsionado", "dias impulsionados")}`}</span> : null}
      </p>
      <svg aria-hidden="true" className="mt-1 h-10 w-full max-w-xs" viewBox={`0 0 ${width} 40`} preserveAspectRatio="none">
        {days.map((day, i) => (day.boosted ? <rect key={`b${day.date}`} x={i * 10} y={0} width={10} height={40} fill={BOOSTED_COLOR} /> : null))}
        <line x1={0} x2={width} y1={40} y2={40} stroke="#94a3b8" strokeWidth={1} vectorEffect="non-scaling-stroke" />
        {viewBars.map((bar, i) => (
          <rect key={`v${days[i]!.date}`} x={bar.x} y={bar.y} width={bar.width} height={bar.height} fill={VIEWS_COLOR} />
        ))}
        {contactBars.map((bar, i) => (
          <rect key={`c${days[i]!.date}`} x={bar.x} y={bar.y} width={bar.width} height={bar.height} fill={CONTACTS_COLOR} />
        ))}
      </svg>
      <details className="text-xs">
        <summary className="inline-flex min-h-11 cursor-pointer items-center rounded font-semibold text-brand-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
          Ver os números por dia
        </summary>
        <div className="max-h-64 overflow-auto">
          <table className="w-full border-collapse text-left">
            <caption className="sr-only">{`Visualizações e contatos por dia: ${title}`}</caption>
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="px-2 py-1 font-semibold">Dia</th>
                <th scope="col" className="px-2 py-1 text-right font-semibold">Visualizações</th>
                <th scope="col" className="px-2 py-1 text-right font-semibold">Contatos</th>
              </tr>
            </thead>
            <tbody>
              {[...days].reverse().map((day) => (
                <tr key={day.date} className="border-b border-slate-100">
                  <th scope="row" className="px-2 py-1 font-normal">
                    {formatDateKeyBR(day.date)}
                    {day.boosted ? <span className="text-violet-800"> · impulsionado</span> : null}
                  </th>
                  <td className="px-2 py-1 text-right tabular-nums">{day.views}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{day.contacts}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
