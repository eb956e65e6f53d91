/** Toasts travel in their own signed cookie (remix-toast); the root loader reads and clears it. */
import { createCookieSessionStorage } from "@remix-run/node";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { getEnv } from "~/env.server";
import { namesCookie } from "~/web/cookie-pairs.server";

const env = getEnv();
const TOAST_COOKIE = "toast";

export const toast = createToastUtilsWithCustomSession(
  createCookieSessionStorage({
    cookie: {
      name: TOAST_COOKIE,
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: env.isHttps,
      secrets: [env.SESSION_SECRET],
    },
  }),
);

/** Error toasts stay longer than the 5 s default so they can be read (spec 01 §9). */
export const ERROR_TOAST_MS = 8000;

/**
 * The toast to show on this page, and the headers that clear it. Without a toast cookie there is none
 * to read or clear: remix-toast would still sign and serialise an empty session, which every page paid
 * (issue #35, item 3: ~3 % of a page's time).
 */
export async function readToast(request: Request) {
  if (!namesCookie(request.headers.get("Cookie"), TOAST_COOKIE)) return { toast: undefined, headers: undefined };
  return toast.getToast(request);
}
