import type { MetaFunction } from "@remix-run/node";
import { NotFound } from "~/components/layout/NotFound";

/** Any unknown address: the 404 page, with a real 404 status. */
export function loader() {
  throw new Response("Página não encontrada", { status: 404 });
}

export const meta: MetaFunction = () => [{ title: "Página não encontrada | Classificados Patos" }];

export default function CatchAll() {
  return <NotFound />;
}
