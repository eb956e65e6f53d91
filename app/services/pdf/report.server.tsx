/**
 * The admin's PDF report drawn with @react-pdf/renderer: a header with the generation time, the
 * totals, the charts as react-pdf SVG primitives, and the tables (ads by status and by category,
 * revenue by month, payments by method). It takes plain, already formatted values and knows nothing
 * of the models.
 *
 * The library costs about half a second to import, so it is imported here, on the first report, and
 * never at start-up: only `import type` reaches the top of this module (the server bundle keeps the
 * dynamic import as is, since node_modules stay external).
 */
import type * as ReactPdf from "@react-pdf/renderer";
import type { ReactNode } from "react";
import { barLength, CHART_COLORS, columnBars, compactNumber, labelStep, niceAxis, showsLabel } from "~/lib/charts";
import { formatBRL } from "~/lib/money";

export type ReportPdfInput = {
  title: string;
  /** "23/11/2026 14:05" in São Paulo. */
  generatedAt: string;
  /** "25/10/2026 a 23/11/2026". */
  period: string;
  totals: { label: string; value: string }[];
  daily: { label: string; ads: number; revenueCents: number }[];
  monthly: { label: string; payments: number; revenueCents: number }[];
  byCategory: { name: string; total: number; active: number }[];
  byStatus: { label: string; count: number; color: string }[];
  byMethod: { label: string; payments: number; amountCents: number; color: string }[];
};

type Pdf = typeof ReactPdf;

let loading: Promise<Pdf> | undefined;

/**
 * What react-pdf calls to split a word across lines. Its default hyphenates Portuguese as English
 * would and split a narrow column's heading ("Pagamen-tos"): a word stays whole, and the columns are
 * sized for their headings.
 */
export function keepWordsWhole(word: string): string[] {
  return [word];
}

/** The library, imported once per process on first use. */
function loadReactPdf(): Promise<Pdf> {
  loading ??= import("@react-pdf/renderer").then(
    (pdf) => {
      pdf.Font.registerHyphenationCallback(keepWordsWhole);
      return pdf;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

export async function renderReportPdf(input: ReportPdfInput): Promise<Buffer> {
  const pdf = await loadReactPdf();
  return pdf.renderToBuffer(<ReportDocument pdf={pdf} input={input} />);
}

const PAGE_WIDTH = 595.28 - 2 * 36;
const COLUMN_GAP = 16;
const COLUMN_WIDTH = (PAGE_WIDTH - COLUMN_GAP) / 2;
const styles = {
  page: { paddingTop: 36, paddingBottom: 48, paddingHorizontal: 36, fontSize: 10, color: CHART_COLORS.text, fontFamily: "Helvetica" },
  header: { borderBottomWidth: 2, borderBottomColor: CHART_COLORS.primary, paddingBottom: 8, marginBottom: 14 },
  brand: { fontSize: 9, color: CHART_COLORS.primary, fontFamily: "Helvetica-Bold", textTransform: "uppercase" as const, letterSpacing: 1 },
  title: { fontSize: 18, fontFamily: "Helvetica-Bold", marginTop: 2 },
  meta: { fontSize: 9, color: CHART_COLORS.axis, marginTop: 4 },
  h2: { fontSize: 12, fontFamily: "Helvetica-Bold", marginTop: 14, marginBottom: 6 },
  cards: { flexDirection: "row" as const, flexWrap: "wrap" as const, marginHorizontal: -4 },
  card: { width: "25%", padding: 4 },
  cardInner: { borderWidth: 1, borderColor: CHART_COLORS.grid, borderRadius: 4, padding: 8 },
  cardLabel: { fontSize: 8, color: CHART_COLORS.axis },
  cardValue: { fontSize: 14, fontFamily: "Helvetica-Bold", marginTop: 2 },
  table: { borderWidth: 1, borderColor: CHART_COLORS.grid, borderRadius: 2 },
  row: { flexDirection: "row" as const, borderBottomWidth: 1, borderBottomColor: CHART_COLORS.grid },
  headRow: { flexDirection: "row" as const, backgroundColor: "#f1f5f9", borderBottomWidth: 1, borderBottomColor: CHART_COLORS.grid },
  // Equal columns: in a half-page table a number column then holds "Pagamentos" and "R$ 123.456,00"
  // in bold on one line (at 1 : 2 both overflowed their cell).
  cell: { flex: 1, paddingVertical: 4, paddingHorizontal: 6 },
  numCell: { flex: 1, paddingVertical: 4, paddingHorizontal: 6, textAlign: "right" as const },
  bold: { fontFamily: "Helvetica-Bold" },
  footer: { position: "absolute" as const, bottom: 20, left: 36, right: 36, fontSize: 8, color: CHART_COLORS.axis, flexDirection: "row" as const, justifyContent: "space-between" as const },
  twoCols: { flexDirection: "row" as const, gap: COLUMN_GAP },
  col: { flex: 1 },
};

function ReportDocument({ pdf, input }: { pdf: Pdf; input: ReportPdfInput }) {
  const { Document, Text, View } = pdf;
  const h2 = (title: string) => <Text style={styles.h2}>{title}</Text>;
  return (
    <Document title={`${input.title} — ${input.generatedAt}`} author="Classificados Patos" subject="Relatório administrativo" language="pt-BR">
      <ReportPage pdf={pdf}>
        <View style={styles.header}>
          <Text style={styles.brand}>Classificados Patos</Text>
          <Text style={styles.title}>{input.title}</Text>
          <Text style={styles.meta}>Gerado em {input.generatedAt} (horário de Brasília) · Período dos gráficos diários: {input.period}</Text>
        </View>

        {h2("Resumo")}
        <View style={styles.cards}>
          {input.totals.map((total) => (
            <View key={total.label} style={styles.card}>
              <View style={styles.cardInner}>
                <Text style={styles.cardLabel}>{total.label}</Text>
                <Text style={styles.cardValue}>{total.value}</Text>
              </View>
            </View>
          ))}
        </View>

        {h2("Anúncios criados por dia (últimos 30 dias)")}
        <ColumnChart pdf={pdf} points={input.daily.map((d) => ({ label: d.label, value: d.ads }))} color={CHART_COLORS.primary} integer />

        {h2("Receita por dia (últimos 30 dias)")}
        <ColumnChart pdf={pdf} points={input.daily.map((d) => ({ label: d.label, value: d.revenueCents / 100 }))} color={CHART_COLORS.revenue} money />
      </ReportPage>

      <ReportPage pdf={pdf}>
        <TwoColumns pdf={pdf}>
          <>
            {h2("Anúncios por status")}
            <BarList pdf={pdf} width={COLUMN_WIDTH} items={input.byStatus.map((s) => ({ label: s.label, value: s.count, text: String(s.count), color: s.color }))} />
          </>
          <>
            {h2("Pagamentos por forma")}
            <BarList
              pdf={pdf}
              width={COLUMN_WIDTH}
              items={input.byMethod.map((m) => ({ label: m.label, value: m.amountCents, text: `${formatMoney(m.amountCents)} (${m.payments})`, color: m.color }))}
            />
          </>
        </TwoColumns>

        {h2("Anúncios por categoria")}
        <BarList
          pdf={pdf}
          width={PAGE_WIDTH}
          items={input.byCategory.slice(0, 12).map((c) => ({ label: c.name, value: c.total, text: String(c.total), color: CHART_COLORS.primary }))}
        />

        {h2("Receita por mês")}
        <ColumnChart pdf={pdf} points={input.monthly.map((m) => ({ label: m.label, value: m.revenueCents / 100 }))} color={CHART_COLORS.revenue} money height={120} />
      </ReportPage>

      <ReportPage pdf={pdf}>
        <TwoColumns pdf={pdf}>
          <>
            {h2("Anúncios por status")}
            <Table
              pdf={pdf}
              head={["Status", "Anúncios"]}
              rows={input.byStatus.map((s) => [s.label, String(s.count)])}
              foot={["Total", String(input.byStatus.reduce((sum, s) => sum + s.count, 0))]}
            />
            {h2("Pagamentos por forma")}
            <Table
              pdf={pdf}
              head={["Forma", "Pagamentos", "Valor"]}
              rows={input.byMethod.map((m) => [m.label, String(m.payments), formatMoney(m.amountCents)])}
            />
          </>
          <>
            {h2("Receita por mês")}
            <Table
              pdf={pdf}
              head={["Mês", "Pagamentos", "Receita"]}
              rows={input.monthly.map((m) => [m.label, String(m.payments), formatMoney(m.revenueCents)])}
              foot={[
                "Total",
                String(input.monthly.reduce((sum, m) => sum + m.payments, 0)),
                formatMoney(input.monthly.reduce((sum, m) => sum + m.revenueCents, 0)),
              ]}
            />
          </>
        </TwoColumns>
        {h2("Anúncios por categoria")}
        <Table
          pdf={pdf}
          head={["Categoria", "Anúncios", "Ativos"]}
          rows={input.byCategory.map((c) => [c.name, String(c.total), String(c.active)])}
          foot={["Total", String(input.byCategory.reduce((sum, c) => sum + c.total, 0)), String(input.byCategory.reduce((sum, c) => sum + c.active, 0))]}
        />
      </ReportPage>
    </Document>
  );
}

/** An A4 page of the report with its running footer. */
function ReportPage({ pdf, children }: { pdf: Pdf; children: ReactNode }) {
  const { Page } = pdf;
  return (
    <Page size="A4" style={styles.page}>
      {children}
      <Footer pdf={pdf} />
    </Page>
  );
}

/** Two side-by-side columns, COLUMN_WIDTH each. */
function TwoColumns({ pdf, children: [left, right] }: { pdf: Pdf; children: [ReactNode, ReactNode] }) {
  const { View } = pdf;
  return (
    <View style={styles.twoCols}>
      <View style={styles.col}>{left}</View>
      <View style={styles.col}>{right}</View>
    </View>
  );
}

/** "R$ 1.234,56" (zero too: a report shows R$ 0,00 where the site says 'A combinar'). */
function formatMoney(cents: number) {
  return cents === 0 ? "R$ 0,00" : formatBRL(cents);
}

function Footer({ pdf }: { pdf: Pdf }) {
  const { Text, View } = pdf;
  return (
    <View style={styles.footer} fixed>
      <Text>Classificados Patos · Relatório administrativo</Text>
      <Text render={({ pageNumber, totalPages }) => `Página ${pageNumber} de ${totalPages}`} />
    </View>
  );
}

function Table({ pdf, head, rows, foot }: { pdf: Pdf; head: string[]; rows: string[][]; foot?: string[] }) {
  const { View } = pdf;
  return (
    <View style={styles.table}>
      <TableRow pdf={pdf} cells={head} strong />
      {rows.map((row, r) => (
        <TableRow key={`${row[0]}-${r}`} pdf={pdf} cells={row} />
      ))}
      {foot ? <TableRow pdf={pdf} cells={foot} strong /> : null}
    </View>
  );
}

/** A table row: the first cell is a label, the others numbers; the head and the totals are strong. */
function TableRow({ pdf, cells, strong = false }: { pdf: Pdf; cells: string[]; strong?: boolean }) {
  const { Text, View } = pdf;
  return (
    <View style={strong ? styles.headRow : styles.row} wrap={false}>
      {cells.map((cell, i) => (
        <Text key={i} style={[i === 0 ? styles.cell : styles.numCell, ...(strong ? [styles.bold] : [])]}>
          {cell}
        </Text>
      ))}
    </View>
  );
}

function ColumnChart({
  pdf,
  points,
  color,
  integer = false,
  money = false,
  height = 150,
}: {
  pdf: Pdf;
  points: { label: string; value: number }[];
  color: string;
  integer?: boolean;
  money?: boolean;
  height?: number;
}) {
  const { Svg, Rect, Line, Text, G } = pdf;
  const width = PAGE_WIDTH;
  const left = 48;
  const top = 8;
  const bottom = height - 18;
  const plot = { left, bottom, width: width - left - 4, height: bottom - top };
  const axis = niceAxis(Math.max(0, ...points.map((p) => p.value)), { integer });
  const bars = columnBars(
    points.map((p) => p.value),
    plot,
    axis.max,
  );
  const every = labelStep(points.length, 10);
  return (
    <Svg width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
      {axis.ticks.map((tick) => {
        const y = bottom - (tick / axis.max) * plot.height;
        return (
          <G key={tick}>
            <Line x1={left} y1={y} x2={width} y2={y} stroke={CHART_COLORS.grid} strokeWidth={0.75} />
            <Text x={left - 4} y={y + 3} textAnchor="end" style={{ fontSize: 7 }} fill={CHART_COLORS.axis}>
              {money ? `R$ ${compactNumber(tick)}` : compactNumber(tick)}
            </Text>
          </G>
        );
      })}
      {bars.map((bar, i) => (
        <Rect key={points[i]!.label} x={bar.x} y={bar.y} width={bar.width} height={bar.height} fill={color} />
      ))}
      <Line x1={left} y1={bottom} x2={width} y2={bottom} stroke={CHART_COLORS.axis} strokeWidth={1} />
      {points.map((point, i) =>
        showsLabel(i, points.length, every) ? (
          <Text key={point.label} x={bars[i]!.x + bars[i]!.width / 2} y={height - 6} textAnchor="middle" style={{ fontSize: 7 }} fill={CHART_COLORS.axis}>
            {point.label}
          </Text>
        ) : null,
      )}
    </Svg>
  );
}

function BarList({ pdf, items, width }: { pdf: Pdf; items: { label: string; value: number; text: string; color: string }[]; width: number }) {
  const { Svg, Rect, Text } = pdf;
  const rowHeight = 18;
  const labelWidth = Math.min(140, width * 0.38);
  const valueWidth = 70;
  const full = width - labelWidth - valueWidth - 8;
  const max = Math.max(0, ...items.map((item) => item.value));
  const height = Math.max(rowHeight, items.length * rowHeight);
  return (
    <Svg width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
      {items.map((item, i) => (
        <Rect key={`bg-${item.label}`} x={labelWidth} y={i * rowHeight + 4} width={full} height={rowHeight - 8} fill="#f1f5f9" />
      ))}
      {items.map((item, i) => {
        const y = i * rowHeight;
        const length = barLength(item.value, max, full);
        return <Rect key={`bar-${item.label}`} x={labelWidth} y={y + 4} width={length} height={rowHeight - 8} fill={item.color} />;
      })}
      {items.map((item, i) => (
        <Text key={`label-${item.label}`} x={0} y={i * rowHeight + 12} style={{ fontSize: 8 }} fill={CHART_COLORS.text}>
          {truncate(item.label, 26)}
        </Text>
      ))}
      {items.map((item, i) => (
        <Text key={`value-${item.label}`} x={width} y={i * rowHeight + 12} textAnchor="end" style={{ fontSize: 8 }} fill={CHART_COLORS.text}>
          {item.text}
        </Text>
      ))}
    </Svg>
  );
}

function truncate(text: string, max: number) {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
