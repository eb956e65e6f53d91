/**
 * Cards off on a default production site. The local gateway approves any well-formed card without
 * moving money, so with NODE_ENV=production and no PAYMENT_TEST_CARDS it takes PIX only: the API and
 * the page's form post refuse a card with 'Pagamento com cartão indisponível: use PIX.' (400, nothing
 * approved, the ad still waiting for payment), and the payment page shows 'Cartão de Crédito'
 * disabled with that reason beside it, PIX chosen, no card fields. PAYMENT_TEST_CARDS=true turns the
 * test cards back on in production (a demo site).
 *
 * getEnv() reads the environment once per module graph: each configuration sets its variables, then
 * loads the app afresh (vi.resetModules), the way payments-asaas.test.ts loads it after naming its fake.
 * The page's HTML is rendered from the route's own loader and component through a static data router
 * (react-router-dom, which @remix-run/react renders with), as the server renders it for a browser
 * without JavaScript.
 */
import { createElement } from "react";
// Loaded now, while NODE_ENV is still the tests' own: the components are compiled for React's
// development JSX runtime, whose production build (picked once NODE_ENV=production) has no jsxDEV.
import "react/jsx-dev-runtime";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { callRoute } from "../support/route";

/** The app's modules, loaded after the environment was set. */
async function loadApp(env: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) Reflect.deleteProperty(process.env, name);
    else process.env[name] = value;
  }
  vi.resetModules();
  const [createRoute, pageRoute, support, payment, confirmation, gateway] = await Promise.all([
    import("~/routes/api.payments.create"),
    import("~/routes/payment.$id"),
    import("../support/payments"),
    import("~/models/payment/payment"),
    import("~/models/payment/confirmation.server"),
    import("~/models/payment/gateway.server"),
  ]);
  return { createPayment: createRoute.action, pageRoute, support, PAYMENT_MESSAGES: payment.PAYMENT_MESSAGES, confirmation, gateway };
}

type App = Awaited<ReturnType<typeof loadApp>>;
type User = Awaited<ReturnType<App["support"]["createTestUser"]>>;

// A production site names its public address (APP_URL); without one the env warns at every load. It
// hashes passwords at full cost (the suite's cheap hashes are refused outside NODE_ENV=test).
const PRODUCTION = { NODE_ENV: "production", APP_URL: "http://localhost", PAYMENT_GATEWAY: undefined, PASSWORD_HASH_COST: undefined };

function createCard(app: App, user: User, adId: number) {
  const { support } = app;
  return callRoute(
    app.createPayment,
    "/api/payments/create",
    support.jsonPost({ adId, paymentMethod: "CREDIT_CARD", customerInfo: support.customerInfo, creditCard: support.goodCard }, support.bearer(user)),
  );
}

/** The page's form post of a card, as a browser without JavaScript sends it. */
function postCard(app: App, user: User, adId: number) {
  const { support } = app;
  return callRoute(app.pageRoute.action, `/payment/${adId}`, {
    params: { id: String(adId) },
    ...support.formPost(
      {
        intent: "pay",
        paymentMethod: "CREDIT_CARD",
        name: "Maria da Silva",
        email: user.email,
        cpfCnpj: "529.982.247-25",
        cardHolderName: "MARIA DA SILVA",
        cardNumber: "4111 1111 1111 1111",
        cardExpiryMonth: "12",
        cardExpiryYear: "2030",
        cardCcv: "123",
      },
      support.withCookie(user),
    ),
  });
}

/** /payment/{id}'s HTML for `user`: the route's loader runs, then its component renders what it answered. */
async function renderPage(app: App, user: User, adId: number): Promise<string> {
  const routes = [
    {
      id: "routes/payment.$id",
      path: "/payment/:id",
      // Remix's loader arguments carry an app context the static handler does not type; the loader reads only request and params.
      loader: app.pageRoute.loader as never,
      Component: app.pageRoute.default,
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost/payment/${adId}`, { headers: app.support.withCookie(user) }));
  if (context instanceof Response) throw new Error(`the page answered ${context.status}`);
  expect(context.errors, "the page's loader failed").toBeNull();
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));
}

/** The opening tag of the element with this id (attributes in React's server output: `disabled=""`, …). */
function tagWithId(html: string, id: string): string {
  const tag = html.match(new RegExp(`<[a-z]+\\b[^>]*\\bid="${id}"[^>]*>`))?.[0];
  expect(tag, `an element with id="${id}"`).toBeDefined();
  return tag!;
}

/** The text of the element with this id (tags removed). */
function textOfId(html: string, id: string): string {
  const start = html.indexOf(tagWithId(html, id));
  const name = html.slice(start + 1).match(/^[a-z]+/)![0];
  const end = html.indexOf(`</${name}>`, start);
  return html.slice(start, end).replace(/<[^>]+>/g, "").replace(/&#x27;/g, "'").trim();
}

const settle = (app: App | undefined) => app?.confirmation.settleReceipts();

describe("a production site with the local gateway and no PAYMENT_TEST_CARDS", () => {
  let app: App;
  beforeAll(async () => {
    app = await loadApp({ ...PRODUCTION, PAYMENT_TEST_CARDS: undefined });
  });
  afterAll(() => settle(app));

  it("is what this file set up: production, the local gateway, cards off", () => {
    expect(app.gateway.isLocalGateway()).toBe(true);
    expect(app.gateway.cardPaymentsEnabled()).toBe(false);
  });

  it("POST /api/payments/create refuses a card: 400 with the message, nothing approved, the ad still waiting", async () => {
    const user = await app.support.createTestUser();
    const ad = app.support.createPendingAd(user.id, { days: 5 });
    const response = await createCard(app, user, ad.id);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: app.PAYMENT_MESSAGES.cardsUnavailable });
    expect(app.support.paymentsOfAd(ad.id).filter((row) => row.status !== "pending" && row.status !== "failed")).toEqual([]);
    expect(app.support.adOf(ad.id).status).toBe("pending_payment");
  });

  it("the page's form post refuses a card the same way, with 'Erro no pagamento' and the reason", async () => {
    const user = await app.support.createTestUser();
    const ad = app.support.createPendingAd(user.id, { days: 5 });
    const response = await postCard(app, user, ad.id);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      alert: { title: app.PAYMENT_MESSAGES.errorTitle, message: app.PAYMENT_MESSAGES.cardsUnavailable },
      toast: { type: "error", message: app.PAYMENT_MESSAGES.errorTitle, description: app.PAYMENT_MESSAGES.cardsUnavailable },
    });
    expect(app.support.paymentsOfAd(ad.id).filter((row) => row.status !== "pending" && row.status !== "failed")).toEqual([]);
    expect(app.support.adOf(ad.id).status).toBe("pending_payment");
  });

  it("still takes PIX", async () => {
    const user = await app.support.createTestUser();
    const ad = app.support.createPendingAd(user.id, { days: 5 });
    const { support } = app;
    const response = await callRoute(app.createPayment, "/api/payments/create", support.jsonPost({ adId: ad.id, paymentMethod: "PIX", customerInfo: support.customerInfo }, support.bearer(user)));
    expect(response.status).toBe(201);
  });

  it("the page shows 'Cartão de Crédito' disabled with the reason beside it, PIX chosen, no card fields", async () => {
    const user = await app.support.createTestUser();
    const ad = app.support.createPendingAd(user.id, { days: 5 });
    const html = await renderPage(app, user, ad.id);

    expect(html).toContain("Cartão de Crédito");
    const card = tagWithId(html, "method-card");
    expect(card).toMatch(/\bdisabled=""/);
    expect(card).not.toMatch(/\bchecked=""/);
    // The reason is tied to the choice and visible (not a hidden hint).
    const describedBy = card.match(/aria-describedby="([^"]+)"/)?.[1];
    expect(describedBy).toBeDefined();
    expect(textOfId(html, describedBy!)).toBe(app.PAYMENT_MESSAGES.cardsUnavailable);
    expect(tagWithId(html, describedBy!)).not.toMatch(/\bhidden\b|sr-only/);

    const pix = tagWithId(html, "method-pix");
    expect(pix).toMatch(/\bchecked=""/);
    expect(pix).not.toMatch(/\bdisabled=""/);
    expect(html).not.toContain("Número do cartão");
    expect(html).not.toContain('name="cardNumber"');
  });
});

describe("a production site with PAYMENT_TEST_CARDS=true (a demo)", () => {
  let app: App;
  beforeAll(async () => {
    app = await loadApp({ ...PRODUCTION, PAYMENT_TEST_CARDS: "true" });
  });
  afterAll(async () => {
    await settle(app);
    Reflect.deleteProperty(process.env, "PAYMENT_TEST_CARDS");
  });

  it("accepts the test card: approved at once, the ad active", async () => {
    expect(app.gateway.cardPaymentsEnabled()).toBe(true);
    const user = await app.support.createTestUser();
    const ad = app.support.createPendingAd(user.id, { days: 5 });
    const response = await createCard(app, user, ad.id);
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ payment: { status: "confirmed" }, redirectTo: "/dashboard" });
    expect(app.support.adOf(ad.id).status).toBe("active");
  });

  it("the page offers the card: enabled, no reason, its fields in the form", async () => {
    const user = await app.support.createTestUser();
    const ad = app.support.createPendingAd(user.id, { days: 5 });
    const html = await renderPage(app, user, ad.id);
    const card = tagWithId(html, "method-card");
    expect(card).not.toMatch(/\bdisabled=""/);
    expect(card).not.toContain("aria-describedby");
    expect(html).not.toContain(app.PAYMENT_MESSAGES.cardsUnavailable);
    expect(html).toContain("Número do cartão");
  });
});
