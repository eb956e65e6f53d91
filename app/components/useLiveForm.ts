import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useLocation, useNavigation } from "@remix-run/react";
import type * as z from "zod/mini";

/**
 * The live validation every form uses (account screens, the ad wizard): the server's schema checks a field when it loses
 * focus, then on each keystroke once it has an error. `submitting` is true only while this page's own
 * form is posting (the header's "Sair" form posts too).
 */
export function useLiveForm<Schema extends z.ZodMiniType<Record<string, unknown>, Record<string, unknown>>>(
  schema: Schema,
  options: { lastResult?: SubmissionResult<string[]>; defaultValue?: DefaultValue<z.input<Schema>> } = {},
) {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    lastResult: navigation.state === "idle" ? options.lastResult : undefined,
    defaultValue: options.defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const submitting =
    navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formAction?.startsWith(pathname) === true;
  return { form, fields, submitting };
}
