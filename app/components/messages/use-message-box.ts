import { useRouteLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";

type MessageBoxProps = { own: boolean; conversationId: number | null };

/**
 * The 'Enviar mensagem' box of an ad opened in the dialog over a list, which has only the public JSON
 * (/api/ads/{id}, the same for everyone): the signed-in viewer is the root's user, so the owner gets
 * 'Ver mensagens' at once; a buyer's conversation about the ad ('Ver conversa') is asked of
 * GET /api/ads/{id}/messages. A visitor gets the form (posting it leads to the login).
 */
export function useMessageBox(ad: { id: number; userId: number }): MessageBoxProps | undefined {
  const viewer = (useRouteLoaderData("root") as { user: { id: number } | null } | undefined)?.user ?? null;
  const own = viewer !== null && viewer.id === ad.userId;
  const [conversationId, setConversationId] = useState<number | null>(null);
  useEffect(() => {
    if (viewer === null || own) return;
    let cancelled = false;
    fetch(`/api/ads/${ad.id}/messages`, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? (response.json() as Promise<{ conversationId: number | null }>) : null))
      .then((body) => {
        if (!cancelled && body) setConversationId(body.conversationId);
      })
      // Without the answer the form still works; only the link is missing.
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [ad.id, own, viewer]);
  if (viewer === null) return undefined;
  return { own, conversationId };
}
