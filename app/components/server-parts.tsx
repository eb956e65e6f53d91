import { createContext, lazy, useContext, type ComponentType } from "react";
import type { ErrorPage } from "~/components/layout/ErrorPage";
import type { NotFound } from "~/components/layout/NotFound";
import type { Toast } from "~/components/Toast";
import type { AdDetail, CardAd, PageCard } from "~/models/ad/ad";
import type { PublicSeller } from "~/models/listing/seller";

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
export type KeptPartName = "Header" | "Footer" | "CategoryGrid" | "HomeBanner" | "FilterPanel" | "AdFacts" | "BoostBar" | "SafetyTips" | "MessageSellerForm" | "ReportForm";

type JsonLd = Record<string, unknown>;

/** The structured data's builders and writer (models/listing/structured-data.server.ts), for StructuredData below. */
export type StructuredDataParts = {
  adItemList: (ads: readonly { id: number; title: string }[], origin: string, name: string) => JsonLd;
  adProduct: (ad: AdDetail, origin: string) => JsonLd;
  adBreadcrumb: (ad: AdDetail, origin: string) => JsonLd;
  sellerPerson: (seller: Pick<PublicSeller, "id" | "name" | "cities">, origin: string) => JsonLd;
  text: (jsonLd: JsonLd) => string;
};

export type ServerParts = {
  Toast: typeof Toast;
  NotFound: typeof NotFound;
  ErrorPage: typeof ErrorPage;
  /** A list page's card whole, as this request's loaders kept it (components/ads/page-cards.ts). */
  card: (card: PageCard) => CardAd;
  cardHtml: (ad: CardAd, eager: boolean, priority: boolean) => string;
  /** A list's item: the card's kept HTML and the visitor's heart beside it (card-html.server.tsx). */
  listItemHtml: (ad: CardAd, eager: boolean, priority: boolean, heart: HeartState) => string;
  releaseScriptsAfterLoad: string;
  structuredData: StructuredDataParts;
  // Any props: each part's are checked where keptPart() names it, against the component it loads.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  kept: Record<KeptPartName, ComponentType<any>>;
  /** The HTML of a kept part whose HTML follows from its props alone, rendered once per props (kept-part-html.server.tsx). */
  keptPartHtml: (name: KeptPartName, props: object) => string;
};

export const ServerPartsContext = createContext<ServerParts | null>(null);

/** The server's parts, or null in the browser. */
export function useServerParts() {
  return useContext(ServerPartsContext);
}

/**
 * For an element the browser leaves as the server sent it: React does not compare an element's
 * `dangerouslySetInnerHTML` when it hydrates it (production), so the server's HTML stays (add
 * `suppressHydrationWarning` for development).
 */
export const KEEP_SERVER_HTML = { __html: "" };

/** A part loaded on first use in the browser. */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  return lazy(async () => ({ default: await load() })) as unknown as ComponentType<P>;
}

/** The toast in the browser: the root's (a toast the server sent) and the hearts' (a refusal), inside <Suspense>. */
export const LazyToast = lazyPart(() => import("~/components/Toast").then((module) => module.Toast));


/**
 * One schema.org JSON-LD block of the page, written by the server only: search engines read the first
 * HTML, and the browser has no use for it. Built by the loaders before, each block travelled twice in
 * the page, in the loader data and in the script the meta tags made (issue #35, item 3). `block` builds
 * it from what the page's loader data already holds, with the server's builders (structured-data.server.ts)
 * and the list cards whole (`card`).
 * In the browser the element keeps the server's text; one first rendered there (a client-side
 * navigation) is empty, and nothing reads it.
 */
export function StructuredData({ block }: { block: (build: StructuredDataParts, card: ServerParts["card"]) => Record<string, unknown> }) {
  const server = useServerParts();
  const text = server ? { __html: server.structuredData.text(block(server.structuredData, server.card)) } : KEEP_SERVER_HTML;
  return <script type="application/ld+json" suppressHydrationWarning dangerouslySetInnerHTML={text} />;
}
