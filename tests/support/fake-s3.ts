/**
 * A local stand-in for an S3-compatible bucket service, on a temporary folder: what backups use —
 * PUT (and PUT with x-amz-copy-source), GET, DELETE, ListObjectsV2 with prefix, delimiter and
 * continuation — path-style (/<bucket>/<key>). Requests must be signed (AWS4-HMAC-SHA256) with the
 * given access key; the signature itself is aws4fetch's business, not re-checked here. The npm fake,
 * s3rver, is not among the project's dependencies (its last release is from 2021, with a Koa stack of
 * its own); this small one does what the backups need, like the other fakes in this folder.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

export type FakeS3 = {
  endpoint: string;
  accessKeyId: string;
  /** Every request as "METHOD /path?query". */
  requests: string[];
  /** Keys in `bucket`, sorted. */
  keys(bucket: string): string[];
  /** The stored bytes of a key, or null. */
  read(bucket: string, key: string): Buffer | null;
  /** Answers later requests with this status (0: back to normal): all, or those `when` picks by "METHOD /path?query". */
  failWith(status: number, when?: (request: string) => boolean): void;
  close(): Promise<void>;
};

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

/** `pageSize`: keys per ListObjectsV2 page (S3's 1000; small in tests, to exercise continuation). */
export async function startFakeS3({ accessKeyId = "AKIAFAKE", pageSize = 1000 } = {}): Promise<FakeS3> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "classificados-fake-s3-"));
  const requests: string[] = [];
  let failing = { status: 0, when: (_request: string) => true };
  const fileOf = (bucket: string, key: string) => {
    const file = path.join(root, bucket, ...key.split("/"));
    if (!file.startsWith(path.join(root, bucket) + path.sep)) throw new Error(`bad key ${key}`);
    return file;
  };
  const keys = (bucket: string): string[] => {
    const walk = (dir: string, prefix: string): string[] =>
      fs.existsSync(dir)
        ? fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
            entry.isDirectory() ? walk(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
          )
        : [];
    return walk(path.join(root, bucket), "").sort();
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const line = `${request.method} ${request.url}`;
      requests.push(line);
      const send = (status: number, body: string | Buffer = "", type = "application/xml") => response.writeHead(status, { "Content-Type": type }).end(body);
      if (failing.status && failing.when(line)) return send(failing.status, "<Error><Code>ServiceUnavailable</Code></Error>");
      if (!String(request.headers.authorization).startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`)) {
        return send(403, "<Error><Code>AccessDenied</Code></Error>");
      }
      const url = new URL(request.url!, "http://fake");
      const [bucket, ...rest] = url.pathname.slice(1).split("/").map(decodeURIComponent);
      const key = rest.join("/");
      if (!bucket) return send(400);
      try {
        if (request.method === "GET" && !key && url.searchParams.get("list-type") === "2") {
          const prefix = url.searchParams.get("prefix") ?? "";
          const delimiter = url.searchParams.get("delimiter");
          const after = url.searchParams.get("continuation-token") ?? "";
          const matching = keys(bucket).filter((name) => name.startsWith(prefix));
          const entries: Array<{ key?: string; prefix?: string }> = [];
          const seenPrefixes = new Set<string>();
          for (const name of matching) {
            const cut = delimiter ? name.indexOf(delimiter, prefix.length) : -1;
            if (cut === -1) entries.push({ key: name });
            else {
              const common = name.slice(0, cut + delimiter!.length);
              if (!seenPrefixes.has(common)) entries.push({ prefix: common });
              seenPrefixes.add(common);
            }
          }
          const start = after ? entries.findIndex((entry) => (entry.key ?? entry.prefix)! > after) : 0;
          const page = start === -1 ? [] : entries.slice(start, start + pageSize);
          const truncated = start !== -1 && start + pageSize < entries.length;
          const body =
            `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${escapeXml(bucket)}</Name><Prefix>${escapeXml(prefix)}</Prefix>` +
            page.map((entry) => (entry.key ? `<Contents><Key>${escapeXml(entry.key)}</Key></Contents>` : `<CommonPrefixes><Prefix>${escapeXml(entry.prefix!)}</Prefix></CommonPrefixes>`)).join("") +
            `<IsTruncated>${truncated}</IsTruncated>` +
            (truncated ? `<NextContinuationToken>${escapeXml((page.at(-1)!.key ?? page.at(-1)!.prefix)!)}</NextContinuationToken>` : "") +
            `</ListBucketResult>`;
          return send(200, body);
        }
        if (!key) return send(400);
        const file = fileOf(bucket, key);
        if (request.method === "PUT") {
          const copySource = request.headers["x-amz-copy-source"];
          let bytes = Buffer.concat(chunks);
          if (typeof copySource === "string") {
            const [fromBucket, ...fromKey] = decodeURIComponent(copySource).replace(/^\//, "").split("/");
            const from = fileOf(fromBucket!, fromKey.join("/"));
            if (!fs.existsSync(from)) return send(404, "<Error><Code>NoSuchKey</Code></Error>");
            bytes = fs.readFileSync(from);
          }
          fs.mkdirSync(path.dirname(file), { recursive: true });
          fs.writeFileSync(file, bytes);
          return send(200, typeof copySource === "string" ? "<CopyObjectResult></CopyObjectResult>" : "");
        }
        if (request.method === "GET") {
          if (!fs.existsSync(file)) return send(404, "<Error><Code>NoSuchKey</Code></Error>");
          return send(200, fs.readFileSync(file), "application/octet-stream");
        }
        if (request.method === "DELETE") {
          fs.rmSync(file, { force: true });
          // Empty "folders" go with their last key, as in a bucket.
          for (let dir = path.dirname(file); dir !== path.join(root, bucket) && fs.readdirSync(dir).length === 0; dir = path.dirname(dir)) fs.rmdirSync(dir);
          return send(204);
        }
        return send(405);
      } catch {
        return send(400);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId,
    requests,
    keys,
    read: (bucket, key) => {
      const file = fileOf(bucket, key);
      return fs.existsSync(file) ? fs.readFileSync(file) : null;
    },
    failWith: (status, when = () => true) => void (failing = { status, when }),
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
