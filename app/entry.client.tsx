import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

// The events for which React 18, when one reaches a root still waiting to hydrate, hydrates the whole root
// synchronously at once (attemptSynchronousHydration → flushRoot): react-dom's discreteReplayableEvents.
const DISCRETE_EVENTS = [
  "mousedown", "mouseup", "touchcancel", "touchend", "touchstart", "auxclick", "dblclick", "pointercancel", "pointerdown",
  "pointerup", "dragend", "dragstart", "drop", "compositionend", "compositionstart", "keydown", "keypress", "keyup", "input",
  "textInput", "copy", "cut", "paste", "click", "change", "contextmenu", "reset", "submit",
];

/**
 * With single fetch, RemixBrowser suspends (outside any Suspense boundary) until it has decoded the
 * page's data, and only then creates the router. A tap that React sees before that first render forces
 * it synchronously: the suspension becomes an error, the retry without the sync lane suspends again,
 * and React 18.3 throws "Root did not complete" (#345) and never hydrates the page. Until the router
 * exists such events stop at the window, before React's listeners on the document: the browser still
 * checks, types and submits, and replay-early-input.ts hands the fields' changes to React once hydrated.
 */
function holdDiscreteEventsUntilRouter() {
  const hold = (event: Event) => {
    if ((window as { __remixRouter?: unknown }).__remixRouter) {
      for (const type of DISCRETE_EVENTS) window.removeEventListener(type, hold, true);
      return;
    }
    event.stopPropagation();
  };
  for (const type of DISCRETE_EVENTS) window.addEventListener(type, hold, true);
}

holdDiscreteEventsUntilRouter();
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
