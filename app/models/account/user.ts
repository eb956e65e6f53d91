/**
 * The signed-in user as every client sees it (spec 01 §3), browser-safe and without zod, so the page
 * shell (header, menus) can use it on every page without shipping the form schemas.
 */
export type PublicUser = {
  id: number;
  fullName: string | null;
  username: string;
  email: string;
  isAdmin: boolean;
  avatar: string | null;
};

/** How a person is greeted and named in mail and menus: the full name, else the username. */
export function displayName(user: { fullName: string | null; username: string }) {
  return user.fullName?.trim() || user.username;
}

/** What a signed-in non-admin is told on the admin screens (spec 02 §2). */
export const ADMIN_ACCESS_DENIED = {
  title: "Acesso Negado",
  message: "Você precisa ser um administrador para acessar esta página.",
} as const;
