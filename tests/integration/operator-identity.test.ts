/**
 * The operator's identity (Decreto 7.962/2013 art. 2): validated at start-up (CPF, CNPJ — the
 * letter-and-digit one too), warned about in production when incomplete, and shown in every page's
 * footer (root loader) and in /termos with the contract's summary and how to ask for a refund.
 */
import { createElement, type ReactNode } from "react";
import "react/jsx-dev-runtime";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { Outlet, useRouteLoaderData } from "@remix-run/react";
import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  Object.assign(process.env, {
    OPERATOR_NAME: "Patos Anúncios Ltda",
    OPERATOR_CNPJ: "12ABC34501DE35",
    OPERATOR_ADDRESS: "Rua Major Gote, 100, Centro, Patos de Minas - MG, 38700-000",
    OPERATOR_EMAIL: "sac@patosanuncios.example",
    OPERATOR_PHONE: "(34) 3822-0000",
  });
});

import { Footer } from "~/components/layout/Footer";
import { parseEnv } from "~/env-schema.server";
import { startupWarnings } from "~/env-warnings.server";
import { loader as rootLoader } from "~/root";
import TermosPage, { loader as termosLoader } from "~/routes/termos";

describe("the settings", () => {
  it("accept a valid CNPJ (numeric or letter-and-digit) or CPF, and refuse a bad one, or both at once", () => {
    expect(parseEnv({ OPERATOR_CNPJ: "11.222.333/0001-81" }).OPERATOR_CNPJ).toBe("11.222.333/0001-81");
    expect(parseEnv({ OPERATOR_CNPJ: "12.ABC.345/01DE-35" }).OPERATOR_CNPJ).toBeDefined();
    expect(parseEnv({ OPERATOR_CPF: "529.982.247-25" }).OPERATOR_CPF).toBeDefined();
    expect(() => parseEnv({ OPERATOR_CNPJ: "11.222.333/0001-82" })).toThrow(/OPERATOR_CNPJ: is not a valid CNPJ/);
    expect(() => parseEnv({ OPERATOR_CPF: "111.111.111-11" })).toThrow(/OPERATOR_CPF: is not a valid CPF/);
    expect(() => parseEnv({ OPERATOR_CNPJ: "11222333000181", OPERATOR_CPF: "52998224725" })).toThrow(/not both/);
    expect(() => parseEnv({ OPERATOR_EMAIL: "sac" })).toThrow(/OPERATOR_EMAIL: must be an e-mail address/);
  });

  it("warn in production naming each missing variable (the phone is optional), and not elsewhere", () => {
    const partial = startupWarnings(parseEnv({ NODE_ENV: "production", OPERATOR_NAME: "Fulano", OPERATOR_EMAIL: "a@b.example" })).join("\n");
    expect(partial).toContain("set OPERATOR_CNPJ (or OPERATOR_CPF), OPERATOR_ADDRESS.");
    expect(partial).not.toContain("OPERATOR_NAME");
    expect(partial).not.toContain("OPERATOR_PHONE");
    const complete = parseEnv({
      NODE_ENV: "production",
      OPERATOR_NAME: "Fulano de Tal",
      OPERATOR_CPF: "52998224725",
      OPERATOR_ADDRESS: "Rua A, 1",
      OPERATOR_EMAIL: "a@b.example",
    });
    expect(startupWarnings(complete).join("\n")).not.toContain("operator");
    expect(startupWarnings(parseEnv({ NODE_ENV: "development" })).join("\n")).not.toContain("OPERATOR_");
  });
});

/** `path` rendered under a root that, like app/root.tsx, shows the footer with the root loader's data. */
async function render(path: string): Promise<string> {
  function Root() {
    const data = useRouteLoaderData<typeof rootLoader>("root");
    return createElement("div", null, createElement(Outlet), createElement(Footer, { operator: data?.operator ?? {}, year: 2026 })) as ReactNode;
  }
  const routes = [
    {
      id: "root",
      path: "/",
      loader: (async (args: Parameters<typeof rootLoader>[0]) => {
        const result = await rootLoader(args);
        return result.data;
      }) as never,
      Component: Root,
      children: [
        { index: true, Component: () => null },
        { id: "routes/termos", path: "termos", loader: termosLoader as never, Component: TermosPage },
      ],
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`the page answered ${context.status}`);
  expect(context.errors).toBeNull();
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));
}

const text = (html: string) => html.replace(/<[^>]+>/g, "").replace(/&#x27;/g, "'").replace(/\s+/g, " ");

describe("the pages", () => {
  it("show the operator in every page's footer", async () => {
    const footer = text(await render("/"));
    expect(footer).toContain("Site operado por Patos Anúncios Ltda · CNPJ 12.ABC.345/01DE-35");
    expect(footer).toContain("Rua Major Gote, 100, Centro, Patos de Minas - MG, 38700-000");
    expect(footer).toContain("sac@patosanuncios.example");
    expect(footer).toContain("(34) 3822-0000");
  });

  it("show the operator, the contract's summary and how to ask for a refund in /termos", async () => {
    const page = text(await render("/termos"));
    expect(page).toContain("Quem oferece o serviço");
    expect(page).toContain("CNPJ 12.ABC.345/01DE-35");
    expect(page).toContain("Resumo da contratação");
    expect(page).toContain("desistir em até 7 (sete) dias");
    expect(page).toContain("o valor integral pago, mesmo que o anúncio já tenha ficado alguns dias no ar");
    // The refund request goes to the operator's address, not the demo contact.
    expect(page).toContain("Como pedir: escreva para sac@patosanuncios.example");
    // The spec's text stays.
    expect(page).toContain("pedidos de reembolso podem ser feitos pelo e-mail de contato");
  });
});
