import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fetchImageSafely, isPublicAddress, SafeFetchError } from "./safe-fetch.server";

// 1×1 PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

let server: http.Server;
let origin: string; // "127.0.0.1:port"
let hits: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(req.url ?? "");
    const url = new URL(req.url ?? "/", "http://x");
    switch (url.pathname) {
      case "/cat.png":
        res.writeHead(200, { "Content-Type": "image/png", "Content-Length": PNG.length });
        return res.end(PNG);
      case "/page.html":
        res.writeHead(200, { "Content-Type": "text/html" });
        return res.end("<h1>oi</h1>");
      case "/drawing.svg":
        res.writeHead(200, { "Content-Type": "image/svg+xml" });
        return res.end("<svg/>");
      case "/big-declared.jpg":
        res.writeHead(200, { "Content-Type": "image/jpeg", "Content-Length": 6 * 1024 * 1024 });
        return res.end(); // never sends the body: the declared length is enough to refuse
      case "/big-streamed.jpg": {
        // No Content-Length: 64 KB chunks until the client gives up (or 8 MB).
        res.writeHead(200, { "Content-Type": "image/jpeg" });
        const chunk = Buffer.alloc(64 * 1024, 1);
        let sent = 0;
        const pump = () => {
          while (sent < 8 * 1024 * 1024 && !res.destroyed) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once("drain", pump);
          }
          res.end();
        };
        return pump();
      }
      case "/hang.png":
        return; // never answers
      case "/redirect": {
        const hops = Number(url.searchParams.get("hops") ?? "1");
        const to = url.searchParams.get("to") ?? (hops > 1 ? `/redirect?hops=${hops - 1}` : "/cat.png");
        res.writeHead(302, { Location: to });
        return res.end();
      }
      default:
        res.writeHead(404);
        return res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  hits = [];
});

async function failure(promise: Promise<unknown>): Promise<SafeFetchError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SafeFetchError);
  return error as SafeFetchError;
}

describe("isPublicAddress", () => {
  it.each([
    ["8.8.8.8", true],
    ["177.71.200.10", true],
    ["172.32.0.1", true],
    ["100.128.0.1", true],
    ["2001:4860:4860::8888", true],
    ["::ffff:8.8.8.8", true],
    ["127.0.0.1", false],
    ["127.255.255.254", false],
    ["10.0.0.1", false],
    ["172.16.5.4", false],
    ["172.31.255.255", false],
    ["192.168.0.10", false],
    ["169.254.169.254", false],
    ["100.64.0.1", false],
    ["100.127.255.255", false],
    ["0.0.0.0", false],
    ["224.0.0.251", false],
    ["255.255.255.255", false],
    ["198.18.0.1", false],
    ["::", false],
    ["::1", false],
    ["fc00::1", false],
    ["fd12:3456:789a::1", false],
    ["fe80::1", false],
    ["fe80::1%eth0", false],
    ["ff02::1", false],
    ["::ffff:127.0.0.1", false],
    ["::ffff:7f00:1", false],
    ["::ffff:10.0.0.1", false],
    ["::ffff:169.254.169.254", false],
    ["64:ff9b::a00:1", false],
    ["2002:7f00:1::", false],
    ["2001:db8::1", false],
    ["not-an-ip", false],
  ])("%s → %s", (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe("fetchImageSafely refuses what production must never reach", () => {
  it("refuses the loopback address without connecting", async () => {
    const error = await failure(fetchImageSafely(`http://${origin}/cat.png`));
    expect(error.code).toBe("private_address");
    expect(error.message).toBe("Esse endereço de imagem não é permitido.");
    expect(hits).toEqual([]);
  });

  it("refuses a name that resolves to loopback (localhost) without connecting", async () => {
    const port = origin.split(":")[1];
    const error = await failure(fetchImageSafely(`http://localhost:${port}/cat.png`));
    expect(error.code).toBe("private_address");
    expect(hits).toEqual([]);
  });

  it("refuses loopback written as a decimal number", async () => {
    const port = origin.split(":")[1];
    expect((await failure(fetchImageSafely(`http://2130706433:${port}/cat.png`))).code).toBe("private_address");
    expect(hits).toEqual([]);
  });

  it.each([
    "http://10.0.0.1/foto.jpg",
    "http://192.168.1.1/foto.jpg",
    "http://169.254.169.254/latest/meta-data/",
    "http://100.64.0.1/foto.jpg",
    "http://[::1]/foto.jpg",
    "http://[::ffff:127.0.0.1]/foto.jpg",
    "http://[fd00::1]/foto.jpg",
    "http://0.0.0.0/foto.jpg",
  ])("refuses %s", async (url) => {
    expect((await failure(fetchImageSafely(url))).code).toBe("private_address");
  });

  it.each(["file:///etc/passwd", "ftp://example.com/foto.jpg", "data:image/png;base64,AAAA", "javascript:alert(1)", "gopher://example.com/"])(
    "refuses the non-http scheme %s",
    async (url) => {
      expect((await failure(fetchImageSafely(url))).code).toBe("scheme");
    },
  );

  it("refuses malformed URLs and credentials in the URL", async () => {
    expect((await failure(fetchImageSafely("não é url"))).code).toBe("invalid_url");
    expect((await failure(fetchImageSafely("http://user:pass@example.com/a.png"))).code).toBe("invalid_url");
  });
});

describe("fetchImageSafely against a local server (allowPrivateHosts, tests only)", () => {
  it("downloads an image with its type", async () => {
    const image = await fetchImageSafely(`http://${origin}/cat.png`, { allowPrivateHosts: [origin] });
    expect(image.mimeType).toBe("image/png");
    expect(Buffer.from(image.bytes).equals(PNG)).toBe(true);
  });

  it("refuses a body that is not an image, and SVG", async () => {
    expect((await failure(fetchImageSafely(`http://${origin}/page.html`, { allowPrivateHosts: true }))).code).toBe("not_image");
    expect((await failure(fetchImageSafely(`http://${origin}/drawing.svg`, { allowPrivateHosts: true }))).code).toBe("not_image");
  });

  it("refuses an image whose declared size is over the cap", async () => {
    const error = await failure(fetchImageSafely(`http://${origin}/big-declared.jpg`, { allowPrivateHosts: true }));
    expect(error.code).toBe("too_large");
    expect(error.message).toBe("A imagem passa de 5 MB.");
  });

  it("aborts a streamed body as soon as it passes the cap", async () => {
    const error = await failure(
      fetchImageSafely(`http://${origin}/big-streamed.jpg`, { allowPrivateHosts: true, maxBytes: 1024 * 1024 }),
    );
    expect(error.code).toBe("too_large");
  });

  it("gives up after the timeout", async () => {
    const started = Date.now();
    const error = await failure(fetchImageSafely(`http://${origin}/hang.png`, { allowPrivateHosts: true, timeoutMs: 300 }));
    expect(error.code).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("follows up to 3 redirects and refuses a 4th", async () => {
    const image = await fetchImageSafely(`http://${origin}/redirect?hops=3`, { allowPrivateHosts: true });
    expect(image.finalUrl).toBe(`http://${origin}/cat.png`);
    const error = await failure(fetchImageSafely(`http://${origin}/redirect?hops=4`, { allowPrivateHosts: true }));
    expect(error.code).toBe("too_many_redirects");
  });

  it("checks every redirect again: scheme and address", async () => {
    const toFile = `http://${origin}/redirect?to=${encodeURIComponent("file:///etc/passwd")}`;
    expect((await failure(fetchImageSafely(toFile, { allowPrivateHosts: true }))).code).toBe("scheme");

    // Only the first origin is allowed; the redirect to another loopback port must be refused.
    const elsewhere = `http://${origin}/redirect?to=${encodeURIComponent("http://127.0.0.1:9/cat.png")}`;
    expect((await failure(fetchImageSafely(elsewhere, { allowPrivateHosts: [origin] }))).code).toBe("private_address");
  });

  it("reports an HTTP error status", async () => {
    const error = await failure(fetchImageSafely(`http://${origin}/missing.png`, { allowPrivateHosts: true }));
    expect(error.code).toBe("http");
    expect(error.message).toContain("404");
  });
});
