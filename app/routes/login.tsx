/** /login (spec 01 §2): e-mail and password, "Lembrar de mim", Google, links to reset and register. */
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { Icon } from "~/components/Icon";
import { useEffect, useState } from "react";
import { AuthCard, focusRing, FormAlert, OtherWays, SubmitButton, TextField, TextLink } from "~/components/auth/AuthForm";
import { useLiveForm } from "~/components/useLiveForm";
import { readRedirectAfterLogin } from "~/lib/client-session";
import { loginSchema } from "~/models/account/account";
import { MESSAGES } from "~/models/account/account-messages";
import { displayName } from "~/models/account/user";
import { signIn } from "~/models/account/sign-in.server";
import { assertNotCrossSite, clientIp, requireAnonymous, safeRedirect, startSession } from "~/web/auth.server";
import { deviceProofsOf, rememberDevice } from "~/web/device.server";
import { invalidForm, readFormData, retryAfterHeaders } from "~/web/http.server";
import { toast } from "~/web/toast.server";
import { isGoogleConfigured } from "~/web/google-sign-in.server";

// A refused sign-in, reset request or sign-up (429, 503) tells the browser when to try again.
export { retryAfterPageHeaders as headers } from "~/web/http.server";

export const meta: MetaFunction = () => [{ title: "Entrar | Classificados Patos" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request, new URL(request.url).searchParams.get("redirectTo") ?? "/");
  // "Continuar com Google" only when Google sign-in is configured (the diagnostics pages stay).
  return { google: isGoogleConfigured() };
}

export async function action({ request, context }: ActionFunctionArgs) {
  assertNotCrossSite(request);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") {
    return invalidForm({ result: submission.reply({ hideFields: ["password"] }) });
  }
  const result = await signIn({
    email: submission.value.email,
    password: submission.value.password,
    ip: clientIp(request, context),
    deviceProofs: await deviceProofsOf(request),
  });
  if (!result.ok) {
    // The API says "Invalid credentials"; the screen says it in Portuguese (spec 01 §8).
    const message = result.status === 401 ? MESSAGES.invalidCredentials : result.message;
    return data(
      { result: submission.reply({ formErrors: [message], hideFields: ["password"] }) },
      { status: result.status, headers: retryAfterHeaders(result) },
    );
  }
  const { user, deviceProof } = result.value;
  const session = await startSession(request, user.id, { persistent: submission.value.rememberMe });
  // This browser is now a known device of the account: an attack on it never holds or refuses it.
  session.headers.append("Set-Cookie", await rememberDevice(request, deviceProof));
  return toast.redirectWithSuccess(
    safeRedirect(submission.value.redirectTo),
    { message: `Bem-vindo(a), ${displayName(user)}!`, description: "Login realizado com sucesso." },
    { headers: session.headers },
  );
}

export default function LoginPage() {
  const { google } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const fromQuery = searchParams.get("redirectTo") ?? "";
  // Where a 401 on a session check left the user (spec 01 §4), when the URL does not say.
  const [stored, setStored] = useState("");
  useEffect(() => {
    if (!fromQuery) setStored(readRedirectAfterLogin() ?? "");
  }, [fromQuery]);

  const { form, fields, submitting } = useLiveForm(() => import("~/models/account/account").then((module) => module.loginSchema), { lastResult: actionData?.result });

  return (
    <AuthCard title="Entrar" subtitle="Acesse sua conta para anunciar e gerenciar seus anúncios.">
      <FormAlert id={form.errorId} title={MESSAGES.loginFailedTitle} errors={form.errors} />
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="redirectTo" value={fromQuery || stored} />
        <TextField label="Email" field={fields.email} type="email" autoComplete="email" />
        <TextField label="Senha" field={fields.password} type="password" autoComplete="current-password" />
        <div className="mb-5 flex items-center justify-between gap-3 text-sm">
          <label className="flex min-h-11 items-center gap-2 text-slate-700">
            <input
              type="checkbox"
              name={fields.rememberMe.name}
              defaultChecked={fields.rememberMe.initialValue === "on"}
              className={`h-4 w-4 rounded border-slate-300 text-brand-700 ${focusRing}`}
            />
            Lembrar de mim
          </label>
          <TextLink to="/forgot-password" className="inline-flex min-h-11 items-center">
            Esqueceu a senha?
          </TextLink>
        </div>
        <SubmitButton pending={submitting} pendingLabel="Entrando...">
          Entrar
        </SubmitButton>
      </Form>
      <OtherWays google={google} question="Não tem uma conta?" to="/register" linkText="Cadastre-se" />
      <aside className="mt-6 flex gap-3 rounded-xl bg-accent-300/30 p-4 text-sm text-slate-800">
        <Icon name="megaphone" className="mt-0.5 h-5 w-5 shrink-0 text-accent-600" />
        <div>
          <p className="font-semibold">Ainda não anuncia com a gente?</p>
          <p className="mt-1">
            Crie sua conta grátis e publique seu anúncio para Patos de Minas e região em poucos minutos.{" "}
            <TextLink to="/register">Criar conta</TextLink>
          </p>
        </div>
      </aside>
    </AuthCard>
  );
}
