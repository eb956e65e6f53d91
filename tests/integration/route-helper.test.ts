/** tests/support/route.ts must answer what Remix would send, or every status assertion built on it is void. */
import { data, redirect } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { callRoute } from "../support/route";

describe("callRoute", () => {
  it("keeps the status and headers of data(), returned or thrown", async () => {
    const returned = await callRoute(() => data({ message: "não" }, { status: 409, headers: { "X-Test": "1", "Set-Cookie": "a=b" } }), "/x");
    expect(returned.status).toBe(409);
    expect(returned.headers.get("X-Test")).toBe("1");
    expect(returned.headers.getSetCookie()).toEqual(["a=b"]);
    expect(await returned.json()).toEqual({ message: "não" });

    const thrown = await callRoute(() => {
      throw data({ message: "sumiu" }, 404);
    }, "/x");
    expect(thrown.status).toBe(404);
    expect(await thrown.json()).toEqual({ message: "sumiu" });
  });

  it("passes Responses through, thrown or returned, and answers plain objects with 200 JSON", async () => {
    const thrown = await callRoute(() => {
      throw redirect("/login");
    }, "/x");
    expect(thrown.status).toBe(302);
    expect(thrown.headers.get("Location")).toBe("/login");
    const plain = await callRoute(() => ({ ok: true }), "/x");
    expect(plain.status).toBe(200);
    expect(await plain.json()).toEqual({ ok: true });
  });

  it("rethrows what is not a response", async () => {
    await expect(
      callRoute(() => {
        throw new Error("boom");
      }, "/x"),
    ).rejects.toThrow("boom");
  });

  it("hands the route the request, params and context", async () => {
    const response = await callRoute(
      ({ request, params, context }) => ({ url: request.url, method: request.method, params, context }),
      "/a?b=1",
      { params: { id: "7" }, init: { method: "POST" }, context: { clientIp: "203.0.113.1" } },
    );
    expect(await response.json()).toEqual({ url: "http://localhost/a?b=1", method: "POST", params: { id: "7" }, context: { clientIp: "203.0.113.1" } });
  });
});
