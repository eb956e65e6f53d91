/**
 * Counts a flood cannot move (issue 32, findings 2 and 4): views, contacts and saves count once per
 * person — a signed-in account, a signed visitor cookie minted on an earlier São Paulo day, or else the
 * address (an IPv6 address by its /64) — and one address adds at most RETURNING_PER_ADDRESS returning
 * visitors per ad and day. Each attack is the issue's, at 200 requests instead of 1,800.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { adDailyStats, ads } from "~/db/schema";
import { dateKey } from "~/lib/dates";
import { RETURNING_PER_ADDRESS } from "~/models/ad/people.server";
import { savesByAd } from "~/models/favourite/favourites.server";
import { loader as adPage } from "~/routes/anuncio.$id";
import { loader as contact } from "~/routes/anuncio.$id_.contato";
import { action as countView } from "~/routes/api.ads.$id_.view";
import { loader as publicAds } from "~/routes/api.ads.public";
import { action as favourite } from "~/routes/favoritos";
import { ORIGIN, adPageAt, createUser, type TestUser } from "../support/ad-fixtures";
import { insertAd } from "../support/manage";
import { callRoute } from "../support/route";

const FLOOD = 200;
const PHONE_UA = "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const ATTACKER = "198.51.100.7";

let owner: TestUser;
beforeAll(async () => {
  owner = await createUser({ name: "Dona do Anúncio" });
});
afterEach(() => {
  vi.useRealTimers();
});

const newAd = async () => (await insertAd(owner.id, { status: "active" })).id;
const viewsOf = (id: number) => db.select({ views: ads.views }).from(ads).where(eq(ads.id, id)).get()!.views;
const contactsOf = (id: number) =>
  db.select({ contacts: adDailyStats.contacts }).from(adDailyStats).where(eq(adDailyStats.adId, id)).all().reduce((sum, row) => sum + row.contacts, 0);
const savesOf = (id: number) => savesByAd([id]).get(id) ?? 0;
const randomVid = () => `vid=${randomBytes(16).toString("hex")}`;
const cookieOf = (response: Response) => response.headers.getSetCookie().find((line) => line.startsWith("vid="))?.split(";")[0] ?? null;

function view(id: number, ip: string, headers: Record<string, string> = {}) {
  return callRoute(countView, `/api/ads/${id}/view`, { params: { id: String(id) }, context: { clientIp: ip }, init: { method: "POST", headers } });
}
function openContact(id: number, ip: string, headers: Record<string, string> = {}) {
  return callRoute(contact, `/anuncio/${id}/contato`, { params: { id: String(id) }, context: { clientIp: ip }, init: { headers: { "User-Agent": PHONE_UA, ...headers } } });
}
function save(id: number, ip: string, headers: Record<string, string> = {}) {
  const body = new URLSearchParams({ adId: String(id), intent: "add" });
  return callRoute(favourite, "/favoritos", {
    context: { clientIp: ip },
    init: { method: "POST", headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded", ...headers }, body },
  });
}

/** `n` visitor cookies as the server mints them for cookie-less requests from `ip`, at `when`. */
async function mintCookies(n: number, ip: string, when: Date = new Date()): Promise<string[]> {
  const scratch = await newAd();
  if (when.getTime() !== Date.now()) {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(when);
  }
  const cookies: string[] = [];
  for (let i = 0; i < n; i++) cookies.push(cookieOf(await view(scratch, ip))!);
  vi.useRealTimers();
  expect(new Set(cookies).size).toBe(n);
  return cookies;
}

const yesterday = () => new Date(Date.now() - 86_400_000);

describe("views: a flood from one address moves them by at most a handful", () => {
  it("200 cookie-less posts from one address count once", async () => {
    const id = await newAd();
    const before = viewsOf(id);
    for (let i = 0; i < FLOOD; i++) await view(id, ATTACKER);
    expect(viewsOf(id) - before).toBe(1);
  });

  it("200 forged or unsigned visitor cookies from one address count once", async () => {
    const id = await newAd();
    const before = viewsOf(id);
    for (let i = 0; i < FLOOD / 2; i++) await view(id, ATTACKER, { Cookie: randomVid() });
    // The signed shape with a made-up signature, and with a signature copied from another id.
    const [real] = await mintCookies(1, "203.0.113.99", yesterday());
    const signature = real!.slice(real!.lastIndexOf("."));
    for (let i = 0; i < FLOOD / 2; i++) {
      const forged = i % 2 ? `${randomVid()}.20200101.${randomBytes(16).toString("base64url")}` : `${randomVid()}${signature}`;
      await view(id, ATTACKER, { Cookie: forged });
    }
    expect(viewsOf(id) - before).toBe(1);
  });

  it("an old unsigned cookie is replaced by a signed one", async () => {
    const response = await view(await newAd(), ATTACKER, { Cookie: randomVid() });
    const cookie = cookieOf(response);
    // Remix's signed cookie: the value, a dot, its HMAC.
    expect(cookie).toMatch(/^vid=[^.;]+\.[^.;]+$/);
    expect(response.headers.get("Set-Cookie")).toMatch(/HttpOnly; SameSite=Lax/);
  });

  it("200 cookies minted today, replayed from the address that got them, count once", async () => {
    const cookies = await mintCookies(FLOOD, ATTACKER);
    const id = await newAd();
    const before = viewsOf(id);
    for (const cookie of cookies) await view(id, ATTACKER, { Cookie: cookie });
    expect(viewsOf(id) - before).toBe(1);
  });

  it("returning visitors (cookies minted on an earlier day) behind one address each count, up to the bound", async () => {
    const cookies = await mintCookies(RETURNING_PER_ADDRESS + 10, ATTACKER, yesterday());
    const id = await newAd();
    const before = viewsOf(id);
    for (const cookie of cookies) await view(id, ATTACKER, { Cookie: cookie });
    // The bound, then the address itself as one more person.
    expect(viewsOf(id) - before).toBe(RETURNING_PER_ADDRESS + 1);
    // A returning visitor is one person wherever they come from: counted today already.
    for (const cookie of cookies.slice(0, 5)) expect(await (await view(id, "192.0.2.44", { Cookie: cookie })).json()).toMatchObject({ counted: false });
    // Another address behind which a crowd returns has a bound of its own.
    const others = await mintCookies(3, "192.0.2.45", yesterday());
    for (const cookie of others) await view(id, "192.0.2.45", { Cookie: cookie });
    expect(viewsOf(id) - before).toBe(RETURNING_PER_ADDRESS + 1 + 3);
  });

  it("IPv6 addresses in the same /64 are one address; another /64 is another", async () => {
    const id = await newAd();
    const before = viewsOf(id);
    for (let i = 1; i <= FLOOD; i++) await view(id, `2001:db8:1:2:${i.toString(16)}::${(i * 7).toString(16)}`);
    await view(id, "2001:DB8:1:2:0:0:0:1");
    expect(viewsOf(id) - before).toBe(1);
    await view(id, "2001:db8:1:3::1");
    expect(viewsOf(id) - before).toBe(2);
    // An IPv4 client of a dual-stack socket is its IPv4 address.
    await view(id, "203.0.113.80");
    await view(id, "::ffff:203.0.113.80");
    expect(viewsOf(id) - before).toBe(3);
  });

  it("a signed-in user counts once per day, from any address", async () => {
    const id = await newAd();
    const before = viewsOf(id);
    const reader = await createUser({ name: "Leitor" });
    for (let i = 0; i < 50; i++) await view(id, `192.0.2.${i + 1}`, { Authorization: `Bearer ${reader.token}`, Cookie: randomVid() });
    expect(viewsOf(id) - before).toBe(1);
  });

  it("30 openings of the ad page (text/html) from one address without a cookie count once", async () => {
    const id = await newAd();
    const before = viewsOf(id);
    for (let i = 0; i < 30; i++) {
      await callRoute(adPage, adPageAt(id).path, { params: adPageAt(id).params, context: { clientIp: ATTACKER }, init: { headers: { Accept: "text/html" } } });
    }
    expect(viewsOf(id) - before).toBe(1);
  });

  it("the order of the public list (by views) does not move", async () => {
    const leader = await newAd();
    const chaser = await newAd();
    db.update(ads).set({ views: 10_000_000 }).where(eq(ads.id, leader)).run();
    db.update(ads).set({ views: 10_000_000 - 5 }).where(eq(ads.id, chaser)).run();
    for (let i = 0; i < FLOOD; i++) await view(chaser, ATTACKER);
    for (const cookie of await mintCookies(FLOOD, ATTACKER)) await view(chaser, ATTACKER, { Cookie: cookie });
    const top = ((await (await callRoute(publicAds, "/api/ads/public?limit=2")).json()) as { ads: { id: number }[] }).ads.map((ad) => ad.id);
    expect(top).toEqual([leader, chaser]);
  });
});

describe("contacts: once per person and day", () => {
  it("200 cookie-less contacts from one address count once, and 200 forged cookies add nothing", async () => {
    const id = await newAd();
    for (let i = 0; i < FLOOD; i++) expect((await openContact(id, ATTACKER)).status).toBe(302);
    expect(contactsOf(id)).toBe(1);
    for (let i = 0; i < FLOOD; i++) await openContact(id, ATTACKER, { Cookie: randomVid() });
    for (const cookie of await mintCookies(50, ATTACKER)) await openContact(id, ATTACKER, { Cookie: cookie });
    expect(contactsOf(id)).toBe(1);
    expect(dateKey(new Date())).toBe(db.select().from(adDailyStats).where(eq(adDailyStats.adId, id)).get()!.day);
  });

  it("returning visitors behind one address each count, up to the bound", async () => {
    const cookies = await mintCookies(RETURNING_PER_ADDRESS + 5, ATTACKER, yesterday());
    const id = await newAd();
    for (const cookie of cookies) await openContact(id, ATTACKER, { Cookie: cookie });
    expect(contactsOf(id)).toBe(RETURNING_PER_ADDRESS + 1);
  });
});

describe("saves ('Salvo por N pessoas'): once per person, ever", () => {
  it("100 saves with random unsigned cookies, and 100 with fresh signed ones, count once", async () => {
    const id = await newAd();
    for (let i = 0; i < FLOOD / 2; i++) expect((await save(id, ATTACKER, { Cookie: randomVid() })).status).toBe(200);
    expect(savesOf(id)).toBe(1);
    for (const cookie of await mintCookies(FLOOD / 2, ATTACKER)) await save(id, ATTACKER, { Cookie: cookie });
    expect(savesOf(id)).toBe(1);
  });

  it("returning visitors behind one address each count, up to the bound; a signed-in saver counts as themselves", async () => {
    const cookies = await mintCookies(RETURNING_PER_ADDRESS + 5, ATTACKER, yesterday());
    const id = await newAd();
    for (const cookie of cookies) await save(id, ATTACKER, { Cookie: cookie });
    expect(savesOf(id)).toBe(RETURNING_PER_ADDRESS + 1);
    const saver = await createUser({ name: "Quem Salva" });
    for (let i = 0; i < 3; i++) await save(id, ATTACKER, { Cookie: saver.cookie });
    expect(savesOf(id)).toBe(RETURNING_PER_ADDRESS + 2);
  });
});
