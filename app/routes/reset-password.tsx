/** /reset-password?token= (spec 01 §2): a new password from the e-mailed token, then "Ir para Login". */
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Icon } from "~/components/Icon";
import {
  AuthCard,
  focusRing,
  FormAlert,
  NewPasswordFields,
  SubmitButton,
  TextLink,
} from "~/components/auth/AuthForm";
import { useLiveForm } from "~/components/useLiveForm";
import { resetPasswordSchema } from "~/models/account/account";
import { MESSAGES } from "~/models/account/account-messages";
import { invalidForm, NO_STORE, readFormData } from "~/web/http.server";
import { isResetTokenValid, resetPassword } from "~/models/account/password-reset.server";
import { assertNotCrossSite, getAuthContext } from "~/web/auth.server";
import { rememberDevice } from "~/web/device.server";
import { toast } from "~/web/toast.server";

export const meta: MetaFunction = () => [
  { title: "Redefinir senha | Classificados Patos" },
  // The address carries a secret token: keep it out of search engines.
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (!token) throw await toast.redirectWithError("/forgot-password", { message: "Erro", description: MESSAGES.resetTokenMissing });
  return data({ token, valid: isResetTokenValid(token) }, { headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  assertNotCrossSite(request);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: resetPasswordSchema });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") {
    return invalidForm({ result: submission.reply({ hideFields }), done: false });
  }
  const current = await getAuthContext(request);
  const result = await resetPassword({ token: submission.value.token, password: submission.value.password, keepSessionId: current?.sessionId });
  if (!result.ok) {
    return data({ result: submission.reply({ formErrors: [result.message], hideFields }), done: false }, { status: result.status });
  }
  // Not signed in ("Ir para Login", spec 01 §2), but this browser is now a known device of the account.
  return data({ result: submission.reply({ resetForm: true }), done: true }, { headers: { "Set-Cookie": await rememberDevice(request, result.value.deviceProof) } });
}

function Done() {
  return (
    <AuthCard title="Senha redefinida!">
      <div role="status" className="flex gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900">
        <Icon name="circle-check" className="mt-0.5 h-5 w-5 shrink-0" />
        <p>Sua senha foi alterada. Por segurança, encerramos as sessões abertas em outros aparelhos.</p>
      </div>
      <Link
        to="/login"
        className={`mt-6 flex w-full items-center justify-center rounded-lg bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800 ${focusRing}`}
      >
        Ir para Login
      </Link>
    </AuthCard>
  );
}

export default function ResetPasswordPage() {
  const { token, valid } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { form, fields, submitting } = useLiveForm(() => import("~/models/account/account").then((module) => module.resetPasswordSchema), { defaultValue: { token }, lastResult: actionData?.result });

  if (actionData?.done) return <Done />;

  if (!valid) {
    return (
      <AuthCard title="Link inválido">
        <div role="alert" className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <Icon name="triangle-alert" className="mt-0.5 h-5 w-5 shrink-0" />
          <div>
            <p className="font-semibold">{MESSAGES.resetTokenInvalid}</p>
            <p className="mt-1">O link de recuperação expirou ou já foi usado. Peça um novo link.</p>
          </div>
        </div>
        <p className="mt-6 text-center text-sm text-slate-600">
          <TextLink to="/forgot-password">Pedir um novo link</TextLink>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Redefinir senha" subtitle="Escolha uma nova senha para sua conta.">
      <FormAlert id={form.errorId} title="Erro" errors={form.errors} />
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name={fields.token.name} value={token} />
        <NewPasswordFields password={fields.password} confirm={fields.confirmPassword} label="Nova senha" confirmLabel="Confirmar nova senha" />
        <SubmitButton pending={submitting} pendingLabel="Redefinindo...">
          Redefinir senha
        </SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600">
        <TextLink to="/login">Voltar para o login</TextLink>
      </p>
    </AuthCard>
  );
}
