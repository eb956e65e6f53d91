/**
 * No query of the messages' model scans the messages table (issue #37, item 7): every statement the model
 * prepares while it sends (a first message and a reply), opens a conversation (whole and polled), lists
 * the inbox (first page and the next), counts the unread, blocks, reports, exports and erases a person's
 * messages, finds and sends the e-mails about unread ones and runs the daily sweep is captured from the connection and planned with EXPLAIN QUERY PLAN;
 * a plan that walks the whole `messages` table (`SCAN messages`, with or without an index) fails. The
 * foreign keys' cascades (a conversation's deletion, an account's) are not in the plans: each key of
 * `messages` must lead an index instead. bench/message-inbox.ts measures what this keeps cheap.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sqlite, writeTransaction } from "~/db/client.server";
import { setBlock } from "~/models/message/blocks.server";
import { inbox, messageAboutAd, openConversation, reply, unreadMessageCount } from "~/models/message/conversations.server";
import { reportConversation } from "~/models/message/moderation.server";
import { conversationsForExport, eraseSentMessages } from "~/models/message/privacy.server";
import { runMessageHousekeeping } from "~/models/message/retention.server";
import { nextMessageMailAt, sendWaitingMessageMails } from "~/models/message/waiting-mail.server";
import { createUser } from "../support/ad-fixtures";
import { insertAd } from "../support/manage";

const DAY = 86_400_000;

type PlanRow = { id: number; parent: number; detail: string };

/** The plan of `sql`, its `?` bound to null (the plan does not depend on the values). */
function planOf(sql: string): PlanRow[] {
  const parameters = sql.replace(/'(?:[^']|'')*'/g, "").split("?").length - 1;
  return sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...Array<null>(parameters).fill(null)) as PlanRow[];
}

/** The plan's lines that read every row of `messages` (SCAN, as opposed to SEARCH through an index). */
const messageScans = (plan: PlanRow[]) => plan.filter((row) => /^SCAN messages\b/.test(row.detail)).map((row) => row.detail);

const captured = new Set<string>();
let prepare: ReturnType<typeof vi.spyOn>;

beforeAll(async () => {
  const original = sqlite.prepare.bind(sqlite);
  prepare = vi.spyOn(sqlite, "prepare").mockImplementation(((source: string) => {
    captured.add(source);
    return original(source);
  }) as typeof sqlite.prepare);

  const seller = await createUser({ name: "Vera Vendedora" });
  const buyer = await createUser({ name: "Bruno Comprador" });
  const ad = await insertAd(seller.id, { status: "active" });
  const other = await insertAd(seller.id, { status: "active" });

  const first = messageAboutAd(buyer.id, ad.id, "Ainda está disponível?");
  if (!first.ok) throw new Error(first.message);
  const id = first.conversationId;
  messageAboutAd(buyer.id, ad.id, "Posso ver amanhã às 10?"); // the running conversation's next message
  const answer = reply(seller.id, id, "Pode sim.");
  if (!answer.ok) throw new Error(answer.message);
  unreadMessageCount(buyer.id);
  inbox(buyer.id);
  inbox(seller.id, { before: new Date() });
  openConversation(buyer.id, id); // marks the seller's reply read
  openConversation(seller.id, id, { afterId: answer.message.id });
  setBlock(buyer.id, id, true);
  setBlock(buyer.id, id, false);
  const second = messageAboutAd(buyer.id, other.id, "E esta, ainda tem?");
  if (!second.ok) throw new Error(second.message);
  reportConversation(seller.id, second.conversationId, "Pediu pagamento adiantado.");
  nextMessageMailAt();
  await sendWaitingMessageMails(new Date(Date.now() + 10 * 60_000));
  conversationsForExport(buyer.id);
  writeTransaction((tx) => eraseSentMessages(tx, buyer.id));
  runMessageHousekeeping(new Date(Date.now() + 100 * DAY));
  prepare.mockRestore();
});

afterAll(() => prepare?.mockRestore());

describe("the messages' queries and the messages table", () => {
  it("sees a scan when there is one (the check itself)", () => {
    expect(messageScans(planOf("SELECT id FROM messages WHERE text = ?"))).toEqual(["SCAN messages"]);
    expect(messageScans(planOf("SELECT id FROM messages WHERE conversation_id = ? ORDER BY id DESC LIMIT 200"))).toEqual([]);
  });

  it("captured the model's statements on messages: inserts, reads by conversation, the read marks, the erasure", () => {
    const onMessages = [...captured].filter((sql) => /\bmessages\b/i.test(sql));
    expect(onMessages.some((sql) => /^insert into "messages"/i.test(sql))).toBe(true);
    expect(onMessages.some((sql) => /^select .* from "messages"/i.test(sql))).toBe(true);
    expect(onMessages.some((sql) => /^update "messages"/i.test(sql))).toBe(true);
    expect(onMessages.some((sql) => /^delete from "messages"/i.test(sql))).toBe(true);
    expect([...captured].some((sql) => /buyer_unread > 0/.test(sql))).toBe(true); // the unread count
  });

  it("never scans the messages table", () => {
    const scans = [...captured].flatMap((sql) => messageScans(planOf(sql)).map((detail) => `${detail}  ←  ${sql}`));
    expect(scans).toEqual([]);
  });

  it("finds the messages awaiting an e-mail from the unread conversations' indexes, not from every account", () => {
    const waiting = [...captured].find((sql) => /^select .*\bmin\(.* from "conversations" cross join "users"/.test(sql));
    const plan = planOf(waiting!).map((row) => row.detail);
    expect(plan).toEqual(expect.arrayContaining(["SCAN conversations USING INDEX conversations_buyer_unread_idx", "SCAN conversations USING INDEX conversations_seller_unread_idx"]));
    expect(plan.filter((detail) => /^SCAN (users|conversations)$/.test(detail))).toEqual([]);
  });

  it("has an index led by each foreign key of messages (the cascades' lookups)", () => {
    const keys = (sqlite.prepare("SELECT DISTINCT \"from\" AS col FROM pragma_foreign_key_list('messages')").all() as { col: string }[]).map((row) => row.col);
    const leading = (sqlite.prepare("SELECT name FROM pragma_index_list('messages')").all() as { name: string }[]).map(
      ({ name }) => (sqlite.prepare("SELECT name FROM pragma_index_info(?) WHERE seqno = 0").get(name) as { name: string }).name,
    );
    expect(keys.sort()).toEqual(["conversation_id", "sender_id"]);
    expect(keys.filter((key) => !leading.includes(key))).toEqual([]);
  });
});
