/** /register (spec 01 §2): name, e-mail, password with a live checklist, confirmation; then /login. */
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard, FormAlert, NewPasswordFields, OtherWays, SubmitButton, TextField } from "~/components/auth/AuthForm";
import { useLiveForm } from "~/components/useLiveForm";
import { registerSchema } from "~/models/account/account";
import { MESSAGES } from "~/models/account/account-messages";
import { invalidForm, readFormData, retryAfterHeaders } from "~/web/http.server";
import { registerUser } from "~/models/account/registration.server";
import { assertNotCrossSite, clientIp, requireAnonymous } from "~/web/auth.server";
import { toast } from "~/web/toast.server";
import { isGoogleConfigured } from "~/web/google-sign-in.server";

// A refused sign-in, reset request or sign-up (429, 503) tells the browser when to try again.
export { retryAfterPageHeaders as headers } from "~/web/http.server";

export const meta: MetaFunction = () => [{ title: "Criar conta | Classificados Patos" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  // "Continuar com Google" only when Google sign-in is configured (the diagnostics pages stay).
  return { google: isGoogleConfigured() };
}

export async function action({ request, context }: ActionFunctionArgs) {
  assertNotCrossSite(request);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: registerSchema });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") {
    return invalidForm({ result: submission.reply({ hideFields }) });
  }
  const result = await registerUser({ ...submission.value, ip: clientIp(request, context) });
  if (!result.ok) {
    return data(
      { result: submission.reply({ formErrors: [result.message], hideFields }) },
      { status: result.status, headers: retryAfterHeaders(result) },
    );
  }
  return toast.redirectWithSuccess("/login", {
    message: "Conta criada com sucesso!",
    description: "Entre com seu email e senha para começar a anunciar.",
  });
}

export default function RegisterPage() {
  const { google } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { form, fields, submitting } = useLiveForm(() => import("~/models/account/account").then((module) => module.registerSchema), { lastResult: actionData?.result });

  return (
    <AuthCard title="Criar conta" subtitle="Cadastre-se grátis para anunciar em Patos de Minas e região.">
      <FormAlert id={form.errorId} title={MESSAGES.registerFailedTitle} errors={form.errors} />
      <Form method="post" {...getFormProps(form)}>
        <TextField label="Nome completo" field={fields.name} type="text" autoComplete="name" />
        <TextField label="Email" field={fields.email} type="email" autoComplete="email" />
        <NewPasswordFields password={fields.password} confirm={fields.confirmPassword} label="Senha" confirmLabel="Confirmar senha" />
        <SubmitButton pending={submitting} pendingLabel="Criando conta...">
          Criar conta
        </SubmitButton>
      </Form>
      <OtherWays google={google} question="Já tem uma conta?" to="/login" linkText="Entrar" />
    </AuthCard>
  );
}
