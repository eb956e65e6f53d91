/**
 * The reference-data forms of the admin panel (spec 02 §2, §5): category (with the 12 icons drawn
 * as icons), subcategory and characteristic. Each is a plain <Form method="post"> validated live by the
 * shared schema (conform) and again on the server; the pages decide where it posts and what it does.
 */
import { getFormProps, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { CategoryIcon } from "~/components/CategoryIcon";
import { CategoryOptions } from "~/components/LabelledSelect";
import { useLiveForm } from "~/components/useLiveForm";
import { Checkbox, FieldShell, FormErrors, inputClass, SaveButton, TextArea, TextInput, secondaryButton } from "~/components/admin/ui";
import {
  ADMIN_CATEGORY_ICONS,
  CHAR_LIMIT_MAX,
  DATA_TYPE_LABELS,
  DESCRIPTION_MAX,
  HELPER_MAX,
  ICON_LABELS,
  LABEL_MAX,
  NAME_MAX,
  categorySchema,
  characteristicSchema,
  subcategorySchema,
} from "~/models/category/category-form";
import { CHARACTERISTIC_DATA_TYPES } from "~/models/category/category";

type Result = SubmissionResult<string[]> | undefined | null;

/** Pending only for the form that posted: a page may hold several forms (told apart by `intent`). */
export function useFormPending(submitting: boolean, intent?: string) {
  const navigation = useNavigation();
  if (!submitting) return false;
  return intent ? navigation.formData?.get("intent") === intent : true;
}

/** What every reference form takes from its page: the last submission, where it posts and its buttons. */
type ReferenceFormProps = {
  lastResult?: Result;
  cancel?: string;
  submitLabel: string;
  action?: string;
  /** Tells this form's post apart on a page holding several forms. */
  intent?: string;
};

/** Categories to choose from; without them the form's category is fixed to its defaults. */
type CategoryChoices = { id: number; name: string }[];

/** The post, its intent, the form-level errors, the fields, then 'Cancelar' and the submit button. */
function ReferenceFormFrame<Schema extends Record<string, unknown>>({
  form,
  submitting,
  action,
  intent,
  cancel,
  submitLabel,
  className = "space-y-4",
  children,
}: Omit<ReferenceFormProps, "lastResult"> & { form: FormMetadata<Schema, string[]>; submitting: boolean; className?: string; children: ReactNode }) {
  const pending = useFormPending(submitting, intent);
  return (
    <Form method="post" action={action} {...getFormProps(form)} className={className}>
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      {children}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        {cancel ? (
          <Link to={cancel} className={secondaryButton}>
            Cancelar
          </Link>
        ) : null}
        <SaveButton pending={pending}>{submitLabel}</SaveButton>
      </div>
    </Form>
  );
}

// ---------------------------------------------------------------------------------------------
// Category
// ---------------------------------------------------------------------------------------------

export type CategoryDefaults = { name: string; label: string; description: string; icon: string; isActive: boolean };

export function CategoryForm({
  lastResult,
  defaults,
  compact = false,
  ...frame
}: ReferenceFormProps & {
  defaults?: CategoryDefaults;
  compact?: boolean;
}) {
  const { form, fields, submitting } = useLiveForm(categorySchema, {
    lastResult: lastResult ?? undefined,
    defaultValue: defaults
      ? { name: defaults.name, label: defaults.label, description: defaults.description, icon: defaults.icon, isActive: defaults.isActive ? "on" : undefined }
      : { icon: "home", isActive: "on" },
  });
  const current = defaults?.icon;
  // The 12 choices of spec 02 §3; a category seeded with another known icon keeps it as a 13th choice.
  const icons: string[] = current && !(ADMIN_CATEGORY_ICONS as readonly string[]).includes(current) ? [...ADMIN_CATEGORY_ICONS, current] : [...ADMIN_CATEGORY_ICONS];
  const selected = typeof fields.icon.initialValue === "string" ? fields.icon.initialValue : "home";
  return (
    <ReferenceFormFrame form={form} submitting={submitting} {...frame}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput field={fields.name} label="Nome" required maxLength={NAME_MAX} placeholder="Ex.: Veículos" />
        <TextInput field={fields.label} label="Label" maxLength={LABEL_MAX} placeholder="Sub Categoria" hint="Como o formulário chama as subcategorias (ex.: Tipo de veículo). Opcional." />
      </div>
      {compact ? null : <TextArea field={fields.description} label="Descrição" maxLength={DESCRIPTION_MAX} />}
      <fieldset aria-describedby={fields.icon.errors?.length ? fields.icon.errorId : undefined}>
        <legend className="mb-1 block text-sm font-medium text-slate-800">Ícone</legend>
        <div key={fields.icon.key} className="grid grid-cols-4 gap-2 sm:grid-cols-6">
          {icons.map((icon) => {
            const label = (ICON_LABELS as Record<string, string>)[icon] ?? "Ícone atual";
            return (
              <label
                key={icon}
                title={label}
                className="flex min-h-16 cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border border-slate-200 bg-white p-2 text-slate-700 hover:border-brand-400 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-800 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
              >
                <input type="radio" name={fields.icon.name} value={icon} defaultChecked={icon === selected} className="sr-only" />
                <CategoryIcon icon={icon} className="h-6 w-6" />
                <span className="text-[11px] leading-tight">{label}</span>
              </label>
            );
          })}
        </div>
        {fields.icon.errors?.length ? (
          <p id={fields.icon.errorId} className="mt-1 text-sm text-red-700">
            {fields.icon.errors[0]}
          </p>
        ) : null}
      </fieldset>
      <Checkbox field={fields.isActive} label="Ativa (aparece para quem anuncia e para os visitantes)" />
    </ReferenceFormFrame>
  );
}

// ---------------------------------------------------------------------------------------------
// Subcategory
// ---------------------------------------------------------------------------------------------

export type SubcategoryDefaults = { name: string; description: string; isActive: boolean; categoryId: number };

export function SubcategoryForm({
  lastResult,
  defaults,
  categories,
  ...frame
}: ReferenceFormProps & {
  defaults: Partial<SubcategoryDefaults> & { categoryId?: number };
  categories?: CategoryChoices;
}) {
  const { form, fields, submitting } = useLiveForm(subcategorySchema, {
    lastResult: lastResult ?? undefined,
    defaultValue: {
      name: defaults.name ?? "",
      description: defaults.description ?? "",
      isActive: defaults.isActive === false ? undefined : "on",
      categoryId: defaults.categoryId ? String(defaults.categoryId) : "",
    },
  });
  return (
    <ReferenceFormFrame form={form} submitting={submitting} {...frame}>
      <CategoryField field={fields.categoryId} categories={categories} fixedId={defaults.categoryId} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput field={fields.name} label="Nome da subcategoria" required maxLength={NAME_MAX} placeholder="Ex.: Carros" />
        <TextInput field={fields.description} label="Descrição" maxLength={DESCRIPTION_MAX} />
      </div>
      <Checkbox field={fields.isActive} label="Ativa" />
    </ReferenceFormFrame>
  );
}

/** The category of a subcategory or characteristic: a select when `categories` are offered, else `fixedId` (the page's category) as it is. */
function CategoryField({
  field,
  categories,
  fixedId,
}: {
  field: Parameters<typeof FieldShell>[0]["field"];
  categories?: CategoryChoices;
  fixedId?: number;
}) {
  if (!categories) return <input type="hidden" name={field.name} value={fixedId ?? ""} />;
  const invalid = Boolean(field.errors?.length);
  return (
    <FieldShell field={field} label="Categoria" required>
      <select
        id={field.id}
        name={field.name}
        key={field.key}
        defaultValue={typeof field.initialValue === "string" ? field.initialValue : ""}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? field.errorId : undefined}
        className={inputClass(invalid)}
      >
        <option value="">Selecione...</option>
        <CategoryOptions categories={categories} />
      </select>
    </FieldShell>
  );
}

// ---------------------------------------------------------------------------------------------
// Characteristic
// ---------------------------------------------------------------------------------------------

export type CharacteristicDefaults = {
  name: string;
  label: string;
  labelValueDefault: string | null;
  helper: string | null;
  dataType: string;
  options: string[] | null;
  minValue: number | null;
  maxValue: number | null;
  charLimit: number | null;
  isRequired: boolean;
  categoryId: number;
};

// The type-specific fields follow the chosen data type with CSS alone (:has on the form), so they
// switch with JavaScript off too; a browser without :has shows them all, each saying when it counts.
const hideUnless = {
  number:
    "group-has-[option[value=text]:checked]/char:hidden group-has-[option[value=date]:checked]/char:hidden group-has-[option[value=boolean]:checked]/char:hidden group-has-[option[value=select]:checked]/char:hidden",
  text: "group-has-[option[value=number]:checked]/char:hidden group-has-[option[value=date]:checked]/char:hidden group-has-[option[value=boolean]:checked]/char:hidden group-has-[option[value=select]:checked]/char:hidden",
  select:
    "group-has-[option[value=number]:checked]/char:hidden group-has-[option[value=date]:checked]/char:hidden group-has-[option[value=boolean]:checked]/char:hidden group-has-[option[value=text]:checked]/char:hidden",
};

/**
 * `mode` "create": select options comma-separated in one line; "edit": one per line (spec 02 §2).
 * Either way the server reads both (an option never holds a comma).
 */
export function CharacteristicForm({
  mode,
  lastResult,
  defaults,
  categories,
  ...frame
}: ReferenceFormProps & {
  mode: "create" | "edit";
  defaults: Partial<CharacteristicDefaults> & { categoryId?: number };
  categories?: CategoryChoices;
}) {
  const separator = mode === "create" ? ", " : "\n";
  const { form, fields, submitting } = useLiveForm(characteristicSchema, {
    lastResult: lastResult ?? undefined,
    defaultValue: {
      name: defaults.name ?? "",
      label: defaults.label ?? "",
      labelValueDefault: defaults.labelValueDefault ?? "",
      helper: defaults.helper ?? "",
      dataType: defaults.dataType ?? "text",
      options: (defaults.options ?? []).join(separator),
      minValue: defaults.minValue === null || defaults.minValue === undefined ? "" : String(defaults.minValue),
      maxValue: defaults.maxValue === null || defaults.maxValue === undefined ? "" : String(defaults.maxValue),
      charLimit: defaults.charLimit === null || defaults.charLimit === undefined ? "" : String(defaults.charLimit),
      isRequired: defaults.isRequired ? "on" : undefined,
      categoryId: defaults.categoryId ? String(defaults.categoryId) : "",
    },
  });
  const dataTypeInvalid = Boolean(fields.dataType.errors?.length);
  return (
    <ReferenceFormFrame form={form} submitting={submitting} {...frame} className="group/char space-y-4">
      <CategoryField field={fields.categoryId} categories={categories} fixedId={defaults.categoryId} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput field={fields.label} label="Label" required maxLength={LABEL_MAX} placeholder="Ex.: Quilometragem" hint="O que o formulário do anúncio mostra." />
        <TextInput
          field={fields.name}
          label="Nome (chave)"
          required
          maxLength={NAME_MAX}
          placeholder="Ex.: quilometragem"
          hint={mode === "edit" ? "Mudar a chave leva junto os valores já preenchidos nos anúncios." : "A chave do valor em cada anúncio."}
        />
      </div>
      <FieldShell field={fields.dataType} label="Tipo de dado" required>
        <select
          id={fields.dataType.id}
          name={fields.dataType.name}
          key={fields.dataType.key}
          defaultValue={typeof fields.dataType.initialValue === "string" ? fields.dataType.initialValue : "text"}
          aria-invalid={dataTypeInvalid || undefined}
          className={inputClass(dataTypeInvalid)}
        >
          {CHARACTERISTIC_DATA_TYPES.map((type) => (
            <option key={type} value={type}>
              {DATA_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </FieldShell>

      <div className={`grid gap-4 sm:grid-cols-2 ${hideUnless.number}`}>
        <TextInput field={fields.minValue} label="Valor mínimo" inputMode="decimal" hint="Só para o tipo Número. Opcional." />
        <TextInput field={fields.maxValue} label="Valor máximo" inputMode="decimal" hint="Só para o tipo Número. Opcional." />
      </div>
      <div className={hideUnless.text}>
        <TextInput
          field={fields.charLimit}
          label="Limite de caracteres"
          inputMode="numeric"
          hint={`Só para o tipo Texto. Em branco: 200. Máximo ${CHAR_LIMIT_MAX}.`}
        />
      </div>
      <div className={hideUnless.select}>
        {mode === "create" ? (
          <TextInput field={fields.options} label="Opções" placeholder="Novo, Seminovo, Usado" hint="Só para o tipo Lista de opções. Separe as opções por vírgula." />
        ) : (
          <TextArea field={fields.options} label="Opções" rows={6} hint="Só para o tipo Lista de opções. Uma opção por linha." />
        )}
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput field={fields.labelValueDefault} label="Valor padrão" maxLength={LABEL_MAX} hint="Opcional." />
        <TextInput field={fields.helper} label="Ajuda" maxLength={HELPER_MAX} hint="Texto de apoio sob o campo. Opcional." />
      </div>
      <Checkbox field={fields.isRequired} label="Obrigatória no anúncio" />
    </ReferenceFormFrame>
  );
}

