/**
 * The admin's numbers and the PDF report (spec 02 §7 GET /api/stats, GET /api/export/pdf-print):
 * days and months are São Paulo ones; the PDF is a real file — poppler draws its first page
 * (`pdftoppm`, installed by scripts/ensure-test-tools.mjs) and reads its text back (`pdftotext`) — and
 * @react-pdf/renderer is only imported when a report is made.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { ads, categories, cities, payments } from "~/db/schema";
import { addDaysToKey, expirationInstantFromKey, formatDateKeyBR, startOfDayInstant, todayKey } from "~/lib/dates";
import { formatBRL } from "~/lib/money";
import { getAdminReport, getAdminTotals } from "~/models/statistics/stats.server";
import { loader as exportPdf } from "~/routes/api.export.pdf-print";
import { renderReportPdf } from "~/services/pdf/report.server";
import { api, asAdmin, asUser, type Caller } from "../support/admin";
import { callRoute } from "../support/route";

// The real renderer, watched: one test makes it fail to see the JSON error.
vi.mock("~/services/pdf/report.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/services/pdf/report.server")>();
  return { ...actual, renderReportPdf: vi.fn(actual.renderReportPdf) };
});

let admin: Caller;
let owner: Caller;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "relatorio-"));

beforeAll(async () => {
  admin = await asAdmin();
  owner = await asUser();
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

function insertAd(createdAt: Date, status: (typeof ads.$inferInsert)["status"] = "active", categoryName = "Casa e Móveis") {
  const city = db.select().from(cities).where(eq(cities.name, "Coromandel")).get()!;
  const category = db.select().from(categories).where(eq(categories.name, categoryName)).get()!;
  return db
    .insert(ads)
    .values({
      title: "Vender - Relatório",
      description: "Anúncio do teste do relatório.",
      categoryId: category.id,
      userId: owner.id,
      status,
      expirationDate: expirationInstantFromKey(addDaysToKey(todayKey(), 20)),
      city: city.name,
      idCity: city.id,
      state: city.state,
      createdAt,
      updatedAt: createdAt,
    })
    .returning()
    .get();
}

function insertPayment(adId: number, amountCents: number, confirmedDate: Date, method: "PIX" | "CREDIT_CARD" = "PIX", status: "confirmed" | "received" | "refunded" = "confirmed") {
  db.insert(payments).values({ adId, userId: owner.id, amountCents, paymentMethod: method, status, confirmedDate, createdAt: confirmedDate, updatedAt: confirmedDate }).run();
}

describe("the admin's numbers", () => {
  it("counts ads and revenue on São Paulo days, and paid payments by method and month", () => {
    const now = new Date();
    const today = todayKey(now);
    const yesterday = addDaysToKey(today, -1);
    const before = getAdminReport(now);
    const dayOf = (report: ReturnType<typeof getAdminReport>, key: string) => report.daily.find((d) => d.day === key)!;

    // 23:30 in São Paulo yesterday is already today in UTC: it belongs to yesterday.
    const lateYesterday = new Date(startOfDayInstant(today).getTime() - 30 * 60_000);
    const earlyToday = new Date(startOfDayInstant(today).getTime() + 60_000);
    const a = insertAd(lateYesterday);
    const b = insertAd(earlyToday, "pending");
    insertPayment(a.id, 1250, lateYesterday, "PIX");
    insertPayment(b.id, 700, earlyToday, "CREDIT_CARD", "received");
    insertPayment(b.id, 999_00, earlyToday, "CREDIT_CARD", "refunded"); // money went back: not revenue

    const after = getAdminReport(now);
    expect(after.daily).toHaveLength(30);
    expect(after.daily.at(-1)?.day).toBe(today);
    expect(dayOf(after, yesterday).ads - dayOf(before, yesterday).ads).toBe(1);
    expect(dayOf(after, today).ads - dayOf(before, today).ads).toBe(1);
    expect(dayOf(after, yesterday).revenueCents - dayOf(before, yesterday).revenueCents).toBe(1250);
    expect(dayOf(after, today).revenueCents - dayOf(before, today).revenueCents).toBe(700);
    expect(after.totals.revenueCents - before.totals.revenueCents).toBe(1950);
    expect(after.totals.paidPayments - before.totals.paidPayments).toBe(2);
    const method = (report: typeof after, m: string) => report.byMethod.find((row) => row.method === m)!;
    expect(method(after, "PIX").amountCents - method(before, "PIX").amountCents).toBe(1250);
    expect(method(after, "CREDIT_CARD").payments - method(before, "CREDIT_CARD").payments).toBe(1);
    expect(after.monthly).toHaveLength(12);
    expect(after.monthly.at(-1)?.month).toBe(today.slice(0, 7));
    expect(after.byStatus.map((s) => s.status)).toEqual(["active", "paused", "pending_payment", "expired", "rejected", "pending", "sold"]);
    const status = (report: typeof after, s: string) => report.byStatus.find((row) => row.status === s)!.count;
    expect(status(after, "pending") - status(before, "pending")).toBe(1);
    const category = (report: typeof after) => report.byCategory.find((row) => row.name === "Casa e Móveis")!;
    expect(category(after).total - category(before).total).toBe(2);
    expect(category(after).active - category(before).active).toBe(1);
    expect(after.byStatus.reduce((sum, s) => sum + s.count, 0)).toBe(after.totals.totalAds);
  });
});

describe("GET /api/export/pdf-print", () => {
  it("only imports @react-pdf/renderer when a report is made", () => {
    const source = fs.readFileSync(path.resolve("app/services/pdf/report.server.tsx"), "utf8");
    const staticImports = [...source.matchAll(/^import\s+(?!type\b)[^;]*from\s+"@react-pdf\/renderer"/gm)];
    expect(staticImports).toEqual([]);
    expect(source).toContain('import("@react-pdf/renderer")');
  });

  it("answers a dated PDF attachment whose first page draws and whose text holds the totals", async () => {
    const response = await callRoute(exportPdf, "/api/export/pdf-print", api("GET", undefined, admin));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="relatorio-${todayKey()}.pdf"`);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const file = path.join(work, "relatorio.pdf");
    fs.writeFileSync(file, bytes);

    // The first page as a PNG: a real drawing, not an empty page.
    execFileSync("pdftoppm", ["-png", "-r", "60", "-f", "1", "-l", "1", file, path.join(work, "pagina")]);
    const png = fs.readdirSync(work).find((name) => name.startsWith("pagina") && name.endsWith(".png"));
    expect(png).toBeDefined();
    const image = fs.readFileSync(path.join(work, png!));
    expect(image.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect(image.byteLength).toBeGreaterThan(8_000);
    expect(image.readUInt32BE(16)).toBeGreaterThan(400); // width at 60 dpi of an A4 page: 496 px

    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    const totals = getAdminTotals();
    const report = getAdminReport();
    expect(text).toContain("Relatório administrativo");
    expect(text).toMatch(/Gerado em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \(horário de Brasília\)/);
    expect(text).toContain(formatDateKeyBR(todayKey()));
    for (const [label, value] of [
      ["Total de anúncios", totals.totalAds],
      ["Anúncios ativos", totals.activeAds],
      ["Aguardando moderação", totals.pendingAds],
      ["Usuários", totals.totalUsers],
    ] as const) {
      expect(text).toContain(label);
      expect(text).toContain(value.toLocaleString("pt-BR"));
    }
    expect(text).toContain("Anúncios criados por dia");
    expect(text).toContain("Receita por mês");
    expect(text).toContain("Anúncios por categoria");
    expect(text).toContain("Casa e Móveis");
    expect(text.replace(/\u00a0/g, " ")).toContain(formatBRL(report.totals.revenueCents).replace(/\u00a0/g, " "));
    expect(text).toMatch(/Página 1 de 3/);
  }, 30_000);

  it("answers JSON {message} when the report cannot be made", async () => {
    vi.mocked(renderReportPdf).mockRejectedValueOnce(new Error("boom"));
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await callRoute(exportPdf, "/api/export/pdf-print", api("GET", undefined, admin));
    spy.mockRestore();
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: "Erro ao gerar PDF" });
  });
});
