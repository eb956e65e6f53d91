/** The city form (spec 02 §2): name and one of the 27 states; Cancelar and 'Salvar Cidade' ('Salvando...' while it posts). */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { FieldShell, FormErrors, inputClass, SaveButton, secondaryButton, TextInput } from "~/components/admin/ui";
import { useLiveForm } from "~/components/useLiveForm";
import { BRAZILIAN_STATES, CITY_NAME_MAX, citySchema } from "~/models/city/city-form";

export function CityForm({
  lastResult,
  defaults,
  locked = false,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  defaults?: { name: string; state: string };
  /** The default city: shown, not renamed. */
  locked?: boolean;
}) {
  const { form, fields, submitting } = useLiveForm(citySchema, {
    lastResult: lastResult ?? undefined,
    defaultValue: defaults ?? { name: "", state: "" },
  });
  const stateInvalid = Boolean(fields.state.errors?.length);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextInput field={fields.name} label="Nome da cidade" required maxLength={CITY_NAME_MAX} placeholder="Ex.: Patrocínio" hint={`Até ${CITY_NAME_MAX} caracteres.`} />
      <FieldShell field={fields.state} label="Estado" required>
        <select
          id={fields.state.id}
          name={fields.state.name}
          key={fields.state.key}
          defaultValue={typeof fields.state.initialValue === "string" ? fields.state.initialValue : ""}
          aria-invalid={stateInvalid || undefined}
          aria-describedby={stateInvalid ? fields.state.errorId : undefined}
          className={inputClass(stateInvalid)}
        >
          <option value="">Selecione o estado</option>
          {BRAZILIAN_STATES.map((state) => (
            <option key={state.code} value={state.code}>
              {state.code} - {state.name}
            </option>
          ))}
        </select>
      </FieldShell>
      {locked ? <p className="text-sm text-amber-800">Esta é a cidade padrão do site: o nome e o estado não podem mudar.</p> : null}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Link to="/admin/cities" className={secondaryButton}>
          Cancelar
        </Link>
        <SaveButton pending={submitting}>Salvar Cidade</SaveButton>
      </div>
    </Form>
  );
}
