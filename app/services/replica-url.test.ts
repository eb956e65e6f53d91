import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "~/env-schema.server";
import { parseReplicaUrl } from "./replica-url.mjs";

describe("DB_REPLICA_URL", () => {
  it("reads a bucket's prefix and a folder", () => {
    expect(parseReplicaUrl("s3://replica-classificados/patos/")).toEqual({ kind: "s3", bucket: "replica-classificados", prefix: "patos" });
    expect(parseReplicaUrl("file:///mnt/replica/classificados")).toEqual({ kind: "file", dir: "/mnt/replica/classificados" });
  });

  it("says what is wrong with an address it cannot use", () => {
    expect(parseReplicaUrl("s3://replica-classificados")).toMatch(/s3:\/\/<bucket>\/<path>/);
    expect(parseReplicaUrl("s3://replica/../other")).toMatch(/path inside the bucket/);
    expect(parseReplicaUrl("file://host/mnt/replica")).toMatch(/no host/);
    expect(parseReplicaUrl("file:///")).toMatch(/root folder/);
    expect(parseReplicaUrl("/mnt/replica")).toMatch(/s3:\/\/<bucket>\/<path> or file:\/\/\/absolute\/path/);
  });

  it("stops start-up on a bad address, and on an s3:// one without the S3 endpoint and keys", () => {
    expect(() => parseEnv({ DB_REPLICA_URL: "ftp://replica" })).toThrow(/DB_REPLICA_URL: must be s3:\/\//);
    const error = (() => {
      try {
        parseEnv({ DB_REPLICA_URL: "s3://replica/patos" });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(EnvError);
    expect(String(error)).toMatch(/S3_ENDPOINT: is required when DB_REPLICA_URL is an s3:\/\/ address/);
    expect(parseEnv({ DB_REPLICA_URL: "file:///mnt/replica" }).DB_REPLICA_URL).toBe("file:///mnt/replica");
  });
});
