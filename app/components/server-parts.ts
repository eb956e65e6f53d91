import { createContext, lazy, useContext, type ComponentType } from "react";
import type { ErrorPage } from "~/components/layout/ErrorPage";
import type { NotFound } from "~/components/layout/NotFound";
import type { Toast } from "~/components/Toast";
import type { CardAd } from "~/models/ad/ad";

/**
 * What only the server's render has (entry.server.tsx provides it): the shell's occasional parts — a
 * toast and the error pages are on few pages, so the browser loads their code only when one is shown —
 * the kept HTML of list cards (ADR 016) and of their items with the hearts (ADR 027), the inline
 * script that releases the held scripts (ADR 015), and the parts the browser keeps as the server sent
 * them, without their code, until it must render them (kept-part.tsx).
 * In the browser the context is empty: each part comes from its lazy import instead, and hydration keeps
 * the server's HTML while that code is on the way (render lazy parts inside <Suspense fallback={null}>).
 *
 * A context rather than imports of `.server` modules from browser code, which Remix's Vite compiler
 * (the build's since docs/decisions/029) refuses (docs/decisions/018).
 */
/** A list card's heart before hydration: on or off for this visitor, and where its form comes back to. */
export type HeartState = { on: boolean; redirectTo: string | undefined; className: string };

/** The parts the server renders and the browser keeps without their code until needed (kept-part.tsx). */
export type KeptPartName = "Header" | "Footer" | "AdFacts" | "BoostBar" | "SafetyTips" | "MessageSellerForm" | "ReportForm";

export type ServerParts = {
  Toast: typeof Toast;
  NotFound: typeof NotFound;
  ErrorPage: typeof ErrorPage;
  cardHtml: (ad: CardAd, eager: boolean, priority: boolean) => string;
  /** A list's item: the card's kept HTML and the visitor's heart beside it (card-html.server.tsx). */
  listItemHtml: (ad: CardAd, eager: boolean, priority: boolean, heart: HeartState) => string;
  releaseScriptsAfterLoad: string;
  // Any props: each part's are checked where keptPart() names it, against the component it loads.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  kept: Record<KeptPartName, ComponentType<any>>;
};

export const ServerPartsContext = createContext<ServerParts | null>(null);

/** The server's parts, or null in the browser. */
export function useServerParts() {
  return useContext(ServerPartsContext);
}

/** A part loaded on first use in the browser. */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  return lazy(async () => ({ default: await load() })) as unknown as ComponentType<P>;
}

/** The toast in the browser: the root's (a toast the server sent) and the hearts' (a refusal), inside <Suspense>. */
export const LazyToast = lazyPart(() => import("~/components/Toast").then((module) => module.Toast));
