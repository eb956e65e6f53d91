/**
 * What makes a start a deployment, and what a deployment refuses (env.server.ts's schema calls this):
 * the README's demo administrator and the demo PIX key are for a local `npm start`, never for a site
 * on the internet (issue #32; docs/decisions/031).
 */
import type { z } from "zod";
import { DEMO_PIX_KEY } from "~/services/payments/local-gateway.server";

/** The demo administrator of a local start (README's Quick start); refused in a deployment. */
export const DEMO_ADMIN_PASSWORD = "Admin@12345";

/**
 * A deployment: production behind TLS, as docs/operations.md sets it up (an https:// APP_URL). There,
 * what the Quick start's demo needs is refused or off; a local `npm start` (no APP_URL) keeps it.
 */
export function isDeployment(env: { NODE_ENV?: string; APP_URL?: string }): boolean {
  return (env.NODE_ENV ?? "production") === "production" && (env.APP_URL?.startsWith("https://") ?? false);
}

/** What a careless deployment would otherwise serve without a word (issue #32). */
export function refuseDemoSettings(
  env: { ADMIN_PASSWORD?: string; PAYMENT_GATEWAY: string; PIX_KEY?: string },
  ctx: z.RefinementCtx,
) {
  if (env.ADMIN_PASSWORD === DEMO_ADMIN_PASSWORD) {
    ctx.addIssue({ code: "custom", path: ["ADMIN_PASSWORD"], message: "is the demo administrator's password, published in the README: choose one of your own" });
  }
  // The demo key belongs to nobody today: whoever registers it later would receive the payers' money.
  if (env.PAYMENT_GATEWAY === "local" && !env.PIX_KEY) {
    ctx.addIssue({ code: "custom", path: ["PIX_KEY"], message: "is required with PAYMENT_GATEWAY=local and an https APP_URL: the PIX codes pay this key (your bank's key, not the demo one)" });
  } else if (env.PAYMENT_GATEWAY === "local" && env.PIX_KEY === DEMO_PIX_KEY) {
    ctx.addIssue({ code: "custom", path: ["PIX_KEY"], message: "is the demo key the local gateway falls back to, registered to nobody: set your own PIX key" });
  }
}
