import http from "node:http";

export type JsonReply = { status: number; headers: http.IncomingHttpHeaders; json: unknown };

/**
 * POST JSON on a new connection each time (no keep-alive), so concurrent requests spread over a
 * server's web workers. Any header may be set, Host included (a forged one, for the tests). `from`
 * is the local address to send from: any 127.x.y.z reaches a server on 127.0.0.1 as another client.
 */
export function postJson(url: string, body: unknown, headers: Record<string, string> = {}, { from }: { from?: string } = {}) {
  const payload = JSON.stringify(body);
  return new Promise<JsonReply>((resolve, reject) => {
    const request = http.request(url, {
      method: "POST",
      agent: false,
      localAddress: from,
      headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(payload), ...headers },
    });
    request.on("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, json: text ? (JSON.parse(text) as unknown) : null }));
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(payload);
  });
}
