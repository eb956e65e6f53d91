/** /forgot-password (spec 01 §2): asks for the e-mail; the answer is the same whether it has an account. */
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { Icon } from "~/components/Icon";
import { AuthCard, FormAlert, SubmitButton, TextField, TextLink } from "~/components/auth/AuthForm";
import { useLiveForm } from "~/components/useLiveForm";
import { forgotPasswordSchema } from "~/models/account/account";
import { forgotPassword } from "~/models/account/password-reset.server";
import { assertNotCrossSite, clientIp } from "~/web/auth.server";
import { invalidForm, readFormData, retryAfterHeaders } from "~/web/http.server";

// A refused sign-in, reset request or sign-up (429, 503) tells the browser when to try again.
export { retryAfterPageHeaders as headers } from "~/web/http.server";

export const meta: MetaFunction = () => [{ title: "Esqueci minha senha | Classificados Patos" }];

export async function action({ request, context }: ActionFunctionArgs) {
  assertNotCrossSite(request);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: forgotPasswordSchema });
  if (submission.status !== "success") {
    return invalidForm({ result: submission.reply(), sent: null });
  }
  const result = await forgotPassword({ email: submission.value.email, ip: clientIp(request, context) });
  if (!result.ok) {
    return data(
      { result: submission.reply({ formErrors: [result.message] }), sent: null },
      { status: result.status, headers: retryAfterHeaders(result) },
    );
  }
  return data({ result: submission.reply({ resetForm: true }), sent: { email: submission.value.email, message: result.value } });
}

export default function ForgotPasswordPage() {
  const actionData = useActionData<typeof action>();
  const { form, fields, submitting } = useLiveForm(() => import("~/models/account/account").then((module) => module.forgotPasswordSchema), { lastResult: actionData?.result });

  if (actionData?.sent) {
    return (
      <AuthCard title="Verifique seu email">
        <div role="status" className="flex gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900">
          <Icon name="mail-check" className="mt-0.5 h-5 w-5 shrink-0" />
          <div>
            <p className="font-semibold">Email enviado!</p>
            <p className="mt-1">{actionData.sent.message}</p>
            <p className="mt-1 break-all text-emerald-800">{actionData.sent.email}</p>
          </div>
        </div>
        <p className="mt-4 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          Não encontrou o email? Verifique também a pasta de spam ou lixo eletrônico. O link vale por 1 hora.
        </p>
        <p className="mt-6 text-center text-sm text-slate-600">
          <TextLink to="/login">Voltar para o login</TextLink>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Esqueceu sua senha?" subtitle="Informe o email da sua conta e enviaremos um link para criar uma nova senha.">
      <FormAlert id={form.errorId} title="Erro" errors={form.errors} />
      <Form method="post" {...getFormProps(form)}>
        <TextField label="Email" field={fields.email} type="email" autoComplete="email" />
        <SubmitButton pending={submitting} pendingLabel="Enviando...">
          Enviar link de recuperação
        </SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Lembrou a senha? <TextLink to="/login">Voltar para o login</TextLink>
      </p>
    </AuthCard>
  );
}
