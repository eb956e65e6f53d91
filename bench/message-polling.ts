/**
 * npm run bench:messages — what 200 idle open conversations cost the server (issue #37, ADR 040).
 *
 * Starts the production build (`npm run build` first) on a free port with an empty data folder, writes
 * 200 buyers with a session and a conversation each straight into its database, then plays 200 open
 * conversation pages as the browser's JavaScript does when nothing happens: GET /api/messages/{id}?after=
 * every POLL_VISIBLE_MS and GET /api/auth/me (the header's badge) every UNREAD_POLL_MS, all visible
 * (the worst case: hidden tabs back off). It reports the server's CPU (every process of it, from
 * /proc) over the measured minute against an idle minute before, requests a second and the answers'
 * latency.
 */
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { POLL_VISIBLE_MS, UNREAD_POLL_MS } from "../app/models/message/limits";
import { startBuiltServer } from "./built-server";
import { processTreeCpuMs } from "./server-cpu";
import { insertSignedInPerson } from "./signed-in-person";

const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 200);
const MEASURE_MS = Number(process.env.BENCH_SECONDS ?? 60) * 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const { base, dataDir, pid, stop } = await startBuiltServer({ seedDemo: false });
  try {
    const sqlite = new Database(path.join(dataDir, "app.db"));
    sqlite.pragma("busy_timeout = 5000");
    const now = Date.now();
    const clients: { token: string; conversationId: number; lastId: number }[] = [];
    sqlite.transaction(() => {
      const seller = sqlite.prepare("INSERT INTO users (username, email, full_name) VALUES (?, ?, ?)").run("bench_seller", "bench.seller@exemplo.com.br", "Vendedora").lastInsertRowid;
      for (let i = 0; i < CONVERSATIONS; i++) {
        const { id: buyer, token } = insertSignedInPerson(sqlite, `buyer_${i}`);
        const conversationId = Number(
          sqlite
            .prepare("INSERT INTO conversations (ad_title, buyer_id, seller_id, last_message_text, last_message_sender_id, last_message_at) VALUES ('Mesa de jantar', ?, ?, 'Ainda está disponível?', ?, ?)")
            .run(buyer, seller, buyer, now).lastInsertRowid,
        );
        const lastId = Number(sqlite.prepare("INSERT INTO messages (conversation_id, sender_id, text) VALUES (?, ?, 'Ainda está disponível?')").run(conversationId, buyer).lastInsertRowid);
        clients.push({ token, conversationId, lastId });
      }
    })();
    sqlite.close();

    await sleep(5000);
    const idleStart = processTreeCpuMs(pid);
    await sleep(MEASURE_MS);
    const idleCpu = processTreeCpuMs(pid) - idleStart;

    const latencies: number[] = [];
    let failures = 0;
    const get = async (url: string, token: string) => {
      const started = performance.now();
      const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } }).catch(() => null);
      if (!response?.ok) failures++;
      await response?.arrayBuffer();
      latencies.push(performance.now() - started);
    };
    let running = true;
    const loops = clients.flatMap((client) => [
      (async () => {
        await sleep(Math.random() * POLL_VISIBLE_MS);
        while (running) {
          await get(`${base}/api/messages/${client.conversationId}?after=${client.lastId}`, client.token);
          await sleep(POLL_VISIBLE_MS);
        }
      })(),
      (async () => {
        await sleep(Math.random() * UNREAD_POLL_MS);
        while (running) {
          await get(`${base}/api/auth/me`, client.token);
          await sleep(UNREAD_POLL_MS);
        }
      })(),
    ]);
    await sleep(UNREAD_POLL_MS);
    latencies.length = 0;
    failures = 0;
    const busyStart = processTreeCpuMs(pid);
    await sleep(MEASURE_MS);
    const busyCpu = processTreeCpuMs(pid) - busyStart;
    const requests = latencies.length;
    running = false;
    await Promise.all(loops);

    latencies.sort((a, b) => a - b);
    const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(1);
    const seconds = MEASURE_MS / 1000;
    console.log(`${CONVERSATIONS} open conversations polling (every ${POLL_VISIBLE_MS / 1000} s, badge every ${UNREAD_POLL_MS / 1000} s), ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"})`);
    console.log(`requests: ${(requests / seconds).toFixed(1)}/s, failures: ${failures}, latency p50 ${pct(50)} ms, p95 ${pct(95)} ms, p99 ${pct(99)} ms`);
    console.log(`server CPU: idle ${((idleCpu / MEASURE_MS) * 100).toFixed(1)} % of one core, polling ${((busyCpu / MEASURE_MS) * 100).toFixed(1)} % of one core (${(busyCpu / requests).toFixed(2)} ms a request)`);
  } finally {
    await stop();
  }
}

await main();
