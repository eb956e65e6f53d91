/**
 * 'Favoritos' (issue 23): a visitor's favourites in a signed cookie (add, remove, the 100 limit, a
 * tampered cookie, an ad that is not public), an account's in the database, the cookie merged into the
 * account at sign-in (the form and the JSON login: both go through startSession), /favoritos greying
 * an ended ad, and the saves the owner sees, which toggling cannot inflate.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { adSaves, ads, favourites, users } from "~/db/schema";
import { addDaysToKey, todayKey } from "~/lib/dates";
import { FAVOURITE_MESSAGES, MAX_FAVOURITES, type FavouriteCard } from "~/models/favourite/favourite";
import { savesByAd, savesPerAdAndDay } from "~/models/favourite/favourites.server";
import { hashPassword } from "~/models/account/password-hasher.server";
import { action as jsonLogin } from "~/routes/api.auth.login";
import * as favoritos from "~/routes/favoritos";
import { action as loginPage } from "~/routes/login";
import { ORIGIN, createUser } from "../support/ad-fixtures";
import { toastOf } from "../support/admin";
import { insertAd } from "../support/manage";
import { visitorCookie } from "../support/people";
import { callRoute } from "../support/route";

/** A browser: the cookies it was given, sent back on every request. */
function browser(initial: Record<string, string> = {}) {
  const jar = new Map(Object.entries(initial));
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, value] = [pair!.slice(0, pair!.indexOf("=")), pair!.slice(pair!.indexOf("=") + 1)];
      if (/Max-Age=0/i.test(line) || /Expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  };
  return {
    jar,
    async favourite(adId: number | string, intent: string, { redirectTo }: { redirectTo?: string } = {}) {
      const body = new URLSearchParams({ adId: String(adId), intent });
      if (redirectTo !== undefined) body.set("redirectTo", redirectTo);
      return keep(
        await callRoute(favoritos.action, "/favoritos", {
          init: { method: "POST", headers: { Cookie: cookie(), Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" }, body },
          context: { clientIp: "203.0.113.7" },
        }),
      );
    },
    async list() {
      const response = await callRoute(favoritos.loader, "/favoritos", { init: { headers: { Cookie: cookie() } } });
      return (await response.json()) as { cards: FavouriteCard[]; missing: number; signedIn: boolean };
    },
    keep,
    cookie,
  };
}

async function seller() {
  return createUser({ name: "Vera Vendedora" });
}

describe("favourites of a visitor without an account (signed cookie)", () => {
  it("adds and removes with a fetcher (JSON) and with a plain form (redirect back with a toast)", async () => {
    const owner = await seller();
    const ad = await insertAd(owner.id, { status: "active" });
    const visitor = browser();

    const added = await visitor.favourite(ad.id, "add");
    expect(added.status).toBe(200);
    expect(await added.json()).toEqual({ ok: true, adId: ad.id, favourite: true });
    expect(visitor.jar.has("favoritos")).toBe(true);
    expect((await visitor.list()).cards.map((card) => card.id)).toEqual([ad.id]);

    const removed = await visitor.favourite(ad.id, "remove", { redirectTo: "/categories?search=mesa" });
    expect(removed.status).toBe(302);
    expect(removed.headers.get("Location")).toBe("/categories?search=mesa");
    expect((await toastOf(removed))?.message).toBe(FAVOURITE_MESSAGES.removed);
    expect((await visitor.list()).cards).toEqual([]);

    // redirectTo goes through the app's safe redirect: another site is never where a post leads.
    const offsite = await visitor.favourite(ad.id, "add", { redirectTo: "https://evil.example/" });
    expect(offsite.headers.get("Location")).toBe("/favoritos");
  });

  it("refuses an ad that does not exist or is not public, storing nothing (400, pt-BR)", async () => {
    const owner = await seller();
    const paused = await insertAd(owner.id, { status: "paused" });
    const expired = await insertAd(owner.id, { status: "active", lastDayInDays: -1 });
    const visitor = browser();
    for (const adId of [paused.id, expired.id, 99_999_999]) {
      const refused = await visitor.favourite(adId, "add");
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ ok: false, message: FAVOURITE_MESSAGES.unavailable });
    }
    for (const [adId, intent] of [["abc", "add"], [paused.id, "delete"]] as const) {
      expect((await visitor.favourite(adId, intent)).status).toBe(400);
    }
    expect(visitor.jar.has("favoritos")).toBe(false);
    expect(savesByAd([paused.id, expired.id]).size).toBe(0);
    // Without JavaScript the same refusal is a toast on the page it came from.
    const page = await visitor.favourite(paused.id, "add", { redirectTo: "/" });
    expect(page.headers.get("Location")).toBe("/");
    expect((await toastOf(page))?.description).toBe(FAVOURITE_MESSAGES.unavailable);
  });

  it("keeps at most 100: the 101st is refused with a message, the list unchanged", async () => {
    const owner = await seller();
    const many = [];
    for (let i = 0; i <= MAX_FAVOURITES; i++) many.push(await insertAd(owner.id, { status: "active" }));
    const visitor = browser();
    for (const ad of many.slice(0, MAX_FAVOURITES)) expect((await visitor.favourite(ad.id, "add")).status).toBe(200);
    const full = await visitor.favourite(many[MAX_FAVOURITES]!.id, "add");
    expect(full.status).toBe(409);
    expect(await full.json()).toEqual({ ok: false, message: FAVOURITE_MESSAGES.full });
    expect((await visitor.list()).cards).toHaveLength(MAX_FAVOURITES);
    // Adding one already kept is still fine at the limit.
    expect((await visitor.favourite(many[0]!.id, "add")).status).toBe(200);
  });

  it("treats a tampered or forged cookie as empty", async () => {
    const owner = await seller();
    const ad = await insertAd(owner.id, { status: "active" });
    const visitor = browser();
    await visitor.favourite(ad.id, "add");
    const signed = visitor.jar.get("favoritos")!;
    // The value is base64 JSON then a signature: change the ids, keep the signature.
    const [value, signature] = [signed.slice(0, signed.lastIndexOf(".")), signed.slice(signed.lastIndexOf("."))];
    const forgedValue = Buffer.from(JSON.stringify([1, 2, 3])).toString("base64");
    for (const forged of [`${forgedValue}${signature}`, value, "W10%3D", "lixo"]) {
      expect((await browser({ favoritos: forged }).list()).cards).toEqual([]);
    }
  });

  it("/favoritos shows an ad that ended as unavailable, without its WhatsApp", async () => {
    const owner = await seller();
    const ad = await insertAd(owner.id, { status: "active" });
    const visitor = browser();
    await visitor.favourite(ad.id, "add");
    db.update(ads).set({ status: "paused" }).where(eq(ads.id, ad.id)).run();
    const [card] = (await visitor.list()).cards;
    expect(card).toMatchObject({ id: ad.id, available: false, whatsapp: null });
    // It can still be removed.
    expect(await (await visitor.favourite(ad.id, "remove")).json()).toMatchObject({ ok: true, favourite: false });
  });
});

describe("favourites of an account, and the merge at sign-in", () => {
  async function withPassword() {
    const user = await createUser({ name: "Bruno Comprador" });
    db.update(users).set({ password: await hashPassword("Senha@12345") }).where(eq(users.id, user.id)).run();
    return user;
  }
  const accountFavourites = (userId: number) => db.select().from(favourites).where(eq(favourites.userId, userId)).all().map((row) => row.adId).sort();

  it("a signed-in user's favourites live on the account", async () => {
    const owner = await seller();
    const ad = await insertAd(owner.id, { status: "active" });
    const user = await createUser();
    const visitor = browser({ [user.cookie.split("=")[0]!]: user.cookie.slice(user.cookie.indexOf("=") + 1) });
    expect((await visitor.favourite(ad.id, "add")).status).toBe(200);
    expect(accountFavourites(user.id)).toEqual([ad.id]);
    expect(visitor.jar.has("favoritos")).toBe(false);
    expect((await visitor.list()).signedIn).toBe(true);
    await visitor.favourite(ad.id, "remove");
    expect(accountFavourites(user.id)).toEqual([]);
  });

  it("the cookie's favourites join the account at the sign-in form and at the JSON login, and the cookie is cleared", async () => {
    const owner = await seller();
    const [a, b, c] = [await insertAd(owner.id, { status: "active" }), await insertAd(owner.id, { status: "active" }), await insertAd(owner.id, { status: "active" })];
    const user = await withPassword();
    db.insert(favourites).values({ userId: user.id, adId: c.id }).run();

    const visitor = browser();
    await visitor.favourite(a.id, "add");
    await visitor.favourite(b.id, "add");
    const form = new URLSearchParams({ email: user.email, password: "Senha@12345", redirectTo: "/favoritos" });
    const signedIn = visitor.keep(
      await callRoute(loginPage, "/login", {
        init: { method: "POST", headers: { Cookie: visitor.cookie(), Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" }, body: form },
      }),
    );
    expect(signedIn.status).toBe(302);
    expect(accountFavourites(user.id)).toEqual([a.id, b.id, c.id].sort());
    expect(visitor.jar.has("favoritos")).toBe(false);
    expect(visitor.jar.has("__session")).toBe(true);

    const other = await withPassword();
    const phone = browser();
    await phone.favourite(a.id, "add");
    const json = phone.keep(
      await callRoute(jsonLogin, "/api/auth/login", {
        init: { method: "POST", headers: { Cookie: phone.cookie(), "Content-Type": "application/json" }, body: JSON.stringify({ email: other.email, password: "Senha@12345" }) },
      }),
    );
    expect(json.status).toBe(200);
    expect(json.headers.get("Cache-Control")).toBe("no-store");
    expect(accountFavourites(other.id)).toEqual([a.id]);
    expect(phone.jar.has("favoritos")).toBe(false);
  });
});

describe("saves counted for the owner", () => {
  it("counts each saver once, however often they add and remove, and per São Paulo day", async () => {
    const owner = await seller();
    const ad = await insertAd(owner.id, { status: "active" });
    // Two returning visitors (cookies minted on an earlier day), and scripts without a cookie.
    const visitor = browser({ vid: (await visitorCookie()).slice("vid=".length) });
    for (let i = 0; i < 5; i++) {
      await visitor.favourite(ad.id, "add");
      await visitor.favourite(ad.id, "remove");
    }
    const other = browser({ vid: (await visitorCookie()).slice("vid=".length) });
    await other.favourite(ad.id, "add");
    // A script without the visitor cookie counts once per address and day, whatever cookies it is given.
    for (let i = 0; i < 3; i++) await browser().favourite(ad.id, "add");
    expect(savesByAd([ad.id]).get(ad.id)).toBe(3);

    const today = todayKey();
    const yesterday = addDaysToKey(today, -1);
    db.insert(adSaves).values({ adId: ad.id, saver: "v:earlier", createdAt: new Date(Date.now() - 86_400_000) }).run();
    expect(savesPerAdAndDay([ad.id], yesterday).get(ad.id)).toEqual(new Map([[yesterday, 1], [today, 3]]));
  });
});
