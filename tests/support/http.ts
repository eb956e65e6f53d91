/**
 * Raw HTTP for tests that must send what fetch() will not let them (a Host or Origin of their
 * choosing, methods like TRACE, a chunked body, a body written slowly), each on its own connection.
 */
import http from "node:http";
import net from "node:net";

export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; text: string };

export type RawRequest = {
  method?: string;
  headers?: Record<string, string | number>;
  /** Sent with a Content-Length unless `chunked`. */
  body?: string | Buffer;
  /** Send the body with Transfer-Encoding: chunked (otherwise with a Content-Length). */
  chunked?: boolean;
};

export function rawRequest(url: string, { method = "GET", headers = {}, body, chunked = false }: RawRequest = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const payload = typeof body === "string" ? Buffer.from(body) : body;
    const request = http.request(url, {
      method,
      agent: false,
      headers: { ...(payload && !chunked ? { "Content-Length": payload.length } : {}), ...headers },
    });
    let answered = false;
    request.on("response", (response) => {
      answered = true;
      collect(response).then(resolve, reject);
    });
    // A server may answer early (a 413) and close while the body is still going out, as browsers and
    // curl allow: once the answer is in, a broken write is expected, not a failure.
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    void writeBody(request, payload, () => answered).catch(() => {});
  });
}

/** Writes the body in 64 KB pieces, letting the answer in between them, and stops once it has come. */
async function writeBody(request: http.ClientRequest, payload: Buffer | undefined, answered: () => boolean) {
  for (let offset = 0; payload && offset < payload.length; offset += 64 * 1024) {
    if (answered() || request.destroyed) return;
    if (!request.write(payload.subarray(offset, offset + 64 * 1024))) await new Promise((resolve) => request.once("drain", resolve));
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (!answered() && !request.destroyed) request.end();
}

export function collect(response: http.IncomingMessage): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    let text = "";
    response.setEncoding("utf8");
    response.on("data", (chunk: string) => (text += chunk));
    response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
    response.on("error", reject);
  });
}

/**
 * Writes `head` (a request head, CRLFs included) and then `body` on a bare socket and returns what comes
 * back until it closes; a reset rejects.
 */
export function rawSocket(url: string, head: string, body?: Buffer): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(head);
      // All of it, whatever the server answers meanwhile, as a browser uploading a form does.
      if (body) socket.write(body);
    });
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (received += chunk));
    socket.on("end", () => resolve(received));
    socket.on("error", reject);
    socket.setTimeout(5_000, () => {
      socket.destroy();
      resolve(received);
    });
  });
}

/** A multipart/form-data body with one file field of `size` bytes. */
export function multipartBody(size: number, field = "photos") {
  const boundary = `----teste${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="foto.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    Buffer.alloc(size, 0x61),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
