import { lazy, type ComponentType } from "react";

/**
 * A part of the page the server renders at once and the browser fetches only when it is on the page:
 * a toast, an error page. `onServer` is the component imported from a `.server` module (so the client
 * build has `undefined` there and none of its code); in the browser the component comes from `load`, on
 * first use. Render it inside <Suspense fallback={null}>: while its code is on the way, hydration keeps
 * the server's HTML as it is, so the page looks the same and works without JavaScript.
 */
export function serverFirst<P extends object>(onServer: ComponentType<P> | undefined, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  return onServer ?? (lazy(async () => ({ default: await load() })) as unknown as ComponentType<P>);
}
