import { describe, it, expect } from "vitest";
import type { AdStatus } from "./ad";
import { AD_STATUS_LABELS, AD_STATUSES, adStatusLabel, effectiveStatus } from "./ad";
import { expirationInstantFromKey } from "~/lib/dates";

describe("effectiveStatus", () => {
  const expirationDate = expirationInstantFromKey("2026-11-25"); // 2026-11-26T03:00:00Z

  it("keeps the stored status before the expiration instant", () => {
    const before = new Date(expirationDate.getTime() - 1); // 25/11 23:59:59.999 in São Paulo
    expect(effectiveStatus({ status: "active", expirationDate }, before)).toBe("active");
    expect(effectiveStatus({ status: "paused", expirationDate }, before)).toBe("paused");
    expect(effectiveStatus({ status: "pending_payment", expirationDate }, before)).toBe("pending_payment");
  });

  it("is expired exactly at the expiration instant and after, whatever is stored", () => {
    const statuses: AdStatus[] = ["active", "paused", "pending_payment", "expired", "rejected", "pending"];
    for (const status of statuses) {
      expect(effectiveStatus({ status, expirationDate }, new Date(expirationDate.getTime()))).toBe("expired");
      expect(effectiveStatus({ status, expirationDate }, new Date("2027-01-01T00:00:00Z"))).toBe("expired");
    }
  });

  it("keeps a stored 'expired' even when the date is in the future", () => {
    expect(effectiveStatus({ status: "expired", expirationDate }, new Date("2026-11-22T12:00:00Z"))).toBe("expired");
  });
});

describe("AD_STATUS_LABELS labels", () => {
  it("has a pt-BR label for every status", () => {
    expect(Object.keys(AD_STATUS_LABELS).sort()).toEqual([...AD_STATUSES].sort());
    for (const label of Object.values(AD_STATUS_LABELS)) expect(label).toMatch(/^[A-ZÀ-Ú][\p{L} ]+$/u);
    // The spec's words for the statuses a seller meets most.
    expect([AD_STATUS_LABELS.active, AD_STATUS_LABELS.paused, AD_STATUS_LABELS.expired]).toEqual(["Ativo", "Pausado", "Expirado"]);
    expect(adStatusLabel("pending_payment")).toBe("Aguardando Pagamento");
  });
});
