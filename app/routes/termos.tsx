import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { TermsOfUse } from "~/components/layout/legal/TermsOfUse";
import { getEnv } from "~/env.server";

export const meta: MetaFunction = () => [
  { title: "Termos de Uso | Classificados Patos" },
  {
    name: "description",
    content:
      "Regras para anunciar no Classificados Patos: quem pode anunciar, conteúdo proibido, preço por dia, pagamento, remoção de anúncios e responsabilidades.",
  },
];

/** Who sells the ad days (Decreto 7.962/2013 art. 2), stated in the terms as in every page's footer. */
export function loader() {
  return { operator: getEnv().operator };
}

export default function TermosPage() {
  const { operator } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <TermsOfUse operator={operator} />
    </div>
  );
}
