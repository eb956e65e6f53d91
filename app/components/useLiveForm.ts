import { parse, useForm, type DefaultValue, type Submission, type SubmissionResult } from "@conform-to/react";
import { useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type * as z from "zod/mini";

type FormSchema = z.ZodMiniType<Record<string, unknown>, Record<string, unknown>>;

/**
 * The live validation every form uses (account screens, the ad wizard): the server's schema checks a field when it loses
 * focus, then on each keystroke once it has an error. `submitting` is true only while this page's own
 * form is posting (the header's "Sair" form posts too).
 *
 * The schema parser (@conform-to/zod and the parts of zod it needs, ~10 KB gzip) is not in the page's
 * scripts: it loads when the visitor first focuses a field of the form (or at once when the server
 * answered with errors), and so does the schema itself when it is given as a loader — the sign-in and
 * sign-up pages do, so that they ship no schema library at all (issue #35, ADR 029). Until then a field
 * is not checked in the browser and a submission goes to the server, which checks it as it does with
 * JavaScript off.
 */
export function useLiveForm<Schema extends FormSchema>(
  schema: Schema | (() => Promise<Schema>),
  options: { lastResult?: SubmissionResult<string[]>; defaultValue?: DefaultValue<z.input<Schema>> } = {},
) {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const validate = useRef<((formData: FormData) => Submission<z.output<Schema>>) | null>(null);
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    lastResult: navigation.state === "idle" ? options.lastResult : undefined,
    defaultValue: options.defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => validate.current?.(formData) ?? (parse(formData, { resolve: (value) => ({ value }) }) as Submission<z.output<Schema>>),
  });
  const source = useRef(schema);
  const answeredWithErrors = options.lastResult !== undefined;
  useEffect(() => {
    const element = document.getElementById(form.id);
    if (!element || validate.current) return;
    let unmounted = false;
    const load = () => {
      element.removeEventListener("focusin", load);
      const loading = typeof source.current === "function" ? source.current() : Promise.resolve(source.current);
      void Promise.all([import("@conform-to/zod/v4"), loading]).then(
        ([{ parseWithZod }, loaded]) => {
          if (!unmounted) validate.current = (formData) => parseWithZod(formData, { schema: loaded });
        },
        // Offline or a new deploy's files: the server checks the submission instead.
        () => {},
      );
    };
    if (answeredWithErrors || element.contains(document.activeElement)) load();
    else element.addEventListener("focusin", load);
    return () => {
      unmounted = true;
      element.removeEventListener("focusin", load);
    };
  }, [form.id, answeredWithErrors]);
  const submitting =
    navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formAction?.startsWith(pathname) === true;
  return { form, fields, submitting };
}
