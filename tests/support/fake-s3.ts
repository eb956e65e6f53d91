/**
 * A local stand-in for an S3-compatible bucket service, on a temporary folder: what backups use —
 * PUT (and PUT with x-amz-copy-source), GET, DELETE, ListObjectsV2 with prefix, delimiter and
 * continuation — and what Litestream's replica client (aws-sdk-go v1) uses besides: ListObjects (v1,
 * with marker), LastModified and Size in listings (a point-in-time restore picks segments by their
 * time), multi-object DELETE (POST ?delete) and multipart uploads (snapshots over 5 MB). Path-style
 * (/<bucket>/<key>). Requests must be signed (AWS4-HMAC-SHA256) with the given access key; the
 * signature itself is the client's business, not re-checked here. The npm fake, s3rver, is not among
 * the project's dependencies (its last release is from 2021, with a Koa stack of its own, and
 * Litestream could not list back what it wrote there); this small one does what the backups and the
 * replica need, like the other fakes in this folder.
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

const unescapeXml = (text: string) => text.replace(/&(lt|gt|quot|apos|amp);/g, (_, name: string) => ({ lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" })[name]!);
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

  const removeKey = (bucket: string, key: string) => {
    const file = fileOf(bucket, key);
    fs.rmSync(file, { force: true });
    // Empty "folders" go with their last key, as in a bucket.
    for (let dir = path.dirname(file); dir !== path.join(root, bucket) && fs.existsSync(dir) && fs.readdirSync(dir).length === 0; dir = path.dirname(dir)) fs.rmdirSync(dir);
  };
  const contentsXml = (bucket: string, key: string) => {
    const stat = fs.statSync(fileOf(bucket, key));
    return `<Contents><Key>${escapeXml(key)}</Key><LastModified>${stat.mtime.toISOString()}</LastModified><Size>${stat.size}</Size></Contents>`;
  };
  /** Multipart uploads in progress: their parts by number. */
  const uploads = new Map<string, Map<number, Buffer>>();
  let nextUpload = 1;

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const line = `${request.method} ${request.url}`;
      requests.push(line);
      // With its length: aws-sdk-go (Litestream) reads Content-Length and fails on a chunked answer.
      const send = (status: number, body: string | Buffer = "", type = "application/xml") =>
        response.writeHead(status, { "Content-Type": type, "Content-Length": Buffer.byteLength(body) }).end(body);
      if (failing.status && failing.when(line)) return send(failing.status, "<Error><Code>ServiceUnavailable</Code></Error>");
      if (!String(request.headers.authorization).startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`)) {
        return send(403, "<Error><Code>AccessDenied</Code></Error>");
      }
      const url = new URL(request.url!, "http://fake");
      const [bucket, ...rest] = url.pathname.slice(1).split("/").map(decodeURIComponent);
      const key = rest.join("/");
      if (!bucket) return send(400);
      try {
        if (request.method === "GET" && !key) {
          // ListObjectsV2 pages with continuation-token, v1 (no list-type) with marker: the same walk.
          const v2 = url.searchParams.get("list-type") === "2";
          const prefix = url.searchParams.get("prefix") ?? "";
          const delimiter = url.searchParams.get("delimiter");
          const after = url.searchParams.get(v2 ? "continuation-token" : "marker") ?? "";
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
            page.map((entry) => (entry.key ? contentsXml(bucket, entry.key) : `<CommonPrefixes><Prefix>${escapeXml(entry.prefix!)}</Prefix></CommonPrefixes>`)).join("") +
            `<IsTruncated>${truncated}</IsTruncated>` +
            (truncated ? `<${v2 ? "NextContinuationToken" : "NextMarker"}>${escapeXml((page.at(-1)!.key ?? page.at(-1)!.prefix)!)}</${v2 ? "NextContinuationToken" : "NextMarker"}>` : "") +
            `</ListBucketResult>`;
          return send(200, body);
        }
        if (request.method === "POST" && !key && url.searchParams.has("delete")) {
          const deleted = [...Buffer.concat(chunks).toString("utf8").matchAll(/<Key>([\s\S]*?)<\/Key>/g)].map((match) => unescapeXml(match[1]!));
          for (const name of deleted) removeKey(bucket, name);
          return send(200, `<?xml version="1.0" encoding="UTF-8"?><DeleteResult>${deleted.map((name) => `<Deleted><Key>${escapeXml(name)}</Key></Deleted>`).join("")}</DeleteResult>`);
        }
        if (!key) return send(400);
        const file = fileOf(bucket, key);
        const uploadId = url.searchParams.get("uploadId");
        if (request.method === "POST" && url.searchParams.has("uploads")) {
          const id = `upload-${nextUpload++}`;
          uploads.set(id, new Map());
          return send(200, `<?xml version="1.0" encoding="UTF-8"?><InitiateMultipartUploadResult><Bucket>${escapeXml(bucket)}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`);
        }
        if (uploadId) {
          const parts = uploads.get(uploadId);
          if (!parts) return send(404, "<Error><Code>NoSuchUpload</Code></Error>");
          if (request.method === "PUT") {
            parts.set(Number(url.searchParams.get("partNumber")), Buffer.concat(chunks));
            return response.writeHead(200, { ETag: `"part-${url.searchParams.get("partNumber")}"` }).end();
          }
          uploads.delete(uploadId);
          if (request.method === "DELETE") return send(204);
          const bytes = Buffer.concat([...parts.entries()].sort(([a], [b]) => a - b).map(([, part]) => part));
          fs.mkdirSync(path.dirname(file), { recursive: true });
          fs.writeFileSync(file, bytes);
          return send(200, `<?xml version="1.0" encoding="UTF-8"?><CompleteMultipartUploadResult><Key>${escapeXml(key)}</Key><ETag>"done"</ETag></CompleteMultipartUploadResult>`);
        }
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
          removeKey(bucket, key);
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
