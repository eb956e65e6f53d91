/**
 * npm run bench:messages:inbox — the inbox of a busy person against an empty one (issue #37, item 7, ADR 040).
 *
 * Starts the production build (`npm run build` first) on a free port with an empty data folder, then
 * writes straight into its database, in one transaction: 1 500 ads (bench/fill-ads.ts) with a photo
 * each, a person with 1 000 conversations (600 as the buyer, 400 as the seller, 200 of them with
 * something unread), 1 000 conversations between other people, and 100 000 messages spread over all of
 * them (60 000 in the person's, in time order, interleaved), a person with no conversation at all, and
 * one with exactly one page of the inbox (INBOX_PAGE conversations): the busy person against the empty one is
 * the issue's target; against the one-page person, what the 1 000 conversations and 100 000 messages
 * themselves cost, apart from showing a page of lines instead of none.
 * It then asks, in BENCH_ROUNDS alternating rounds (the order of the three people rotates every round),
 * BENCH_REQUESTS requests one after the other of each case for each person:
 *   GET /mensagens (the page, signed in by the session cookie), GET /api/messages and GET /api/auth/me
 *   (the header's unread count), both by bearer token.
 * Printed per case: the medians of the rounds' median latencies for each person, and the median of the
 * rounds' ratios (busy ÷ empty) against the 1.3× target, and busy ÷ one page; then the model's own
 * inbox() and unread count in this process, without HTTP. The exit code is 1 when a case misses 1.3×.
 */
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { makeDataDir, startBuiltServer } from "./built-server";
import { insertSignedInPerson, sessionCookieHeader, type SignedInPerson } from "./signed-in-person";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 25);
const TARGET = 1.3;
const MY_CONVERSATIONS = 1000;
const MY_BUYER_SIDE = 600;
const MY_UNREAD = 200;
const OTHER_CONVERSATIONS = 1000;
const MESSAGES = 100_000;
const MY_MESSAGES = 60_000;
/** The messages of the third person, whose inbox is one full page (INBOX_PAGE conversations) in the same database. */
const PAGE_MESSAGES = 1000;

const SESSION_SECRET = "bench-secret-bench-secret-bench-secret-0";

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

type Person = { id: number; token: string; cookie: string };

/** The busy person, the empty one, and what was written; everything in one transaction. */
function fillMessages(sqlite: Database.Database, fillAds: (sqlite: Database.Database, count: number) => void, pageConversations: number) {
  const now = Date.now();
  fillAds(sqlite, MY_CONVERSATIONS + OTHER_CONVERSATIONS / 2);
  const insertImage = sqlite.prepare("INSERT INTO ad_images (ad_id, url, public_id, width, height, is_primary, sort_order) VALUES (?, ?, ?, 800, 600, 1, 0)");
  const insertConversation = sqlite.prepare(
    "INSERT INTO conversations (ad_id, ad_title, ad_price_cents, buyer_id, seller_id, created_at, last_message_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  const insertMessage = sqlite.prepare("INSERT INTO messages (conversation_id, sender_id, text, read_at, created_at) VALUES (?, ?, ?, ?, ?)");
  const closeConversation = sqlite.prepare(
    "UPDATE conversations SET last_message_text = ?, last_message_sender_id = ?, last_message_at = ?, buyer_unread = ?, seller_unread = ? WHERE id = ?",
  );
  const texts = ["Ainda está disponível?", "Qual o menor preço?", "Posso ver amanhã às 10?", "Aceita troca?", "Fechado, passo aí no sábado.", "o preço é 500?"];

  return sqlite.transaction(() => {
    const person = (name: string) => insertSignedInPerson(sqlite, name, now - 30 * 86_400_000);
    const busy = person("cheia");
    const empty = person("vazia");
    const onePage = person("uma_pagina");
    const others = Array.from({ length: 200 }, (_, i) => person(`outra_${i}`).id);
    const ads = sqlite.prepare("SELECT id, user_id AS userId, title, price_cents AS priceCents FROM ads ORDER BY id").all() as {
      id: number;
      userId: number;
      title: string;
      priceCents: number | null;
    }[];
    for (const ad of ads) insertImage.run(ad.id, `/uploads/bench-${ad.id}.webp`, `bench-${ad.id}`);

    // The busy person buys on the first 600 ads and sells the next 400 (now theirs); the rest talk among themselves.
    const mine = ads.slice(MY_BUYER_SIDE, MY_CONVERSATIONS);
    sqlite.prepare(`UPDATE ads SET user_id = ? WHERE id IN (${mine.map((ad) => ad.id).join(",")})`).run(busy.id);
    type Talk = { id: number; buyerId: number; sellerId: number; messages: number; mine: boolean };
    const talks: Talk[] = [];
    const start = now - 60 * 86_400_000;
    ads.forEach((ad, i) => {
      const other = others[i % others.length]!;
      const pairs: [number, number, boolean][] =
        i < MY_BUYER_SIDE
          ? [[busy.id, ad.userId, true]]
          : i < MY_CONVERSATIONS
            ? [[other, busy.id, true]]
            : [
                [other, ad.userId, false],
                [others[(i + 7) % others.length]!, ad.userId, false],
              ];
      if (i >= MY_CONVERSATIONS && i < MY_CONVERSATIONS + pageConversations) pairs.push([onePage.id, ad.userId, false]);
      for (const [buyerId, sellerId, isMine] of pairs) {
        const id = Number(insertConversation.run(ad.id, ad.title, ad.priceCents, buyerId, sellerId, start, start).lastInsertRowid);
        const messages = isMine
          ? MY_MESSAGES / MY_CONVERSATIONS
          : buyerId === onePage.id
            ? PAGE_MESSAGES / pageConversations
            : (MESSAGES - MY_MESSAGES - PAGE_MESSAGES) / OTHER_CONVERSATIONS;
        talks.push({ id, buyerId, sellerId, mine: isMine, messages });
      }
    });
    // Messages in time order, every conversation taking turns, so one conversation's messages are spread over the table.
    const last = new Map<number, { text: string; senderId: number; at: number }>();
    const rounds = Math.max(...talks.map((talk) => talk.messages));
    const step = (now - start) / (rounds * talks.length);
    let at = start;
    let written = 0;
    for (let round = 0; round < rounds; round++) {
      for (const talk of talks) {
        if (round >= talk.messages) continue;
        at += step;
        // The busy person writes first, so the last message (an odd round) is the other side's, unread or not.
        const opener = talk.mine ? busy.id : talk.buyerId;
        const senderId = round % 2 === 0 ? opener : talk.buyerId === opener ? talk.sellerId : talk.buyerId;
        const text = texts[(talk.id + round) % texts.length]!;
        // The busy person's last MY_UNREAD conversations keep their last message unread.
        const unread = talk.mine && round === talk.messages - 1 && talk.id % (MY_CONVERSATIONS / MY_UNREAD) === 0;
        insertMessage.run(talk.id, senderId, text, unread ? null : Math.round(at + 60_000), Math.round(at));
        last.set(talk.id, { text, senderId, at: Math.round(at) });
        written++;
      }
    }
    for (const talk of talks) {
      const message = last.get(talk.id)!;
      const unread = talk.mine && talk.id % (MY_CONVERSATIONS / MY_UNREAD) === 0 ? 1 : 0;
      const receiverIsBuyer = message.senderId === talk.sellerId;
      closeConversation.run(message.text, message.senderId, message.at, receiverIsBuyer ? unread : 0, receiverIsBuyer ? 0 : unread, talk.id);
    }
    const mineCount = talks.filter((talk) => talk.mine).length;
    return { busy, empty, onePage, conversations: talks.length, mineCount, messages: written };
  })();
}

async function main() {
  const dataDir = makeDataDir();
  // fill-ads loads the app's modules, which read DATA_DIR once, at import.
  process.env.DATA_DIR = dataDir;
  process.env.SESSION_SECRET = SESSION_SECRET;
  const { fillAds } = await import("./fill-ads");
  const { inbox, unreadMessageCount, INBOX_PAGE } = await import("../app/models/message/conversations.server");
  const { base, stop } = await startBuiltServer({ seedDemo: false, dataDir, env: { SESSION_SECRET } });
  try {
    const sqlite = new Database(path.join(dataDir, "app.db"));
    sqlite.pragma("busy_timeout = 5000");
    const seeding = performance.now();
    const filled = fillMessages(sqlite, fillAds, INBOX_PAGE);
    const counts = sqlite.prepare("SELECT (SELECT count(*) FROM conversations) AS conversations, (SELECT count(*) FROM messages) AS messages").get() as {
      conversations: number;
      messages: number;
    };
    sqlite.close();
    console.log(
      `database: ${counts.conversations} conversations, ${counts.messages} messages; the busy person is in ${filled.mineCount} (written in ${((performance.now() - seeding) / 1000).toFixed(1)} s)`,
    );

    const signed = async (person: SignedInPerson): Promise<Person> => ({ ...person, cookie: await sessionCookieHeader(person, SESSION_SECRET) });
    const people = { busy: await signed(filled.busy), empty: await signed(filled.empty), onePage: await signed(filled.onePage) };
    const shown = (p: Person) => (p === people.empty ? 0 : INBOX_PAGE);

    const cases: { name: string; headers: (person: Person) => Record<string, string>; path: string; check: (body: string, person: Person) => boolean }[] = [
      { name: "GET /mensagens (page)", path: "/mensagens", headers: (p) => ({ Cookie: p.cookie }), check: (body) => body.includes("</html>") },
      {
        name: "GET /api/messages",
        path: "/api/messages",
        headers: (p) => ({ Authorization: `Bearer ${p.token}` }),
        check: (body, p) => (JSON.parse(body) as { conversations: unknown[] }).conversations.length === shown(p),
      },
      {
        name: "GET /api/auth/me (unread count)",
        path: "/api/auth/me",
        headers: (p) => ({ Authorization: `Bearer ${p.token}` }),
        check: (body, p) => (JSON.parse(body) as { unreadMessages: number }).unreadMessages === (p === people.busy ? MY_UNREAD : 0),
      },
    ];

    const time = async (url: string, headers: Record<string, string>, check: (body: string) => boolean) => {
      const started = performance.now();
      const response = await fetch(url, { headers });
      const body = await response.text();
      const elapsed = performance.now() - started;
      if (!response.ok || !check(body)) throw new Error(`${url}: ${response.status} ${body.slice(0, 200)}`);
      return elapsed;
    };
    // A warm-up of each case for each person (the workers' first render, the statements' preparation).
    for (const c of cases) for (const person of Object.values(people)) for (let i = 0; i < 5; i++) await time(base + c.path, c.headers(person), (b) => c.check(b, person));

    const perRound = cases.map(() => ({ busy: [] as number[], empty: [] as number[], onePage: [] as number[] }));
    const everyone = ["empty", "busy", "onePage"] as const;
    for (let round = 0; round < ROUNDS; round++) {
      const order = [...everyone.slice(round % 3), ...everyone.slice(0, round % 3)];
      for (const [index, c] of cases.entries()) {
        for (const who of order) {
          const person = people[who];
          const latencies: number[] = [];
          for (let i = 0; i < REQUESTS; i++) latencies.push(await time(base + c.path, c.headers(person), (b) => c.check(b, person)));
          perRound[index]![who].push(median(latencies));
        }
      }
    }

    console.log(`${ROUNDS} alternating rounds of ${REQUESTS} requests a case and person, one at a time; ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"})`);
    const ratioOf = (over: number[], under: number[]) => {
      const ratios = over.map((ms, round) => ms / under[round]!).sort((a, b) => a - b);
      return { ratio: median(ratios), spread: `${ratios[0]!.toFixed(2)}–${ratios[ratios.length - 1]!.toFixed(2)}` };
    };
    let missed = false;
    for (const [index, c] of cases.entries()) {
      const { busy, empty, onePage } = perRound[index]!;
      const target = ratioOf(busy, empty);
      const page = ratioOf(busy, onePage);
      missed ||= target.ratio > TARGET;
      console.log(
        `${c.name.padEnd(32)} empty ${median(empty).toFixed(2)} ms, one page ${median(onePage).toFixed(2)} ms, 1 000 conversations ${median(busy).toFixed(2)} ms: ` +
          `${target.ratio.toFixed(2)}× the empty inbox (rounds ${target.spread}) ${target.ratio <= TARGET ? "ok" : `OVER ${TARGET}×`}; ` +
          `${page.ratio.toFixed(2)}× one page (rounds ${page.spread})`,
      );
    }
    // The model alone, in this process on the same database: what the database part costs.
    const timeModel = (work: () => unknown) => {
      const runs: number[] = [];
      for (let i = 0; i < 200; i++) {
        const started = performance.now();
        work();
        runs.push(performance.now() - started);
      }
      return median(runs).toFixed(3);
    };
    for (const [name, work] of [
      ["inbox()", (id: number) => inbox(id)],
      ["unreadMessageCount()", (id: number) => unreadMessageCount(id)],
    ] as const) {
      console.log(
        `model ${name.padEnd(26)} empty ${timeModel(() => work(people.empty.id))} ms, one page ${timeModel(() => work(people.onePage.id))} ms, ` +
          `1 000 conversations ${timeModel(() => work(people.busy.id))} ms (median of 200 calls)`,
      );
    }
    if (missed) process.exitCode = 1;
  } finally {
    await stop();
  }
}

await main();
