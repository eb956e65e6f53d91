import { Readable } from "node:stream";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { HELD_MODULE_TYPE, HELD_PRELOAD_REL, holdScriptsUntilLoad, RELEASE_SCRIPTS_AFTER_LOAD } from "./scripts-after-load.server";

/** What Remix's <Scripts> renders, between the page (with accents) and the streamed loader data. */
const page =
  '<html><body><h1>Cachorros em Patos — Ração, coleiras</h1><p>if (a<b) ção</p>' +
  '<link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="modulepreload" href="/assets/chunk-B.js"/>' +
  '<script nonce="n0nce">window.__remixContext = {};</script>' +
  '<script nonce="n0nce" type="module" async="">import * as route0 from "/assets/root-C.js";import("/assets/entry.client-A.js");</script>' +
  '<script nonce="n0nce">window.__remixContext.streamController.enqueue("[\\"São João\\", \\"type=\\\\\\"module\\\\\\" async=\\\\\\"\\\\\\"\\"]");</script>' +
  '<link rel="modulepreload" href="/not-remix.js"/></body></html>';

const expected = page
  .replace('<link rel="modulepreload" href="/assets/entry', `<link rel="${HELD_PRELOAD_REL}" href="/assets/entry`)
  .replace('<link rel="modulepreload" href="/assets/chunk', `<link rel="${HELD_PRELOAD_REL}" href="/assets/chunk`)
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

  it("hands on the pieces of one pass of React's writer as one, when React calls flush(), and holds nothing after it", async () => {
    const body = holdScriptsUntilLoad();
    const out: string[] = [];
    body.on("data", (chunk: Buffer) => out.push(chunk.toString("utf8")));
    const bytes = Buffer.from(page);
    const half = bytes.indexOf("<script nonce");
    // The shell's pass: three pieces, then React's flush.
    for (const piece of [bytes.subarray(0, 10), bytes.subarray(10, 40), bytes.subarray(40, half)]) body.write(piece);
    await new Promise((resolve) => setImmediate(resolve));
    expect(out).toEqual([]);
    body.flush();
    await new Promise((resolve) => setImmediate(resolve));
    expect(out).toEqual([expected.slice(0, expected.indexOf("<script nonce"))]);
    // A later pass (the streamed loader data), then the end.
    body.write(bytes.subarray(half, half + 100));
    body.write(bytes.subarray(half + 100));
    body.flush();
    body.end();
    await new Promise((resolve) => body.on("end", resolve));
    expect(out).toHaveLength(2);
    expect(out.join("")).toBe(expected);
  });
});

/**
 * Runs RELEASE_SCRIPTS_AFTER_LOAD against a stand-in of the page (three held preload links, the held
 * module script, an already loaded document) and records what it does, task by task.
 */
function releaseInPage({ historyKey }: { historyKey?: string }) {
  const log: string[] = [];
  const tasks: (() => void)[] = [];
  let task = 0;
  const links = ["a", "b", "c"].map((name) => ({
    set rel(value: string) {
      log.push(`task ${task}: ${name} ${value}`);
    },
  }));
  const held = { nonce: "n0nce", text: "import('/assets/entry.client.js')" };
  let state: { key?: string; idx?: number } | null = historyKey ? { key: historyKey, idx: 2 } : null;
  const page = {
    document: {
      readyState: "complete",
      querySelectorAll: (selector: string) => (selector === `link[rel="${HELD_PRELOAD_REL}"]` ? links : []),
      querySelector: (selector: string) => (selector === `script[type="${HELD_MODULE_TYPE}"]` ? held : null),
      createElement: () => ({ remove: () => {} }),
      head: { appendChild: (script: { type: string; text: string }) => log.push(`task ${task}: run ${script.type} ${script.text}`) },
    },
    history: {
      get state() {
        return state;
      },
      replaceState: (value: { key: string; idx: number }) => {
        log.push(`task ${task}: key`);
        state = value;
      },
    },
    sessionStorage: {
      getItem: () => {
        log.push(`task ${task}: read positions`);
        return JSON.stringify({ [historyKey ?? ""]: 420 });
      },
    },
    scrollTo: (_x: number, y: number) => log.push(`task ${task}: scroll ${y}`),
    requestAnimationFrame: (callback: () => void) => tasks.push(callback),
    setTimeout: (callback: () => void) => tasks.push(callback),
    addEventListener: () => {},
    navigator: {
      serviceWorker: {
        register: (url: string) => {
          log.push(`task ${task}: register ${url}`);
          return Promise.resolve();
        },
      },
    },
  };
  vm.runInNewContext(RELEASE_SCRIPTS_AFTER_LOAD, page);
  for (; task < tasks.length; task++) tasks[task]!();
  return { log, key: state?.key, state };
}

describe("RELEASE_SCRIPTS_AFTER_LOAD", () => {
  it("releases one preload link per task, keys the new history entry, runs the module script, then registers the service worker", () => {
    const { log, key, state } = releaseInPage({});
    // The first tasks are the paint's frame and the start; then one task per step.
    expect(log).toEqual([
      "task 2: a modulepreload",
      "task 3: b modulepreload",
      "task 4: c modulepreload",
      "task 5: key",
      "task 6: run module import('/assets/entry.client.js')",
      "task 7: register /sw.js",
    ]);
    expect(key).toMatch(/^[0-9a-v]+$/);
    // With the router's index, so that the router does not write the entry again (createBrowserHistory).
    expect(state).toEqual({ key, idx: 0 });
  });

  it("restores the position the router kept for a keyed entry (a reload, a return) before anything else", () => {
    const { log, key, state } = releaseInPage({ historyKey: "k3y" });
    expect(log.slice(0, 2)).toEqual(["task 0: read positions", "task 0: scroll 420"]);
    expect(log).not.toContain("task 5: key");
    expect(key).toBe("k3y");
    expect(state).toEqual({ key: "k3y", idx: 2 });
  });
});
