/**
 * A price per day (spec 02 §2 'Price setting', §5; the boost's, ADR 037): a number above zero,
 * 'Salvando...' while it posts. `setting` names which one the form sets.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { FormErrors, SaveButton, TextInput } from "~/components/admin/ui";
import { useLiveForm } from "~/components/useLiveForm";
import { AD_BOOST_PRICE_PER_DAY, adPriceSchema, type EditableSetting } from "~/models/setting/setting";

const FIELD_TEXTS: Record<EditableSetting, { label: string; placeholder: string; hint: string }> = {
  ad_price_per_day: {
    label: "Preço por dia de anúncio (R$)",
    placeholder: "2,50",
    hint: "O primeiro dia é grátis; o anúncio paga os dias seguintes. Vale para os anúncios criados daqui em diante.",
  },
  ad_boost_price_per_day: {
    label: "Preço por dia de impulso (R$)",
    placeholder: "3,00",
    hint: "Cada dia de 'Impulsionar' custa este valor. Vale para as cobranças criadas daqui em diante.",
  },
};

export function PriceForm({
  lastResult,
  current,
  action,
  setting = "ad_price_per_day",
}: {
  lastResult?: SubmissionResult<string[]> | null;
  current: string;
  action?: string;
  setting?: EditableSetting;
}) {
  const { form, fields, submitting } = useLiveForm(adPriceSchema, { lastResult: lastResult ?? undefined, defaultValue: { value: current } });
  const texts = FIELD_TEXTS[setting];
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value={setting === AD_BOOST_PRICE_PER_DAY ? "boost_price" : "price"} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextInput
        field={fields.value}
        label={texts.label}
        required
        inputMode="decimal"
        placeholder={texts.placeholder}
        hint={texts.hint}
      />
      <div className="flex justify-end">
        <SaveButton pending={submitting}>Salvar preço</SaveButton>
      </div>
    </Form>
  );
}
