import { Icon } from "~/components/Icon";

/** The scams buyers meet most (OLX warns about the same on every ad), next to the contact buttons. */
export const SAFETY_TIPS = [
  "Nunca pague nada antes de ver o produto: nem sinal, nem frete, nem reserva.",
  "Nunca passe a ninguém o código que o WhatsApp envia por SMS: é golpe para roubar sua conta.",
  "Combine o encontro em local público e movimentado, de dia, e confira o produto antes de pagar.",
] as const;

export function SafetyTips() {
  return (
    <aside aria-labelledby="dicas-seguranca" className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
      <h3 id="dicas-seguranca" className="flex items-center gap-2 font-bold">
        <Icon name="shield-alert" className="h-4 w-4 shrink-0" />
        Dicas de segurança
      </h3>
      <ul className="mt-1.5 list-disc space-y-1 pl-5 leading-snug">
        {SAFETY_TIPS.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </aside>
  );
}
