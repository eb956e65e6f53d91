import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { HELD_MODULE_TYPE, HELD_PRELOAD_REL, holdScriptsUntilLoad } from "./scripts-after-load.server";

/** What Remix's <Scripts> renders, between the page (with accents) and the streamed loader data. */
const page =
  '<html><body><h1>Cachorros em Patos — Ração, coleiras</h1><p>if (a<b) ção</p>' +
  '<link rel="modulepreload" href="/build/entry.client-A.js"/><link rel="modulepreload" href="/build/_shared/chunk-B.js"/>' +
  '<script nonce="n0nce">window.__remixContext = {};</script>' +
  '<script nonce="n0nce" type="module" async="">import * as route0 from "/build/root-C.js";import("/build/entry.client-A.js");</script>' +
  '<script nonce="n0nce">window.__remixContext.streamController.enqueue("[\\"São João\\", \\"type=\\\\\\"module\\\\\\" async=\\\\\\"\\\\\\"\\"]");</script>' +
  '<link rel="modulepreload" href="/not-remix.js"/></body></html>';

const expected = page
  .replace('<link rel="modulepreload" href="/build/entry', `<link rel="${HELD_PRELOAD_REL}" href="/build/entry`)
  .replace('<link rel="modulepreload" href="/build/_shared', `<link rel="${HELD_PRELOAD_REL}" href="/build/_shared`)
  .replace(' type="module" async=""', ` type="${HELD_MODULE_TYPE}"`);

async function rewrite(chunks: Buffer[]) {
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(holdScriptsUntilLoad())) out.push(chunk as Buffer);
  return Buffer.concat(out).toString("utf8");
}

describe("holdScriptsUntilLoad", () => {
  it("holds Remix's preload links and module script, and changes nothing else", async () => {
    expect(await rewrite([Buffer.from(page)])).toBe(expected);
  });

  it("gives the same page whichever byte the stream is cut at, accents included", async () => {
    const bytes = Buffer.from(page);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await rewrite([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(expected);
    }
  });

  it("gives the same page when it arrives a byte at a time", async () => {
    const bytes = Buffer.from(page);
    const single = Array.from(bytes, (byte) => Buffer.from([byte]));
    expect(await rewrite(single)).toBe(expected);
  });

  it("passes a page without Remix's scripts through as it is (an error page, a bot's)", async () => {
    const plain = "<html><body><p>Página não encontrada</p></body></html>";
    expect(await rewrite([Buffer.from(plain.slice(0, 20)), Buffer.from(plain.slice(20))])).toBe(plain);
  });
});
