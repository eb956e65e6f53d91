/**
 * The daily job on a prepared database: what it removes (ads awaiting payment, paused or expired for
 * more than 30 days, with their photos; payments kept), whom it reminds 3 days before the end (an .eml
 * in the outbox with the reactivation link on APP_URL), the drafts it sweeps, once a day.
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.APP_URL = "https://classificados.example";
});

import { db } from "~/db/client.server";
import { adDrafts, payments } from "~/db/schema";
import { getEnv } from "~/env.server";
import { addDaysToKey, todayKey } from "~/lib/dates";
import {
  dailyRunMissed,
  lastDailyRunDay,
  nextDailyRun,
  runDailyJob,
  runDailyJobOnce,
  staleAdIds,
} from "~/models/ad/housekeeping.server";
import { getOriginalImage, storeUploadedImage } from "~/models/ad/image-store.server";
import { createUser, smallPng, type TestUser } from "../support/ad-fixtures";
import { adNow, insertAd } from "../support/manage";
import { readOutbox } from "../support/outbox";

const outbox = () => path.join(getEnv().DATA_DIR, "outbox");

/** Every .eml in the outbox, decoded. */
const mails = () => readOutbox(outbox()).map((mail) => mail.text);

let seller: TestUser;

beforeAll(async () => {
  seller = await createUser({ name: "Vera Vendedora" });
});

describe("the daily job", () => {
  it("removes what the terms allow, reminds the owners, sweeps drafts, and keeps payments", async () => {
    const now = new Date();
    const oldUnpaid = await insertAd(seller.id, { status: "pending_payment", createdDaysAgo: 40, updatedDaysAgo: 31, photos: 2 });
    const recentUnpaid = await insertAd(seller.id, { status: "pending_payment", createdDaysAgo: 29, updatedDaysAgo: 29 });
    const oldPaused = await insertAd(seller.id, { status: "paused", createdDaysAgo: 60, updatedDaysAgo: 31, lastDayInDays: 20 });
    const longExpired = await insertAd(seller.id, { status: "active", createdDaysAgo: 70, lastDayInDays: -32, photos: 1 });
    const recentlyExpired = await insertAd(seller.id, { status: "active", createdDaysAgo: 20, lastDayInDays: -10 });
    const endsInThree = await insertAd(seller.id, { status: "active", createdDaysAgo: 5, lastDayInDays: 3 });
    const pausedEndsInThree = await insertAd(seller.id, { status: "paused", createdDaysAgo: 5, updatedDaysAgo: 1, lastDayInDays: 3 });
    const endsInFour = await insertAd(seller.id, { status: "active", createdDaysAgo: 5, lastDayInDays: 4 });
    const rejectedOld = await insertAd(seller.id, { status: "rejected", createdDaysAgo: 40, updatedDaysAgo: 40, lastDayInDays: 5 });
    db.insert(payments).values({ adId: longExpired.id, userId: seller.id, amountCents: 1250, paymentMethod: "PIX", status: "received" }).run();
    const draftPhoto = await storeUploadedImage(await smallPng());
    const drafter = await createUser({ name: "Rascunho Antigo" });
    db.insert(adDrafts)
      .values({ userId: drafter.id, data: { description: "meio feito", photos: [draftPhoto] }, createdAt: new Date(now.getTime() - 40 * 86_400_000), updatedAt: new Date(now.getTime() - 31 * 86_400_000) })
      .run();

    expect(staleAdIds(now)).toEqual(expect.arrayContaining([oldUnpaid.id, oldPaused.id, longExpired.id]));
    const before = mails().length;
    const report = await runDailyJob(now);

    for (const gone of [oldUnpaid, oldPaused, longExpired]) expect(adNow(gone.id)).toBeUndefined();
    for (const kept of [recentUnpaid, recentlyExpired, endsInThree, pausedEndsInThree, endsInFour, rejectedOld]) expect(adNow(kept.id)).toBeDefined();
    for (const publicId of [...oldUnpaid.photoIds, ...longExpired.photoIds]) expect(await getOriginalImage(publicId)).toBeNull();
    expect(report.removedAds).toBeGreaterThanOrEqual(3);
    expect(report.removedPhotos).toBeGreaterThanOrEqual(3);

    // The payment outlives its ad, pointing at the archive with a note of which ad it paid for.
    const payment = db.select().from(payments).where(eq(payments.userId, seller.id)).get()!;
    expect(payment.amountCents).toBe(1250);
    expect((payment.metadata as { removedAd: { id: number } }).removedAd.id).toBe(longExpired.id);

    const sent = mails().slice(before).length ? mails().filter((mail) => mail.includes(seller.email)) : [];
    const reminder = (id: number) => sent.find((mail) => mail.includes(`https://classificados.example/edit-ad/${id}?reactivate=true`));
    expect(reminder(endsInThree.id)).toBeDefined();
    expect(reminder(endsInThree.id)).toContain("fica no ar até");
    expect(reminder(endsInThree.id)).toContain(endsInThree.title);
    expect(reminder(pausedEndsInThree.id)).toBeDefined();
    expect(reminder(endsInFour.id)).toBeUndefined();
    expect(reminder(recentlyExpired.id)).toBeUndefined();
    expect(report.reminders).toBeGreaterThanOrEqual(2);

    expect(db.select().from(adDrafts).where(eq(adDrafts.userId, drafter.id)).get()).toBeUndefined();
    expect(await getOriginalImage(draftPhoto.publicId)).toBeNull();
    expect(report.draftsSwept).toBeGreaterThanOrEqual(1);
  });

  it("catches up the reminders of days it missed, with the days really left, and never reminds twice", async () => {
    const now = new Date();
    const today = todayKey(now);
    const endsIn = await Promise.all([0, 1, 2, 3, 4].map((days) => insertAd(seller.id, { status: "active", createdDaysAgo: 5, lastDayInDays: days })));
    const reminded = (from: number) => (id: number) => mails().slice(from).some((mail) => mail.includes(`/edit-ad/${id}?reactivate=true`));

    // The job last ran three days ago (the server was down since): the last days it covered end today.
    const before = mails().length;
    await runDailyJob(now, addDaysToKey(today, -3));
    expect(endsIn.map((ad) => reminded(before)(ad.id))).toEqual([false, true, true, true, false]);
    // The subject says how long is really left (a Q-encoded header: "_" for spaces).
    const mailOf = (index: number) => mails().slice(before).find((mail) => mail.includes(`/edit-ad/${endsIn[index]!.id}?`))!;
    expect(mailOf(1)).toMatch(/Subject: .*Seu_anúncio_expira_amanhã/);
    expect(mailOf(2)).toMatch(/Subject: .*Seu_anúncio_expira_em_2_dias/);
    expect(mailOf(3)).toMatch(/Subject: .*Seu_anúncio_expira_em_3_dias/);

    // Run again the same day (forced): nobody is reminded twice.
    const again = mails().length;
    await runDailyJob(now, today);
    expect(endsIn.some((ad) => reminded(again)(ad.id))).toBe(false);
  });

  it("runs once a São Paulo day, unless forced, and logs what it did", async () => {
    const log = vi.spyOn(console, "log");
    const now = new Date();
    const first = await runDailyJobOnce(now);
    expect(first).not.toBeNull();
    expect(lastDailyRunDay()).toBe(todayKey(now));
    expect(await runDailyJobOnce(now)).toBeNull();
    expect(await runDailyJobOnce(now, { force: true })).not.toBeNull();
    expect(log.mock.calls.some(([line]) => typeof line === "string" && /^\[daily\] \d{4}-\d{2}-\d{2}: removed \d+ ads/.test(line))).toBe(true);
    expect(log.mock.calls.some(([line]) => typeof line === "string" && line.includes("already ran today, skipped"))).toBe(true);
    log.mockRestore();
  });

  it("is scheduled for 03:00 in São Paulo, and catches up a missed day only after it ran once", () => {
    // 02:59 in São Paulo (05:59Z) → the same day's 03:00 (06:00Z); 03:00 → the next day's.
    expect(nextDailyRun(new Date("2026-03-10T05:59:00Z")).toISOString()).toBe("2026-03-10T06:00:00.000Z");
    expect(nextDailyRun(new Date("2026-03-10T06:00:00Z")).toISOString()).toBe("2026-03-11T06:00:00.000Z");
    // Late evening in São Paulo is already the next UTC day: still today's São Paulo date that counts.
    expect(nextDailyRun(new Date("2026-03-11T02:30:00Z")).toISOString()).toBe("2026-03-11T06:00:00.000Z");
    const today = todayKey();
    expect(lastDailyRunDay()).toBe(today);
    expect(dailyRunMissed()).toBe(false);
    fs.writeFileSync(path.join(getEnv().DATA_DIR, "daily-job.json"), JSON.stringify({ day: addDaysToKey(today, -2) }));
    const hourInSaoPaulo = Number(new Intl.DateTimeFormat("en-US", { timeZone: "America/Sao_Paulo", hour: "2-digit", hourCycle: "h23" }).format(new Date()));
    const afterHour = hourInSaoPaulo >= 3;
    expect(dailyRunMissed()).toBe(afterHour);
    fs.rmSync(path.join(getEnv().DATA_DIR, "daily-job.json"));
    expect(dailyRunMissed()).toBe(false);
  });
});
