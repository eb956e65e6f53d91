/**
 * Downloads an image from a URL a user typed (the moderation test page) without letting that URL
 * reach into our own network (SSRF):
 * - only http(s), no credentials in the URL;
 * - the host is resolved with dns.lookup (every address) and refused if ANY address is private,
 *   loopback, link-local, CGNAT, multicast, unspecified, reserved, IPv6 ULA or an IPv6 form that
 *   embeds such an IPv4 address (mapped, NAT64, 6to4);
 * - the connection uses exactly the vetted addresses (a custom `lookup` given to http.request),
 *   so a DNS answer that changes between the check and the connect (rebinding) cannot slip through;
 * - every redirect (at most 3) is checked again from the start;
 * - the body must be image/* (SVG refused: it is a document, not a photo) and at most 5 MB,
 *   counted as it arrives; one deadline (5 s) covers DNS, redirects and the body.
 */
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { ipv4ToNumber, ipv6Hextets } from "~/lib/ip";

export type SafeFetchErrorCode =
  | "invalid_url"
  | "scheme"
  | "private_address"
  | "dns"
  | "http"
  | "not_image"
  | "too_large"
  | "too_many_redirects"
  | "timeout"
  | "network";

const MESSAGES: Record<SafeFetchErrorCode, string> = {
  invalid_url: "Endereço de imagem inválido.",
  scheme: "Use um endereço de imagem que comece com http:// ou https://.",
  private_address: "Esse endereço de imagem não é permitido.",
  dns: "Não foi possível encontrar o servidor da imagem.",
  http: "O servidor da imagem respondeu com erro.",
  not_image: "O endereço não aponta para uma imagem.",
  too_large: "A imagem é grande demais.",
  too_many_redirects: "O endereço da imagem redireciona vezes demais.",
  timeout: "A imagem demorou demais para carregar.",
  network: "Não foi possível baixar a imagem.",
};

/** A refusal or failure; `message` is pt-BR and safe to show to the user. */
export class SafeFetchError extends Error {
  constructor(
    readonly code: SafeFetchErrorCode,
    message: string = MESSAGES[code],
  ) {
    super(message);
    this.name = "SafeFetchError";
  }
}

export type SafeFetchOptions = {
  /** Default 5 MB. */
  maxBytes?: number;
  /** Whole download, redirects included. Default 5000 ms. */
  timeoutMs?: number;
  /** Default 3. */
  maxRedirects?: number;
  /**
   * TESTS ONLY, never set in production: lets the fake servers on 127.0.0.1 be reached. `true`
   * allows every private address; a list allows only those "host:port" origins.
   */
  allowPrivateHosts?: boolean | string[];
};

export type FetchedImage = { bytes: Uint8Array; mimeType: string; finalUrl: string };

export const SAFE_FETCH_DEFAULTS = { maxBytes: 5 * 1024 * 1024, timeoutMs: 5_000, maxRedirects: 3 } as const;

export async function fetchImageSafely(rawUrl: string, options: SafeFetchOptions = {}): Promise<FetchedImage> {
  const maxBytes = options.maxBytes ?? SAFE_FETCH_DEFAULTS.maxBytes;
  const maxRedirects = options.maxRedirects ?? SAFE_FETCH_DEFAULTS.maxRedirects;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? SAFE_FETCH_DEFAULTS.timeoutMs);
  try {
    let url = parseHttpUrl(rawUrl);
    for (let redirects = 0; ; redirects++) {
      const outcome = await requestOnce(url, { maxBytes, signal: controller.signal, allowPrivate: privateAllowed(url, options) });
      if (outcome.kind === "image") return outcome.image;
      if (redirects >= maxRedirects) throw new SafeFetchError("too_many_redirects");
      url = parseHttpUrl(new URL(outcome.location, url).toString());
    }
  } catch (error) {
    if (controller.signal.aborted) throw new SafeFetchError("timeout");
    if (error instanceof SafeFetchError) throw error;
    throw new SafeFetchError("network");
  } finally {
    clearTimeout(timer);
  }
}

function parseHttpUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new SafeFetchError("invalid_url");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new SafeFetchError("scheme");
  if (url.username || url.password || !url.hostname) throw new SafeFetchError("invalid_url");
  return url;
}

function privateAllowed(url: URL, options: SafeFetchOptions): boolean {
  const allow = options.allowPrivateHosts;
  return allow === true || (Array.isArray(allow) && allow.includes(url.host));
}

type Outcome = { kind: "image"; image: FetchedImage } | { kind: "redirect"; location: string };

function requestOnce(url: URL, context: { maxBytes: number; signal: AbortSignal; allowPrivate: boolean }): Promise<Outcome> {
  // The WHATWG parser already turned "2130706433" or "0x7f.1" into "127.0.0.1".
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(host) && !context.allowPrivate && !isPublicAddress(host)) {
    return Promise.reject(new SafeFetchError("private_address"));
  }
  const transport = url.protocol === "https:" ? https : http;

  return new Promise<Outcome>((resolve, reject) => {
    const request = transport.request(
      url,
      {
        method: "GET",
        // IP literals skip the lookup (checked above); names connect only to vetted addresses.
        lookup: vettedLookup(context.allowPrivate),
        signal: context.signal,
        agent: false,
        headers: { accept: "image/*", "user-agent": "ClassificadosPatos/1.0 (verificacao de imagem)" },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if ([301, 302, 303, 307, 308].includes(status)) {
          response.resume();
          const location = response.headers.location;
          if (location) resolve({ kind: "redirect", location });
          else reject(new SafeFetchError("http"));
          return;
        }
        if (status < 200 || status >= 300) {
          response.resume();
          reject(new SafeFetchError("http", `O servidor da imagem respondeu com erro ${status}.`));
          return;
        }
        const mimeType = (response.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
        if (!mimeType.startsWith("image/") || mimeType === "image/svg+xml") {
          response.destroy();
          reject(new SafeFetchError("not_image"));
          return;
        }
        const tooLarge = () => new SafeFetchError("too_large", `A imagem passa de ${formatMegabytes(context.maxBytes)}.`);
        if (Number(response.headers["content-length"]) > context.maxBytes) {
          response.destroy();
          reject(tooLarge());
          return;
        }
        const chunks: Buffer[] = [];
        let received = 0;
        response.on("data", (chunk: Buffer) => {
          received += chunk.length;
          if (received > context.maxBytes) {
            request.destroy();
            reject(tooLarge());
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () => {
          const bytes = new Uint8Array(Buffer.concat(chunks));
          resolve({ kind: "image", image: { bytes, mimeType, finalUrl: url.toString() } });
        });
        response.on("error", reject);
        response.on("close", () => {
          if (!response.complete) reject(new SafeFetchError("network"));
        });
      },
    );
    request.on("error", reject);
    request.end();
  });
}

/** A dns.lookup that answers only when every address of the name may be reached. */
function vettedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
      if (error || addresses.length === 0) {
        callback(new SafeFetchError("dns"), "", 4);
        return;
      }
      if (!allowPrivate && addresses.some((entry) => !isPublicAddress(entry.address))) {
        callback(new SafeFetchError("private_address"), "", 4);
        return;
      }
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} MB`;
}

// ---------------------------------------------------------------------------------------------
// Address classification
// ---------------------------------------------------------------------------------------------

/** IPv4 ranges that are not the public internet (RFC 6890 and friends). */
const BLOCKED_IPV4: Array<[network: string, prefix: number]> = [
  ["0.0.0.0", 8], // "this network", unspecified
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata lives here)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
];

function isPublicIPv4(value: number): boolean {
  return !BLOCKED_IPV4.some(([network, prefix]) => {
    const size = 2 ** (32 - prefix);
    const start = ipv4ToNumber(network);
    return value >= start && value < start + size;
  });
}

function isPublicIPv6(address: string): boolean {
  const h = ipv6Hextets(address);
  if (!h) return false;
  const zeros = (from: number, to: number) => h.slice(from, to).every((part) => part === 0);
  const lastIPv4 = h[6]! * 65536 + h[7]!;
  if (zeros(0, 5) && h[5] === 0xffff) return isPublicIPv4(lastIPv4); // IPv4-mapped
  if (zeros(0, 6)) return false; // ::, ::1 and the deprecated IPv4-compatible ::a.b.c.d
  if (h[0] === 0x64 && h[1] === 0xff9b && zeros(2, 6)) return isPublicIPv4(lastIPv4); // NAT64
  if (h[0] === 0x2002) return isPublicIPv4(h[1]! * 65536 + h[2]!); // 6to4 embeds the IPv4 address
  if (h[0] === 0x2001 && h[1] === 0) return false; // Teredo (obfuscated IPv4 inside)
  if (h[0] === 0x2001 && h[1] === 0xdb8) return false; // documentation
  // Everything else outside global unicast 2000::/3: ULA fc00::/7, link-local fe80::/10,
  // site-local fec0::/10, multicast ff00::/8, discard 100::/64, NAT64 local-use 64:ff9b:1::/48.
  return (h[0]! & 0xe000) === 0x2000;
}

/** True only for addresses on the public internet. */
export function isPublicAddress(address: string): boolean {
  const version = net.isIP(address);
  if (version === 4) return isPublicIPv4(ipv4ToNumber(address));
  if (version === 6) return isPublicIPv6(address);
  return false;
}
