import { describe, expect, it } from "vitest";
import { bodyLimitFor, bodyTooLargeMessage, isUploadRequest, SMALL_BODY_BYTES } from "./body-limits.server";

const MULTIPART = "multipart/form-data; boundary=----x";

describe("body caps by path and type", () => {
  it.each([
    ["POST", "/create-ad"],
    ["POST", "/create-ad.data"], // the same action, submitted by JavaScript (single fetch)
    ["POST", "/create-ad/"],
    ["POST", "/api/ad-draft/photos"],
    ["POST", "/edit-ad/42"],
    ["POST", "/edit-ad/42.data"],
    ["POST", "/api/ads"],
    ["POST", "/api/ads/42/images"],
  ])("%s %s with photos may be large", (method, pathname) => {
    expect(isUploadRequest({ method, pathname, contentType: MULTIPART })).toBe(true);
    expect(bodyLimitFor({ method, pathname, contentType: MULTIPART }, 45)).toEqual({ bytes: 45 * 1024 * 1024, label: "45 MB" });
  });

  it.each([
    ["POST", "/api/ads", "application/json"], // an upload route, but not multipart
    ["POST", "/api/ads", undefined],
    ["POST", "/login", MULTIPART], // multipart, but not an upload route
    ["POST", "/api/auth/login", "application/json"],
    ["PUT", "/api/ads/42", MULTIPART],
    ["GET", "/create-ad", MULTIPART],
    ["POST", "/create-ad/extra", MULTIPART],
    ["POST", "/api/ads/42/images/9", MULTIPART],
    ["POST", "/x/api/ads", MULTIPART],
    ["POST", "/api/ads", "text/plain; multipart/form-data"],
  ])("%s %s (%s) gets the small cap", (method, pathname, contentType) => {
    expect(isUploadRequest({ method, pathname, contentType })).toBe(false);
    expect(bodyLimitFor({ method, pathname, contentType }, 45)).toEqual({ bytes: SMALL_BODY_BYTES, label: "100 KB" });
  });

  it("says the limit in Portuguese", () => {
    expect(bodyTooLargeMessage({ bytes: SMALL_BODY_BYTES, label: "100 KB" })).toBe("Envio grande demais: o limite é 100 KB.");
  });
});
