/**
 * For the access log's e2e specs: a request that reports the source port it left from (what the log
 * must name), and the log's line for a request id (written before the answer left; polled all the same).
 */
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import path from "node:path";
import { expect } from "@playwright/test";
import type { AccessLogEntry } from "../../app/services/access-log-store.server";

export type PortedResponse = { status: number; headers: http.IncomingHttpHeaders; text: string; localPort: number };

/** One request on its own connection; https accepts a test certificate (Caddy's `local_certs`). */
export function requestFrom(
  url: string,
  { method = "GET", headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<PortedResponse> {
  const target = new URL(url);
  const client = target.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(target, { method, headers, agent: false, rejectUnauthorized: false });
    let localPort = 0;
    request.on("socket", (socket) => socket.on("connect", () => (localPort = socket.localPort ?? 0)));
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString("utf8"), localPort }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(body);
  });
}

/** The access log's line for `requestId`. */
export async function accessLineFor(dataDir: string, requestId: string): Promise<AccessLogEntry> {
  const dir = path.join(dataDir, "access-log");
  let found: AccessLogEntry | undefined;
  await expect
    .poll(
      () => {
        const files = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
        const lines = files.flatMap((file) => fs.readFileSync(path.join(dir, file), "utf8").split("\n"));
        const line = lines.find((text) => text.includes(`"requestId":"${requestId}"`));
        found = line ? (JSON.parse(line) as AccessLogEntry) : undefined;
        return Boolean(found);
      },
      { message: `the access log's line for ${requestId}`, timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}
