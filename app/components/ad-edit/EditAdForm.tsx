/**
 * The edit form of /edit-ad/{id} (spec 02 §2, §4, §5): title, type, category and subcategory, the
 * category's characteristics, price, WhatsApp, description with its counter and AI help, status and
 * expiration date with the cost box. The expiration is locked while the ad is active; the status is
 * locked while it awaits payment or is being reactivated. Reuses the wizard's inputs.
 *
 * Without JavaScript the subcategories come grouped by category and a changed category's
 * characteristics appear after the first save attempt; with it they follow the chosen category.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { DescriptionField } from "~/components/ad-form/DescriptionField";
import { CharacteristicInput, Field, inputClass, PriceInput, WhatsappInput } from "~/components/ad-form/fields";
import { RejectionNotice, type Rejection } from "~/components/ad-form/RejectionNotice";
import { CostBox } from "~/components/ad-form/StepDetails";
import { primaryButton, secondaryButton } from "~/components/ad-form/WizardShell";
import { Icon } from "~/components/Icon";
import { useHydrated } from "~/components/use-hydrated";
import { useLiveForm } from "~/components/useLiveForm";
import { formatDateKeyBR } from "~/lib/dates";
import { AD_STATUS_LABELS, AD_TYPES, type AdType } from "~/models/ad/ad";
import { adEditSchema, type EditableAd } from "~/models/ad/ad-edit";
import { AD_FORM_MESSAGES, generatedTitle, parsePriceInput, TITLE_MAX } from "~/models/ad/ad-form";
import type { CharacteristicDefinition } from "~/models/ad/characteristic-values";
import { MIN_AD_DAYS } from "~/models/ad/cost";
import { MANAGE_MESSAGES, type EditConstraints } from "~/models/ad/manage";
import type { AiUsage } from "~/models/ai-usage/ai-usage";

export type EditFormData = {
  ad: EditableAd;
  constraints: EditConstraints;
  categories: { id: number; name: string; label: string }[];
  subcategories: { id: number; name: string; categoryId: number }[];
  definitions: CharacteristicDefinition[];
  pricePerDayCents: number;
  today: string;
  minExpiration: string;
  aiUsage: AiUsage;
};

export function EditAdForm({
  data,
  action,
  lastResult,
  rejection,
  generated,
  saving,
}: {
  data: EditFormData;
  action: string;
  lastResult?: SubmissionResult<string[]>;
  rejection: Rejection | null;
  generated: string | null;
  saving: boolean;
}) {
  const { ad, constraints } = data;
  const hydrated = useHydrated();
  const { form, fields } = useLiveForm(adEditSchema, { lastResult });
  const initial = (value: unknown, fallback: string) => (typeof value === "string" ? value : fallback);
  const [categoryId, setCategoryId] = useState(Number(initial(fields.categoryId.initialValue, String(ad.categoryId))));
  const [definitions, setDefinitions] = useState(data.definitions);
  const [expiration, setExpiration] = useState(initial(fields.expirationDate.initialValue, ad.expirationDay));
  const typedCharacteristics = (fields.characteristics.initialValue ?? null) as Record<string, string> | null;

  // With JavaScript the characteristics follow the chosen category at once.
  useEffect(() => {
    if (!hydrated || categoryId === ad.categoryId) {
      setDefinitions(data.definitions);
      return;
    }
    let cancelled = false;
    fetch(`/api/characteristics?categoryId=${categoryId}`)
      .then((response) => (response.ok ? (response.json() as Promise<CharacteristicDefinition[]>) : []))
      .then((list) => {
        if (!cancelled) setDefinitions(list);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [hydrated, categoryId, ad.categoryId, data.definitions]);

  const category = data.categories.find((c) => c.id === categoryId);
  const ownSubcategories = data.subcategories.filter((s) => s.categoryId === categoryId);
  const subcategoryOptions = hydrated ? ownSubcategories : data.subcategories;
  const adType = initial(fields.adType.initialValue, ad.adType) as AdType;
  const priceText = initial(fields.price.initialValue, "");
  const typedPrice = priceText ? parsePriceInput(priceText) : null;
  const defaultCents = fields.price.initialValue === undefined ? ad.priceCents : typeof typedPrice === "string" ? null : typedPrice;
  const serverErrors = lastResult?.error ?? {};
  const statusHint = constraints.reactivating
    ? "Ao salvar, o status será alterado para 'Aguardando Pagamento'."
    : constraints.statusLocked
      ? "Definido pelo pagamento."
      : undefined;

  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-6">
      {/* The form's default button: Enter in a field saves (without JavaScript the AI button is a submit button too). */}
      <button type="submit" name="intent" value="save" tabIndex={-1} aria-hidden="true" className="sr-only">
        Salvar
      </button>
      {rejection ? <RejectionNotice rejection={rejection} /> : null}
      {form.errors?.length ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {form.errors[0]}
        </p>
      ) : null}

      <Field id={fields.title.id} label="Título" hint={`Até ${TITLE_MAX} caracteres. Em branco: "${generatedTitle(adType, category?.name ?? "")}".`} errors={fields.title.errors}>
        <input
          id={fields.title.id}
          name={fields.title.name}
          defaultValue={initial(fields.title.initialValue, ad.title)}
          maxLength={TITLE_MAX}
          aria-describedby={`${fields.title.id}-hint`}
          className={inputClass(Boolean(fields.title.errors?.length))}
        />
      </Field>

      <div className="grid gap-4 sm:grid-cols-3">
        <Field id={fields.adType.id} label="Tipo" required errors={fields.adType.errors}>
          <select id={fields.adType.id} name={fields.adType.name} defaultValue={adType} className={inputClass(Boolean(fields.adType.errors?.length))}>
            {AD_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </Field>
        <Field id={fields.categoryId.id} label="Categoria" required errors={fields.categoryId.errors}>
          <select
            id={fields.categoryId.id}
            name={fields.categoryId.name}
            value={categoryId}
            onChange={(event) => setCategoryId(Number(event.currentTarget.value))}
            className={inputClass(Boolean(fields.categoryId.errors?.length))}
          >
            {data.categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id={fields.subcategoryId.id} label={category?.label || "Sub Categoria"} errors={fields.subcategoryId.errors ?? serverErrors.subcategoryId}>
          <select
            // Remounted when the options change (hydration, another category), so the default applies again.
            key={`${categoryId}-${hydrated}`}
            id={fields.subcategoryId.id}
            name={fields.subcategoryId.name}
            defaultValue={initial(fields.subcategoryId.initialValue, ad.subcategoryId ? String(ad.subcategoryId) : "")}
            disabled={hydrated && ownSubcategories.length === 0}
            className={inputClass(Boolean(fields.subcategoryId.errors?.length))}
          >
            <option value="">{hydrated && ownSubcategories.length === 0 ? "Nenhuma" : "Selecione..."}</option>
            {hydrated
              ? subcategoryOptions.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))
              : data.categories.map((c) => {
                  const subs = subcategoryOptions.filter((s) => s.categoryId === c.id);
                  return subs.length ? (
                    <optgroup key={c.id} label={c.name}>
                      {subs.map((s) => (
                        <option key={s.id} value={s.id}>
                          {s.name}
                        </option>
                      ))}
                    </optgroup>
                  ) : null;
                })}
          </select>
        </Field>
      </div>

      {definitions.length ? (
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">Características</legend>
          <div className="mt-2 grid gap-4 sm:grid-cols-2">
            {definitions.map((definition) => (
              <CharacteristicInput
                key={`${categoryId}-${definition.name}`}
                definition={definition}
                value={typedCharacteristics?.[definition.name] ?? (categoryId === ad.categoryId ? (ad.characteristics[definition.name] ?? "") : "")}
                error={serverErrors[`characteristics.${definition.name}`]?.[0]}
              />
            ))}
          </div>
        </fieldset>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-2">
        <PriceInput id={fields.price.id} name={fields.price.name} defaultCents={defaultCents} errors={fields.price.errors} />
        <WhatsappInput id={fields.whatsapp.id} name={fields.whatsapp.name} defaultValue={initial(fields.whatsapp.initialValue, ad.whatsapp)} errors={fields.whatsapp.errors} />
      </div>

      <DescriptionField
        key={generated ?? "description"}
        defaultValue={generated ?? initial(fields.description.initialValue, ad.description)}
        errors={fields.description.errors}
        usage={data.aiUsage}
        context={{ adType, categoryName: category?.name ?? "", subcategoryName: data.subcategories.find((s) => s.id === ad.subcategoryId)?.name ?? null }}
      />

      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={fields.status.id} label="Status" required={!constraints.statusLocked} hint={statusHint} errors={fields.status.errors ?? serverErrors.status}>
          <select
            id={fields.status.id}
            name={constraints.statusLocked ? undefined : fields.status.name}
            defaultValue={constraints.statusLocked ? constraints.statusOptions[0] : initial(fields.status.initialValue, ad.storedStatus)}
            disabled={constraints.statusLocked}
            aria-describedby={statusHint ? `${fields.status.id}-hint` : undefined}
            className={`${inputClass(Boolean(fields.status.errors?.length))} disabled:bg-slate-100 disabled:text-slate-600`}
          >
            {constraints.statusOptions.map((status) => (
              <option key={status} value={status}>
                {AD_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id={fields.expirationDate.id}
          label="Data de expiração"
          required={!constraints.expirationLocked}
          hint={constraints.expirationLocked ? `Para mudar a data, ${MANAGE_MESSAGES.expirationLocked}.` : AD_FORM_MESSAGES.expirationMin}
          errors={fields.expirationDate.errors ?? serverErrors.expirationDate}
        >
          <input
            id={fields.expirationDate.id}
            name={constraints.expirationLocked ? undefined : fields.expirationDate.name}
            type="date"
            min={constraints.expirationLocked ? undefined : data.minExpiration}
            value={expiration}
            onChange={(event) => setExpiration(event.currentTarget.value)}
            disabled={constraints.expirationLocked}
            aria-describedby={`${fields.expirationDate.id}-hint`}
            className={`${inputClass(Boolean(fields.expirationDate.errors?.length))} disabled:bg-slate-100 disabled:text-slate-600`}
          />
        </Field>
      </div>

      {constraints.leadsToPayment ? (
        <div>
          <p className="mb-1 text-sm font-medium text-slate-800">{constraints.reactivating ? "Custo do novo período" : "Custo do anúncio"}</p>
          <CostBox pricePerDayCents={data.pricePerDayCents} today={data.today} expiration={expiration} />
          <p className="mt-1 text-xs text-slate-600">
            O primeiro dia é grátis. Mínimo de {MIN_AD_DAYS} dias{/^\d{4}-\d{2}-\d{2}$/.test(expiration) ? `; no ar até ${formatDateKeyBR(expiration)}` : ""}. Depois de
            salvar, você vai para o pagamento.
          </p>
        </div>
      ) : null}

      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end">
        <Link to="/dashboard" className={secondaryButton}>
          Cancelar
        </Link>
        <button type="submit" name="intent" value="save" disabled={saving} className={primaryButton}>
          {saving ? <Icon name="loader-circle" className="h-5 w-5 animate-spin" /> : <Icon name="check" className="h-5 w-5" />}
          {saving ? "Salvando..." : constraints.leadsToPayment ? "Salvar e ir para o pagamento" : "Salvar alterações"}
        </button>
      </div>
    </Form>
  );
}
