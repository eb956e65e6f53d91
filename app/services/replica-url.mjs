// @ts-check
/**
 * DB_REPLICA_URL, read the same way by the settings (app/env.server.ts), the replicator the first
 * process supervises (server/replicator.mjs) and the restore (scripts/replica-restore.mjs): plain
 * JavaScript without dependencies, since the first process and the npm scripts never load the app.
 *
 *   s3://<bucket>/<path>   a prefix in an S3-compatible bucket (with the S3_* endpoint and keys)
 *   file:///<path>         a folder on another disk or a mounted volume (absolute)
 *
 * Under it: db/ (Litestream's generations of the database) and files/ (photos, the generated secrets,
 * the access log's days), so one address holds everything a restore needs.
 */
import { URL } from "node:url";

/** @typedef {{ kind: "s3"; bucket: string; prefix: string } | { kind: "file"; dir: string }} ReplicaAddress */

/**
 * The address's parts, or a sentence saying what is wrong with it (for the settings' message).
 * @param {string} url @returns {ReplicaAddress | string}
 */
export function parseReplicaUrl(url) {
  const s3 = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])\/(.+)$/.exec(url);
  if (s3) {
    const prefix = /** @type {string} */ (s3[2]).replace(/^\/+|\/+$/g, "");
    if (!prefix || prefix.split("/").some((part) => part === "." || part === "..")) return "needs a path inside the bucket: s3://<bucket>/<path>";
    return { kind: "s3", bucket: /** @type {string} */ (s3[1]), prefix };
  }
  if (url.startsWith("s3://")) return "must look like s3://<bucket>/<path> (a bucket name of lower-case letters, digits, dots and hyphens, and a path)";
  if (url.startsWith("file://")) {
    let dir;
    try {
      dir = decodeURIComponent(new URL(url).pathname).replace(/\/+$/, "");
    } catch {
      return "must look like file:///absolute/path";
    }
    if (!new URL(url).pathname.startsWith("/") || new URL(url).host) return "must look like file:///absolute/path (three slashes: no host)";
    if (!dir) return "cannot be the root folder: name a folder, e.g. file:///mnt/replica/classificados";
    return { kind: "file", dir };
  }
  return "must be s3://<bucket>/<path> or file:///absolute/path";
}
