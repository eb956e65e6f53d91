/**
 * The report's words stay whole: react-pdf's default hyphenation split the half-page tables' heading
 * into "Pagamen-tos". The PDF is rendered for real and read back with poppler's pdftotext (installed
 * by scripts/ensure-test-tools.mjs), the way tests/integration/admin-report.test.ts reads it.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { keepWordsWhole, renderReportPdf, type ReportPdfInput } from "./report.server";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "relatorio-palavras-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const input: ReportPdfInput = {
  title: "Relatório administrativo",
  generatedAt: "23/11/2026 14:05",
  period: "25/10/2026 a 23/11/2026",
  totals: [{ label: "Anúncios", value: "128" }],
  daily: [{ label: "23/11", ads: 4, revenueCents: 5_000 }],
  monthly: [{ label: "nov/2026", payments: 1_234, revenueCents: 123_456_700 }],
  byCategory: [{ name: "Eletrônicos e Celulares", total: 40, active: 31 }],
  byStatus: [{ label: "Aguardando Pagamento", count: 12, color: "#f59e0b" }],
  byMethod: [{ label: "Cartão de Crédito", payments: 1_234, amountCents: 123_456_700, color: "#2563eb" }],
};

/** The report as a file, its text as laid out, and the words of its tables' page with their boxes (in points). */
async function renderedReport(report: ReportPdfInput) {
  const file = path.join(work, `relatorio-${Date.now()}.pdf`);
  fs.writeFileSync(file, await renderReportPdf(report));
  const text = execFileSync("pdftotext", ["-layout", file, "-"]).toString("utf8");
  const boxes = execFileSync("pdftotext", ["-f", "3", "-l", "3", "-bbox", file, "-"]).toString("utf8");
  const words = [...boxes.matchAll(/<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g)].map((m) => ({
    word: m[3]!,
    left: Number(m[1]),
    right: Number(m[2]),
  }));
  return { lines: text.split("\n"), words };
}

// A4 with 36 pt margins; two columns 16 pt apart.
const PAGE_RIGHT = 595.28 - 36;
const LEFT_COLUMN_RIGHT = 36 + (595.28 - 72 - 16) / 2;

describe("the PDF report's words", () => {
  it("the hyphenation callback keeps words whole, and is the one react-pdf uses", async () => {
    expect(keepWordsWhole("Pagamentos")).toEqual(["Pagamentos"]);
    expect(keepWordsWhole("Configurações")).toEqual(["Configurações"]);
    await renderReportPdf(input);
    const { Font } = await import("@react-pdf/renderer");
    expect(Font.getHyphenationCallback()).toBe(keepWordsWhole);
  });

  it("the half-page tables' headings and totals fit their columns: 'Pagamentos', never 'Pagamen-'", async () => {
    const { lines, words } = await renderedReport(input);
    expect(lines.filter((line) => /Forma\s+Pagamentos\s+Valor/.test(line))).toHaveLength(1);
    expect(lines.filter((line) => /Mês\s+Pagamentos\s+Receita/.test(line))).toHaveLength(1);
    expect(lines.filter((line) => /Total\s+1234\s+R\$ 1\.234\.567,00/.test(line))).toHaveLength(1);
    expect(lines.filter((line) => /\p{L}-\s*$/u.test(line))).toEqual([]);
    // Nothing spills out of its column: a bold total in the millions ran past the table's border
    // when the label column took half of the width.
    expect(words.length).toBeGreaterThan(20);
    const spilled = words.filter(({ left, right }) => right > PAGE_RIGHT + 0.5 || (left < LEFT_COLUMN_RIGHT && right > LEFT_COLUMN_RIGHT + 0.5));
    expect(spilled).toEqual([]);
  });
});
