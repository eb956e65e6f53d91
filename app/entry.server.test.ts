/**
 * Remix reports errors through handleError; they must reach the server's logError (load context,
 * server.ts), which logs them with the request id and marks the request's 5xx as explained.
 */
import { describe, expect, it, vi } from "vitest";
import { handleError } from "./entry.server";

/** What Remix throws for "no route" or "no action" (isRouteErrorResponse's shape). */
const routeErrorResponse = (status: number) => ({ status, statusText: "x", internal: true, data: "x" });

const request = (init?: RequestInit) => new Request("http://localhost/anuncio/1?token=segredo", init);

describe("handleError", () => {
  it("hands each error to the request's logError once, even when React and Remix both report it", () => {
    const logError = vi.fn();
    const error = new Error("falhou");
    handleError(error, { request: request(), context: { logError } });
    handleError(error, { request: request(), context: { logError } });
    expect(logError).toHaveBeenCalledTimes(1);
    expect(logError).toHaveBeenCalledWith(error);
  });

  it("logs without the query string when there is no server context (tests, scripts)", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    handleError(new Error("sem contexto"), { request: request() });
    expect(spy).toHaveBeenCalledWith("[error] GET /anuncio/1", expect.any(Error));
    spy.mockRestore();
  });

  it("leaves out Remix's own 4xx and requests whose client has gone", () => {
    const logError = vi.fn();
    handleError(routeErrorResponse(405), { request: request(), context: { logError } });
    const controller = new AbortController();
    controller.abort();
    handleError(new Error("cliente saiu"), { request: request({ signal: controller.signal }), context: { logError } });
    expect(logError).not.toHaveBeenCalled();
    handleError(routeErrorResponse(500), { request: request(), context: { logError } });
    expect(logError).toHaveBeenCalledTimes(1);
  });
});
