/**
 * /termos, /privacidade and /sobre state the site's limits (photos per ad, the shortest ad, the card's
 * minimum, when old ads are removed) from the constants the rules use, never written out by hand: with
 * other values, the pages say the other values.
 */
import { createElement } from "react";
import "react/jsx-dev-runtime";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it, vi } from "vitest";

vi.mock("~/models/ad/ad", async (actual) => ({ ...(await actual<object>()), MAX_AD_IMAGES: 8, STALE_AD_DAYS: 45 }));
vi.mock("~/models/ad/cost", async (actual) => ({ ...(await actual<object>()), MIN_AD_DAYS: 4, CARD_MIN_CENTS: 750 }));

import PrivacidadePage from "~/routes/privacidade";
import SobrePage from "~/routes/sobre";
import TermosPage, { loader as termosLoader } from "~/routes/termos";

/** The page's text as a reader gets it (tags dropped, spaces collapsed). */
async function pageText(path: string): Promise<string> {
  const routes = [
    { id: "routes/termos", path: "/termos", loader: termosLoader as never, Component: TermosPage },
    { id: "routes/privacidade", path: "/privacidade", Component: PrivacidadePage },
    { id: "routes/sobre", path: "/sobre", Component: SobrePage },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));
  return html.replace(/<[^>]+>/g, "").replace(/\s+/g, " ");
}

describe("the legal pages say the rules' own numbers", () => {
  it("/termos: photos, shortest ad, card minimum, removal of old ads", async () => {
    const text = await pageText("/termos");
    expect(text).toContain("com no máximo 8 imagens por anúncio");
    expect(text).toContain("a duração mínima é de 4 dias");
    expect(text).toContain("pagamentos com cartão têm valor mínimo de R$ 7,50;");
    expect(text).toContain("anúncios expirados há mais de 45 dias são removidos (item 6)");
    expect(text).toContain("aguardando pagamento há mais de 45 dias podem ser removidos sem aviso prévio.");
  });

  it("/privacidade: removal of old ads and their photos", async () => {
    expect(await pageText("/privacidade")).toContain("aguardando pagamento há mais de 45 dias podem ser removidos, com as respectivas imagens");
  });

  it("/sobre: photos and shortest ad", async () => {
    const text = await pageText("/sobre");
    expect(text).toContain("envie até 8 fotos");
    expect(text).toContain("o primeiro dia é grátis e a duração mínima é de 4 dias.");
  });
});
