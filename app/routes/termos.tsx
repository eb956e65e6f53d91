import type { MetaFunction } from "@remix-run/node";
import { TermsOfUse } from "~/components/layout/LegalTexts";

export const meta: MetaFunction = () => [
  { title: "Termos de Uso | Classificados Patos" },
  {
    name: "description",
    content:
      "Regras para anunciar no Classificados Patos: quem pode anunciar, conteúdo proibido, preço por dia, pagamento, remoção de anúncios e responsabilidades.",
  },
];

export default function TermosPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <TermsOfUse />
    </div>
  );
}
