import type { MetaFunction } from "@remix-run/node";
import { NotFound } from "~/components/layout/NotFound";
import { notFoundPage } from "~/web/http.server";

/** Any unknown address: the 404 page, with a real 404 status. */
export function loader() {
  throw notFoundPage("Página não encontrada");
}

export const meta: MetaFunction = () => [{ title: "Página não encontrada | Classificados Patos" }];

export default function CatchAll() {
  return <NotFound />;
}
