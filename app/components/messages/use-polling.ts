import { useEffect, useRef } from "react";
import { POLL_HIDDEN_MAX_MS } from "~/models/message/limits";

/**
 * Calls `poll` every `everyMs` while the tab is visible; while it is hidden the wait doubles after each
 * call up to POLL_HIDDEN_MAX_MS, and coming back calls at once (ADR 040: polling, not server-sent events).
 * A failed call (offline, a restart) only waits for the next turn. Nothing runs while `enabled` is false.
 */
export function usePolling(poll: () => Promise<void>, everyMs: number, enabled = true) {
  const latest = useRef(poll);
  latest.current = poll;
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let hiddenWait = everyMs;
    let stopped = false;
    const schedule = () => {
      if (stopped) return;
      const hidden = document.visibilityState === "hidden";
      hiddenWait = hidden ? Math.min(hiddenWait * 2, POLL_HIDDEN_MAX_MS) : everyMs;
      timer = setTimeout(run, hidden ? hiddenWait : everyMs);
    };
    const run = () => {
      latest.current().catch(() => {}).finally(schedule);
    };
    const onVisible = () => {
      if (document.visibilityState !== "visible") return;
      clearTimeout(timer);
      hiddenWait = everyMs;
      run();
    };
    schedule();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [everyMs, enabled]);
}
