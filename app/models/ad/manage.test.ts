import { describe, expect, it } from "vitest";
import { expirationInstantFromKey } from "~/lib/dates";
import type { AdStatus } from "./ad";
import {
  deleteRefusal,
  editConstraints,
  editRefusal,
  MANAGE_MESSAGES,
  notEditableMessage,
  ownerActions,
  photoChangeRefusal,
  statusChangeRefusal,
  type ManagedAdState,
} from "./manage";

const OWNER = { id: 1, isAdmin: false };
const OTHER = { id: 2, isAdmin: false };
const ADMIN = { id: 3, isAdmin: true };

// 10/03/2026 in São Paulo (UTC-3) runs from 03:00Z on the 10th to 03:00Z on the 11th.
const MIDNIGHT_10 = new Date("2026-03-10T03:00:00.000Z");
const ms = (date: Date, delta: number) => new Date(date.getTime() + delta);

function ad(status: AdStatus, { createdAt = new Date("2026-03-01T12:00:00Z"), lastDay = "2026-04-01" } = {}): ManagedAdState {
  return { status, createdAt, expirationDate: expirationInstantFromKey(lastDay), userId: OWNER.id };
}

describe("'created today' for an ad awaiting payment, around São Paulo midnight", () => {
  it("is 'Efetuar Pagamento' on the São Paulo day of creation, 'Editar Anúncio' from the next one", () => {
    const justAfterMidnight = ad("pending_payment", { createdAt: MIDNIGHT_10 });
    expect(ownerActions(justAfterMidnight, MIDNIGHT_10)).toEqual(["pay"]);
    // 23:59:59.999 of the 10th in São Paulo (02:59:59.999Z on the 11th): still today.
    expect(ownerActions(justAfterMidnight, ms(MIDNIGHT_10, 86_400_000 - 1))).toEqual(["pay"]);
    expect(ownerActions(justAfterMidnight, ms(MIDNIGHT_10, 86_400_000))).toEqual(["edit-unpaid"]);
  });

  it("counts a creation one millisecond before São Paulo midnight as the day before (even though UTC says the 10th)", () => {
    const lateEvening = ad("pending_payment", { createdAt: ms(MIDNIGHT_10, -1) }); // 2026-03-10T02:59:59.999Z = 09/03 23:59 in SP
    expect(ownerActions(lateEvening, ms(MIDNIGHT_10, -2))).toEqual(["pay"]);
    expect(ownerActions(lateEvening, MIDNIGHT_10)).toEqual(["edit-unpaid"]);
  });

  it("makes the ad editable by its owner only from the next day", () => {
    const today = ad("pending_payment", { createdAt: MIDNIGHT_10 });
    expect(editRefusal(today, OWNER, ms(MIDNIGHT_10, 1000))).toBe(notEditableMessage("pending_payment"));
    expect(editRefusal(today, OWNER, ms(MIDNIGHT_10, 86_400_000))).toBeNull();
    expect(notEditableMessage("pending_payment")).toBe("Este anúncio não pode ser editado no momento. Status: Aguardando Pagamento");
  });
});

describe("the effective status at the expiration instant (the first instant after the last day)", () => {
  const lastDay = "2026-03-10";
  const end = expirationInstantFromKey(lastDay); // 2026-03-11T03:00Z
  const before = ms(end, -1);

  it("switches the owner's buttons from 'Editar'/'Pausar' to 'Reativar Anúncio'", () => {
    expect(ownerActions(ad("active", { lastDay }), before)).toEqual(["edit", "pause", "mark-sold", "boost", "extend"]);
    expect(ownerActions(ad("active", { lastDay }), end)).toEqual(["reactivate-expired"]);
    expect(ownerActions(ad("paused", { lastDay }), before)).toEqual(["edit-paused", "reactivate", "mark-sold"]);
    expect(ownerActions(ad("paused", { lastDay }), end)).toEqual(["reactivate-expired"]);
    expect(ownerActions(ad("pending_payment", { lastDay }), end)).toEqual(["reactivate-expired"]);
  });

  it("moves who may delete: the owner once expired, the admin only while active or paused", () => {
    const active = ad("active", { lastDay });
    expect(deleteRefusal(active, OWNER, before)).toBe(MANAGE_MESSAGES.userDeleteOnly);
    expect(deleteRefusal(active, OWNER, end)).toBeNull();
    expect(deleteRefusal(active, ADMIN, before)).toBeNull();
    expect(deleteRefusal(active, ADMIN, end)).toBe(MANAGE_MESSAGES.adminDeleteOnly);
  });

  it("stops an owner from reactivating a paused ad whose date has passed", () => {
    const paused = ad("paused", { lastDay });
    expect(statusChangeRefusal(paused, "active", OWNER, before)).toBeNull();
    expect(statusChangeRefusal(paused, "active", OWNER, end)).toBe("Não é possível alterar o status de 'Expirado' para 'Ativo'.");
  });

  it("makes an edit a reactivation once expired: the date opens, the status locks on pending_payment", () => {
    const active = ad("active", { lastDay });
    expect(editConstraints(active, OWNER, before)).toMatchObject({ reactivating: false, expirationLocked: true, statusLocked: false, statusOptions: ["active", "paused"] });
    expect(editConstraints(active, OWNER, end)).toEqual({
      reactivating: true,
      expirationLocked: false,
      statusLocked: true,
      statusOptions: ["pending_payment"],
      leadsToPayment: true,
    });
  });
});

describe("the rules by actor", () => {
  const now = new Date("2026-03-15T15:00:00Z");
  it("never lets an owner activate an unpaid, pending or rejected ad", () => {
    for (const status of ["pending_payment", "pending", "rejected"] as const) {
      expect(statusChangeRefusal(ad(status), "active", OWNER, now)).not.toBeNull();
    }
    expect(statusChangeRefusal(ad("active"), "paused", OWNER, now)).toBeNull();
    expect(statusChangeRefusal(ad("active"), "pending_payment", OWNER, now)).not.toBeNull();
  });

  it("lets an admin set active, paused or pending_payment, and nothing else", () => {
    for (const target of ["active", "paused", "pending_payment"] as const) expect(statusChangeRefusal(ad("rejected"), target, ADMIN, now)).toBeNull();
    for (const target of ["expired", "rejected", "pending"] as const) expect(statusChangeRefusal(ad("active"), target, ADMIN, now)).not.toBeNull();
  });

  it("keeps other users out, with the spec's edit message", () => {
    expect(editRefusal(ad("active"), OTHER, now)).toBe(MANAGE_MESSAGES.notOwner);
    expect(photoChangeRefusal(ad("active"), OTHER, now)).toBe(MANAGE_MESSAGES.notOwner);
    expect(statusChangeRefusal(ad("active"), "paused", OTHER, now)).toBe(MANAGE_MESSAGES.notFound);
    expect(deleteRefusal(ad("expired"), OTHER, now)).toBe(MANAGE_MESSAGES.userDeleteOnly);
  });

  it("lets admins edit any ad, owners only the editable ones", () => {
    for (const status of ["paused", "pending", "rejected"] as const) {
      expect(editRefusal(ad(status), ADMIN, now)).toBeNull();
      expect(editRefusal(ad(status), OWNER, now)).toBe(notEditableMessage(status));
    }
    expect(editConstraints(ad("rejected"), ADMIN, now).statusOptions).toEqual(["rejected", "active", "paused", "pending_payment"]);
    expect(editConstraints(ad("pending_payment"), ADMIN, now)).toMatchObject({ statusLocked: true, leadsToPayment: true });
  });

  it("keeps photos of an unpaid ad editable on its first day (the wizard reopened from the payment page)", () => {
    const today = ad("pending_payment", { createdAt: now });
    expect(editRefusal(today, OWNER, now)).not.toBeNull();
    expect(photoChangeRefusal(today, OWNER, now)).toBeNull();
    expect(photoChangeRefusal(ad("paused"), OWNER, now)).toBe(notEditableMessage("paused"));
  });
});
