import type { MetaFunction } from "@remix-run/node";
import { useRouteLoaderData } from "@remix-run/react";
import { TermsOfUse } from "~/components/layout/LegalTexts";
import type { loader as rootLoader } from "~/root";

export const meta: MetaFunction = () => [
  { title: "Termos de Uso | Classificados Patos" },
  {
    name: "description",
    content:
      "Regras para anunciar no Classificados Patos: quem pode anunciar, conteúdo proibido, preço por dia, pagamento, remoção de anúncios e responsabilidades.",
  },
];

export default function TermosPage() {
  // The operator's identity comes with every page (root loader), for the footer and these terms.
  const operator = useRouteLoaderData<typeof rootLoader>("root")?.operator ?? {};
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <TermsOfUse operator={operator} />
    </div>
  );
}
