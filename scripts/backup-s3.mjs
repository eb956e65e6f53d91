// @ts-check
/**
 * Backups in an S3-compatible bucket (scripts/backup.mjs takes them, ADR 023): each backup under
 * backups/<UTC time>/ — the database and, with the file-system storage, the images under uploads/ —
 * the bucket's retention, and the download a restore from s3://<bucket>/backups/<time> starts with.
 * One small client over aws4fetch's request signing (the images' storage driver signs with it too):
 * PUT, server-side copy, GET, ListObjectsV2 and DELETE are all a backup needs.
 */
import { Buffer } from "node:buffer";
import fs from "node:fs";
import path from "node:path";
import { URLSearchParams } from "node:url";

/** @typedef {import("./backup.mjs").S3Settings} S3Settings */

/** Requests in flight at once when a backup moves many images. */
const PARALLEL = 8;
/** The prefix every backup lives under, in the bucket as on disk (DATA_DIR/backups). */
export const BUCKET_PREFIX = "backups/";

/** @param {S3Settings} s3 */
async function clientFor(s3) {
  const { AwsClient } = await import("aws4fetch");
  // A few retries on 5xx, not aws4fetch's default ten with back-off (most of a minute): the next run retries anyway.
  return new AwsClient({ service: "s3", region: s3.region, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, retries: 3 });
}

/** Path-style URL (works with every S3-compatible service and local stand-ins); each key segment escaped. @param {S3Settings} s3 @param {string} key */
function objectUrl(s3, key) {
  return `${s3.endpoint.replace(/\/$/, "")}/${s3.bucket}/${key.split("/").map(encodeURIComponent).join("/")}`;
}

/** @param {S3Settings} s3 @param {string} key @param {RequestInit} init */
async function request(s3, key, init) {
  const url = objectUrl(s3, key);
  const response = await (await clientFor(s3)).fetch(url, init);
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${url} answered ${response.status} ${(await response.text()).slice(0, 200)}`);
  return response;
}

/** @param {S3Settings} s3 @param {string} key @param {string} file */
export async function putFile(s3, key, file) {
  await request(s3, key, { method: "PUT", body: fs.readFileSync(file), headers: { "Content-Type": "application/octet-stream" } });
  return `s3://${s3.bucket}/${key}`;
}

/** A copy made inside the bucket: an image the previous backup holds already is not sent again. @param {S3Settings} s3 @param {string} from @param {string} to */
async function copyObject(s3, from, to) {
  const source = `/${s3.bucket}/${from.split("/").map(encodeURIComponent).join("/")}`;
  await request(s3, to, { method: "PUT", headers: { "x-amz-copy-source": source } });
}

/** @param {S3Settings} s3 @param {string} key */
export async function deleteObject(s3, key) {
  await request(s3, key, { method: "DELETE" });
}

/** Downloads `key` into `file` (its folder made). @param {S3Settings} s3 @param {string} key @param {string} file */
export async function getFile(s3, key, file) {
  const response = await request(s3, key, { method: "GET" });
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
}

const unescapeXml = (/** @type {string} */ text) =>
  text.replace(/&(lt|gt|quot|apos|amp);/g, (_, name) => ({ lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" })[/** @type {"lt"} */ (name)]);

/**
 * Every key under `prefix` (ListObjectsV2, page after page), or with `delimiter` the "folders" one
 * level down. @param {S3Settings} s3 @param {string} prefix @param {{ delimiter?: string }} [options]
 */
export async function listBucket(s3, prefix, { delimiter } = {}) {
  const client = await clientFor(s3);
  /** @type {string[]} */ const keys = [];
  /** @type {string[]} */ const prefixes = [];
  let token = null;
  do {
    const query = new URLSearchParams({ "list-type": "2", prefix });
    if (delimiter) query.set("delimiter", delimiter);
    if (token) query.set("continuation-token", token);
    const url = `${s3.endpoint.replace(/\/$/, "")}/${s3.bucket}?${query}`;
    const response = await client.fetch(url);
    const xml = await response.text();
    if (!response.ok) throw new Error(`LIST ${url} answered ${response.status} ${xml.slice(0, 200)}`);
    for (const match of xml.matchAll(/<Contents>[\s\S]*?<Key>([\s\S]*?)<\/Key>/g)) keys.push(unescapeXml(match[1] ?? ""));
    for (const match of xml.matchAll(/<CommonPrefixes>\s*<Prefix>([\s\S]*?)<\/Prefix>/g)) prefixes.push(unescapeXml(match[1] ?? ""));
    token = /<IsTruncated>true<\/IsTruncated>/.test(xml) ? unescapeXml(/<NextContinuationToken>([\s\S]*?)<\/NextContinuationToken>/.exec(xml)?.[1] ?? "") || null : null;
  } while (token);
  return { keys, prefixes };
}

/** The backups in the bucket: the <time> of each backups/<time>/ prefix. @param {S3Settings} s3 */
export async function bucketBackups(s3) {
  const { prefixes } = await listBucket(s3, BUCKET_PREFIX, { delimiter: "/" });
  return prefixes.map((prefix) => prefix.slice(BUCKET_PREFIX.length).replace(/\/$/, ""));
}

/** Runs `work` over `items`, PARALLEL at a time. @template T @param {T[]} items @param {(item: T) => Promise<void>} work */
async function inParallel(items, work) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(/** @type {T} */ (items[next++]));
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
}

/** Files under `folder`, as paths relative to it with "/" separators. @param {string} folder @returns {string[]} */
function filesUnder(folder, prefix = "") {
  if (!fs.existsSync(folder)) return [];
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const relative = `${prefix}${entry.name}`;
    if (entry.isDirectory()) return filesUnder(path.join(folder, entry.name), `${relative}/`);
    return entry.isFile() ? [relative] : [];
  });
}

/**
 * Uploads a finished local backup folder to backups/<stamp>/: its images first — each copied inside
 * the bucket from the previous backup when that one has it (originals never change under their
 * name), sent otherwise — and the database last, so a prefix holding the database is complete. A
 * failure removes what was sent of this prefix and throws.
 * @param {S3Settings} s3 @param {string} folder @param {string} stamp
 */
export async function uploadBackup(s3, folder, stamp) {
  const prefix = `${BUCKET_PREFIX}${stamp}/`;
  const files = filesUnder(folder);
  const images = files.filter((file) => file.startsWith("uploads/"));
  const counts = { sent: 0, copied: 0 };
  try {
    if (images.length > 0) {
      const previous = (await bucketBackups(s3)).filter((name) => name < stamp).sort().pop();
      const inPrevious = new Set(previous ? (await listBucket(s3, `${BUCKET_PREFIX}${previous}/uploads/`)).keys : []);
      await inParallel(images, async (file) => {
        const earlier = `${BUCKET_PREFIX}${previous}/${file}`;
        if (inPrevious.has(earlier)) {
          await copyObject(s3, earlier, prefix + file);
          counts.copied++;
        } else {
          await putFile(s3, prefix + file, path.join(folder, file));
          counts.sent++;
        }
      });
    }
    for (const file of files.filter((name) => !name.startsWith("uploads/"))) await putFile(s3, prefix + file, path.join(folder, file));
  } catch (error) {
    await removePrefix(s3, prefix).catch(() => {});
    throw error;
  }
  const imagesDone = images.length ? ` with ${images.length} image files (${counts.sent} sent, ${counts.copied} copied in the bucket)` : "";
  return `s3://${s3.bucket}/${prefix}${imagesDone}`;
}

/** @param {S3Settings} s3 @param {string} prefix */
async function removePrefix(s3, prefix) {
  const { keys } = await listBucket(s3, prefix);
  await inParallel(keys, (key) => deleteObject(s3, key));
}

/**
 * Deletes the bucket's backups that `toPrune` (the local folder's retention) removes; returns their names.
 * @param {S3Settings} s3 @param {(names: string[]) => string[]} toPrune
 */
export async function pruneBucket(s3, toPrune) {
  const removed = toPrune(await bucketBackups(s3));
  for (const name of removed) await removePrefix(s3, `${BUCKET_PREFIX}${name}/`);
  return removed;
}

/** s3://<bucket>/backups/<time>[/] → its parts, or null when it is not one. @param {string} source */
export function parseBucketBackup(source) {
  const match = /^s3:\/\/([^/]+)\/backups\/([^/]+)\/?$/.exec(source);
  return match ? { bucket: /** @type {string} */ (match[1]), stamp: /** @type {string} */ (match[2]) } : null;
}

/**
 * Downloads backups/<stamp>/ into `into` (a backup folder a restore reads), leaving out the images
 * `have(relativePath)` says are present already (a restore only puts back missing ones).
 * @param {S3Settings} s3 @param {string} stamp @param {string} into @param {(file: string) => boolean} [have]
 */
export async function downloadBackup(s3, stamp, into, have = () => false) {
  const prefix = `${BUCKET_PREFIX}${stamp}/`;
  const { keys } = await listBucket(s3, prefix);
  if (keys.length === 0) throw new Error(`s3://${s3.bucket}/${prefix} holds no backup`);
  const wanted = keys.map((key) => key.slice(prefix.length)).filter((file) => !(file.startsWith("uploads/") && have(file.slice("uploads/".length))));
  await inParallel(wanted, async (file) => {
    const target = path.join(into, ...file.split("/"));
    if (path.relative(into, target).startsWith("..")) throw new Error(`unexpected key in the bucket: ${prefix}${file}`);
    await getFile(s3, prefix + file, target);
  });
  return wanted.length;
}
