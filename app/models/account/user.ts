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
