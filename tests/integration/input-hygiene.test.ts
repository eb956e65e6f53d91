/**
 * Issue 32, findings 10, 11 and 12 (second half): a title with CR/LF forging header lines in the
 * alert e-mail, the JS-off saved-search posts that answered a bare 302 without their message, and
 * a request's Host deciding the origin of what is published and cached (sitemap, robots.txt,
 * canonical links). APP_URL is left unset on purpose: that is the careless start the attack used.
 */
import path from "node:path";
import { eq } from "drizzle-orm";
import { createStaticHandler } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { ads, savedSearches } from "~/db/schema";
import { getEnv } from "~/env.server";
import { registerSchema } from "~/models/account/account";
import { profileSchema } from "~/models/account/profile";
import { adEditSchema } from "~/models/ad/ad-edit";
import { moderationDecisionSchema } from "~/models/moderation/moderation-queue";
import { pageFilterFromUrl } from "~/models/listing/listing-query.server";
import { reportSchema } from "~/models/report/reports.server";
import { categorySchema, characteristicSchema } from "~/models/category/category-form";
import { citySchema } from "~/models/city/city-form";
import { MAX_SAVED_SEARCHES, SAVED_SEARCH_MESSAGES } from "~/models/saved-search/saved-search";
import { runAlertsJob } from "~/models/saved-search/alerts.server";
import { saveSearch } from "~/models/saved-search/saved-searches.server";
import { action as createAdApi } from "~/routes/api.ads";
import { loader as adPage, meta as adMeta } from "~/routes/anuncio.$id";
import * as buscas from "~/routes/buscas";
import { loader as categoriesPage } from "~/routes/categories";
import { loader as homePage } from "~/routes/_index";
import { loader as robots } from "~/routes/robots[.]txt";
import { loader as sitemap } from "~/routes/sitemap[.]xml";
import { loader as sitemapChild } from "~/routes/sitemaps.$file";
import { siteOriginOf } from "~/web/server-guards.server";
import { adRow, bearer, carFields, categoryId, createUser, multipart, type TestUser } from "../support/ad-fixtures";
import { page, toastOf } from "../support/admin";
import { insertAd } from "../support/manage";
import { readOutbox } from "../support/outbox";
import { callRoute } from "../support/route";
import { location, postStep, step1, step2 } from "../support/wizard-posts";

const FORGED = "Esteira haltere\r\nBcc: vitima@evil.example\r\nSubject: hacked";
const FLATTENED = "Esteira haltere Bcc: vitima@evil.example Subject: hacked";

/** The e-mails to `email` in the outbox (the local mailer's .eml files), the body quoted-printable decoded. */
function mailBodiesTo(email: string): string[] {
  return readOutbox(path.join(getEnv().DATA_DIR, "outbox"))
    .filter((mail) => mail.raw.includes(`To: ${email}`))
    .map((mail) => mail.body);
}

/** Publishes an ad made by the tests now, for the alerts job to find. */
const publish = (id: number) => db.update(ads).set({ status: "active", publishedAt: new Date() }).where(eq(ads.id, id)).run();

describe("finding 10: control characters in single-line fields", () => {
  it("stores a forged title flattened through the wizard's plain form posts, and the alert e-mail shows no fake header line", async () => {
    const [seller, buyer] = [await createUser(), await createUser({ name: "Bia Compradora" })];
    saveSearch(buyer.id, new URLSearchParams({ cityId: "todas" }), new Date(Date.now() - 60_000));
    await postStep(seller, 1, step1());
    await postStep(seller, 2, step2({ title: FORGED, intent: "photos" }));
    const created = await postStep(seller, 3, { intent: "create" }, []);
    const id = Number(location(created)?.replace("/payment/", ""));
    expect(adRow(id)?.title).toBe(FLATTENED);

    publish(id);
    await runAlertsJob(new Date());
    const [body] = mailBodiesTo(buyer.email);
    expect(body).toContain(FLATTENED);
    expect(body!.split(/\r?\n/).filter((line) => /^(Bcc|Subject):/i.test(line))).toEqual([]);
  });

  it("stores a forged title flattened through POST /api/ads and PUT's schema, and a description keeps only its line breaks", async () => {
    const seller: TestUser = await createUser();
    const response = await callRoute(createAdApi, "/api/ads", {
      init: { method: "POST", headers: bearer(seller), body: multipart(carFields({ title: FORGED, description: "Linha um\r\nLinha dois\u0000\u001b[31m" })) },
    });
    expect(response.status).toBe(201);
    const row = adRow(((await response.json()) as { id: number }).id)!;
    expect(row.title).toBe(FLATTENED);
    expect(row.description).toBe("Linha um\nLinha dois  [31m");
    const edit = adEditSchema.safeParse({ adType: "Vender", categoryId: categoryId("Veículos"), title: FORGED, description: "ok", price: "", whatsapp: "" });
    expect(edit.success && edit.data.title).toBe(FLATTENED);
  });

  it("flattens every other single-line field the forms and the API take; multi-line ones keep their lines", () => {
    const forged = "Nome\r\nBcc: x@evil.example\u0085\u2028fim\u0007";
    const flat = "Nome Bcc: x@evil.example fim";
    const parsed = [
      registerSchema.safeParse({ name: forged, email: "a@b.example", password: "Senha@123", confirmPassword: "Senha@123" }),
      profileSchema.safeParse({ fullName: forged, phone: "" }),
      citySchema.safeParse({ name: "Patos\r\nde Minas\u0000", state: "MG" }),
      categorySchema.safeParse({ name: forged, label: forged }),
      characteristicSchema.safeParse({ name: "marca", label: forged, helper: forged, options: "Fiat\u0000,Ford\r\nVW", categoryId: String(categoryId("Veículos")) }),
    ];
    for (const result of parsed) expect(result.error?.issues ?? []).toEqual([]);
    const [register, profile, city, category, characteristic] = parsed.map((result) => result.data as Record<string, unknown>);
    expect(register!.name).toBe(flat);
    expect(profile!.fullName).toBe(flat);
    expect(city!.name).toBe("Patos de Minas");
    expect([category!.name, category!.label]).toEqual([flat, flat]);
    expect([characteristic!.label, characteristic!.helper, characteristic!.options]).toEqual([flat, flat, ["Fiat", "Ford", "VW"]]);
    // What a saved search is described by in its e-mail: the words of the list's address.
    expect(pageFilterFromUrl(new URL(`http://localhost/categories?${new URLSearchParams({ search: forged })}`)).search).toBe(flat);
    // Reasons and details are read by people in several lines: those stay, nothing else invisible does.
    expect(reportSchema.parse({ reason: "golpe", details: "Linha 1\r\nLinha 2\u0000" }).details).toBe("Linha 1\nLinha 2");
    expect(moderationDecisionSchema.parse({ decision: "rejected", reason: "Foto\rcopiada\u001b" }).reason).toBe("Foto\ncopiada");
  });
});

/** A document POST as Remix answers one without JavaScript: the action, then every matched loader. */
async function postWithoutScripts(user: TestUser, fields: Record<string, string>): Promise<Response> {
  const handler = createStaticHandler([{ id: "root", path: "/", children: [{ id: "routes/buscas", path: "buscas", loader: buscas.loader, action: buscas.action as never }] }]);
  const answer = await handler.query(new Request("http://localhost/buscas", page(user, fields).init));
  if (answer instanceof Response) return answer;
  const shown = answer.actionData?.["routes/buscas"] as { message?: string } | undefined;
  return Response.json(shown ?? null, { status: answer.statusCode });
}

/** The message the user reads after the post: the toast the redirect carries, or the page's own. */
async function messageShown(response: Response): Promise<string | undefined> {
  if (response.status >= 300 && response.status < 400) {
    const toast = await toastOf(response);
    return toast ? `${toast.message} ${toast.description ?? ""}` : undefined;
  }
  return ((await response.json()) as { message?: string } | null)?.message;
}

describe("finding 11: the saved-search refusals reach a browser without JavaScript", () => {
  it("tells the user of the 21st search why it was not saved, back on the list it came from", async () => {
    const user = await createUser();
    for (let i = 0; i < MAX_SAVED_SEARCHES; i++) saveSearch(user.id, new URLSearchParams({ search: `palavra${i}` }));
    const refused = await postWithoutScripts(user, { search: "uma a mais", cityId: "todas" });
    expect(await messageShown(refused)).toContain(SAVED_SEARCH_MESSAGES.full);
    if (refused.status === 302) expect(refused.headers.get("Location")).toBe("/categories?search=uma+a+mais&cityId=todas");
  });

  it("tells the user who tries to remove another person's search that it was not found, and leaves it", async () => {
    const [owner, other] = [await createUser(), await createUser()];
    saveSearch(owner.id, new URLSearchParams({ search: "sofá" }));
    const { id } = db.select().from(savedSearches).where(eq(savedSearches.userId, owner.id)).get()!;
    const refused = await postWithoutScripts(other, { intent: "remove", id: String(id) });
    expect(await messageShown(refused)).toContain(SAVED_SEARCH_MESSAGES.notFound);
    expect(db.select().from(savedSearches).where(eq(savedSearches.id, id)).get()).toBeDefined();
  });
});

describe("finding 12: the origin of what is published never comes from the request's Host", () => {
  // What server.ts hands Remix without APP_URL: the Host, or with TRUST_PROXY the X-Forwarded-Host.
  const hostile = [
    siteOriginOf({ appUrl: undefined, trustProxy: false, protocol: "http", host: "evil.example", forwardedHost: undefined })!,
    siteOriginOf({ appUrl: undefined, trustProxy: true, protocol: "https", host: "127.0.0.1:3000", forwardedHost: "evil.example" })!,
  ];

  it.each(hostile)("keeps %s out of the sitemap and robots.txt", async (origin) => {
    expect(origin).toContain("evil.example");
    const bodies = await Promise.all([
      callRoute(sitemap, `${origin}/sitemap.xml`).then((response) => response.text()),
      callRoute(sitemapChild, `${origin}/sitemaps/pages.xml`, { params: { file: "pages.xml" } }).then((response) => response.text()),
      callRoute(robots, `${origin}/robots.txt`).then((response) => response.text()),
    ]);
    for (const body of bodies) {
      expect(body).not.toContain("evil.example");
      expect(body).toContain(`${getEnv().publicOrigin}/`);
    }
  });

  it.each(hostile)("keeps %s out of the canonical link, og:url and structured data of the ad page and the lists", async (origin) => {
    const owner = await createUser();
    const ad = await insertAd(owner.id, { status: "active" });
    const shown = await callRoute(adPage, `${origin}/anuncio/${ad.id}`, { params: { id: String(ad.id) }, init: { headers: { Accept: "text/html" } } });
    const canonical = shown.status === 301 ? shown.headers.get("Location")! : `/anuncio/${ad.id}`;
    const loaded = await callRoute(adPage, `${origin}${canonical}`, { params: { id: canonical.replace("/anuncio/", "") } });
    const data = (await loaded.json()) as { origin: string };
    const tags = JSON.stringify(adMeta({ data } as never));
    expect(tags).not.toContain("evil.example");
    expect(tags).toContain(`${getEnv().publicOrigin}/anuncio/`);
    for (const [loader, path] of [[homePage, "/"], [categoriesPage, "/categories"]] as const) {
      const list = (await (await callRoute(loader, `${origin}${path}`)).json()) as { origin: string };
      expect(list.origin).toBe(getEnv().publicOrigin);
    }
  });
});
