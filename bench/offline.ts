/**
 * `npm run bench:offline` — what the service worker (ADR 036) gives a returning visitor on a slow phone:
 * the time from asking for `/` until its first ad card is visible, on a 360 × 740 phone behind Chrome
 * DevTools' network emulation (OFFLINE_KBPS down and up, 400 kbps; OFFLINE_RTT_MS, 400 ms), for
 *   - the first visit (a fresh browser profile: no worker, nothing cached),
 *   - the second visit (the same profile, a new tab: the worker installed on the first one),
 *   - the second visit with the network offline.
 * OFFLINE_ROUNDS fresh profiles (5); the medians are printed and written to bench/results/.
 *
 * Against the production build (`npm run build` first) with the demo data, on a server of its own;
 * Playwright drives Debian's chromium-headless-shell, as the e2e tests do. The emulation is set on each
 * tab and on the worker (through the browser's CDP session), so the worker's own requests are as slow.
 */
import fs from "node:fs";
import path from "node:path";
import { chromium, type BrowserContext, type CDPSession, type Page } from "@playwright/test";
import { startBuiltServer } from "./built-server";

const ROUNDS = Number(process.env.OFFLINE_ROUNDS ?? 5);
const KBPS = Number(process.env.OFFLINE_KBPS ?? 400);
const RTT_MS = Number(process.env.OFFLINE_RTT_MS ?? 400);
const root = path.resolve(import.meta.dirname, "..");

if (!fs.existsSync(path.join(root, "build/client/sw.js"))) {
  console.error("No production build with its service worker: run `npm run build` first.");
  process.exit(1);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const conditions = (offline: boolean) => ({
  offline,
  latency: RTT_MS,
  downloadThroughput: (KBPS * 1000) / 8,
  uploadThroughput: (KBPS * 1000) / 8,
});

/** A tab behind the slow network (or none). */
async function slowTab(context: BrowserContext, offline: boolean): Promise<{ page: Page; cdp: CDPSession }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", conditions(offline));
  return { page, cdp };
}

/**
 * Milliseconds from the navigation's start until the first ad card is painted: laid out with a size,
 * every stylesheet loaded (until then the browser paints nothing), then the next frame. Read in the
 * page, on its own clock (performance.now() counts from the navigation's start).
 */
async function timeToFirstCard(page: Page): Promise<number> {
  await page.goto(`${base}/`, { waitUntil: "commit", timeout: 120_000 });
  await page.waitForFunction(
    () => {
      const card = document.querySelector("article.ad-card");
      if (!card || card.getBoundingClientRect().height === 0) return false;
      return [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet !== null);
    },
    undefined,
    { polling: "raf", timeout: 120_000 },
  );
  return page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now()))));
}

/** When the document's first byte came (ms from the navigation's start), and how long the worker took to start (0: none). */
async function documentTiming(page: Page): Promise<string> {
  const { responseStart, workerStart, fetchStart } = await page.evaluate(() => performance.getEntriesByType("navigation")[0]!.toJSON() as PerformanceNavigationTiming);
  return `first byte ${responseStart.toFixed(0)} ms${workerStart > 0 ? `, worker started in ${(fetchStart - workerStart).toFixed(0)} ms` : ""}`;
}

/**
 * The worker's own requests (its network-first page fetch, when navigation preload does not answer)
 * go through the slow network too: the same emulation on its target, through a non-flat session of
 * the browser's CDP connection (Playwright opens sessions for pages only).
 */
async function slowWorker(context: BrowserContext, offline: boolean) {
  const browserCdp = await context.browser()!.newBrowserCDPSession();
  const { targetInfos } = await browserCdp.send("Target.getTargets");
  let id = 0;
  for (const target of targetInfos.filter((info) => info.type === "service_worker")) {
    const { sessionId } = await browserCdp.send("Target.attachToTarget", { targetId: target.targetId, flatten: false });
    for (const [method, params] of [["Network.enable", {}], ["Network.emulateNetworkConditions", conditions(offline)]] as const) {
      await browserCdp.send("Target.sendMessageToTarget", { sessionId, message: JSON.stringify({ id: ++id, method, params }) });
    }
  }
  return browserCdp;
}

const { base, stop } = await startBuiltServer();
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium-headless-shell", args: ["--no-sandbox", "--disable-gpu", "--disable-quic"] });
try {
  const times = { first: [] as number[], second: [] as number[], offline: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true, locale: "pt-BR" });
    const first = await slowTab(context, false);
    times.first.push(await timeToFirstCard(first.page));
    const firstTiming = await documentTiming(first.page);
    // The worker registers after load and keeps the page it took over.
    await first.page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 120_000 });
    await first.page.waitForFunction(async () => (await (await caches.open("pages")).keys()).length > 0, undefined, { timeout: 120_000, polling: 200 });
    await first.page.close();

    const workerCdp = await slowWorker(context, false);
    const second = await slowTab(context, false);
    times.second.push(await timeToFirstCard(second.page));
    const secondTiming = await documentTiming(second.page);
    await second.page.close();

    await context.setOffline(true);
    const offline = await slowTab(context, true);
    times.offline.push(await timeToFirstCard(offline.page));
    await workerCdp.detach();
    await context.close();
    console.log(
      `round ${round + 1}: first ${times.first.at(-1)!.toFixed(0)} ms (${firstTiming}), second ${times.second.at(-1)!.toFixed(0)} ms (${secondTiming}), offline ${times.offline.at(-1)!.toFixed(0)} ms`,
    );
  }
  const medians = { first: median(times.first), second: median(times.second), offline: median(times.offline) };
  console.log(
    `\nFirst ad card visible on a 360 px phone at ${KBPS} kbps and ${RTT_MS} ms RTT (median of ${ROUNDS}): ` +
      `first visit ${(medians.first / 1000).toFixed(2)} s, second ${(medians.second / 1000).toFixed(2)} s, second offline ${(medians.offline / 1000).toFixed(2)} s`,
  );
  const out = path.join(root, "bench/results", `offline-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify({ kbps: KBPS, rttMs: RTT_MS, rounds: ROUNDS, times, medians }, null, 2));
  console.log(`Written to ${path.relative(root, out)}`);
} finally {
  await browser.close();
  await stop();
}
