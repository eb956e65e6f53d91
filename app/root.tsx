import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useLocation,
  useNavigation,
  useRouteLoaderData,
} from "@remix-run/react";
import { Suspense, useEffect, type ReactNode } from "react";
import { ClientSession } from "~/components/auth/ClientSession";
import { replayInputMadeBeforeHydration } from "~/components/replay-early-input";
import { keptPart } from "~/components/kept-part";
import { useLiveUnread } from "~/components/messages/use-live-unread";
import { unreadMessageCount } from "~/models/message/conversations.server";
import { useNonce } from "~/components/nonce";
import { useHydrated } from "~/components/use-hydrated";
import { LazyToast, lazyPart, useServerParts } from "~/components/server-parts";
import { getEnv } from "~/env.server";
import stylesheet from "~/tailwind.css?url";
import { getOptionalUser } from "~/web/auth.server";
import { readToast } from "~/web/toast.server";

// Shown on few pages: rendered at once by the server, their code fetched by the browser only when shown.
// In the browser the shell's occasional parts load on first use (components/server-parts.tsx).
const LazyNotFound = lazyPart(() => import("~/components/layout/NotFound").then((module) => module.NotFound));
const LazyErrorPage = lazyPart(() => import("~/components/layout/ErrorPage").then((module) => module.ErrorPage));
// The header and the footer, as the server rendered them, work without code of their own (kept-part.tsx): their
// links, the menus (<details>) and 'Sair' need none. The header's code comes as the first client-side
// navigation starts (Shell: it shows the page it is on), or with a new unread count.
const Header = keptPart("Header", () => import("~/components/layout/Header").then((module) => module.Header));
const Footer = keptPart("Footer", () => import("~/components/layout/Footer").then((module) => module.Footer), { htmlFollowsProps: true });

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  // A PNG, not the SVG it is drawn from (scripts/build-icon-sprite.ts): a phone renders an SVG favicon as a document of its own.
  { rel: "icon", href: "/favicon.png", type: "image/png", sizes: "48x48" },
  // Installable (ADR 036): the name, icons and colours a phone's home screen uses.
  { rel: "manifest", href: "/manifest.webmanifest" },
];

const HOME_META = [
  { title: "Classificados Patos — Pequenos anúncios, grandes negócios!" },
  {
    name: "description",
    content: "Compre, venda e troque em Patos de Minas e região. Anúncios por cidade e categoria, contato direto pelo WhatsApp.",
  },
];

export const meta: MetaFunction = ({ error }) => {
  // The root's error boundary renders with the root's meta alone: without this, a 404 carried the home page's title.
  if (error) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return [
      { title: notFound ? "Página não encontrada | Classificados Patos" : "Erro | Classificados Patos" },
      { name: "robots", content: "noindex" },
    ];
  }
  return HOME_META;
};

/** What every page's shell needs: the toast to show, who is signed in, and the operator's identity (Decreto 7.962/2013 art. 2) for the footer and /termos. */
export async function loader({ request }: LoaderFunctionArgs) {
  const [{ toast, headers }, user] = await Promise.all([readToast(request), getOptionalUser(request)]);
  // remix-toast commits its cookie on every read: without a toast to clear, that was an empty `toast`
  // cookie set on every visitor's first page, for nothing (and it made every page uncacheable, ADR 027).
  // The header's unread messages (issue #37): one indexed read, for a signed-in person only, whose pages are never kept (ADR 027).
  const shellUser = user ? { ...user, unreadMessages: unreadMessageCount(user.id) } : null;
  return data({ toast, user: shellUser, operator: getEnv().operator }, { headers: toast ? headers : undefined });
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const server = useServerParts();
  // The outermost effect: it runs once the whole page has hydrated and its own effects have run. The
  // replay itself waits for the next task: the events it sends are then handled as a visitor's are,
  // outside React's commit (an event sent from inside it is rendered in a nested synchronous pass).
  // Taps that come before the router exists are held in entry.client.tsx (React's #345).
  useEffect(() => {
    const replay = setTimeout(replayInputMadeBeforeHydration, 0);
    return () => clearTimeout(replay);
  }, []);
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d4ed8" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        {children}
        <ScrollRestorationOnceHydrated />
        {/* Its text is the server's only: in the browser it is empty, and hydration keeps the server's text. */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: server?.releaseScriptsAfterLoad ?? "" }} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * The router's scroll restoration, rendered once hydrated: the server's inline script that restores a
 * position before the first paint and keys a new history entry is in RELEASE_SCRIPTS_AFTER_LOAD, which
 * spares a fresh visit its synchronous storage and history calls (ADR 015). Rendered in the browser,
 * the component's own <script> never runs (React inserts it as text).
 */
function ScrollRestorationOnceHydrated() {
  return useHydrated() ? <ScrollRestoration /> : null;
}

function Shell({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const Toast = useServerParts()?.Toast ?? LazyToast;
  const user = rootData?.user ?? null;
  const unreadMessages = useLiveUnread(user?.unreadMessages, Boolean(user));
  const { key: locationKey } = useLocation();
  // Every navigation changes the header: its code is fetched as one starts, beside the next page's data,
  // so the new page seldom waits for it.
  const navigating = useNavigation().state !== "idle";
  useEffect(() => {
    if (navigating) Header.preload();
  }, [navigating]);
  return (
    <>
      <a
        href="#conteudo"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Pular para o conteúdo
      </a>
      {/* `contents`: the header is sticky within the page, not within a wrapper of its own height. */}
      <Header props={{ user: user && { ...user, unreadMessages }, locationKey }} className="contents" />
      <main id="conteudo" className="flex-1">
        {children}
      </main>
      <Footer props={{ operator: rootData?.operator ?? {}, year: new Date().getFullYear() }} className="mt-auto" />
      {rootData?.toast ? (
        <Suspense fallback={null}>
          <Toast toast={rootData.toast} />
        </Suspense>
      ) : null}
      <ClientSession serverUser={rootData?.user ?? null} />
    </>
  );
}

export default function App() {
  useLoaderData<typeof loader>();
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const server = useServerParts();
  const NotFound = server?.NotFound ?? LazyNotFound;
  const ErrorPage = server?.ErrorPage ?? LazyErrorPage;
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Shell>
        <Suspense fallback={null}>
          <NotFound />
        </Suspense>
      </Shell>
    );
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <Shell>
      <Suspense fallback={null}>
        <ErrorPage status={status} />
      </Suspense>
    </Shell>
  );
}
