/**
 * The ad's 'Enviar mensagem' box for each viewer (issue #37): the owner gets 'Ver mensagens' (→ /mensagens)
 * instead of a form the server would refuse (400); a buyer already talking about the ad gets 'Ver conversa'
 * (→ /mensagens/{id}), on the page (its loader) and in the dialog (GET /api/ads/{id}/messages); a
 * visitor and a new buyer get the form (MessageSellerForm draws each from these data). GET /api/ads/{id}/messages tells only one's own conversation.
 */
import { describe, expect, it } from "vitest";
import { messageAboutAd } from "~/models/message/conversations.server";
import { loader as conversationIdApi } from "~/routes/api.ads.$id_.messages";
import { loader as adPage } from "~/routes/anuncio.$id";
import { bearer, browser, createUser, type TestUser } from "../support/ad-fixtures";
import { insertAd } from "../support/manage";
import { callRoute } from "../support/route";

type Box = { own: boolean; conversationId: number | null };

/** The ad page's messageBox for `viewer` (following the canonical address's 301). */
async function boxOnPage(adId: number, viewer: TestUser | null): Promise<Box> {
  const init = viewer ? { headers: browser(viewer) } : undefined;
  const first = await callRoute(adPage, `/anuncio/${adId}`, { params: { id: String(adId) }, init });
  const location = first.status === 301 ? first.headers.get("Location")! : `/anuncio/${adId}`;
  const page = await callRoute(adPage, location, { params: { id: location.split("/")[2]! }, init });
  return ((await page.json()) as { messageBox: Box }).messageBox;
}

const askApi = (adId: number, viewer: TestUser | null) =>
  callRoute(conversationIdApi, `/api/ads/${adId}/messages`, { params: { id: String(adId) }, init: viewer ? { headers: bearer(viewer) } : undefined });

describe("the ad's message box", () => {
  it("shows the owner 'Ver mensagens', a buyer with a conversation 'Ver conversa', everyone else the form", async () => {
    const seller = await createUser({ name: "Sônia Vendedora" });
    const buyer = await createUser({ name: "Bruno Comprador" });
    const stranger = await createUser({ name: "Outra Pessoa" });
    const ad = await insertAd(seller.id, { status: "active", createdDaysAgo: 2 });
    const sent = messageAboutAd(buyer.id, ad.id, "Ainda está disponível?");
    if (!sent.ok) throw new Error(sent.message);

    expect(await boxOnPage(ad.id, seller)).toMatchObject({ own: true, conversationId: null });
    expect(await boxOnPage(ad.id, buyer)).toMatchObject({ own: false, conversationId: sent.conversationId });
    expect(await boxOnPage(ad.id, stranger)).toMatchObject({ own: false, conversationId: null });
    expect(await boxOnPage(ad.id, null)).toMatchObject({ own: false, conversationId: null });

    // The dialog's question: one's own conversation only; a visitor must sign in.
    expect(await (await askApi(ad.id, buyer)).json()).toEqual({ conversationId: sent.conversationId });
    expect(await (await askApi(ad.id, stranger)).json()).toEqual({ conversationId: null });
    expect((await askApi(ad.id, null)).status).toBe(401);
  });
});
