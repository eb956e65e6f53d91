import type { MetaFunction } from "@remix-run/node";
import { About } from "~/components/layout/legal/About";

export const meta: MetaFunction = () => [
  { title: "Sobre | Classificados Patos" },
  {
    name: "description",
    content:
      "Classificados de Patos de Minas e região: anúncios com moderação automática por IA, descrições geradas por IA e pagamento por PIX ou cartão de crédito.",
  },
];

export default function SobrePage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <About />
    </div>
  );
}
