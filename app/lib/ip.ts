/**
 * IP address parsing shared by the server's checks: the SSRF guard (services/ai/safe-fetch.server.ts)
 * and "which network is this visitor on" for counting people (web/visitor.server.ts).
 */

/** "203.0.113.7" → its 32-bit value (the caller checked it is dotted IPv4). */
export function ipv4ToNumber(address: string): number {
  return address.split(".").reduce((value, octet) => value * 256 + Number(octet), 0);
}

/** "::ffff:127.0.0.1" → [0,0,0,0,0,0xffff,0x7f00,1]; null when not an IPv6 address. */
export function ipv6Hextets(address: string): number[] | null {
  let text = address.split("%")[0]!.toLowerCase(); // drop a zone id ("fe80::1%eth0")
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const value = ipv4ToNumber(dotted[1]!);
    text = `${text.slice(0, -dotted[1]!.length)}${Math.floor(value / 65536).toString(16)}:${(value % 65536).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  if (fill < 0) return null;
  const parts = [...head, ...Array<string>(fill).fill("0"), ...tail].map((part) => Number.parseInt(part, 16));
  return parts.length === 8 && parts.every((part) => part >= 0 && part <= 0xffff) ? parts : null;
}

/**
 * The network a client stands for: an IPv4 address as itself (also when a dual-stack socket writes it
 * "::ffff:a.b.c.d"), an IPv6 address by its /64 — one home or phone gets a whole /64 and picks any
 * address in it at will ("2001:db8:1:2::/64"). Anything else as given, trimmed and in lower case.
 */
export function networkOf(address: string): string {
  const text = address.trim().toLowerCase();
  if (!text.includes(":")) return text;
  const h = ipv6Hextets(text);
  if (!h) return text;
  if (h.slice(0, 5).every((part) => part === 0) && h[5] === 0xffff) return [h[6]! >> 8, h[6]! & 255, h[7]! >> 8, h[7]! & 255].join(".");
  return `${h.slice(0, 4).map((part) => part.toString(16)).join(":")}::/64`;
}
