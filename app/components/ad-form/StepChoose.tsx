/**
 * Step 1, 'Tipo e Categoria': type, city, category (a list with icons) and the category's subcategory.
 * With JavaScript the subcategories follow the chosen category at once and 'Continuar' waits until
 * everything is chosen; without it, a category with subcategories comes back once to offer them, and
 * the page then opens on that list (focused: the browser scrolls to it) with a line saying to pick one.
 * One line under the subcategory heading says what is missing, in both cases.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { focusRing } from "~/components/auth/AuthForm";
import { CategoryIcon } from "~/components/CategoryIcon";
import { CityOptions } from "~/components/ads/CityOptions";
import { Icon } from "~/components/Icon";
import { useHydrated } from "~/components/use-hydrated";
import { AD_TYPES } from "~/models/ad/ad";
import { AD_FORM_MESSAGES, DEFAULT_AD_TYPE, type WizardDraftData } from "~/models/ad/ad-form";
import { primaryButton } from "./WizardShell";

type StepData = {
  answers: WizardDraftData;
  categories: { id: number; name: string; icon: string; label: string }[];
  subcategories: { id: number; name: string; categoryId: number }[];
  cities: { id: number; name: string; state: string }[];
  defaultCityId: number | null;
};

const selectClass = `block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm ${focusRing} focus-visible:ring-offset-0`;

function errorsOf(result: SubmissionResult<string[]> | undefined, name: string) {
  return result?.error?.[name] ?? undefined;
}

function FieldError({ id, errors }: { id: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {errors[0]}
    </p>
  );
}

const NEXT_SUBCATEGORY = "Agora escolha a subcategoria.";

export function StepChoose({
  data,
  lastResult,
  subcategoryNext = false,
}: {
  data: StepData;
  lastResult?: SubmissionResult<string[]>;
  /** The server kept a new category that has subcategories: its list is what to pick next. */
  subcategoryNext?: boolean;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const { answers } = data;
  const [categoryId, setCategoryId] = useState<number | null>(answers.categoryId ?? null);
  const [subcategoryId, setSubcategoryId] = useState<number | null>(answers.subcategoryId ?? null);
  const category = data.categories.find((c) => c.id === categoryId);
  const own = data.subcategories.filter((sub) => sub.categoryId === categoryId);
  const subcategoryChosen = own.some((sub) => sub.id === subcategoryId);
  const complete = Boolean(category) && (own.length === 0 || subcategoryChosen);
  const submitting = navigation.state === "submitting";
  const categoryErrors = errorsOf(lastResult, "categoryId");
  const subcategoryErrors = subcategoryChosen ? undefined : errorsOf(lastResult, "subcategoryId");
  // What is missing, said once: the errors under the fields say it when the server has.
  const missing = !category
    ? categoryErrors
      ? ""
      : AD_FORM_MESSAGES.chooseCategory
    : own.length === 0
      ? "Esta categoria não tem subcategorias."
      : subcategoryChosen || subcategoryErrors
        ? ""
        : NEXT_SUBCATEGORY;

  return (
    <Form method="post" action="/create-ad?step=1" noValidate>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">O que você quer fazer?</legend>
        <div className="mt-2 grid grid-cols-3 gap-2">
          {AD_TYPES.map((type) => (
            <label key={type} className="cursor-pointer">
              <input type="radio" name="adType" value={type} defaultChecked={(answers.adType ?? DEFAULT_AD_TYPE) === type} className="peer sr-only" />
              <span
                className={`flex items-center justify-center rounded-lg border border-slate-300 px-3 py-2.5 font-semibold text-slate-700 peer-checked:border-brand-600 peer-checked:bg-brand-50 peer-checked:text-brand-800 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600`}
              >
                {type}
              </span>
            </label>
          ))}
        </div>
        <FieldError id="adType-error" errors={errorsOf(lastResult, "adType")} />
      </fieldset>

      <div className="mt-5">
        <label htmlFor="cityId" className="text-sm font-semibold text-slate-900">
          Cidade
        </label>
        <select id="cityId" name="cityId" defaultValue={answers.cityId ?? data.defaultCityId ?? undefined} className={`${selectClass} mt-2`}>
          <CityOptions cities={data.cities} />
        </select>
        <FieldError id="cityId-error" errors={errorsOf(lastResult, "cityId")} />
      </div>

      <div className="mt-5 grid gap-5 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">Categoria</legend>
          <div className="mt-2 max-h-96 space-y-1 overflow-y-auto rounded-lg border border-slate-200 p-1" role="radiogroup" aria-label="Categoria">
            {data.categories.map((c) => (
              <label key={c.id} className="block cursor-pointer">
                <input
                  type="radio"
                  name="categoryId"
                  value={c.id}
                  defaultChecked={answers.categoryId === c.id}
                  onChange={() => {
                    setCategoryId(c.id);
                    setSubcategoryId(null);
                  }}
                  className="peer sr-only"
                />
                <span className="flex items-center gap-3 rounded-md px-3 py-2.5 text-slate-800 hover:bg-slate-50 peer-checked:bg-brand-50 peer-checked:font-semibold peer-checked:text-brand-800 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600">
                  <CategoryIcon icon={c.icon} className="h-5 w-5 shrink-0" />
                  {c.name}
                </span>
              </label>
            ))}
          </div>
          <FieldError id="categoryId-error" errors={categoryErrors} />
        </fieldset>

        <div id="subcategoria" className="scroll-mt-4">
          {category && own.length > 0 ? (
            <label htmlFor="subcategoryId" className="text-sm font-semibold text-slate-900">
              {category.label}
            </label>
          ) : null}
          {/* Always there, so that a screen reader hears the new line when a category is picked with JavaScript. */}
          <p
            id="step1-missing"
            role="status"
            className={
              category && own.length > 0
                ? `${missing ? "mt-1" : "sr-only"} text-sm font-medium text-brand-800`
                : "rounded-lg bg-slate-50 p-4 text-sm text-slate-600 empty:hidden"
            }
          >
            {missing}
          </p>
          {category && own.length > 0 ? (
            <>
              <select
                id="subcategoryId"
                name="subcategoryId"
                // Re-mounted per category so the browser forgets a choice that belonged to another one.
                key={category.id}
                defaultValue={subcategoryId ?? ""}
                onChange={(event) => setSubcategoryId(event.currentTarget.value ? Number(event.currentTarget.value) : null)}
                // Without JavaScript the page comes back from the post at its top: focusing the list it is about
                // (the HTML autofocus attribute) brings it into view and puts the visitor where the answer goes on.
                autoFocus={subcategoryNext || Boolean(subcategoryErrors)}
                aria-invalid={subcategoryErrors ? true : undefined}
                aria-describedby={subcategoryErrors ? "subcategoryId-error" : missing ? "step1-missing" : undefined}
                className={`${selectClass} mt-2`}
              >
                <option value="">Selecione...</option>
                {own.map((sub) => (
                  <option key={sub.id} value={sub.id}>
                    {sub.name}
                  </option>
                ))}
              </select>
              <FieldError id="subcategoryId-error" errors={subcategoryErrors} />
            </>
          ) : null}
        </div>
      </div>

      <div className="mt-6 flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-end">
        <button
          type="submit"
          name="intent"
          value="next"
          disabled={hydrated && (!complete || submitting)}
          aria-describedby={hydrated && !complete && missing ? "step1-missing" : undefined}
          className={primaryButton}
        >
          Continuar
          <Icon name="arrow-right" className="h-5 w-5" />
        </button>
      </div>
    </Form>
  );
}
