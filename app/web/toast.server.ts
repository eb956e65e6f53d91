/** Toasts travel in their own signed cookie (remix-toast); the root loader reads and clears it. */
import { createCookieSessionStorage } from "@remix-run/node";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { getEnv } from "~/env.server";

const env = getEnv();

export const toast = createToastUtilsWithCustomSession(
  createCookieSessionStorage({
    cookie: {
      name: "toast",
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
