/**
 * Who calls an admin route in the integration tests: nobody, a signed-in user, the seeded admin
 * (admin@teste.local). Sessions are made straight in the test's own database (no password hashing),
 * and each comes as a bearer token (the JSON API) and as a signed session cookie (the pages).
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import { createSession } from "~/models/session/session.server";
import { sessionCookie } from "~/web/auth.server";

export const ORIGIN = "http://localhost";

export type Caller = { id: number; token: string; cookie: string; email: string };

async function sessionFor(id: number, email: string): Promise<Caller> {
  const { token } = createSession(id, { persistent: false });
  const cookie = (await sessionCookie.serialize(token)).split(";")[0]!;
  return { id, token, cookie, email };
}

export async function asAdmin(): Promise<Caller> {
  const admin = db.select({ id: users.id }).from(users).where(eq(users.email, "admin@teste.local")).get();
  if (!admin) throw new Error("the seeded admin is missing");
  return sessionFor(admin.id, "admin@teste.local");
}

/** A fresh regular (non-admin) user. */
export async function asUser(): Promise<Caller> {
  const word = randomBytes(5).toString("hex");
  const email = `pessoa.${word}@exemplo.com.br`;
  const row = db.insert(users).values({ username: `pessoa_${word}`, email, fullName: "Pessoa Teste" }).returning({ id: users.id }).get();
  return sessionFor(row.id, email);
}

/** JSON with a bearer token (or none). */
export function api(method: string, body?: unknown, caller?: Caller | null): { init: RequestInit } {
  const headers: Record<string, string> = {};
  if (caller) headers.Authorization = `Bearer ${caller.token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return { init: { method, headers, body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body) } };
}

/** A page request with the session cookie (or none); a form post carries our Origin like a browser's. */
export function page(caller?: Caller | null, form?: Record<string, string | string[]>): { init: RequestInit } {
  const headers: Record<string, string> = {};
  if (caller) headers.Cookie = caller.cookie;
  if (!form) return { init: { method: "GET", headers } };
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(form)) for (const item of Array.isArray(value) ? value : [value]) body.append(key, item);
  headers.Origin = ORIGIN;
  headers["Content-Type"] = "application/x-www-form-urlencoded";
  return { init: { method: "POST", headers, body } };
}

/** The toast a response sets (remix-toast's cookie), decoded: {message, description, type}. */
export async function toastOf(response: Response): Promise<{ message: string; description?: string; type: string } | null> {
  const { toast } = await import("~/web/toast.server");
  const setCookie = response.headers.getSetCookie?.() ?? [];
  const toastCookie = setCookie.find((cookie) => cookie.startsWith("toast="));
  if (!toastCookie) return null;
  const request = new Request(ORIGIN, { headers: { Cookie: toastCookie.split(";")[0]! } });
  const { toast: data } = await toast.getToast(request);
  return (data as { message: string; description?: string; type: string } | undefined) ?? null;
}
