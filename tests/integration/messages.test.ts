/**
 * Messages between buyer and seller (issue #37): one conversation per ad and buyer, only public ads take
 * a first message, the owner cannot write to their own ad, nobody outside a conversation (an admin
 * neither) learns it exists, the limits (429 with Retry-After), blocks, the visitor's text kept on the
 * server through the login, the unread count, the warning, plain text, and the ad's removal.
 */
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { MessageList } from "~/components/messages/MessageList";
import { db } from "~/db/client.server";
import { ads, conversationReadings, conversations, messageBlocks, messageDrafts, messages, users } from "~/db/schema";
import { MESSAGE_MESSAGES, type ConversationView, type InboxItem, type MessageView } from "~/models/message/message";
import { runMessageHousekeeping } from "~/models/message/retention.server";
import { deleteAccount } from "~/models/account/deletion.server";
import { exportUserData } from "~/models/account/data-export.server";
import { action as startApi } from "~/routes/api.ads.$id_.messages";
import { loader as meApi } from "~/routes/api.auth.me";
import { loader as inboxApi } from "~/routes/api.messages";
import { action as replyApi, loader as conversationApi } from "~/routes/api.messages.$id";
import { action as blockApi } from "~/routes/api.messages.$id_.block";
import { action as unblockApi } from "~/routes/api.messages.$id_.unblock";
import { action as reportApi } from "~/routes/api.messages.$id_.report";
import { action as adminConversationForm, loader as adminConversationPage } from "~/routes/admin.conversas.$id";
import { loader as moderationPage } from "~/routes/admin.moderation";
import { loader as adPage } from "~/routes/anuncio.$id";
import { action as adMessageForm } from "~/routes/anuncio.$id_.mensagem";
import { loader as conversationPage, action as conversationForm } from "~/routes/mensagens.$id";
import { loader as inboxPage } from "~/routes/mensagens._index";
import { bearer, browser, createUser, ORIGIN, type TestUser } from "../support/ad-fixtures";
import { insertAd } from "../support/manage";
import { callRoute } from "../support/route";

const DAY = 86_400_000;

let seller: TestUser;
let buyer: TestUser;
let stranger: TestUser;
let admin: TestUser;

/** An account made `days` ago (older than a day: the full daily limit). */
async function accountAged(days: number, name = "Bruno Comprador") {
  const user = await createUser({ name });
  db.update(users).set({ createdAt: new Date(Date.now() - days * DAY) }).where(eq(users.id, user.id)).run();
  return user;
}

const json = (body: unknown) => JSON.stringify(body);
const post = (user: TestUser, body: unknown) => ({ method: "POST", headers: { ...bearer(user), "Content-Type": "application/json" }, body: json(body) });

function start(user: TestUser, adId: number, text: string) {
  return callRoute(startApi, `/api/ads/${adId}/messages`, { params: { id: String(adId) }, init: post(user, { text }) });
}
function replyTo(user: TestUser, id: number, text: string) {
  return callRoute(replyApi, `/api/messages/${id}`, { params: { id: String(id) }, init: post(user, { text }) });
}
function read(user: TestUser, id: number) {
  return callRoute(conversationApi, `/api/messages/${id}`, { params: { id: String(id) }, init: { headers: bearer(user) } });
}
async function unread(user: TestUser) {
  const response = await callRoute(meApi, "/api/auth/me", { init: { headers: bearer(user) } });
  return ((await response.json()) as { unreadMessages: number }).unreadMessages;
}
async function inboxOf(user: TestUser) {
  const response = await callRoute(inboxApi, "/api/messages", { init: { headers: bearer(user) } });
  return ((await response.json()) as { conversations: InboxItem[] }).conversations;
}

beforeAll(async () => {
  seller = await accountAged(30, "Sara Vendedora");
  buyer = await accountAged(30, "Bruno Comprador");
  stranger = await accountAged(30, "Terceiro");
  admin = await createUser({ name: "Admin", isAdmin: true });
});

describe("a conversation between buyer and seller", () => {
  it("starts from an ad, reaches the seller's badge and inbox, is read, and is answered", async () => {
    const ad = await insertAd(seller.id, { status: "active" });
    const sent = await start(buyer, ad.id, "Ainda está disponível?");
    expect(sent.status).toBe(201);
    const { conversationId, message } = (await sent.json()) as { conversationId: number; message: MessageView };
    expect(message).toMatchObject({ fromMe: true, text: "Ainda está disponível?", readAt: null, warning: null });

    expect(await unread(seller)).toBe(1);
    expect(await unread(buyer)).toBe(0);
    const [line] = (await inboxOf(seller)).filter((item) => item.id === conversationId);
    expect(line).toMatchObject({ ad: { id: ad.id, title: ad.title }, other: { name: "Bruno Comprador" }, lastMessage: { text: "Ainda está disponível?", fromMe: false }, unread: 1 });

    const opened = await read(seller, conversationId);
    expect(opened.status).toBe(200);
    const body = (await opened.json()) as { conversation: ConversationView; messages: MessageView[] };
    expect(body.conversation).toMatchObject({ role: "seller", other: { name: "Bruno Comprador" }, cannotSend: null });
    expect(body.messages.map((m) => [m.text, m.fromMe])).toEqual([["Ainda está disponível?", false]]);
    expect(await unread(seller)).toBe(0);
    expect(db.select().from(messages).where(eq(messages.conversationId, conversationId)).get()!.readAt).not.toBeNull();

    expect((await replyTo(seller, conversationId, "Sim! Pode vir ver amanhã.")).status).toBe(201);
    expect(await unread(buyer)).toBe(1);
    const [buyerLine] = (await inboxOf(buyer)).filter((item) => item.id === conversationId);
    expect(buyerLine).toMatchObject({ other: { name: "Sara Vendedora" }, lastMessage: { text: "Sim! Pode vir ver amanhã.", fromMe: false }, unread: 1 });

    // A second message from the ad's page goes to the same conversation.
    const again = await start(buyer, ad.id, "Combinado");
    expect(((await again.json()) as { conversationId: number }).conversationId).toBe(conversationId);
    expect(db.select().from(conversations).where(eq(conversations.adId, ad.id)).all()).toHaveLength(1);
  });

  it("never shows an e-mail: a person without a full name is 'Anunciante' or 'Comprador'", async () => {
    const [nameless, quiet] = [await accountAged(3, "x"), await accountAged(3, "y")];
    db.update(users).set({ fullName: null }).where(eq(users.id, nameless.id)).run();
    db.update(users).set({ fullName: "  " }).where(eq(users.id, quiet.id)).run();
    const ad = await insertAd(nameless.id, { status: "active" });
    const sent = (await (await start(quiet, ad.id, "Oi")).json()) as { conversationId: number };
    const sellerSide = await (await read(nameless, sent.conversationId)).text();
    const buyerSide = await (await read(quiet, sent.conversationId)).text();
    expect(JSON.parse(sellerSide).conversation.other.name).toBe("Comprador");
    expect(JSON.parse(buyerSide).conversation.other.name).toBe("Anunciante");
    for (const text of [sellerSide, buyerSide]) {
      expect(text).not.toContain(nameless.email);
      expect(text).not.toContain(quiet.email);
    }
  });

  it("refuses the owner writing to their own ad (400)", async () => {
    const ad = await insertAd(seller.id, { status: "active" });
    const response = await start(seller, ad.id, "Oi");
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(MESSAGE_MESSAGES.ownAd);
  });

  it("takes no first message for a paused, pending, sold or expired ad (404), while a running conversation goes on", async () => {
    for (const state of [{ status: "paused" }, { status: "pending" }, { status: "sold" }, { status: "active", lastDayInDays: -1 }] as const) {
      const ad = await insertAd(seller.id, state);
      const response = await start(buyer, ad.id, "Oi");
      expect(response.status, JSON.stringify(state)).toBe(404);
    }
    expect((await start(buyer, 999_999_999, "Oi")).status).toBe(404);

    const ad = await insertAd(seller.id, { status: "active" });
    const { conversationId } = (await (await start(buyer, ad.id, "Oi")).json()) as { conversationId: number };
    db.update(ads).set({ status: "paused" }).where(eq(ads.id, ad.id)).run();
    expect((await replyTo(seller, conversationId, "Pausei, mas ainda tenho")).status).toBe(201);
    expect((await start(buyer, ad.id, "Ótimo")).status).toBe(201);
  });

  it("answers 404 to anyone outside the conversation, admins too, through the API and the page", async () => {
    const ad = await insertAd(seller.id, { status: "active" });
    const { conversationId } = (await (await start(buyer, ad.id, "Conversa privada")).json()) as { conversationId: number };
    const params = { id: String(conversationId) };
    for (const outsider of [stranger, admin]) {
      expect((await read(outsider, conversationId)).status).toBe(404);
      expect((await replyTo(outsider, conversationId, "intrometido")).status).toBe(404);
      expect((await callRoute(conversationPage, `/mensagens/${conversationId}`, { params, init: { headers: browser(outsider) } })).status).toBe(404);
      const form = new URLSearchParams({ text: "intrometido" });
      const posted = await callRoute(conversationForm, `/mensagens/${conversationId}`, { params, init: { method: "POST", headers: browser(outsider), body: form } });
      expect(posted.status).toBe(404);
      const listed = await inboxOf(outsider);
      expect(listed.some((item) => item.id === conversationId)).toBe(false);
    }
    expect(db.select().from(messages).where(eq(messages.conversationId, conversationId)).all().map((m) => m.text)).toEqual(["Conversa privada"]);
  });

  it("keeps HTML and scripts as text: stored and answered as typed, escaped on the page, links not clickable", async () => {
    const ad = await insertAd(seller.id, { status: "active" });
    const text = `<script>alert("x")</script><img src=x onerror=alert(1)> veja https://golpe.example/pix`;
    const sent = (await (await start(buyer, ad.id, text)).json()) as { conversationId: number };
    const { messages: shown } = (await (await read(seller, sent.conversationId)).json()) as { messages: MessageView[] };
    expect(shown[0]!.text).toBe(text);
    const html = renderToString(createElement(MessageList, { messages: shown }));
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<a ");
    expect(html).toContain("&lt;script&gt;");
  });

  it("warns the receiver, never the sender, on a message with a phone number or a PIX request", async () => {
    const ad = await insertAd(seller.id, { status: "active" });
    const sent = (await (await start(buyer, ad.id, "Me chama no zap 34 99999-1234")).json()) as { conversationId: number; message: MessageView };
    expect(sent.message.warning).toBeNull();
    const sellerView = (await (await read(seller, sent.conversationId)).json()) as { messages: MessageView[] };
    expect(sellerView.messages[0]!.warning).toMatch(/^Cuidado: nunca pague antes de ver o produto/);
    const buyerView = (await (await read(buyer, sent.conversationId)).json()) as { messages: MessageView[] };
    expect(buyerView.messages[0]!.warning).toBeNull();
  });

  it("refuses text that is empty or over 1000 characters (400)", async () => {
    const ad = await insertAd(seller.id, { status: "active" });
    expect((await start(buyer, ad.id, "   ")).status).toBe(400);
    expect((await start(buyer, ad.id, "a".repeat(1001))).status).toBe(400);
    expect((await start(buyer, ad.id, "a".repeat(1000))).status).toBe(201);
  });
});

describe("limits and blocks", () => {
  it("stops a new account's flood of new conversations at 5 a day, with Retry-After", async () => {
    const fresh = await createUser({ name: "Conta Nova" });
    for (let i = 0; i < 5; i++) {
      const ad = await insertAd(seller.id, { status: "active" });
      expect((await start(fresh, ad.id, `Oi ${i}`)).status).toBe(201);
    }
    const ad = await insertAd(seller.id, { status: "active" });
    const refused = await start(fresh, ad.id, "Oi de novo");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { message: string }).message).toBe(MESSAGE_MESSAGES.tooManyConversations);
    expect(db.select().from(conversations).where(eq(conversations.adId, ad.id)).all()).toHaveLength(0);
  });

  it("lets an older account start 20 conversations a day, not 21", async () => {
    const busy = await accountAged(10, "Comprador Ativo");
    for (let i = 0; i < 20; i++) {
      const ad = await insertAd(seller.id, { status: "active" });
      expect((await start(busy, ad.id, `Oi ${i}`)).status).toBe(201);
    }
    const ad = await insertAd(seller.id, { status: "active" });
    expect((await start(busy, ad.id, "Mais uma")).status).toBe(429);
  });

  it("stops more than 30 messages an hour in one conversation", async () => {
    const chatty = await accountAged(10, "Falante");
    const ad = await insertAd(seller.id, { status: "active" });
    const { conversationId } = (await (await start(chatty, ad.id, "Oi")).json()) as { conversationId: number };
    for (let i = 0; i < 30; i++) expect((await replyTo(chatty, conversationId, `msg ${i}`)).status).toBe(201);
    const refused = await replyTo(chatty, conversationId, "mais uma");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBeTruthy();
    // The other side is not limited by it.
    expect((await replyTo(seller, conversationId, "Calma!")).status).toBe(201);
  });

  it("a blocked person cannot write to the blocker, in this conversation or through another of the blocker's ads", async () => {
    const pest = await accountAged(10, "Chato");
    const ad = await insertAd(seller.id, { status: "active" });
    const other = await insertAd(seller.id, { status: "active" });
    const { conversationId } = (await (await start(pest, ad.id, "Oi")).json()) as { conversationId: number };
    db.insert(messageBlocks).values({ blockerId: seller.id, blockedId: pest.id }).run();
    for (const response of [await replyTo(pest, conversationId, "Responde!"), await start(pest, other.id, "E este?")]) {
      expect(response.status).toBe(403);
      expect(((await response.json()) as { message: string }).message).toBe("Não é possível enviar mensagens para esta pessoa");
    }
    const view = (await (await read(pest, conversationId)).json()) as { conversation: ConversationView };
    expect(view.conversation.cannotSend).toBe("Não é possível enviar mensagens para esta pessoa");
    const sellerView = (await (await read(seller, conversationId)).json()) as { conversation: ConversationView };
    expect(sellerView.conversation.blockedByMe).toBe(true);
  });
});

describe("the inbox's pages", () => {
  it("go on after the last conversation shown, in time then id: none is skipped when several share a millisecond", async () => {
    const person = await accountAged(30, "Pessoa com muitas conversas");
    const at = new Date(Date.now() - 60_000);
    // 45 conversations, three to a millisecond: both page ends fall inside a group of the same time.
    for (let i = 0; i < 45; i++) {
      const ad = await insertAd(seller.id, { status: "active" });
      const time = new Date(at.getTime() - Math.floor(i / 3));
      db.insert(conversations).values({ adId: ad.id, adTitle: `Anúncio ${i}`, buyerId: person.id, sellerId: seller.id, lastMessageAt: time, createdAt: time }).run();
    }
    const mine = db.select({ id: conversations.id }).from(conversations).where(eq(conversations.buyerId, person.id)).all().map((row) => row.id);

    // The page, without JavaScript: its 'next' link.
    const shown: number[] = [];
    let address: string | null = "/mensagens";
    while (address) {
      const page = (await (await callRoute(inboxPage, address, { init: { headers: browser(person) } })).json()) as { conversations: InboxItem[]; next: string | null };
      shown.push(...page.conversations.map((item) => item.id));
      address = page.next;
    }
    expect(shown).toHaveLength(45);
    expect(new Set(shown)).toEqual(new Set(mine));

    // The API: ?before= and &beforeId= of the last one; a bad beforeId is a 400 in Portuguese.
    const first = await inboxOf(person);
    const last = first.at(-1)!;
    const nextPage = (await (
      await callRoute(inboxApi, `/api/messages?${new URLSearchParams({ before: last.lastMessage.createdAt, beforeId: String(last.id) })}`, { init: { headers: bearer(person) } })
    ).json()) as { conversations: InboxItem[] };
    expect([...first, ...nextPage.conversations].map((item) => item.id)).toEqual(shown.slice(0, 40));
    const bad = await callRoute(inboxApi, "/api/messages?before=2026-01-01T00:00:00Z&beforeId=abc", { init: { headers: bearer(person) } });
    expect(bad.status).toBe(400);
  });
});

describe("the ad page's form", () => {
  it("sends a visitor to the login with only a token, keeps the text on the server, and gives it back on the ad", async () => {
    const ad = await insertAd(seller.id, { status: "active" });
    const text = "Olá, tenho interesse. ".repeat(40).trim();
    const response = await callRoute(adMessageForm, `/anuncio/${ad.id}/mensagem`, {
      params: { id: String(ad.id) },
      init: { method: "POST", headers: { Origin: ORIGIN }, body: new URLSearchParams({ text }) },
    });
    expect(response.status).toBe(302);
    const location = response.headers.get("Location")!;
    expect(location.startsWith("/login?redirectTo=")).toBe(true);
    expect(location).not.toContain("interesse");
    const back = new URL(new URLSearchParams(location.split("?")[1]).get("redirectTo")!, ORIGIN);
    expect(back.pathname).toBe(`/anuncio/${ad.id}`);
    const token = back.searchParams.get("mensagem")!;
    expect(db.select().from(messageDrafts).where(eq(messageDrafts.token, token)).get()!.text).toBe(text);

    // Signed in, the ad's page puts the text back (its canonical address keeps the query).
    const page = await callRoute(adPage, `${back.pathname}${back.search}`, { params: { id: String(ad.id) }, init: { headers: browser(buyer) } });
    const canonical = page.status === 301 ? page.headers.get("Location")! : `${back.pathname}${back.search}`;
    const loaded = await callRoute(adPage, canonical, { params: { id: canonical.split("/")[2]!.split("?")[0]! }, init: { headers: browser(buyer) } });
    const { messageBox } = (await loaded.json()) as { messageBox: { draft: string; draftToken: string } };
    expect(messageBox).toMatchObject({ draft: text, draftToken: token });
    // Somebody else signed in with the same address gets nothing back but the form; the owner no form ('Ver mensagens').
    const owner = (await (await callRoute(adPage, canonical, { params: { id: canonical.split("/")[2]!.split("?")[0]! }, init: { headers: browser(seller) } })).json()) as { messageBox: unknown };
    expect(owner.messageBox).toMatchObject({ own: true, draft: null });

    const sent = await callRoute(adMessageForm, `/anuncio/${ad.id}/mensagem`, {
      params: { id: String(ad.id) },
      init: { method: "POST", headers: browser(buyer), body: new URLSearchParams({ text, rascunho: token }) },
    });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toMatch(/^\/mensagens\/\d+$/);
    expect(db.select().from(messageDrafts).where(eq(messageDrafts.token, token)).get()).toBeUndefined();
  });

  it("keeps at most thirty visitors' texts an hour from one address: then 429 with the text kept, and another address still goes", async () => {
    const ad = await insertAd(seller.id, { status: "active" });
    const leave = (ip: string, text: string) =>
      callRoute(adMessageForm, `/anuncio/${ad.id}/mensagem`, {
        params: { id: String(ad.id) },
        init: { method: "POST", headers: { Origin: ORIGIN }, body: new URLSearchParams({ text }) },
        context: { clientIp: ip },
      });
    const before = db.select().from(messageDrafts).all().length;
    for (let i = 0; i < 30; i++) expect((await leave("203.0.113.77", `Texto ${i}`)).status).toBe(302);
    const refused = await leave("203.0.113.77", "O trigésimo primeiro");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ message: MESSAGE_MESSAGES.tooManyDrafts, text: "O trigésimo primeiro" });
    expect(db.select().from(messageDrafts).all().length).toBe(before + 30);
    expect((await leave("198.51.100.9", "De outro endereço")).status).toBe(302);
  });

  it("shows the owner's refusal with the text kept, without JavaScript", async () => {
    const ad = await insertAd(seller.id, { status: "active" });
    const response = await callRoute(adMessageForm, `/anuncio/${ad.id}/mensagem`, {
      params: { id: String(ad.id) },
      init: { method: "POST", headers: browser(seller), body: new URLSearchParams({ text: "Para mim mesmo" }) },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: MESSAGE_MESSAGES.ownAd, text: "Para mim mesmo" });
  });

  it("the conversation page's reply form posts and comes back to the page", async () => {
    const ad = await insertAd(seller.id, { status: "active" });
    const { conversationId } = (await (await start(buyer, ad.id, "Oi")).json()) as { conversationId: number };
    const params = { id: String(conversationId) };
    const posted = await callRoute(conversationForm, `/mensagens/${conversationId}`, { params, init: { method: "POST", headers: browser(seller), body: new URLSearchParams({ text: "Olá!" }) } });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toMatch(new RegExp(`^/mensagens/${conversationId}#m\\d+$`));
    const page = (await (await callRoute(conversationPage, `/mensagens/${conversationId}`, { params, init: { headers: browser(buyer) } })).json()) as { messages: MessageView[] };
    expect(page.messages.map((m) => m.text)).toEqual(["Oi", "Olá!"]);
    const inbox = (await (await callRoute(inboxPage, "/mensagens", { init: { headers: browser(buyer) } })).json()) as { conversations: InboxItem[] };
    expect(inbox.conversations[0]!.id).toBe(conversationId);
  });
});

describe("an ad removed", () => {
  it("leaves its conversations with the ad's title and price, deleted 90 days later by the daily job", async () => {
    const ad = await insertAd(seller.id, { status: "active" });
    const { conversationId } = (await (await start(buyer, ad.id, "Oi")).json()) as { conversationId: number };
    db.delete(ads).where(eq(ads.id, ad.id)).run();
    const row = db.select().from(conversations).where(eq(conversations.id, conversationId)).get()!;
    expect(row).toMatchObject({ adId: null, adTitle: ad.title, adPriceCents: 120000 });
    expect(row.adRemovedAt).toBeInstanceOf(Date);
    const view = (await (await read(buyer, conversationId)).json()) as { conversation: ConversationView };
    expect(view.conversation.ad).toMatchObject({ id: null, title: ad.title, price: "1200.00", available: false });

    expect(runMessageHousekeeping(new Date(Date.now() + 89 * DAY)).conversations).toBe(0);
    runMessageHousekeeping(new Date(Date.now() + 91 * DAY));
    expect(db.select().from(conversations).where(eq(conversations.id, conversationId)).get()).toBeUndefined();
    expect(db.select().from(messages).where(eq(messages.conversationId, conversationId)).all()).toHaveLength(0);
  });
});

describe("'Bloquear' and 'Desbloquear'", () => {
  const block = (user: TestUser, id: number, kind: "block" | "unblock") =>
    callRoute(kind === "block" ? blockApi : unblockApi, `/api/messages/${id}/${kind}`, { params: { id: String(id) }, init: { method: "POST", headers: bearer(user) } });

  it("either side blocks through the API or the page; the blocked one is told in every conversation with the blocker; unblock undoes it", async () => {
    const other = await accountAged(10, "Outro Comprador");
    const [first, second] = [await insertAd(seller.id, { status: "active" }), await insertAd(seller.id, { status: "active" })];
    const { conversationId } = (await (await start(other, first.id, "Oi")).json()) as { conversationId: number };
    const { conversationId: secondId } = (await (await start(other, second.id, "Oi de novo")).json()) as { conversationId: number };

    const blocked = await block(seller, conversationId, "block");
    expect(blocked.status).toBe(200);
    expect(await blocked.json()).toMatchObject({ blocked: true });
    for (const id of [conversationId, secondId]) {
      const refused = await replyTo(other, id, "Oi?");
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toBe(MESSAGE_MESSAGES.blocked);
    }
    // The blocker cannot write either until they unblock (they are told why).
    expect(((await (await replyTo(seller, conversationId, "x")).json()) as { message: string }).message).toBe(MESSAGE_MESSAGES.youBlocked);

    const page = await callRoute(conversationForm, `/mensagens/${conversationId}`, {
      params: { id: String(conversationId) },
      init: { method: "POST", headers: browser(seller), body: new URLSearchParams({ intent: "unblock" }) },
    });
    expect(page.status).toBe(302);
    expect((await replyTo(other, secondId, "Obrigado")).status).toBe(201);

    // The buyer's side blocks too.
    expect((await block(other, conversationId, "block")).status).toBe(200);
    expect((await replyTo(seller, conversationId, "Oi")).status).toBe(403);
    expect((await block(other, conversationId, "unblock")).status).toBe(200);
    expect((await replyTo(seller, conversationId, "Oi")).status).toBe(201);
  });

  it("answers 404 to anyone outside the conversation", async () => {
    const ad = await insertAd(seller.id, { status: "active" });
    const { conversationId } = (await (await start(buyer, ad.id, "Oi")).json()) as { conversationId: number };
    for (const outsider of [stranger, admin]) expect((await block(outsider, conversationId, "block")).status).toBe(404);
    expect(db.select().from(messageBlocks).where(eq(messageBlocks.blockerId, stranger.id)).all()).toHaveLength(0);
  });
});

describe("LGPD", () => {
  it("'Baixar meus dados' carries the person's conversations, the other side by public name only", async () => {
    const ad = await insertAd(seller.id, { status: "active" });
    const { conversationId } = (await (await start(buyer, ad.id, "Quero comprar")).json()) as { conversationId: number };
    await replyTo(seller, conversationId, "Pode vir");
    const data = exportUserData(buyer.id, ORIGIN)!;
    const exported = data.conversations.find((conversation) => conversation.id === conversationId)!;
    expect(exported).toMatchObject({ role: "buyer", ad: { id: ad.id, title: ad.title }, other: "Sara Vendedora" });
    expect(exported.messages.map((m) => [m.fromMe, m.text])).toEqual([
      [true, "Quero comprar"],
      [false, "Pode vir"],
    ]);
    expect(JSON.stringify(data.conversations)).not.toContain(seller.email);
  });

  it("deleting an account deletes the messages it sent, the other side sees 'Usuário removido'; a reported conversation keeps them", async () => {
    const leaving = await accountAged(10, "Vai Embora");
    db.update(users).set({ password: null }).where(eq(users.id, leaving.id)).run();
    const [plain, reported] = [await insertAd(seller.id, { status: "active" }), await insertAd(seller.id, { status: "active" })];
    const first = (await (await start(leaving, plain.id, "Mensagem que vai sumir")).json()) as { conversationId: number };
    await replyTo(seller, first.conversationId, "Resposta da vendedora");
    const second = (await (await start(leaving, reported.id, "Golpe guardado")).json()) as { conversationId: number };
    db.update(conversations).set({ reportedAt: new Date(), reportedById: seller.id, reportReason: "Golpe" }).where(eq(conversations.id, second.conversationId)).run();

    const email = db.select({ email: users.email }).from(users).where(eq(users.id, leaving.id)).get()!.email;
    expect(await deleteAccount(leaving.id, { confirmEmail: email })).toEqual({ ok: true });

    const view = (await (await read(seller, first.conversationId)).json()) as { conversation: ConversationView; messages: MessageView[] };
    expect(view.conversation.other.name).toBe("Usuário removido");
    expect(view.conversation.cannotSend).toBe(MESSAGE_MESSAGES.blocked);
    expect(view.messages.map((m) => m.text)).toEqual(["Resposta da vendedora"]);
    const line = (await inboxOf(seller)).find((item) => item.id === first.conversationId)!;
    expect(line).toMatchObject({ other: { name: "Usuário removido" }, lastMessage: { text: "Resposta da vendedora", fromMe: true }, unread: 0 });

    const kept = db.select().from(messages).where(eq(messages.conversationId, second.conversationId)).all();
    expect(kept.map((m) => [m.text, m.senderId])).toEqual([["Golpe guardado", null]]);
  });
});

describe("'Denunciar conversa' and the admin", () => {
  const report = (user: TestUser, id: number, reason: string) =>
    callRoute(reportApi, `/api/messages/${id}/report`, { params: { id: String(id) }, init: post(user, { reason }) });
  const adminRead = (id: number) => callRoute(adminConversationPage, `/admin/conversas/${id}`, { params: { id: String(id) }, init: { headers: browser(admin) } });

  it("an admin opening a conversation that was not reported gets 404; once reported it reads it, recorded, and suspends the sender or dismisses", async () => {
    const scammer = await accountAged(10, "Golpista");
    const ad = await insertAd(seller.id, { status: "active" });
    const { conversationId } = (await (await start(scammer, ad.id, "Pague o frete pelo link https://golpe.example")).json()) as { conversationId: number };

    expect((await adminRead(conversationId)).status).toBe(404);
    expect((await report(stranger, conversationId, "Não é minha")).status).toBe(404);
    expect((await report(seller, conversationId, "x")).status).toBe(400);
    const reported = await report(seller, conversationId, "Pediu pagamento adiantado");
    expect(reported.status).toBe(200);

    const listed = (await (await callRoute(moderationPage, "/admin/moderation", { init: { headers: browser(admin) } })).json()) as {
      conversations: { id: number; reason: string; reported: { id: number } }[];
    };
    expect(listed.conversations.find((item) => item.id === conversationId)).toMatchObject({ reason: "Pediu pagamento adiantado", reported: { id: scammer.id } });

    const opened = await adminRead(conversationId);
    expect(opened.status).toBe(200);
    expect(((await opened.json()) as { messages: { text: string }[] }).messages.map((m) => m.text)).toEqual(["Pague o frete pelo link https://golpe.example"]);
    expect(db.select().from(conversationReadings).where(eq(conversationReadings.conversationId, conversationId)).all()).toMatchObject([{ adminId: admin.id }]);
    // The API stays closed to the admin: the page is the one way, and it is recorded.
    expect((await read(admin, conversationId)).status).toBe(404);

    const suspended = await callRoute(adminConversationForm, `/admin/conversas/${conversationId}`, {
      params: { id: String(conversationId) },
      init: { method: "POST", headers: browser(admin), body: new URLSearchParams({ intent: "suspend" }) },
    });
    expect(suspended.status).toBe(302);
    const refused = await replyTo(scammer, conversationId, "Paga logo");
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(MESSAGE_MESSAGES.suspended);
    const elsewhere = await insertAd(stranger.id, { status: "active" });
    expect((await start(scammer, elsewhere.id, "Oi")).status).toBe(403);

    await callRoute(adminConversationForm, `/admin/conversas/${conversationId}`, {
      params: { id: String(conversationId) },
      init: { method: "POST", headers: browser(admin), body: new URLSearchParams({ intent: "dismiss" }) },
    });
    expect((await adminRead(conversationId)).status).toBe(404);
  });

  it("the conversation page's 'Denunciar conversa' form reports it", async () => {
    const ad = await insertAd(seller.id, { status: "active" });
    const { conversationId } = (await (await start(buyer, ad.id, "Oi")).json()) as { conversationId: number };
    const posted = await callRoute(conversationForm, `/mensagens/${conversationId}`, {
      params: { id: String(conversationId) },
      init: { method: "POST", headers: browser(buyer), body: new URLSearchParams({ intent: "report", reason: "Mensagens ofensivas" }) },
    });
    expect(posted.status).toBe(302);
    expect(db.select().from(conversations).where(eq(conversations.id, conversationId)).get()).toMatchObject({ reportedById: buyer.id, reportReason: "Mensagens ofensivas" });
  });
});

describe("an ad without a WhatsApp number", () => {
  it("offers 'Enviar mensagem' and never sends a number: not on the page's data, and the conversation works", async () => {
    const ad = await insertAd(seller.id, { status: "active" });
    db.update(ads).set({ whatsapp: null }).where(eq(ads.id, ad.id)).run();
    const first = await callRoute(adPage, `/anuncio/${ad.id}`, { params: { id: String(ad.id) }, init: { headers: browser(buyer) } });
    const location = first.status === 301 ? first.headers.get("Location")! : `/anuncio/${ad.id}`;
    const page = await callRoute(adPage, location, { params: { id: location.split("/")[2]! }, init: { headers: browser(buyer) } });
    const body = (await page.json()) as { ad: { whatsapp: string | null }; messageBox: unknown };
    expect(body.ad.whatsapp).toBeNull();
    expect(body.messageBox).toMatchObject({ conversationId: null });
    expect((await start(buyer, ad.id, "Sem número, tudo bem")).status).toBe(201);
  });
});
