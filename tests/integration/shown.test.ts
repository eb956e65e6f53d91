/**
 * "Shown" (issue 23): contacts counted through /anuncio/{id}/contato (once per visitor and São Paulo
 * day, never for crawlers), views and contacts per day, GET /api/ads/{id}/stats (who may ask, and
 * its 30 zero-filled days) and 'Recém-chegados' (the last ads put live, at once).
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { adDailyStats, ads } from "~/db/schema";
import { addDaysToKey, dateKey } from "~/lib/dates";
import { approveAd } from "~/models/moderation/moderation-queue.server";
import { listRecentCards } from "~/models/listing/listing.server";
import { countAdView } from "~/models/ad/views.server";
import { loader as contact } from "~/routes/anuncio.$id_.contato";
import { loader as stats } from "~/routes/api.ads.$id_.stats";
import { loader as dashboard } from "~/routes/dashboard";
import { loader as home } from "~/routes/_index";
import { cityId, createUser, type TestUser } from "../support/ad-fixtures";
import { insertAd } from "../support/manage";
import { personOfCookie, personWithKey, visitorCookie } from "../support/people";
import { callRoute } from "../support/route";

const PHONE_UA = "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
/** Returning visitors (signed cookies minted yesterday), one per name. */
const cookies = new Map<string, string>();
const visitor = (name: string) => cookies.get(name)!;

let owner: TestUser;
let stranger: TestUser;
let admin: TestUser;
beforeAll(async () => {
  [owner, stranger, admin] = await Promise.all([createUser(), createUser({ name: "Outra Pessoa" }), createUser({ name: "Admin", isAdmin: true })]);
  for (const name of ["a1", "b2", "c3", "d4", "e5", "g7"]) cookies.set(name, await visitorCookie());
});

const today = () => dateKey(new Date());
const dayRow = (adId: number) => db.select().from(adDailyStats).where(and(eq(adDailyStats.adId, adId), eq(adDailyStats.day, today()))).get();

function open(adId: number, headers: Record<string, string>) {
  return callRoute(contact, `/anuncio/${adId}/contato`, { params: { id: String(adId) }, init: { headers } });
}

describe("GET /anuncio/{id}/contato", () => {
  it("counts a contact once per visitor and day, and redirects (302) to the seller's WhatsApp", async () => {
    const ad = await insertAd(owner.id, { status: "active" });
    const first = await open(ad.id, { "User-Agent": PHONE_UA, Cookie: visitor("a1") });
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toMatch(/^https:\/\/wa\.me\/5534999990000\?text=Mesa%20de%20jantar/);
    expect(first.headers.get("Cache-Control")).toContain("no-store");
    // The same visitor again, then another one: two contacts today.
    await open(ad.id, { "User-Agent": PHONE_UA, Cookie: visitor("a1") });
    await open(ad.id, { "User-Agent": PHONE_UA, Cookie: visitor("b2") });
    expect(dayRow(ad.id)).toMatchObject({ contacts: 2, views: 0 });
  });

  it("gives a visitor without the cookie one, so their next contact is the same visitor's", async () => {
    const ad = await insertAd(owner.id, { status: "active" });
    const first = await open(ad.id, { "User-Agent": PHONE_UA });
    const cookie = first.headers.get("Set-Cookie")!.split(";")[0]!;
    expect(cookie).toMatch(/^vid=[^.;]+\.[^.;]+$/);
    await open(ad.id, { "User-Agent": PHONE_UA, Cookie: cookie });
    expect(dayRow(ad.id)?.contacts).toBe(1);
  });

  it("does not count crawlers (they are still redirected), nor a visitor's view as a contact", async () => {
    const ad = await insertAd(owner.id, { status: "active" });
    const bot = await open(ad.id, { "User-Agent": GOOGLEBOT, Cookie: visitor("c3") });
    expect(bot.status).toBe(302);
    expect(bot.headers.get("Set-Cookie")).toBeNull();
    expect(dayRow(ad.id)).toBeUndefined();
    // A view and a contact of the same visitor are counted apart.
    countAdView(ad.id, await personOfCookie(visitor("d4")));
    await open(ad.id, { "User-Agent": PHONE_UA, Cookie: visitor("d4") });
    expect(dayRow(ad.id)).toMatchObject({ views: 1, contacts: 1 });
  });

  it("is a 404 for an ad without a WhatsApp number, one that is not public, and for what is not an id — counting nothing", async () => {
    const silent = await insertAd(owner.id, { status: "active" });
    db.update(ads).set({ whatsapp: null }).where(eq(ads.id, silent.id)).run();
    const paused = await insertAd(owner.id, { status: "paused" });
    const expired = await insertAd(owner.id, { status: "active", lastDayInDays: -1 });
    for (const id of [silent.id, paused.id, expired.id]) {
      const response = await open(id, { "User-Agent": PHONE_UA, Cookie: visitor("e5") });
      expect(response.status).toBe(404);
      expect(response.headers.get("Location")).toBeNull();
      expect(dayRow(id)).toBeUndefined();
    }
    expect((await callRoute(contact, "/anuncio/x/contato", { params: { id: "x" } })).status).toBe(404);
  });
});

describe("views per day", () => {
  it("adds the counted view to today's row in the same write as the total, and a repeat adds nothing", async () => {
    const ad = await insertAd(owner.id, { status: "active" });
    expect(countAdView(ad.id, personWithKey("v:f6"))?.counted).toBe(true);
    expect(countAdView(ad.id, personWithKey("v:f6"))?.counted).toBe(false);
    expect(countAdView(ad.id, personWithKey("u:999"))?.counted).toBe(true);
    expect(dayRow(ad.id)).toMatchObject({ views: 2, contacts: 0 });
    expect(db.select({ views: ads.views }).from(ads).where(eq(ads.id, ad.id)).get()!.views).toBe(7 + 2);
  });
});

type StatsBody = { days: { date: string; views: number; contacts: number; favourites: number }[] };

describe("GET /api/ads/{id}/stats", () => {
  const ask = (id: number | string, headers: Record<string, string> = {}) =>
    callRoute(stats, `/api/ads/${id}/stats`, { params: { id: String(id) }, init: { headers } });
  const bearerOf = (user: TestUser) => ({ Authorization: `Bearer ${user.token}` });

  it("answers 30 days, oldest first, ending today (São Paulo), zero-filled, with today's counts", async () => {
    const ad = await insertAd(owner.id, { status: "active" });
    countAdView(ad.id, await personOfCookie(visitor("g7")));
    await open(ad.id, { "User-Agent": PHONE_UA, Cookie: visitor("g7") });
    // A day from last week, written as the counters write it.
    const lastWeek = addDaysToKey(today(), -7);
    db.insert(adDailyStats).values({ adId: ad.id, day: lastWeek, views: 5, contacts: 2 }).run();
    // And one older than the window: left out.
    db.insert(adDailyStats).values({ adId: ad.id, day: addDaysToKey(today(), -30), views: 9, contacts: 9 }).run();

    for (const who of [owner, admin]) {
      const response = await ask(ad.id, bearerOf(who));
      expect(response.status).toBe(200);
      const { days } = (await response.json()) as StatsBody;
      expect(days).toHaveLength(30);
      expect(days[0]!.date).toBe(addDaysToKey(today(), -29));
      expect(days.at(-1)).toEqual({ date: today(), views: 1, contacts: 1, favourites: 0 });
      expect(days.find((d) => d.date === lastWeek)).toEqual({ date: lastWeek, views: 5, contacts: 2, favourites: 0 });
      expect(days.every((d) => /^\d{4}-\d\d-\d\d$/.test(d.date))).toBe(true);
      expect(days.reduce((sum, d) => sum + d.views, 0)).toBe(6);
    }
  });

  it("is 401 without a session, 403 for another user's ad, 404 for an unknown id, 400 for a bad id", async () => {
    const ad = await insertAd(owner.id, { status: "paused" });
    expect((await ask(ad.id)).status).toBe(401);
    // Who asks is checked before the id is even parsed.
    expect((await ask("abc")).status).toBe(401);
    const forbidden = await ask(ad.id, bearerOf(stranger));
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ message: "Acesso negado" });
    expect((await ask(99_999_999, bearerOf(owner))).status).toBe(404);
    expect((await ask("abc", bearerOf(owner))).status).toBe(400);
  });
});

describe("the dashboard's 30 days", () => {
  it("gives each of the owner's ads its days (views and contacts), and none of another user's", async () => {
    const ad = await insertAd(owner.id, { status: "active" });
    countAdView(ad.id, personWithKey("v:h8"));
    const other = await insertAd(stranger.id, { status: "active" });
    const response = await callRoute(dashboard, "/dashboard", { init: { headers: { Cookie: owner.cookie } } });
    const body = (await response.json()) as { daily: Record<string, StatsBody["days"]> };
    expect(body.daily[ad.id]).toHaveLength(30);
    expect(body.daily[ad.id]!.at(-1)).toMatchObject({ date: today(), views: 1, contacts: 0 });
    expect(body.daily).not.toHaveProperty(String(other.id));
  });
});

describe("'Recém-chegados'", () => {
  it("lists the city's ads last put live first, and an ad approved now at once (the kept cards follow the listing version)", async () => {
    const city = cityId();
    const older = await insertAd(owner.id, { status: "active" });
    db.update(ads).set({ publishedAt: new Date(Date.now() - 60_000) }).where(eq(ads.id, older.id)).run();
    const queued = await insertAd(owner.id, { status: "pending" });
    expect(listRecentCards(city).map((card) => card.id)).not.toContain(queued.id);

    const outcome = approveAd({ adId: queued.id, adminId: admin.id });
    expect(outcome.ok).toBe(true);
    const ids = listRecentCards(city).map((card) => card.id);
    expect(ids[0]).toBe(queued.id);
    expect(ids.indexOf(queued.id)).toBeLessThan(ids.indexOf(older.id) === -1 ? Infinity : ids.indexOf(older.id));
    expect(ids.length).toBeLessThanOrEqual(8);
    // In the home page's own data (its first HTML), for the city it shows.
    const page = (await (await callRoute(home, `/?cityId=${city}`)).json()) as { recent: { id: number }[] };
    expect(page.recent.map((card) => card.id)).toEqual(ids);
  });

  it("never shows an ad that is not public, however recently it was published", async () => {
    const paused = await insertAd(owner.id, { status: "paused" });
    db.update(ads).set({ publishedAt: new Date() }).where(eq(ads.id, paused.id)).run();
    expect(listRecentCards(cityId()).map((card) => card.id)).not.toContain(paused.id);
  });
});
