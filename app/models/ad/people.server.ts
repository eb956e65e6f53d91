/**
 * Who is one person for an ad's views, contacts and saves, and for reports (issue 32; ADRs 021, 024,
 * 025) — the one place this is decided:
 *
 * - a signed-in account is itself ("u:{id}");
 * - a returning visitor — a signed visitor cookie (web/visitor.server.ts) minted on an earlier São Paulo
 *   day — is itself ("v:{id}");
 * - anyone else — no cookie, an unsigned or forged one, or one minted today (each cookie-less request
 *   mints one, so a script holds as many as it asks for) — is their network for the day
 *   ("a:{YYYY-MM-DD}:{keyed hash}"): an IPv4 address, or an IPv6 /64 (lib/ip.ts). The address goes
 *   through a keyed hash: it identifies a person, and only equality matters.
 *
 * Cookies collected on one day are returning visitors the next, so one network may add at most
 * RETURNING_PER_ADDRESS of them to one counter of one ad per São Paulo day (`ad_network_people`,
 * migration 0014); past that they count as the network, which is one more person. Carrier-grade NAT puts
 * thousands of phones behind one IPv4 address: the bound lets a real crowd that came back count as a crowd,
 * while a replay from one address moves a count by at most that many a day.
 */
import { createHash, createHmac } from "node:crypto";
import type Database from "better-sqlite3";
import { sqlite } from "~/db/client.server";
import { getEnv } from "~/env.server";
import { dateKey } from "~/lib/dates";
import { networkOf } from "~/lib/ip";

/** How many returning visitors one network may add to one counter of one ad per São Paulo day. */
export const RETURNING_PER_ADDRESS = 20;

export type Person = {
  /** What the person is counted and remembered under. */
  key: string;
  kind: "account" | "returning" | "network";
  /** The request's network for the day: what a returning visitor past the bound counts as. */
  networkKey: string;
};

/** What is counted once per person: views and contacts once a day, saves once ever. */
export type Counter = "view" | "contact" | "save";

/** São Paulo's calendar day as YYYYMMDD. */
export function viewDay(now: Date): number {
  return Number(dateKey(now).replaceAll("-", ""));
}

/** 48 bits of a key's SHA-256: a safe JavaScript integer, collisions negligible per ad and day. */
export function keyHash(key: string): number {
  return createHash("sha256").update(key).digest().readUIntBE(0, 6);
}

/**
 * The person behind a request: its account, else its visitor cookie when it was minted before today
 * (`visitor.mintedDay`, YYYYMMDD), else its network (`ip`, the client's address; null when unknown).
 */
export function personOf(
  { userId, visitor, ip }: { userId: number | null; visitor: { id: string; mintedDay: number } | null; ip: string | null },
  now: Date,
): Person {
  const network = createHmac("sha256", getEnv().SESSION_SECRET)
    .update(`person-network:${ip ? networkOf(ip) : "desconhecido"}`)
    .digest("hex")
    .slice(0, 32);
  const networkKey = `a:${dateKey(now)}:${network}`;
  if (userId !== null) return { key: `u:${userId}`, kind: "account", networkKey };
  if (visitor && visitor.mintedDay < viewDay(now)) return { key: `v:${visitor.id}`, kind: "returning", networkKey };
  return { key: networkKey, kind: "network", networkKey };
}

type Statements = {
  admit: Database.Statement<[number, number, number, Counter, number]>;
  sweep: Database.Statement<[number]>;
};
let statements: Statements | undefined;
let sweptBefore = 0;

function prepared(): Statements {
  statements ??= {
    // A new row, or one more person while under the bound; past it, nothing changes (0 changes).
    admit: sqlite.prepare(
      `INSERT INTO ad_network_people (day, ad_id, network, counter, people) VALUES (?, ?, ?, ?, 1)
       ON CONFLICT (day, ad_id, network, counter) DO UPDATE SET people = people + 1 WHERE people < ?`,
    ),
    sweep: sqlite.prepare("DELETE FROM ad_network_people WHERE day < ?"),
  };
  return statements;
}

/**
 * The key `person` is counted under for `counter` of ad `adId` at `now`: their own, or — a returning
 * visitor new to this counter while their network already added RETURNING_PER_ADDRESS returning
 * visitors today — their network's. `counted(key)` tells whether a key was counted already (then the
 * person keeps it and takes no place). Call it inside the IMMEDIATE transaction that then records the
 * key, so two workers cannot both take the last place.
 */
export function countingKey(person: Person, counter: Counter, adId: number, now: Date, counted: (key: string) => boolean): string {
  if (person.kind !== "returning" || counted(person.key)) return person.key;
  const s = prepared();
  const day = viewDay(now);
  // Only today's places matter: earlier days go once a day per process.
  if (day > sweptBefore) {
    s.sweep.run(day);
    sweptBefore = day;
  }
  const admitted = s.admit.run(day, adId, keyHash(person.networkKey), counter, RETURNING_PER_ADDRESS).changes === 1;
  return admitted ? person.key : person.networkKey;
}
