/**
 * Step 2, 'Informações': the summary of step 1, the cost, the expiration date, the category's
 * characteristics, free pairs, title, price, WhatsApp and the description. Live validation uses the
 * same schema as the server (adStep2Schema); the characteristics and the minimum date are checked by
 * the server against the category and today.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { focusRing } from "~/components/auth/AuthForm";
import { Icon } from "~/components/Icon";
import { useLiveForm } from "~/components/useLiveForm";
import { formatDateKeyBR } from "~/lib/dates";
import { formatBRL } from "~/lib/money";
import { adStep2Schema, AD_FORM_MESSAGES, TITLE_MAX, type WizardDraftData } from "~/models/ad/ad-form";
import type { CharacteristicDefinition } from "~/models/ad/characteristic-values";
import { chargedDaysFrom, MIN_AD_DAYS } from "~/models/ad/cost";
import type { AiUsage } from "~/models/ai-usage/ai-usage";
import { DescriptionField } from "./DescriptionField";
import { CharacteristicInput, CustomPairs, Field, inputClass, PriceInput, WhatsappInput } from "./fields";
import { RejectionNotice, type Rejection } from "./RejectionNotice";
import { primaryButton, secondaryButton } from "./WizardShell";

type StepData = {
  answers: WizardDraftData;
  categories: { id: number; name: string }[];
  subcategories: { id: number; name: string }[];
  cities: { id: number; name: string; state: string }[];
  definitions: CharacteristicDefinition[];
  pricePerDayCents: number;
  today: string;
  minExpiration: string;
  defaultExpiration: string;
  aiUsage: AiUsage;
};

/** Cost per day, days charged and total for the chosen date (the first day is free; spec 02 §9). */
export function CostBox({ pricePerDayCents, today, expiration }: { pricePerDayCents: number; today: string; expiration: string }) {
  const days = /^\d{4}-\d{2}-\d{2}$/.test(expiration) ? chargedDaysFrom(today, expiration) : 0;
  return (
    <dl className="grid grid-cols-3 gap-2 rounded-xl bg-brand-50 p-3 text-center text-sm text-brand-900" aria-live="polite">
      <div>
        <dt className="text-xs text-brand-800">Custo por dia</dt>
        <dd className="font-semibold">{formatBRL(pricePerDayCents)}</dd>
      </div>
      <div>
        <dt className="text-xs text-brand-800">Dias cobrados</dt>
        <dd className="font-semibold">{days}</dd>
      </div>
      <div>
        <dt className="text-xs text-brand-800">Valor total</dt>
        <dd className="text-base font-bold">{days ? formatBRL(days * pricePerDayCents) : "R$ 0,00"}</dd>
      </div>
    </dl>
  );
}

export function StepDetails({
  data,
  lastResult,
  rejection,
  formError,
}: {
  data: StepData;
  lastResult?: SubmissionResult<string[]>;
  rejection: Rejection | null;
  formError: string | null;
}) {
  const { answers } = data;
  const navigation = useNavigation();
  const { form, fields } = useLiveForm(adStep2Schema, { lastResult });
  const [expiration, setExpiration] = useState(answers.expirationDate || data.defaultExpiration);
  const category = data.categories.find((c) => c.id === answers.categoryId);
  const subcategory = data.subcategories.find((s) => s.id === answers.subcategoryId);
  const city = data.cities.find((c) => c.id === answers.cityId);
  const serverErrors = lastResult?.error ?? {};
  const creating = navigation.state !== "idle" && navigation.formData?.get("intent") === "create";

  return (
    <Form method="post" action="/create-ad?step=2" {...getFormProps(form)} className="space-y-6">
      <section aria-label="Resumo" className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-xl border border-slate-200 p-3 text-sm text-slate-700">
        <span>
          <strong className="text-slate-900">{answers.adType}</strong> · {category?.name}
          {subcategory ? ` › ${subcategory.name}` : ""}
        </span>
        {city ? (
          <span className="inline-flex items-center gap-1">
            <Icon name="map-pin" className="h-4 w-4" /> {city.name} - {city.state}
          </span>
        ) : null}
        <button type="submit" name="intent" value="back" formNoValidate className={`-my-2 ml-auto inline-flex min-h-11 items-center rounded px-3 text-sm font-semibold text-brand-700 hover:underline ${focusRing}`}>
          Alterar
        </button>
      </section>

      {rejection ? <RejectionNotice rejection={rejection} /> : null}
      {formError || form.errors?.length ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {formError ?? form.errors?.[0]}
        </p>
      ) : null}

      <Field id={fields.title.id} label="Título" hint={`Opcional, até ${TITLE_MAX} caracteres. Ex.: "iPhone 13 128 GB azul". Em branco: "${answers.adType} - ${category?.name ?? ""}".`} errors={fields.title.errors}>
        <input
          id={fields.title.id}
          name={fields.title.name}
          defaultValue={answers.title ?? ""}
          maxLength={TITLE_MAX}
          aria-describedby={`${fields.title.id}-hint`}
          className={inputClass(Boolean(fields.title.errors?.length))}
        />
      </Field>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={fields.expirationDate.id} label="Data de expiração" required hint={AD_FORM_MESSAGES.expirationMin} errors={fields.expirationDate.errors}>
          <input
            id={fields.expirationDate.id}
            name={fields.expirationDate.name}
            type="date"
            min={data.minExpiration}
            value={expiration}
            onChange={(event) => setExpiration(event.currentTarget.value)}
            aria-describedby={`${fields.expirationDate.id}-hint`}
            className={inputClass(Boolean(fields.expirationDate.errors?.length))}
          />
        </Field>
        <div>
          <p className="mb-1 text-sm font-medium text-slate-800">Custo do anúncio</p>
          <CostBox pricePerDayCents={data.pricePerDayCents} today={data.today} expiration={expiration} />
          <p className="mt-1 text-xs text-slate-600">
            O primeiro dia é grátis. Mínimo de {MIN_AD_DAYS} dias{/^\d{4}-\d{2}-\d{2}$/.test(expiration) ? `; no ar até ${formatDateKeyBR(expiration)}` : ""}.
          </p>
        </div>
      </div>

      {data.definitions.length ? (
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">Características</legend>
          <div className="mt-2 grid gap-4 sm:grid-cols-2">
            {data.definitions.map((definition) => (
              <CharacteristicInput
                key={definition.name}
                definition={definition}
                value={answers.characteristics?.[definition.name] ?? ""}
                error={serverErrors[`characteristics.${definition.name}`]?.[0]}
              />
            ))}
          </div>
        </fieldset>
      ) : null}

      <CustomPairs initial={answers.customPairs ?? []} />

      <div className="grid gap-4 sm:grid-cols-2">
        <PriceInput id={fields.price.id} name={fields.price.name} defaultCents={answers.priceCents ?? null} errors={fields.price.errors} />
        <WhatsappInput id={fields.whatsapp.id} name={fields.whatsapp.name} defaultValue={answers.whatsapp ?? ""} errors={fields.whatsapp.errors} />
      </div>

      <DescriptionField
        defaultValue={answers.description ?? ""}
        errors={fields.description.errors}
        usage={data.aiUsage}
        context={{ adType: answers.adType ?? "Vender", categoryName: category?.name ?? "", subcategoryName: subcategory?.name ?? null }}
      />

      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:justify-between">
        <button type="submit" name="intent" value="back" formNoValidate className={secondaryButton}>
          <Icon name="arrow-left" className="h-5 w-5" />
          Voltar
        </button>
        <div className="flex flex-col-reverse gap-3 sm:flex-row">
          <button type="submit" name="intent" value="photos" className={secondaryButton}>
            <Icon name="image-plus" className="h-5 w-5" />
            Add Imagens
          </button>
          <button type="submit" name="intent" value="create" disabled={creating} className={primaryButton}>
            {creating ? <Icon name="loader-circle" className="h-5 w-5 animate-spin" /> : null}
            {creating ? "Criando..." : "Criar Anúncio"}
          </button>
        </div>
      </div>
    </Form>
  );
}
