/**
 * The root route's loader (root.tsx re-exports it): what every page's shell needs — the toast to show,
 * who is signed in, and the operator's identity (Decreto 7.962/2013 art. 2) for the footer and /termos.
 * Here rather than in root.tsx so the browser's root module names no server module but this one,
 * re-exported as `loader`, which the compiler drops from the browser build (ADR 018).
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { getEnv } from "~/env.server";
import { getOptionalUser } from "~/web/auth.server";
import { toast as toasts } from "~/web/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const [{ toast, headers }, user] = await Promise.all([toasts.getToast(request), getOptionalUser(request)]);
  // remix-toast commits its cookie on every read: without a toast to clear, that was an empty `toast`
  // cookie set on every visitor's first page, for nothing (and it made every page uncacheable, ADR 027).
  return data({ toast, user, operator: getEnv().operator }, { headers: toast ? headers : undefined });
}

export type RootLoader = typeof loader;
