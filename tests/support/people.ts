/** People as the counters and reports take them (models/ad/people.server.ts), and visitor cookies as the server mints them. */
import type { Person } from "~/models/ad/people.server";
import { visitorOf } from "~/web/visitor.server";

/**
 * A person known by `key` alone: "u:…" an account, "v:…" a returning visitor with a network of their
 * own (so the per-network bound never joins in), anything else a network.
 */
export function personWithKey(key: string): Person {
  const kind = key.startsWith("u:") ? "account" : key.startsWith("v:") ? "returning" : "network";
  return { key, kind, networkKey: kind === "network" ? key : `a:network-of:${key}` };
}

/** A signed visitor cookie ("vid=…") minted `daysAgo` days ago: a returning visitor from the next day on. */
export async function visitorCookie(daysAgo = 1): Promise<string> {
  const { setCookie } = await visitorOf(new Request("http://localhost/"), undefined, new Date(Date.now() - daysAgo * 86_400_000));
  return setCookie!.split(";")[0]!;
}

/** The person a request carrying `cookie` (and nothing else) counts as. */
export async function personOfCookie(cookie: string): Promise<Person> {
  return (await visitorOf(new Request("http://localhost/", { headers: { Cookie: cookie } }))).person;
}
