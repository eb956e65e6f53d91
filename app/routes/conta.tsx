/**
 * /conta, 'Minha conta' (linked from the user menu): the owner's name and WhatsApp, the password
 * change (the current one required; every other session ends), and the LGPD rights the privacy policy
 * promises — 'Baixar meus dados' (GET /conta/dados, a JSON file) and 'Excluir minha conta' (confirmed
 * by the password; ads and photos removed, payments kept anonymised). Three plain forms, one intent
 * each; the rules are the account model's (profile.server.ts, deletion.server.ts).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { focusRing, FormAlert, NewPasswordFields, SubmitButton, TextField } from "~/components/auth/AuthForm";
import { MailSwitch } from "~/components/account/MailSwitch";
import { SavedSearches } from "~/components/account/SavedSearches";
import { Icon } from "~/components/Icon";
import { useLiveForm } from "~/components/useLiveForm";
import { formatDateBR } from "~/lib/dates";
import { formatWhatsapp } from "~/lib/whatsapp";
import { deleteAccount } from "~/models/account/deletion.server";
import { ACCOUNT_MESSAGES, changePasswordSchema, deleteAccountSchema, profileSchema } from "~/models/account/profile";
import { changePassword, getAccountProfile, updateProfile } from "~/models/account/profile.server";
import { PRICE_DROP_MESSAGES } from "~/models/ad/price-drop";
import { priceDropAlertsOn, priceDropSwitchSchema, setPriceDropAlerts } from "~/models/favourite/price-drop-mail.server";
import { MESSAGE_MAIL_MESSAGES } from "~/models/message/message";
import { messageEmailsOn, setMessageEmails } from "~/models/message/waiting-mail.server";
import { listSavedSearches } from "~/models/saved-search/saved-searches.server";
import { endSession, getAuthContext, requireUser } from "~/web/auth.server";
import { rememberDevice } from "~/web/device.server";
import { badRequestPage, invalidForm, NO_STORE, notFoundPage, readFormData, retryAfterHeaders } from "~/web/http.server";
import { toast } from "~/web/toast.server";

export const meta: MetaFunction = () => [{ title: "Minha conta | Classificados Patos" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const profile = getAccountProfile(user.id);
  if (!profile) throw notFoundPage("Conta não encontrada");
  return data({ profile, searches: listSavedSearches(user.id), priceDropAlerts: priceDropAlertsOn(user.id), messageEmails: messageEmailsOn(user.id) }, { headers: NO_STORE });
}

type Answer = { form: "profile" | "password" | "delete"; result: SubmissionResult<string[]> };
const answer = (value: Answer, init?: ResponseInit) => data(value, init);

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");

  if (intent === "profile") {
    const submission = parseWithZod(form, { schema: profileSchema });
    if (submission.status !== "success") return invalidForm<Answer>({ form: "profile", result: submission.reply() });
    updateProfile(user.id, submission.value);
    throw await toast.redirectWithSuccess("/conta", ACCOUNT_MESSAGES.profileSaved);
  }

  if (intent === "price-drop-alerts") {
    const parsed = priceDropSwitchSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) throw badRequestPage(parsed.error.issues[0]?.message ?? "Ação desconhecida");
    setPriceDropAlerts(user.id, parsed.data.on);
    throw await toast.redirectWithSuccess("/conta", parsed.data.on ? PRICE_DROP_MESSAGES.switchOn : PRICE_DROP_MESSAGES.switchOff);
  }

  if (intent === "message-emails") {
    // The same { on } as the price-drop switch: one switch shape for every kind of e-mail.
    const parsed = priceDropSwitchSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) throw badRequestPage(parsed.error.issues[0]?.message ?? "Ação desconhecida");
    setMessageEmails(user.id, parsed.data.on);
    throw await toast.redirectWithSuccess("/conta", parsed.data.on ? MESSAGE_MAIL_MESSAGES.switchOn : MESSAGE_MAIL_MESSAGES.switchOff);
  }

  if (intent === "password") {
    const hideFields = ["currentPassword", "newPassword", "confirmPassword"];
    const submission = parseWithZod(form, { schema: changePasswordSchema });
    if (submission.status !== "success") return invalidForm<Answer>({ form: "password", result: submission.reply({ hideFields }) });
    const context = await getAuthContext(request);
    const result = await changePassword(user.id, submission.value, context?.token ?? null);
    if (!result.ok) {
      const reply = result.field ? submission.reply({ fieldErrors: { [result.field]: [result.message] }, hideFields }) : submission.reply({ formErrors: [result.message], hideFields });
      return answer({ form: "password", result: reply }, { status: result.status, headers: retryAfterHeaders(result) });
    }
    // The other devices' proofs ended with the old password; this one stays a known device.
    const device = await rememberDevice(request, result.deviceProof);
    throw await toast.redirectWithSuccess("/conta", { message: ACCOUNT_MESSAGES.passwordChanged, description: ACCOUNT_MESSAGES.passwordChangedDescription }, { headers: { "Set-Cookie": device } });
  }

  if (intent === "delete-account") {
    const hideFields = ["password"];
    const submission = parseWithZod(form, { schema: deleteAccountSchema });
    if (submission.status !== "success") return invalidForm<Answer>({ form: "delete", result: submission.reply({ hideFields }) });
    const result = await deleteAccount(user.id, submission.value);
    if (!result.ok) {
      const reply = result.field ? submission.reply({ fieldErrors: { [result.field]: [result.message] }, hideFields }) : submission.reply({ formErrors: [result.message], hideFields });
      return answer({ form: "delete", result: reply }, { status: result.status, headers: retryAfterHeaders(result) });
    }
    const cleared = await endSession(request);
    throw await toast.redirectWithSuccess("/", { message: ACCOUNT_MESSAGES.accountDeleted, description: ACCOUNT_MESSAGES.accountDeletedDescription }, { headers: { "Set-Cookie": cleared } });
  }

  throw badRequestPage("Ação desconhecida");
}

const sectionClass = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6";

export default function AccountPage() {
  const { profile, searches, priceDropAlerts, messageEmails } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as Answer | undefined;
  const navigation = useNavigation();
  const pending = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const resultFor = (name: Answer["form"]) => (actionData?.form === name ? actionData.result : undefined);

  return (
    <div className="mx-auto w-full max-w-2xl space-y-5 px-4 py-8 sm:py-10">
      <div>
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">Minha conta</h1>
        <p className="mt-1 text-sm text-slate-600">
          {profile.email} · desde {formatDateBR(new Date(profile.createdAt))}
          {profile.isAdmin ? " · Administrador" : ""}
        </p>
      </div>
      <ProfileForm profile={profile} lastResult={resultFor("profile")} pending={pending("profile")} />
      <SavedSearches searches={searches} />
      <MailSwitch id="avisos-de-preco" intent="price-drop-alerts" texts={PRICE_DROP_MESSAGES} on={priceDropAlerts} pending={pending("price-drop-alerts")} />
      <MailSwitch id="avisos-de-mensagens" intent="message-emails" texts={MESSAGE_MAIL_MESSAGES} on={messageEmails} pending={pending("message-emails")} />
      <PasswordForm hasPassword={profile.hasPassword} lastResult={resultFor("password")} pending={pending("password")} />
      <section aria-labelledby="lgpd-titulo" className={sectionClass}>
        <h2 id="lgpd-titulo" className="text-lg font-bold text-slate-900">
          Seus dados (LGPD)
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Baixe uma cópia de tudo o que guardamos sobre você: perfil, anúncios, pagamentos e uso da IA, num arquivo JSON. Veja a{" "}
          <Link to="/privacidade" className={`font-semibold text-brand-700 underline ${focusRing}`}>
            Política de Privacidade
          </Link>
          .
        </p>
        <a href="/conta/dados" download className={`mt-4 inline-flex items-center gap-2 rounded-lg border border-slate-300 px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50 ${focusRing}`}>
          <Icon name="file-down" className="h-5 w-5" />
          Baixar meus dados
        </a>
      </section>
      {profile.isAdmin ? null : <DeleteAccountForm hasPassword={profile.hasPassword} lastResult={resultFor("delete")} pending={pending("delete-account")} />}
    </div>
  );
}

type FormProps = { lastResult?: SubmissionResult<string[]>; pending: boolean };

function ProfileForm({ profile, lastResult, pending }: FormProps & { profile: { fullName: string; phone: string } }) {
  const { form, fields } = useLiveForm(profileSchema, { lastResult, defaultValue: { fullName: profile.fullName, phone: profile.phone } });
  return (
    <section aria-labelledby="perfil-titulo" className={sectionClass}>
      <h2 id="perfil-titulo" className="text-lg font-bold text-slate-900">
        Dados pessoais
      </h2>
      <Form method="post" {...getFormProps(form)} className="mt-4">
        <input type="hidden" name="intent" value="profile" />
        <TextField label="Nome" field={fields.fullName} type="text" autoComplete="name" maxLength={120} />
        <TextField label="WhatsApp" field={fields.phone} type="tel" autoComplete="tel-national" inputMode="tel" placeholder="(34) 9 9999-9999" mask={formatWhatsapp} />
        <SubmitButton pending={pending} pendingLabel="Salvando...">
          Salvar dados
        </SubmitButton>
      </Form>
    </section>
  );
}

function PasswordForm({ hasPassword, lastResult, pending }: FormProps & { hasPassword: boolean }) {
  const { form, fields } = useLiveForm(changePasswordSchema, { lastResult });
  return (
    <section aria-labelledby="senha-titulo" className={sectionClass}>
      <h2 id="senha-titulo" className="text-lg font-bold text-slate-900">
        {hasPassword ? "Trocar senha" : "Criar senha"}
      </h2>
      <p className="mt-1 text-sm text-slate-600">Ao trocar a senha, encerramos as sessões abertas em outros aparelhos.</p>
      <Form method="post" {...getFormProps(form)} className="mt-4">
        <input type="hidden" name="intent" value="password" />
        <FormAlert errors={form.errors} />
        {hasPassword ? <TextField label="Senha atual" field={fields.currentPassword} type="password" autoComplete="current-password" /> : null}
        <NewPasswordFields password={fields.newPassword} confirm={fields.confirmPassword} label="Nova senha" confirmLabel="Confirmar nova senha" />
        <SubmitButton pending={pending} pendingLabel="Salvando...">
          {hasPassword ? "Trocar senha" : "Criar senha"}
        </SubmitButton>
      </Form>
    </section>
  );
}

function DeleteAccountForm({ hasPassword, lastResult, pending }: FormProps & { hasPassword: boolean }) {
  const { form, fields } = useLiveForm(deleteAccountSchema, { lastResult });
  return (
    <section aria-labelledby="excluir-titulo" className="rounded-2xl border border-red-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="excluir-titulo" className="text-lg font-bold text-red-800">
        Excluir minha conta
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        A conta, os seus anúncios e as fotos deles são apagados na hora, e não há como desfazer. Os pagamentos já feitos ficam guardados pelo prazo da
        legislação fiscal, sem o seu nome e sem ligação com a conta.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-4">
        <input type="hidden" name="intent" value="delete-account" />
        <FormAlert errors={form.errors} />
        {hasPassword ? (
          <TextField label="Digite a sua senha para confirmar" field={fields.password} type="password" autoComplete="current-password" />
        ) : (
          <TextField label="Digite o seu e-mail para confirmar" field={fields.confirmEmail} type="text" autoComplete="off" inputMode="email" />
        )}
        <button
          type="submit"
          disabled={pending}
          className={`flex w-full items-center justify-center gap-2 rounded-lg bg-red-700 px-4 py-3 font-semibold text-white hover:bg-red-800 disabled:opacity-70 ${focusRing}`}
        >
          <Icon name={pending ? "loader-circle" : "trash-2"} className={`h-5 w-5 ${pending ? "animate-spin" : ""}`} />
          {pending ? "Excluindo..." : "Excluir minha conta"}
        </button>
      </Form>
    </section>
  );
}
