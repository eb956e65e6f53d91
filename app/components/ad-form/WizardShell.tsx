/** The wizard's frame (spec 02 §2): title, the three-step progress bar, the close button; and its two other screens. */
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { focusRing } from "~/components/auth/AuthForm";
import { Icon } from "~/components/Icon";
import { formatDateTimeBR } from "~/lib/dates";
import { AD_FORM_MESSAGES, WIZARD_STEPS } from "~/models/ad/ad-form";

export const primaryButton = `inline-flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`;
export const secondaryButton = `inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-800 hover:bg-slate-50 ${focusRing}`;

export function WizardShell({ step, editing, children }: { step: number; editing: boolean; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">{editing ? "Editar anúncio" : "Criar anúncio"}</h1>
          <p className="mt-1 text-sm text-slate-600">
            Passo {step} de {WIZARD_STEPS.length}: {WIZARD_STEPS[step - 1]}
          </p>
        </div>
        <Link to="/dashboard" aria-label="Fechar e voltar para Meus Anúncios" className={`rounded-full p-2 text-slate-600 hover:bg-slate-100 ${focusRing}`}>
          <Icon name="x" className="h-6 w-6" />
        </Link>
      </div>
      <ol className="mt-5 grid grid-cols-3 gap-2" aria-label="Progresso">
        {WIZARD_STEPS.map((label, index) => {
          const state = index + 1 < step ? "done" : index + 1 === step ? "current" : "todo";
          return (
            <li key={label} aria-current={state === "current" ? "step" : undefined}>
              <div className={`h-2 rounded-full ${state === "todo" ? "bg-slate-200" : "bg-brand-600"}`} />
              <p className={`mt-1.5 text-xs sm:text-sm ${state === "current" ? "font-semibold text-brand-800" : "text-slate-600"}`}>
                {state === "done" ? <span className="sr-only">Concluído: </span> : null}
                {label}
              </p>
            </li>
          );
        })}
      </ol>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">{children}</div>
    </div>
  );
}

/** Not signed in (spec 02 §2): the wizard asks for a login and brings the person back here after it. */
export function LoginRequired() {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-14">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8">
        <Icon name="log-in" className="mx-auto h-10 w-10 text-brand-700" />
        <h1 className="mt-3 text-2xl font-extrabold tracking-tight text-slate-900">{AD_FORM_MESSAGES.loginRequiredTitle}</h1>
        <p className="mt-2 text-slate-600">{AD_FORM_MESSAGES.loginRequired}</p>
        <Link to="/login?redirectTo=/create-ad" className={`${primaryButton} mt-6 w-full`}>
          Fazer Login
        </Link>
        <p className="mt-4 text-sm text-slate-600">
          Ainda não tem conta?{" "}
          <Link to="/register" className={`font-semibold text-brand-700 hover:underline ${focusRing} rounded`}>
            Cadastre-se grátis
          </Link>
        </p>
      </div>
    </div>
  );
}

/** Coming back to /create-ad with a draft: continue where it stopped, or start over (the draft and its photos go). */
export function ResumeDraft({ editing, updatedAt }: { editing: boolean; updatedAt: string }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-14">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">{editing ? "Edição em andamento" : "Anúncio em andamento"}</h1>
        <p className="mt-2 text-slate-600">
          Você começou {editing ? "a editar um anúncio" : "um anúncio"} e não terminou (salvo em {formatDateTimeBR(new Date(updatedAt))}). O que
          você preencheu continua aqui.
        </p>
        <div className="mt-6 flex flex-col gap-3">
          <Link to="/create-ad?step=1" className={primaryButton}>
            Continuar de onde parei
          </Link>
          <Form method="post" action="/create-ad?step=1">
            <button type="submit" name="intent" value="discard" className={`${secondaryButton} w-full`}>
              Começar de novo
            </button>
          </Form>
        </div>
      </div>
    </div>
  );
}
