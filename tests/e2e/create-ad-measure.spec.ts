/**
 * A measurement, not a check (issue 11's note): the time from clicking 'Anunciar' to the payment page
 * for an ad with 5 phone photos (4032×3024 JPEGs of ~3 MB, as a phone camera writes them) over a
 * throttled connection, with JavaScript (photos scaled down to 1600 px in the browser and sent one by
 * one) and without it (the originals travel with the form), and the bytes the browser uploaded.
 *
 * Skipped unless MEASURE_UPLOAD=1 (it takes minutes):
 *   npm run build && MEASURE_UPLOAD=1 npx playwright test tests/e2e/create-ad-measure.spec.ts
 * MEASURE_PROFILE picks the connection: "slow3g" (default: 400 ms latency, 400 kbit/s down and up) or
 * "fast3g" (DevTools' Fast 3G: 562.5 ms, 1.44 Mbit/s down, 675 kbit/s up), or "none". The numbers are
 * printed, attached to the report and written to the test's output folder (upload-measure-{profile}.json).
 */
import fs from "node:fs";
import net from "node:net";
import { expect, test, type Page } from "@playwright/test";
import { writePhotos } from "../support/e2e-photos";
import { waitForHydration } from "../support/hydration";

const PROFILES = {
  slow3g: { label: "Slow 3G (400 ms, 400 kbit/s ↓, 400 kbit/s ↑)", latency: 400, downloadKbps: 400, uploadKbps: 400 },
  fast3g: { label: "Fast 3G (562.5 ms, 1440 kbit/s ↓, 675 kbit/s ↑)", latency: 562.5, downloadKbps: 1440, uploadKbps: 675 },
  none: { label: "no throttling (loopback)", latency: 0, downloadKbps: 0, uploadKbps: 0 },
} as const;
const profileName = (process.env.MEASURE_PROFILE ?? "slow3g") as keyof typeof PROFILES;
const profile = PROFILES[profileName];

test.skip(!process.env.MEASURE_UPLOAD, "a measurement: run with MEASURE_UPLOAD=1");
test.skip(!profile, `unknown MEASURE_PROFILE ${profileName}`);

let photos: { dir: string; files: string[]; bytes: number[] };

test.beforeAll(async () => {
  test.setTimeout(180_000);
  photos = await writePhotos(5, { width: 4032, height: 3024, grain: 0.1, quality: 85 });
});

test.afterAll(() => {
  if (photos) fs.rmSync(photos.dir, { recursive: true, force: true });
});

async function throttle(page: Page) {
  if (profileName === "none") return;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: profile.latency,
    downloadThroughput: (profile.downloadKbps * 1000) / 8,
    uploadThroughput: (profile.uploadKbps * 1000) / 8,
  });
}

/**
 * The bytes the browser sends, counted on the wire: the page talks to the server through this TCP
 * relay (Chromium reports no body size for multipart uploads of files, so it cannot tell us).
 * Headers included; `reset()` starts the count again. The server only takes writes whose Origin is
 * its own (APP_URL), so the relay listens on a port of the same length and writes the server's own
 * host:port into what passes (Host, Origin, Referer); lengths stay the same, so the count does too.
 */
async function countingRelay(target: URL) {
  let sent = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    client.on("data", (chunk: Buffer) => {
      sent += chunk.length;
      upstream.write(Buffer.from(chunk.toString("latin1").replaceAll(relayHost, target.host), "latin1"));
    });
    upstream.pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("error", close).on("close", close);
    upstream.on("error", close).on("close", close);
  });
  let relayHost = "";
  for (let port = Number(target.port) + 300; ; port++) {
    if (String(port).length !== target.port.length) throw new Error("no free port of the server port's length");
    const listening = await new Promise<boolean>((resolve) => {
      server.once("error", () => resolve(false));
      server.listen(port, target.hostname, () => resolve(true));
    });
    if (listening) {
      relayHost = `${target.hostname}:${port}`;
      break;
    }
  }
  return {
    origin: `http://${relayHost}`,
    sent: () => sent,
    reset: () => (sent = 0),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** With JavaScript: the size of every photo the page hands to XMLHttpRequest (after its own downscaling). */
async function recordPhotoBodies(page: Page) {
  await page.addInitScript(() => {
    const sizes: number[] = [];
    (window as unknown as { __photoBodies: number[] }).__photoBodies = sizes;
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (body?: Document | XMLHttpRequestBodyInit | null) {
      if (body instanceof FormData) for (const [, value] of body) if (value instanceof Blob) sizes.push(value.size);
      return send.call(this, body);
    };
  });
  return () => page.evaluate(() => (window as unknown as { __photoBodies: number[] }).__photoBodies ?? []);
}

test("time and bytes from 'Anunciar' to the payment page for a 5-photo ad @nojs", async ({ page, baseURL, javaScriptEnabled }, info) => {
  test.setTimeout(20 * 60_000);
  const relay = await countingRelay(new URL(baseURL!));
  try {
    const email = `medida.${info.project.name}.${Date.now()}@exemplo.com.br`;
    expect((await page.request.post(`${relay.origin}/api/register`, { data: { name: "Medida Upload", email, password: "Senha@123" } })).status()).toBe(201);
    expect((await page.request.post(`${relay.origin}/api/auth/login`, { data: { email, password: "Senha@123" } })).status()).toBe(200);
    const photoBodies = javaScriptEnabled ? await recordPhotoBodies(page) : null;
    if (process.env.MEASURE_DEBUG) {
      page.on("response", (response) => console.log(response.status(), response.request().method(), response.url(), response.headers()["location"] ?? ""));
      page.on("framenavigated", (frame) => console.log("navigated", frame.url()));
    }

    await page.goto(`${relay.origin}/`);
    await page.waitForLoadState("load");
    if (javaScriptEnabled) await waitForHydration(page);
    await throttle(page);
    const steps: Record<string, number> = {};
    relay.reset();
    const started = Date.now();
    const mark = (name: string) => (steps[name] = (Date.now() - started) / 1000);

    await page.getByRole("banner").getByRole("link", { name: "Anunciar" }).click();
    await expect(page.getByText("Passo 1 de 3: Tipo e Categoria")).toBeVisible({ timeout: 120_000 });
    await page.getByRole("radiogroup", { name: "Categoria" }).getByText("Veículos", { exact: true }).click();
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Continuar" }).click();
    await page.getByLabel("Tipo de veículo").selectOption({ label: "Carros" }, { timeout: 120_000 });
    await page.getByRole("button", { name: "Continuar" }).click({ timeout: 120_000 });
    await expect(page.getByText("Passo 2 de 3: Informações")).toBeVisible({ timeout: 120_000 });
    mark("step 2 shown");
    await page.getByLabel("Título").fill("Fiat Strada 2019");
    if (javaScriptEnabled) await page.getByLabel("Preço").pressSequentially("7850000");
    else await page.getByLabel("Preço").fill("78.500,00");
    await page.getByLabel(/^Descrição/).fill("Fiat Strada Freedom 1.3 2019, revisada, pneus novos, documentação em dia.");
    await page.getByRole("button", { name: "Add Imagens" }).click();
    await expect(page.getByText("Passo 3 de 3: Finalizar")).toBeVisible({ timeout: 120_000 });
    mark("step 3 shown");

    if (javaScriptEnabled) {
      await expect(page.getByText("Escolher fotos")).toBeVisible({ timeout: 120_000 }); // hydrated
      await page.locator("#photos-input").setInputFiles(photos.files);
      await expect(page.getByRole("img", { name: "Foto 5" })).toBeVisible({ timeout: 15 * 60_000 });
      mark("5 photos uploaded");
    } else {
      await page.getByLabel("Selecionar fotos").setInputFiles(photos.files);
    }
    await page.getByRole("button", { name: "Criar Anúncio" }).click();
    await expect(page).toHaveURL(/\/payment\/\d+$/, { timeout: 15 * 60_000 });
    await page.waitForLoadState("load", { timeout: 120_000 });
    mark("payment page");

    const sentPhotos = photoBodies ? await photoBodies() : photos.bytes;
    const result = {
      profile: profile.label,
      javaScript: javaScriptEnabled,
      photosOnDisk: photos.bytes,
      photosOnDiskTotal: photos.bytes.reduce((a, b) => a + b, 0),
      seconds: (Date.now() - started) / 1000,
      steps,
      /** Everything the browser sent after the click, headers and form fields included. */
      bytesSentOnTheWire: relay.sent(),
      /** The photo files in those bodies (with JavaScript, after the browser's downscaling). */
      photoBytesSent: sentPhotos,
      photoBytesSentTotal: sentPhotos.reduce((a, b) => a + b, 0),
    };
    console.log(JSON.stringify(result, null, 2));
    fs.writeFileSync(info.outputPath(`upload-measure-${profileName}.json`), JSON.stringify(result, null, 2));
    await info.attach("measurement", { body: JSON.stringify(result, null, 2), contentType: "application/json" });
    expect(result.bytesSentOnTheWire).toBeGreaterThan(result.photoBytesSentTotal);
  } finally {
    await relay.close();
  }
});
