/** 'Validação Inteligente': why the automatic moderation refused the ad, and what to change (spec 02 §8). */
import { Icon } from "~/components/Icon";

export type Rejection = { title: string; details: string[]; suggestion: string | null };

export function RejectionNotice({ rejection }: { rejection: Rejection }) {
  return (
    <section role="alert" aria-labelledby="rejection-title" className="rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-900">
      <p className="text-xs font-semibold uppercase tracking-wide text-red-700">Validação Inteligente</p>
      <h2 id="rejection-title" className="mt-1 flex items-center gap-2 text-base font-bold">
        <Icon name="circle-x" className="h-5 w-5" />
        {rejection.title}
      </h2>
      {rejection.details.length ? (
        <>
          <p className="mt-2 font-semibold">Motivos</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {rejection.details.map((detail) => (
              <li key={detail}>{detail}</li>
            ))}
          </ul>
        </>
      ) : null}
      {rejection.suggestion ? (
        <>
          <p className="mt-2 font-semibold">Sugestão</p>
          <p>{rejection.suggestion}</p>
        </>
      ) : null}
    </section>
  );
}
