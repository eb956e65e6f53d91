import type { MetaFunction } from "@remix-run/node";
import { PrivacyPolicy } from "~/components/layout/legal/PrivacyPolicy";

export const meta: MetaFunction = () => [
  { title: "Política de Privacidade | Classificados Patos" },
  {
    name: "description",
    content:
      "Como o Classificados Patos coleta, usa, compartilha e protege os seus dados pessoais, e como exercer os seus direitos pela LGPD.",
  },
];

export default function PrivacidadePage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <PrivacyPolicy />
    </div>
  );
}
