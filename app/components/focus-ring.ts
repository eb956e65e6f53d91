/**
 * The keyboard focus ring of the site's links and buttons (Tailwind classes). A module of its own so that a
 * page which only draws the ring (the ad page's owner bar) does not take the account forms with it (issue
 * #35: AuthForm.tsx brings conform's helpers, 3.3 KB gzip); AuthForm.tsx re-exports it for its many importers.
 */
export const focusRing = "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2";
