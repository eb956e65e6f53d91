/**
 * The description with its counter (yellow above 320, red above 360, a warning at 400; spec 02 §5) and
 * 'Gerar com IA'. With JavaScript the button asks POST /api/ai/generate-description and fills the box;
 * without it the button posts the form (intent "generate") and the page comes back with the text.
 */
import { useState } from "react";
import { focusRing } from "~/components/auth/AuthForm";
import { Icon } from "~/components/Icon";
import { useHydrated } from "~/components/use-hydrated";
import { descriptionBand, DESCRIPTION_MAX } from "~/models/ad/ad-form";
import { AI_MESSAGES, type AiUsage } from "~/models/ai-usage/ai-usage";
import { inputClass } from "./fields";

const bandClass = { normal: "text-slate-600", warn: "text-amber-700", danger: "text-red-700", limit: "text-red-700 font-semibold" } as const;

/** What the helper is told about the ad; the form's current values are added when the button is pressed. */
export type DescriptionContext = { adType: string; categoryName: string; subcategoryName: string | null };

type GenerateAnswer = { description?: string; source?: string; usage?: AiUsage; message?: string };

function requestBody(form: HTMLFormElement, context: DescriptionContext) {
  const data = new FormData(form);
  const characteristics: Record<string, string> = {};
  const customCharacteristics: Record<string, string> = {};
  for (const [key, value] of data) {
    if (key.startsWith("characteristics.") && typeof value === "string" && value.trim()) characteristics[key.slice(16)] = value;
  }
  const names = data.getAll("customName").map(String);
  const values = data.getAll("customValue").map(String);
  names.forEach((name, i) => {
    if (name.trim() && values[i]?.trim()) customCharacteristics[name.trim()] = values[i]!.trim();
  });
  return {
    ...context,
    title: String(data.get("title") ?? ""),
    price: String(data.get("price") ?? ""),
    whatsapp: String(data.get("whatsapp") ?? ""),
    characteristics,
    customCharacteristics,
    maxLength: DESCRIPTION_MAX,
  };
}

export function DescriptionField({
  defaultValue,
  errors,
  usage,
  context,
}: {
  defaultValue: string;
  errors?: string[] | null;
  usage: AiUsage;
  context: DescriptionContext;
}) {
  const hydrated = useHydrated();
  const [text, setText] = useState(defaultValue);
  const [current, setCurrent] = useState(usage);
  const [state, setState] = useState<"idle" | "busy">("idle");
  const [notice, setNotice] = useState<{ tone: "error" | "info"; title: string; text: string } | null>(null);
  const band = descriptionBand(text.length);
  const spent = !current.canUse;

  async function generate(button: HTMLButtonElement) {
    if (!button.form) return;
    setState("busy");
    setNotice(null);
    try {
      const response = await fetch("/api/ai/generate-description", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(requestBody(button.form, context)),
      });
      const answer = (await response.json()) as GenerateAnswer;
      if (answer.usage) setCurrent(answer.usage);
      if (answer.source === "limit_reached") setNotice({ tone: "error", title: AI_MESSAGES.limitTitle, text: answer.message ?? AI_MESSAGES.limitReached(current.limit) });
      else if (!response.ok || !answer.description) setNotice({ tone: "error", title: "Erro", text: answer.message ?? "Não foi possível gerar a descrição. Tente de novo." });
      else {
        setText(answer.description);
        setNotice({ tone: "info", title: "Descrição gerada", text: "Revise o texto antes de publicar." });
      }
    } catch {
      setNotice({ tone: "error", title: "Erro", text: "Sem conexão. Tente de novo em instantes." });
    } finally {
      setState("idle");
    }
  }

  return (
    <div id="descricao" className="scroll-mt-20">
      <div className="mb-1 flex items-end justify-between gap-3">
        <label htmlFor="description" className="block text-sm font-medium text-slate-800">
          Descrição
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
          <span className="sr-only"> (obrigatório)</span>
        </label>
        <button
          type={hydrated ? "button" : "submit"}
          name={hydrated ? undefined : "intent"}
          value={hydrated ? undefined : "generate"}
          formNoValidate
          disabled={spent || state === "busy"}
          onClick={hydrated ? (event) => void generate(event.currentTarget) : undefined}
          className={`inline-flex min-h-11 items-center gap-1.5 rounded-lg border border-brand-200 bg-brand-50 px-3 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-100 disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`}
        >
          <Icon name={state === "busy" ? "loader-circle" : "sparkles"} className={`h-4 w-4 ${state === "busy" ? "animate-spin" : ""}`} />
          {spent ? AI_MESSAGES.limitButton : state === "busy" ? AI_MESSAGES.generating : AI_MESSAGES.generate}
        </button>
      </div>
      <textarea
        id="description"
        name="description"
        rows={6}
        maxLength={DESCRIPTION_MAX}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby="description-count description-ai"
        className={inputClass(Boolean(errors?.length))}
      />
      <div className="mt-1 flex items-start justify-between gap-3 text-xs">
        <p id="description-ai" className="text-slate-600">
          {spent ? AI_MESSAGES.limitReached(current.limit) : `IA: ${current.remainingCalls} de ${current.limit} gerações restantes este mês`}
        </p>
        <p id="description-count" className={`shrink-0 tabular-nums ${bandClass[band]}`} aria-live="polite">
          {text.length}/{DESCRIPTION_MAX}
          {band === "limit" ? " — limite atingido" : ""}
        </p>
      </div>
      {errors?.length ? (
        <p id="description-error" className="mt-1 text-sm text-red-700">
          {errors[0]}
        </p>
      ) : null}
      {notice ? (
        <div
          role={notice.tone === "error" ? "alert" : "status"}
          className={`mt-2 rounded-lg border p-3 text-sm ${notice.tone === "error" ? "border-red-200 bg-red-50 text-red-800" : "border-emerald-200 bg-emerald-50 text-emerald-900"}`}
        >
          <p className="font-semibold">{notice.title}</p>
          <p>{notice.text}</p>
        </div>
      ) : null}
    </div>
  );
}
