import { useSubmit, type SubmitOptions } from "@remix-run/react";
import { useEffect, useRef, useState, type ComponentType, type FormEvent, type MouseEvent } from "react";
import { closeMenuOnEscape } from "~/components/details-menu";
import { useInAppLinks } from "~/components/in-app-links";
import { KEEP_SERVER_HTML, lazyPart, useServerParts, type KeptPartName } from "~/components/server-parts";
import { useHydrated } from "~/components/use-hydrated";

/** A form's button (or input) that sent it: its name and value are sent too. */
type Submitter = HTMLButtonElement | HTMLInputElement;

type KeptPartProps<P> = {
  props: P;
  /** The wrapper's classes (the part sits in a <div> of its own, on the server and in the browser). */
  className?: string;
  /**
   * With JavaScript, a form in the server's HTML is sent by Remix (as its <Form> would send it, with the button
   * that sent it); this sends it otherwise, e.g. by a fetcher whose answer then comes back in `props`.
   */
  submitForm?: (form: HTMLFormElement, submitter: Submitter | null) => void;
};

/**
 * `htmlFollowsProps`: the part's HTML follows from its props alone — plain elements, anchors and forms (the
 * wrapper follows and sends them in the app), no router hook, no clock — so the server renders it once per
 * props and reuses it (kept-part-html.server.tsx).
 */
type KeptPartOptions = { htmlFollowsProps?: boolean };

/**
 * A part of a page that the server renders whole and the browser leaves as the server sent it, with none of
 * its code in the page's scripts (issue #35's JS budget, ADR 029): the header and the footer, and on the ad
 * page the safety tips, the message and report forms. Hydration keeps the server's HTML (as RecentArrivals
 * does); its links, forms and <details> menus work at once, through one click, one submit and one key handler
 * on the wrapper (Remix's client-side navigation and submission, as <Link> and <Form> do; Escape closes a menu). The part's own code is loaded only when the browser
 * must render it: when its props change (another ad after a client-side navigation, a fetcher's answer) or
 * when it is first rendered in the browser (a client-side navigation, the dialog over the lists). Until it
 * arrives the part suspends (as React.lazy does), and the page stays as it was (see LazyPart below).
 *
 * The server renders the component registered under `name` in entry.server.tsx's SERVER_PARTS.kept: the same
 * component `load` brings to the browser. Its props must be plain data (they are compared as JSON).
 */
export function keptPart<P extends object>(name: KeptPartName, load: () => Promise<ComponentType<P>>, { htmlFollowsProps = false }: KeptPartOptions = {}) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const loadOnce = () => (loading ??= load().then((part) => (loaded = part)));
  /** Fetches the part's code ahead of its render. A failure is not lost: the render asks again and meets it. */
  const fetchCode = () => void loadOnce().catch(() => {});
  // Rendered in the browser (first there, or once its props changed), the part suspends until its code is
  // there. Every such render is a transition (a navigation, a revalidation, a fetcher's answer: the router
  // starts them so; the header's unread count too, use-live-unread.ts), and a transition that suspends keeps
  // the page on screen as it was: the new page then shows whole, its kept parts included, never the old
  // header over the new page nor the new page's parts a moment later (moving it under the reader and the
  // router's restored scroll position).
  const LazyPart = lazyPart(loadOnce);

  function KeptPart({ props, className, submitForm }: KeptPartProps<P>) {
    const server = useServerParts();
    const hydrated = useHydrated();
    // The props the server rendered, when this part was hydrated; null when it was first rendered in the browser.
    const [hydratedWith] = useState(() => (hydrated ? null : JSON.stringify(props)));
    const [ClientPart] = useState(() => loaded ?? LazyPart);
    // Once its props have changed, the browser renders the part, whatever its props after that.
    const [rendersItself, setRendersItself] = useState(hydratedWith === null);
    if (!rendersItself && hydratedWith !== JSON.stringify(props)) setRendersItself(true);
    const followInApp = useInAppLinks();
    const submit = useSubmit();
    // The part's plain anchors and forms go through Remix, in the server's HTML and once rendered here alike
    // (what a <Link> or <Form> of the part handles itself comes here handled already, and is left alone).
    // What comes back is rendered by the part itself: its code is fetched while the form is on its way.
    const send = (form: HTMLFormElement, submitter: Submitter | null, options?: SubmitOptions) => {
      fetchCode();
      if (submitForm) submitForm(form, submitter);
      else submit(submitter ?? form, options);
    };
    const onClick = (event: MouseEvent<HTMLDivElement>) => {
      followInApp(event);
      // A link followed from a <details> menu closes it, as the rendered header's menus close on a navigation.
      if (event.defaultPrevented && event.target instanceof Element) event.target.closest("details[open]")?.removeAttribute("open");
    };
    const onSubmit = (event: FormEvent<HTMLDivElement>) => {
      const form = event.target;
      if (event.defaultPrevented || !(form instanceof HTMLFormElement)) return;
      event.preventDefault();
      send(form, (event.nativeEvent as SubmitEvent).submitter as Submitter | null);
    };
    // A field marked `data-submit-on-change` (a filter, such as the home page's city) sends its form once
    // changed, keeping the page where it is; without JavaScript its form has a button of its own. A listener
    // of the browser's own: React reports no change of a field it did not render.
    const wrapper = useRef<HTMLDivElement>(null);
    const sendOnChange = useRef<(event: Event) => void>();
    sendOnChange.current = (event: Event) => {
      const field = event.target;
      if (!(field instanceof HTMLSelectElement || field instanceof HTMLInputElement) || !field.form || field.dataset.submitOnChange === undefined) return;
      send(field.form, null, { preventScrollReset: true });
    };
    useEffect(() => {
      const element = wrapper.current;
      const listener = (event: Event) => sendOnChange.current?.(event);
      element?.addEventListener("change", listener);
      return () => element?.removeEventListener("change", listener);
    }, []);
    if (server) {
      if (htmlFollowsProps) return <div className={className} dangerouslySetInnerHTML={{ __html: server.keptPartHtml(name, props) }} />;
      const ServerPart = server.kept[name] as ComponentType<P>;
      return (
        <div className={className}>
          <ServerPart {...props} />
        </div>
      );
    }
    const wrapperProps = { ref: wrapper, className, onClick, onSubmit };
    if (rendersItself) {
      return (
        <div {...wrapperProps}>
          <ClientPart {...props} />
        </div>
      );
    }
    return <div {...wrapperProps} onKeyDown={closeMenuOnEscape} dangerouslySetInnerHTML={KEEP_SERVER_HTML} suppressHydrationWarning />;
  }
  /** Fetches the part's code now, for a part about to be rendered in the browser (the dialog over the lists, the header as a navigation starts). */
  KeptPart.preload = fetchCode;
  return KeptPart;
}
