import { startTransition, useEffect, useState } from "react";
import { UNREAD_POLL_MS } from "~/models/message/limits";
import { usePolling } from "./use-polling";

/**
 * The header's unread count, kept fresh without a reload: the root loader's number, then GET
 * /api/auth/me's `unreadMessages` every UNREAD_POLL_MS while signed in (one indexed read a call).
 * A new count is a transition: the header that shows it may have to fetch its code first (kept-part.tsx),
 * and meanwhile keeps showing the last count.
 */
export function useLiveUnread(fromLoader: number | undefined, signedIn: boolean): number {
  const [count, setCount] = useState(fromLoader ?? 0);
  useEffect(() => startTransition(() => setCount(fromLoader ?? 0)), [fromLoader]);
  usePolling(
    async () => {
      const response = await fetch("/api/auth/me", { credentials: "same-origin", cache: "no-store", headers: { Accept: "application/json" } });
      if (!response.ok) return;
      const { unreadMessages } = (await response.json()) as { unreadMessages?: number };
      startTransition(() => setCount(unreadMessages ?? 0));
    },
    UNREAD_POLL_MS,
    signedIn,
  );
  return count;
}
