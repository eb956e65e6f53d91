/** Calls a Remix loader or action the way the server would, returning the Response even when thrown. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

type RouteFunction = (args: LoaderFunctionArgs & ActionFunctionArgs) => unknown;

type DataWithResponseInit = { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };

/** What `data(body, init)` returns (the same test as @remix-run/router's isDataWithResponseInit). */
function isDataWithResponseInit(value: unknown): value is DataWithResponseInit {
  return typeof value === "object" && value !== null && "type" in value && "data" in value && "init" in value && value.type === "DataWithResponseInit";
}

/** A loader's or action's result as the response Remix would send: `data()` keeps its status and headers. */
export function toResponse(result: unknown): Response {
  if (result instanceof Response) return result;
  if (isDataWithResponseInit(result)) return Response.json(result.data, result.init ?? undefined);
  return Response.json(result);
}

export async function callRoute(
  fn: RouteFunction,
  path: string,
  { params = {}, init, context = {} }: { params?: Record<string, string>; init?: RequestInit; context?: Record<string, unknown> } = {},
): Promise<Response> {
  const request = new Request(new URL(path, "http://localhost"), init);
  try {
    return toResponse(await fn({ request, params, context }));
  } catch (thrown) {
    if (thrown instanceof Response || isDataWithResponseInit(thrown)) return toResponse(thrown);
    throw thrown;
  }
}
