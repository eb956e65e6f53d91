/** Calls a Remix loader or action the way the server would, returning the Response even when thrown. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

type RouteFunction = (args: LoaderFunctionArgs & ActionFunctionArgs) => unknown;

export async function callRoute(
  fn: RouteFunction,
  path: string,
  { params = {}, init }: { params?: Record<string, string>; init?: RequestInit } = {},
): Promise<Response> {
  const request = new Request(new URL(path, "http://localhost"), init);
  try {
    const result = await fn({ request, params, context: {} });
    if (result instanceof Response) return result;
    return Response.json(result);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
