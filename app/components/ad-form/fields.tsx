/**
 * The ad form's inputs: a labelled field with its error, the characteristic inputs by data type, the
 * price and WhatsApp masks (JavaScript only; typed text works without it), and the free name/value
 * pairs (added and removed in place with JavaScript, by posting the form without it).
 */
import { useEffect, useRef, useState, type ReactNode } from "react";
import { focusRing } from "~/components/auth/AuthForm";
import { Icon } from "~/components/Icon";
import { useHydrated } from "~/components/use-hydrated";
import { formatBRL, priceFromDigits, PRICE_TO_BE_AGREED } from "~/lib/money";
import { formatWhatsapp } from "~/lib/whatsapp";
import { NO_WHATSAPP_WARNING } from "~/models/ad/contact-warning";
import { CUSTOM_NAME_MAX, CUSTOM_VALUE_MAX, MAX_CUSTOM_PAIRS, parsePriceInput } from "~/models/ad/ad-form";
import { DEFAULT_TEXT_LIMIT, type CharacteristicDefinition } from "~/models/ad/characteristic-values";

export const inputClass = (invalid: boolean) =>
  `block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 ${focusRing} focus-visible:ring-offset-0 ${
    invalid ? "border-red-500" : "border-slate-300"
  }`;

export function Field({
  id,
  label,
  required,
  hint,
  errors,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  errors?: string[] | null;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
        {required ? (
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
        {required ? <span className="sr-only"> (obrigatório)</span> : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {errors?.length ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {errors[0]}
        </p>
      ) : null}
    </div>
  );
}

/** One characteristic of the category, drawn by its data type; its value is posted as `characteristics.{name}`. */
export function CharacteristicInput({ definition, value, error }: { definition: CharacteristicDefinition; value: string; error?: string }) {
  const id = `characteristic-${definition.name}`;
  const name = `characteristics.${definition.name}`;
  const described = [error ? `${id}-error` : null, `${id}-hint`].filter(Boolean).join(" ");
  const common = { id, name, defaultValue: value, required: definition.isRequired, "aria-invalid": error ? true : undefined, "aria-describedby": described };
  let hint: string | undefined;
  let control: ReactNode;
  switch (definition.dataType) {
    case "number":
      hint = [definition.minValue !== null ? `mínimo ${definition.minValue}` : null, definition.maxValue !== null ? `máximo ${definition.maxValue}` : null]
        .filter(Boolean)
        .join(", ");
      control = <input {...common} type="text" inputMode="decimal" className={inputClass(Boolean(error))} />;
      break;
    case "date":
      control = <input {...common} type="date" className={inputClass(Boolean(error))} />;
      break;
    case "boolean":
      control = (
        <select {...common} className={inputClass(Boolean(error))}>
          <option value="">Não informado</option>
          <option value="true">Sim</option>
          <option value="false">Não</option>
        </select>
      );
      break;
    case "select":
      control = (
        <select {...common} className={inputClass(Boolean(error))}>
          <option value="">Selecione...</option>
          {(definition.options ?? []).map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      );
      break;
    default: {
      const limit = definition.charLimit ?? DEFAULT_TEXT_LIMIT;
      hint = `até ${limit} caracteres`;
      control = <input {...common} type="text" maxLength={limit} className={inputClass(Boolean(error))} />;
    }
  }
  return (
    <Field id={id} label={definition.label} required={definition.isRequired} hint={hint || undefined} errors={error ? [error] : null}>
      {control}
    </Field>
  );
}

const PRICE_LIMITS = "Em branco: 'A combinar'. Máximo R$ 9.000.000,00.";

/**
 * Price. With JavaScript, the spec's mask (02 §5): only digits are kept and they are the cents, so
 * typing 1, 2, 3 gives R$ 0,01, R$ 0,12, R$ 1,23. Without it the field is plain text the server reads as
 * reais ("1500", "1.500" and "1.500,00" are all R$ 1.500,00), and the hint says so. Under the field,
 * the value as it will be published, announced politely while typing; after a post without
 * JavaScript it shows how the server read what was typed.
 */
export function PriceInput({ id, name, defaultCents, errors }: { id: string; name: string; defaultCents: number | null; errors?: string[] | null }) {
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(defaultCents ? formatBRL(defaultCents) : "");
  const cents = priceFromDigits(text);

  // Typed before the scripts came, the text was written as reais (the hint said so): it is turned into
  // the mask's own form before the early-input replay sends it through the mask, which would read
  // "1500" as R$ 15,00. What the server would refuse is left for the mask and the validation.
  useEffect(() => {
    const field = input.current;
    if (!field || field.value === field.defaultValue) return;
    const read = parsePriceInput(field.value);
    if (typeof read !== "number") return;
    field.value = formatBRL(read);
    setText(field.value);
  }, []);

  return (
    <Field
      id={id}
      label="Preço"
      hint={hydrated ? `Digite só os números: os dois últimos são os centavos (150000 vira R$ 1.500,00). ${PRICE_LIMITS}` : `Em reais, como 1500 ou 1.500,00 (centavos depois da vírgula). ${PRICE_LIMITS}`}
      errors={errors}
    >
      <input
        ref={input}
        id={id}
        name={name}
        type="text"
        inputMode={hydrated ? "numeric" : "decimal"}
        autoComplete="off"
        placeholder="R$ 0,00"
        // Controlled from the start: without JavaScript the server-rendered value stays editable as plain text.
        value={text}
        onChange={(event) => {
          const typed = priceFromDigits(event.currentTarget.value);
          setText(typed ? formatBRL(typed) : "");
        }}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={`${id}-hint ${id}-preview${errors?.length ? ` ${id}-error` : ""}`}
        className={inputClass(Boolean(errors?.length))}
      />
      <p id={`${id}-preview`} aria-live="polite" className="mt-1 text-sm text-slate-800">
        Preço do anúncio: <strong className="font-semibold">{cents ? formatBRL(cents) : PRICE_TO_BE_AGREED}</strong>
      </p>
    </Field>
  );
}

export function WhatsappInput({ id, name, defaultValue, errors }: { id: string; name: string; defaultValue: string; errors?: string[] | null }) {
  const [text, setText] = useState(defaultValue);
  return (
    <Field id={id} label="WhatsApp" hint="Opcional. (DD) NNNN-NNNN ou (DD) N NNNN-NNNN" errors={errors}>
      <input
        id={id}
        name={name}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="(34) 9 9999-9999"
        value={text}
        onChange={(event) => setText(formatWhatsapp(event.currentTarget.value))}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={`${id}-hint${errors?.length ? ` ${id}-error` : ""}${text.trim() ? "" : ` ${id}-warning`}`}
        className={inputClass(Boolean(errors?.length))}
      />
      {/* Said before the seller pays: without a number buyers reach the seller by the site's messages only. */}
      {text.trim() ? null : (
        <p id={`${id}-warning`} className="mt-1 flex gap-1.5 text-sm font-medium text-amber-900" data-testid="no-whatsapp-warning">
          <Icon name="triangle-alert" className="mt-0.5 h-4 w-4 shrink-0" />
          {NO_WHATSAPP_WARNING}
        </p>
      )}
    </Field>
  );
}

type Pair = { name: string; value: string };

/** 'Informações extras': free name/value pairs. Without JavaScript the buttons post the form (intent add-pair / remove-pair:i). */
export function CustomPairs({ initial }: { initial: Pair[] }) {
  const hydrated = useHydrated();
  const [rows, setRows] = useState<(Pair & { key: number })[]>(() => initial.map((pair, key) => ({ ...pair, key })));
  const [nextKey, setNextKey] = useState(initial.length);
  const full = rows.length >= MAX_CUSTOM_PAIRS;
  return (
    <fieldset id="informacoes-extras" className="scroll-mt-20">
      <legend className="text-sm font-semibold text-slate-900">Informações extras</legend>
      <p className="mt-1 text-xs text-slate-600">Algo a mais que o comprador precisa saber? Ex.: "Garantia" — "6 meses".</p>
      <div className="mt-2 space-y-2">
        {rows.map((row, index) => (
          <div key={row.key} className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)_auto] items-center gap-2">
            <input
              name="customName"
              defaultValue={row.name}
              maxLength={CUSTOM_NAME_MAX}
              aria-label={`Nome da informação ${index + 1}`}
              placeholder="Nome"
              className={inputClass(false)}
            />
            <input
              name="customValue"
              defaultValue={row.value}
              maxLength={CUSTOM_VALUE_MAX}
              aria-label={`Valor da informação ${index + 1}`}
              placeholder="Valor"
              className={inputClass(false)}
            />
            <button
              type={hydrated ? "button" : "submit"}
              name={hydrated ? undefined : "intent"}
              value={hydrated ? undefined : `remove-pair:${index}`}
              formNoValidate
              onClick={hydrated ? () => setRows(rows.filter((r) => r.key !== row.key)) : undefined}
              aria-label={`Remover informação ${index + 1}`}
              className={`rounded-lg p-2.5 text-slate-600 hover:bg-red-50 hover:text-red-700 ${focusRing}`}
            >
              <Icon name="trash-2" className="h-5 w-5" />
            </button>
          </div>
        ))}
      </div>
      <button
        type={hydrated ? "button" : "submit"}
        name={hydrated ? undefined : "intent"}
        value={hydrated ? undefined : "add-pair"}
        formNoValidate
        disabled={full}
        onClick={
          hydrated
            ? () => {
                setRows([...rows, { name: "", value: "", key: nextKey }]);
                setNextKey(nextKey + 1);
              }
            : undefined
        }
        className={`mt-2 inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-50 ${focusRing}`}
      >
        <Icon name="plus" className="h-4 w-4" />
        {rows.length ? "Adicionar outra" : "Adicionar informação"}
      </button>
    </fieldset>
  );
}
