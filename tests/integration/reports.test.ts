/**
 * Who can take an ad down by reporting it (issue 21, docs/decisions/021-reports-that-cannot-take-down.md):
 * anonymous reports never hide an ad (cookie-less ones count once per address and day), young accounts
 * and the owner do not count, three accounts over 7 days do — and the owner is e-mailed the reasons and
 * can ask for a review. Every report reaches the admin's 'Denúncias' at once, where the admin dismisses
 * or takes the ad down; GET /api/ads?status=pending keeps meaning pending ads only.
 */
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.APP_URL = "https://classificados.example";
});

import { db } from "~/db/client.server";
import { adReports, ads, moderationDecisions, users } from "~/db/schema";
import { getEnv } from "~/env.server";
import type { ReportedAdItem } from "~/models/report/ad-report";
import type { ModerationQueueItem } from "~/models/moderation/moderation-queue";
import { personOf } from "~/models/ad/people.server";
import { reportAd } from "~/models/report/reports.server";
import * as moderation from "~/routes/admin.moderation";
import { action as reportPage } from "~/routes/anuncio.$id_.denunciar";
import { loader as managedAds } from "~/routes/api.ads";
import { action as reportApi } from "~/routes/api.ads.$id_.report";
import { action as reviewRequestApi } from "~/routes/api.ads.$id_.review-request";
import { loader as publicAds } from "~/routes/api.ads.public";
import { action as dashboardAction } from "~/routes/dashboard";
import { asAdmin, asUser, page, toastOf, type Caller } from "../support/admin";
import { createUser, type TestUser } from "../support/ad-fixtures";
import { insertAd } from "../support/manage";
import { personWithKey, visitorCookie } from "../support/people";
import { readOutbox } from "../support/outbox";
import { callRoute } from "../support/route";

const DAY_MS = 86_400_000;

/** Every .eml in the outbox, decoded. */
const mails = () => readOutbox(path.join(getEnv().DATA_DIR, "outbox")).map((mail) => mail.text);
const mailsTo = (email: string) => mails().filter((mail) => mail.includes(email));

const statusOf = (id: number) => db.select({ status: ads.status }).from(ads).where(eq(ads.id, id)).get()!.status;

/** A signed-in account created `ageDays` ago. */
async function account(ageDays: number): Promise<TestUser> {
  const user = await createUser({ name: "Pessoa Denunciante" });
  db.update(users).set({ createdAt: new Date(Date.now() - ageDays * DAY_MS) }).where(eq(users.id, user.id)).run();
  return user;
}

let ipCounter = 0;
/** A fresh address per reporter, so the per-address throttle stays out of the way where it is not the point. */
const nextIp = () => `198.51.100.${++ipCounter}`;

/** A report by a signed-in account (the person the route passes). */
const reportAs = (user: { id: number }, adId: number, reason: "golpe" | "anuncio_falso" | "ofensivo" = "golpe") =>
  reportAd({ adId, reporter: personWithKey(`u:${user.id}`), ip: nextIp(), reason, details: null });

/** POST /api/ads/{id}/report as a script would: no cookie, from `ip`. */
const postWithoutCookie = (adId: number, ip: string, extra: Record<string, string> = {}) =>
  callRoute(reportApi, `/api/ads/${adId}/report`, {
    params: { id: String(adId) },
    context: { clientIp: ip },
    init: { method: "POST", headers: { "Content-Type": "application/json", ...extra }, body: JSON.stringify({ reason: "golpe" }) },
  });

async function publicIds(query: string): Promise<number[]> {
  const body = (await (await callRoute(publicAds, `/api/ads/public?${query}`)).json()) as { ads: { id: number }[] };
  return body.ads.map((ad) => ad.id);
}

async function denuncias(admin: Caller): Promise<ReportedAdItem[]> {
  const body = (await (await callRoute(moderation.loader, "/admin/moderation", page(admin))).json()) as { reported: ReportedAdItem[]; items: ModerationQueueItem[] };
  return body.reported;
}

let owner: TestUser;
let admin: Caller;

beforeAll(async () => {
  owner = await account(30);
  admin = await asAdmin();
});

/** A public ad of `owner`, titled so a search finds it. */
async function newAd(title = "Celular Zqxdenuncia") {
  const { id } = await insertAd(owner.id, { status: "active" });
  db.update(ads).set({ title }).where(eq(ads.id, id)).run();
  return { id };
}

describe("anonymous reports never hide an ad", () => {
  it("counts cookie-less reports from one address once a day, shows them at once to the admin, and never hides the ad", async () => {
    const { id } = await newAd();
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(((await (await postWithoutCookie(id, "203.0.113.50")).json()) as { status: string }).status);
    expect(answers).toEqual(["sent", "already", "already", "already", "already"]);
    // The sixth in the hour is refused: the address is the reporter.
    expect((await postWithoutCookie(id, "203.0.113.50")).status).toBe(429);
    expect(db.select().from(adReports).where(eq(adReports.adId, id)).all()).toMatchObject([{ reporterKind: "address" }]);
    expect(statusOf(id)).toBe("active");

    // The admin sees it at once, while the ad stays public.
    expect((await denuncias(admin)).find((item) => item.adId === id)).toMatchObject({ total: 1, counting: 0, status: "active", heldByReports: false, kinds: { address: 1 }, reasons: { golpe: 1 } });
    expect(await publicIds("search=zqxdenuncia")).toContain(id);

    // The next day the same address is a new reporter, and still cannot hide it.
    const tomorrow = new Date(Date.now() + DAY_MS);
    const sameAddressTomorrow = personOf({ userId: null, visitor: null, ip: "203.0.113.50" }, tomorrow);
    expect(await reportAd({ adId: id, reporter: sameAddressTomorrow, ip: "203.0.113.50", reason: "golpe", details: null }, tomorrow)).toMatchObject({ status: "sent", held: false });
  });

  it("does not hide an ad however many addresses and visitor cookies report it", async () => {
    const { id } = await newAd();
    for (let i = 0; i < 12; i++) expect((await postWithoutCookie(id, `192.0.2.${i + 1}`)).status).toBe(200);
    for (let i = 0; i < 6; i++) {
      const cookie = await visitorCookie();
      const response = await postWithoutCookie(id, nextIp(), { Cookie: cookie });
      expect(await response.json()).toMatchObject({ status: "sent" });
    }
    expect(statusOf(id)).toBe("active");
    expect((await denuncias(admin)).find((item) => item.adId === id)).toMatchObject({ total: 18, counting: 0, kinds: { address: 12, visitor: 6 } });
  });

  it("the report form without JavaScript follows the same rule", async () => {
    const { id } = await newAd();
    for (let i = 0; i < 4; i++) {
      const response = await callRoute(reportPage, `/anuncio/${id}/denunciar`, {
        params: { id: String(id) },
        context: { clientIp: `192.0.2.${100 + i}` },
        init: { method: "POST", body: new URLSearchParams({ reason: "golpe", details: "" }), headers: { "Content-Type": "application/x-www-form-urlencoded" } },
      });
      expect(response.status).toBe(200);
    }
    expect(statusOf(id)).toBe("active");
  });
});

describe("signed-in reports", () => {
  it("young accounts (under 7 days) do not count toward hiding", async () => {
    const { id } = await newAd();
    for (const age of [0, 3, 6.9]) expect(await reportAs(await account(age), id)).toMatchObject({ ok: true, status: "sent", held: false });
    expect(statusOf(id)).toBe("active");
    expect((await denuncias(admin)).find((item) => item.adId === id)).toMatchObject({ total: 3, counting: 0, kinds: { new_account: 3 } });
  });

  it("the owner's own report does not count, and the same account reporting twice counts once", async () => {
    const { id } = await newAd();
    const first = await account(10);
    expect(await reportAs(first, id)).toMatchObject({ status: "sent", held: false });
    expect(await reportAs(first, id, "ofensivo")).toMatchObject({ status: "already", held: false });
    expect(await reportAs(await account(10), id)).toMatchObject({ status: "sent", held: false });
    expect(await reportAs(owner, id)).toMatchObject({ status: "sent", held: false });
    expect(statusOf(id)).toBe("active");
    expect((await denuncias(admin)).find((item) => item.adId === id)).toMatchObject({ total: 3, counting: 2, kinds: { account: 2, owner: 1 } });
  });

  it("three accounts over 7 days hide the ad; the owner is e-mailed the reasons and asks for a review", async () => {
    const { id } = await newAd("Bicicleta Zqxoculta");
    const reporters = [await account(8), await account(20), await account(400)];
    expect(await reportAs(reporters[0]!, id, "golpe")).toMatchObject({ held: false });
    expect(await reportAs(reporters[1]!, id, "golpe")).toMatchObject({ held: false });
    expect(mailsTo(owner.email).filter((mail) => mail.includes("Zqxoculta"))).toHaveLength(0);
    expect(await reportAs(reporters[2]!, id, "anuncio_falso")).toMatchObject({ ok: true, status: "sent", held: true });

    expect(statusOf(id)).toBe("pending");
    expect(await publicIds("search=zqxoculta")).toEqual([]);
    const [mail] = mailsTo(owner.email).filter((text) => text.includes("Zqxoculta"));
    expect(mail).toContain("Golpe ou tentativa de fraude (2 denúncias)");
    expect(mail).toContain("Anúncio falso ou enganoso (1 denúncia)");
    expect(mail).toContain("https://classificados.example/dashboard");

    // In the queue (held) and in Denúncias.
    const body = (await (await callRoute(moderation.loader, "/admin/moderation", page(admin))).json()) as { items: ModerationQueueItem[]; reported: ReportedAdItem[] };
    expect(body.items.find((item) => item.id === id)).toMatchObject({ heldByReports: true, reports: { counting: 3 } });
    expect(body.reported.find((item) => item.adId === id)).toMatchObject({ heldByReports: true, status: "pending", counting: 3 });

    // The owner's dashboard (and GET /api/ads, its twin) says why, and offers the review.
    const ownerView = async () =>
      ((await (await callRoute(managedAds, `/api/ads?limit=100`, { init: { headers: { Authorization: `Bearer ${owner.token}` } } })).json()) as {
        ads: { id: number; status: string; hiddenByReports: string[] | null; review: string | null }[];
      }).ads.find((ad) => ad.id === id);
    expect(await ownerView()).toMatchObject({ status: "pending", review: "can-ask", hiddenByReports: ["Golpe ou tentativa de fraude (2 denúncias)", "Anúncio falso ou enganoso (1 denúncia)"] });

    // Someone else cannot ask for the review; the owner can, once, from the dashboard without JavaScript.
    const stranger = await asUser();
    const refused = await callRoute(reviewRequestApi, `/api/ads/${id}/review-request`, {
      params: { id: String(id) },
      init: { method: "POST", headers: { Authorization: `Bearer ${stranger.token}` } },
    });
    expect(refused.status).toBe(404);
    const asked = await callRoute(dashboardAction, "/dashboard", page(owner, { intent: "review-request", id: String(id), reason: "É uma bicicleta minha, tenho a nota." }));
    expect(await toastOf(asked)).toMatchObject({ type: "success", message: "Revisão solicitada" });
    const request = db.select().from(moderationDecisions).where(eq(moderationDecisions.adId, id)).all().at(-1)!;
    expect(request).toMatchObject({ decision: "review_requested", reason: "É uma bicicleta minha, tenho a nota." });
    const again = await callRoute(reviewRequestApi, `/api/ads/${id}/review-request`, {
      params: { id: String(id) },
      init: { method: "POST", headers: { Authorization: `Bearer ${owner.token}` } },
    });
    expect(again.status).toBe(409);
    expect(await ownerView()).toMatchObject({ status: "pending", review: "asked" });

    // The admin dismisses the reports: public again, and the count starts over.
    const dismissed = await callRoute(moderation.action, "/admin/moderation", page(admin, { intent: "dismiss-reports", adId: String(id) }));
    expect(await toastOf(dismissed)).toMatchObject({ type: "success" });
    expect(statusOf(id)).toBe("active");
    expect((await denuncias(admin)).some((item) => item.adId === id)).toBe(false);
    expect(await reportAs(await account(30), id)).toMatchObject({ status: "sent", held: false });
    expect(statusOf(id)).toBe("active");
  });
});

describe("the admin's Denúncias", () => {
  it("only an admin acts on reports; 'Retirar do ar' needs a reason, rejects the ad and e-mails its owner", async () => {
    const { id } = await newAd("Relógio Zqxretirar");
    await postWithoutCookie(id, nextIp());

    const user = await asUser();
    const forbidden = await callRoute(moderation.action, "/admin/moderation", page(user, { intent: "take-down", adId: String(id), reason: "Golpe" }));
    expect([302, 303, 403]).toContain(forbidden.status);
    expect(statusOf(id)).toBe("active");

    const noReason = await callRoute(moderation.action, "/admin/moderation", page(admin, { intent: "take-down", adId: String(id), reason: " " }));
    expect(await toastOf(noReason)).toMatchObject({ type: "error", description: "Informe o motivo para retirar o anúncio do ar" });
    expect(statusOf(id)).toBe("active");

    const done = await callRoute(moderation.action, "/admin/moderation", page(admin, { intent: "take-down", adId: String(id), reason: "Pede pagamento antecipado por PIX." }));
    expect(await toastOf(done)).toMatchObject({ type: "success", message: "Anúncio retirado do ar" });
    expect(statusOf(id)).toBe("rejected");
    expect(mailsTo(owner.email).find((mail) => mail.includes("Zqxretirar"))).toContain("Pede pagamento antecipado por PIX.");
    expect((await denuncias(admin)).some((item) => item.adId === id)).toBe(false);

    // Dismissing an ad without open reports is refused, not a 500.
    const nothing = await callRoute(moderation.action, "/admin/moderation", page(admin, { intent: "dismiss-reports", adId: String(id) }));
    expect(await toastOf(nothing)).toMatchObject({ type: "error" });
  });

  it("GET /api/ads?status=pending still lists pending ads only (not reported public ones)", async () => {
    const reported = await newAd();
    await postWithoutCookie(reported.id, nextIp());
    const waiting = await insertAd(owner.id, { status: "pending" });
    const response = await callRoute(managedAds, "/api/ads?status=pending&limit=100", { init: { headers: { Authorization: `Bearer ${admin.token}` } } });
    const body = (await response.json()) as { ads: { id: number; status: string }[] };
    expect(body.ads.length).toBeGreaterThan(0);
    expect(body.ads.every((ad) => ad.status === "pending")).toBe(true);
    expect(body.ads.map((ad) => ad.id)).toContain(waiting.id);
    expect(body.ads.map((ad) => ad.id)).not.toContain(reported.id);
  });
});
