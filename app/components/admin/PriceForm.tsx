/** The per-day ad price (spec 02 §2 'Price setting', §5): a number above zero, 'Salvando...' while it posts. */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { FormErrors, SaveButton, TextInput } from "~/components/admin/ui";
import { useLiveForm } from "~/components/useLiveForm";
import { adPriceSchema } from "~/models/setting/setting";

export function PriceForm({ lastResult, current, action }: { lastResult?: SubmissionResult<string[]> | null; current: string; action?: string }) {
  const { form, fields, submitting } = useLiveForm(adPriceSchema, { lastResult: lastResult ?? undefined, defaultValue: { value: current } });
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="price" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextInput
        field={fields.value}
        label="Preço por dia de anúncio (R$)"
        required
        inputMode="decimal"
        placeholder="2,50"
        hint="O primeiro dia é grátis; o anúncio paga os dias seguintes. Vale para os anúncios criados daqui em diante."
      />
      <div className="flex justify-end">
        <SaveButton pending={submitting}>Salvar preço</SaveButton>
      </div>
    </Form>
  );
}
