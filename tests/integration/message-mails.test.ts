/**
 * E-mails about messages left unread (issue #37, item 3): sent 5 minutes after the message and not
 * before, not once it was read, at most one per conversation an hour (and never twice about the same
 * message), none with the switch off, a failed one retried, two passes sending once; the e-mail names
 * the ad and the sender's public name, quotes 140 characters, links the conversation, and carries no
 * e-mail or phone of the sender; its one-click unsubscribe (RFC 8058) and /conta's switch. When the next
 * e-mail may be due, which the 'message-mails' job sleeps until (at least a minute, at most an hour), and
 * the wake-up a stored message sends it (ADR 005).
 */
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { conversations, users } from "~/db/schema";
import { getEnv } from "~/env.server";
import { sendMail } from "~/models/mail/mailer.server";
import { messageAboutAd, openConversation, reply } from "~/models/message/conversations.server";
import { MESSAGE_MAILS_JOB } from "~/models/message/mail-timing.server";
import { messageMailUnsubscribeUrl, nextMessageMailAt, sendWaitingMessageMails, setMessageEmails } from "~/models/message/waiting-mail.server";
import { wakeJob } from "~/services/job-wake-up.mjs";
import * as unsubscribe from "~/routes/avisos-de-mensagens.cancelar.$token";
import { action as accountAction, loader as accountLoader } from "~/routes/conta";
import { browser, createUser } from "../support/ad-fixtures";
import { insertAd } from "../support/manage";
import { readOutbox } from "../support/outbox";
import { callRoute } from "../support/route";
import { JOBS } from "../../server/jobs";

vi.mock("~/models/mail/mailer.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/models/mail/mailer.server")>();
  return { ...actual, sendMail: vi.fn(actual.sendMail) };
});
const sentMail = vi.mocked(sendMail);
vi.mock("~/services/job-wake-up.mjs", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/services/job-wake-up.mjs")>();
  return { ...actual, wakeJob: vi.fn(actual.wakeJob) };
});
const wakeUps = vi.mocked(wakeJob);

const MINUTE = 60_000;
const at = (start: Date, minutes: number) => new Date(start.getTime() + minutes * MINUTE);

const mailsTo = (email: string) => readOutbox(path.join(getEnv().DATA_DIR, "outbox")).filter((mail) => mail.headers.includes(`To: ${email}`) && mail.body.includes("enviou uma mensagem"));

/** A seller with a public ad and a buyer who wrote about it at `start` (returns the conversation's id). */
async function conversationAt(start: Date, text = "Olá! Ainda está disponível? Posso buscar amanhã.") {
  const seller = await createUser({ name: "Sônia Vendedora" });
  db.update(users).set({ phone: "34999887766" }).where(eq(users.id, seller.id)).run();
  const buyer = await createUser({ name: "Bruno Comprador" });
  db.update(users).set({ phone: "34988776655" }).where(eq(users.id, buyer.id)).run();
  const ad = await insertAd(seller.id, { status: "active", createdDaysAgo: 2 });
  const sent = messageAboutAd(buyer.id, ad.id, text, start);
  if (!sent.ok) throw new Error(sent.message);
  return { seller, buyer, ad, conversationId: sent.conversationId };
}

describe("the e-mail about a message left unread", () => {
  it("goes 5 minutes after the message, not before, with the ad, the sender's public name, 140 characters and the link — no e-mail or phone", async () => {
    const start = new Date();
    const long = `Oi, tenho interesse. ${"Muito bom estado? ".repeat(10)}FIM-DO-TEXTO`;
    const { seller, buyer, ad, conversationId } = await conversationAt(start, long);

    await sendWaitingMessageMails(at(start, 4));
    expect(mailsTo(seller.email)).toHaveLength(0);

    await sendWaitingMessageMails(at(start, 5));
    const [mail, ...more] = mailsTo(seller.email);
    expect(more).toHaveLength(0);
    expect(mail!.body).toContain(ad.title);
    expect(mail!.body).toContain("Bruno Comprador enviou uma mensagem");
    expect(mail!.body).toContain(`${[...long].slice(0, 140).join("")}…`);
    expect(mail!.body).not.toContain("FIM-DO-TEXTO");
    expect(mail!.body).toContain(`${getEnv().publicOrigin}/mensagens/${conversationId}`);
    // Nobody's address or phone: not the buyer's, not the seller's.
    for (const secret of [buyer.email, "34988776655", "34999887766"]) expect(mail!.text).not.toContain(secret);
    expect(mail!.headers).toContain(`List-Unsubscribe: <${messageMailUnsubscribeUrl(seller.id)}>`);
    expect(mail!.headers).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    // Nothing to the buyer, who has nothing unread.
    expect(mailsTo(buyer.email)).toHaveLength(0);
  });

  it("is not sent when the message was read within the 5 minutes", async () => {
    const start = new Date();
    const { seller, conversationId } = await conversationAt(start);
    expect(openConversation(seller.id, conversationId, {}, at(start, 2))).not.toBeNull();
    await sendWaitingMessageMails(at(start, 6));
    expect(mailsTo(seller.email)).toHaveLength(0);
  });

  it("goes at most once per conversation an hour, and never twice about the same message", async () => {
    const start = new Date();
    const { seller, buyer, conversationId } = await conversationAt(start);
    await sendWaitingMessageMails(at(start, 5));
    expect(mailsTo(seller.email)).toHaveLength(1);
    // The same unread message, later: no second e-mail about it.
    await sendWaitingMessageMails(at(start, 6));
    await sendWaitingMessageMails(at(start, 90));
    expect(mailsTo(seller.email)).toHaveLength(1);

    // New messages within the hour of the e-mail: none until the hour is over.
    for (const minutes of [10, 20, 30]) expect(reply(buyer.id, conversationId, `Mais uma pergunta (${minutes})`, at(start, minutes)).ok).toBe(true);
    await sendWaitingMessageMails(at(start, 40));
    await sendWaitingMessageMails(at(start, 64));
    expect(mailsTo(seller.email)).toHaveLength(1);
    await sendWaitingMessageMails(at(start, 65));
    expect(mailsTo(seller.email)).toHaveLength(2);
    expect(mailsTo(seller.email)[1]!.body).toContain("Mais uma pergunta (10)");
    // The seller's reply waits for the buyer, but the conversation had its e-mail this hour.
    expect(reply(seller.id, conversationId, "Está sim!", at(start, 66)).ok).toBe(true);
    await sendWaitingMessageMails(at(start, 100));
    expect(mailsTo(buyer.email)).toHaveLength(0);
    await sendWaitingMessageMails(at(start, 125));
    expect(mailsTo(buyer.email)).toHaveLength(1);
  });

  it("is not sent with 'Avisos de mensagens por e-mail' off (the /conta switch), and is again once on", async () => {
    const start = new Date();
    const { seller } = await conversationAt(start);
    const turn = (on: boolean) =>
      callRoute(accountAction, "/conta", {
        init: { method: "POST", headers: { ...browser(seller), "Content-Type": "application/x-www-form-urlencoded" }, body: `intent=message-emails&on=${on}` },
      });
    // On by default (the column's default, migration 0019).
    expect(await (await callRoute(accountLoader, "/conta", { init: { headers: browser(seller) } })).json()).toMatchObject({ messageEmails: true });
    expect((await turn(false)).status).toBe(302);
    expect(await (await callRoute(accountLoader, "/conta", { init: { headers: browser(seller) } })).json()).toMatchObject({ messageEmails: false });
    await sendWaitingMessageMails(at(start, 6));
    expect(mailsTo(seller.email)).toHaveLength(0);

    await turn(true);
    await sendWaitingMessageMails(at(start, 7));
    expect(mailsTo(seller.email)).toHaveLength(1);
    // A bad value is a 400, not a 500.
    const bad = await callRoute(accountAction, "/conta", {
      init: { method: "POST", headers: { ...browser(seller), "Content-Type": "application/x-www-form-urlencoded" }, body: "intent=message-emails&on=talvez" },
    });
    expect(bad.status).toBe(400);
  });

  it("gives a failed e-mail's claim back, the next pass sends it, and two passes at once send it once", async () => {
    const start = new Date();
    const { seller, conversationId } = await conversationAt(start);
    const callsToSeller = () => sentMail.mock.calls.filter(([message]) => message.to === seller.email).length;
    sentMail.mockRejectedValueOnce(new Error("SMTP fora do ar"));
    expect(await sendWaitingMessageMails(at(start, 5))).toMatchObject({ failed: 1 });
    expect(db.select({ at: conversations.emailedAt }).from(conversations).where(eq(conversations.id, conversationId)).get()!.at).toBeNull();

    await Promise.all([sendWaitingMessageMails(at(start, 6)), sendWaitingMessageMails(at(start, 6))]);
    expect(callsToSeller()).toBe(2);
    expect(mailsTo(seller.email)).toHaveLength(1);
  });
});

describe("its one-click unsubscribe", () => {
  const unsubscribePost = (token: string) =>
    callRoute(unsubscribe.action, `/avisos-de-mensagens/cancelar/${token}`, {
      params: { token },
      init: { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" },
    });

  it("GET shows the page and changes nothing, POST turns the e-mails off without a session; a forged or another purpose's token is a 404", async () => {
    const start = new Date();
    const { seller } = await conversationAt(start);
    const token = messageMailUnsubscribeUrl(seller.id).split("/").at(-1)!;
    const emailsOf = () => db.select({ on: users.messageEmails }).from(users).where(eq(users.id, seller.id)).get()!.on;

    expect((await callRoute(unsubscribe.loader, `/avisos-de-mensagens/cancelar/${token}`, { params: { token } })).status).toBe(200);
    expect(emailsOf()).toBe(true);
    const forged = `${seller.id}.${"A".repeat(43)}`;
    expect((await unsubscribePost(forged)).status).toBe(404);
    expect((await callRoute(unsubscribe.loader, `/avisos-de-mensagens/cancelar/${forged}`, { params: { token: forged } })).status).toBe(404);
    const { priceDropUnsubscribeUrl } = await import("~/models/favourite/price-drop-mail.server");
    expect((await unsubscribePost(priceDropUnsubscribeUrl(seller.id).split("/").at(-1)!)).status).toBe(404);
    expect(emailsOf()).toBe(true);

    const done = await unsubscribePost(token);
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ ok: true });
    expect(emailsOf()).toBe(false);
    await sendWaitingMessageMails(at(start, 6));
    expect(mailsTo(seller.email)).toHaveLength(0);
  });
});

describe("when the next e-mail may be due", () => {
  // Whatever earlier tests left waiting is read: each test below sees its own conversations alone.
  beforeEach(() => void db.update(conversations).set({ buyerUnread: 0, sellerUnread: 0 }).run());

  it("is none while no message waits, a waiting message's 5 minutes (the earliest of several), and none once its e-mail went", async () => {
    expect(nextMessageMailAt()).toBeNull();
    const start = new Date();
    const { seller } = await conversationAt(start);
    await conversationAt(at(start, 2));
    expect(nextMessageMailAt()).toEqual(at(start, 5));

    await sendWaitingMessageMails(at(start, 5));
    expect(mailsTo(seller.email)).toHaveLength(1);
    expect(nextMessageMailAt()).toEqual(at(start, 7));
    await sendWaitingMessageMails(at(start, 7));
    expect(nextMessageMailAt()).toBeNull();
  });

  it("is none for a message read in time, or to a receiver with the e-mails off — until they are on again", async () => {
    const start = new Date();
    const read = await conversationAt(start);
    openConversation(read.seller.id, read.conversationId, {}, at(start, 1));
    expect(nextMessageMailAt()).toBeNull();

    const { seller } = await conversationAt(start);
    setMessageEmails(seller.id, false);
    expect(nextMessageMailAt()).toBeNull();
    setMessageEmails(seller.id, true);
    expect(nextMessageMailAt()).toEqual(at(start, 5));
  });

  it("waits for the hour after the conversation's last e-mail, whichever side the new message is for", async () => {
    const start = new Date();
    const { seller, buyer, conversationId } = await conversationAt(start);
    await sendWaitingMessageMails(at(start, 5));
    expect(reply(buyer.id, conversationId, "Mais uma pergunta", at(start, 10)).ok).toBe(true);
    expect(nextMessageMailAt()).toEqual(at(start, 65));
    await sendWaitingMessageMails(at(start, 65));
    expect(mailsTo(seller.email)).toHaveLength(2);
    expect(nextMessageMailAt()).toBeNull();

    // The seller's reply waits for the buyer, an hour after the conversation's last e-mail.
    expect(reply(seller.id, conversationId, "Está sim!", at(start, 66)).ok).toBe(true);
    expect(nextMessageMailAt()).toEqual(at(start, 125));
  });

  it("is not held back by the other side's receiver having the e-mails off", async () => {
    const start = new Date();
    const { seller, buyer, conversationId } = await conversationAt(start);
    expect(reply(seller.id, conversationId, "Está sim!", at(start, 1)).ok).toBe(true);
    setMessageEmails(buyer.id, false);
    expect(nextMessageMailAt()).toEqual(at(start, 5));
    await sendWaitingMessageMails(at(start, 6));
    expect(mailsTo(seller.email)).toHaveLength(1);
    expect(mailsTo(buyer.email)).toHaveLength(0);
  });

  it("is when the job runs next: not sooner than a minute, not later than an hour", async () => {
    const { schedule } = JOBS.find((job) => job.name === MESSAGE_MAILS_JOB)!;
    const now = new Date();
    expect(schedule.next(getEnv(), now)).toEqual(at(now, 60));
    const start = new Date(now.getTime() - 30 * MINUTE);
    await conversationAt(at(start, 27));
    expect(schedule.next(getEnv(), now)).toEqual(at(now, 2));
    // Overdue (the e-mail failed, say): the next pass a minute later, not at once.
    await conversationAt(start);
    expect(schedule.next(getEnv(), now)).toEqual(at(now, 1));
    expect(schedule.first(getEnv(), now)).toEqual(at(now, 1));
  });

  it("is brought forward by every stored message, a first one and a reply: the job is woken for its 5 minutes", async () => {
    wakeUps.mockClear();
    const start = new Date();
    const { seller, conversationId } = await conversationAt(start);
    expect(reply(seller.id, conversationId, "Está sim!", at(start, 1)).ok).toBe(true);
    expect(wakeUps.mock.calls).toEqual([
      [MESSAGE_MAILS_JOB, at(start, 5)],
      [MESSAGE_MAILS_JOB, at(start, 6)],
    ]);
  });
});
