/** The building blocks of the account screens: card, labelled fields with errors, buttons, checklist. */
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { Icon } from "~/components/Icon";
import { useState, type ReactNode } from "react";
import { focusRing } from "~/components/focus-ring";
import { passwordChecklist } from "~/models/account/password";

export { focusRing };

export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-14">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">{title}</h1>
        {subtitle ? <p className="mt-2 text-sm text-slate-600">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

/** Errors that belong to the whole form (wrong credentials, throttling, bad token). */
export function FormAlert({ id, title, errors }: { id?: string; title?: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <div id={id} role="alert" className="mb-4 flex gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      <Icon name="circle-alert" className="mt-0.5 h-4 w-4 shrink-0" />
      <div>
        {title ? <p className="font-semibold">{title}</p> : null}
        {errors.map((error) => (
          <p key={error}>{error}</p>
        ))}
      </div>
    </div>
  );
}

type FieldProps = {
  label: string;
  field: FieldMetadata<string | undefined> | FieldMetadata<string>;
  type: "text" | "email" | "password" | "tel";
  autoComplete: string;
  onInput?: (value: string) => void;
  hideErrors?: boolean;
  children?: ReactNode;
  /** Keyboard and length hints (documents, card numbers). */
  inputMode?: "text" | "numeric" | "email" | "tel";
  maxLength?: number;
  placeholder?: string;
  /** Rewrites what is typed, e.g. 000.000.000-00; without JavaScript the server reads any format. */
  mask?: (value: string) => string;
  className?: string;
};

export function TextField({ label, field, type, autoComplete, onInput, hideErrors, children, inputMode, maxLength, placeholder, mask, className = "mb-4" }: FieldProps) {
  const invalid = Boolean(field.errors?.length);
  return (
    <div className={className}>
      <label htmlFor={field.id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        {...getInputProps(field, { type })}
        key={field.key}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        placeholder={placeholder}
        onInput={
          onInput || mask
            ? (event) => {
                const input = event.currentTarget;
                const masked = mask ? mask(input.value) : input.value;
                if (masked !== input.value) input.value = masked;
                onInput?.(masked);
              }
            : undefined
        }
        className={`block w-full rounded-lg border px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 ${focusRing} focus-visible:ring-offset-0 ${
          invalid ? "border-red-500" : "border-slate-300"
        }`}
      />
      {children}
      {!hideErrors && invalid ? (
        <div id={field.errorId} className="mt-1 space-y-0.5 text-sm text-red-700">
          {field.errors!.map((error) => (
            <p key={error}>{error}</p>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** The live list of password rules (spec 01 §2); also rendered without JS, from the submitted value. */
export function PasswordChecklist({ id, password, errors }: { id: string; password: string; errors?: string[] }) {
  const items = passwordChecklist(password);
  const tooLong = errors?.find((error) => error.includes("100"));
  return (
    <div id={id} className="mt-2 space-y-1 text-sm" aria-live="polite">
      <ul className="space-y-1">
        {items.map((item) => (
          <li key={item.id} className={`flex items-center gap-2 ${item.ok ? "text-emerald-700" : "text-slate-600"}`}>
            {item.ok ? <Icon name="check" className="h-4 w-4" /> : <Icon name="circle" className="h-3 w-3" />}
            <span>
              {item.label}
              <span className="sr-only">{item.ok ? " (atendido)" : " (pendente)"}</span>
            </span>
          </li>
        ))}
      </ul>
      {errors?.length ? (
        <div className="space-y-0.5 text-red-700">
          {(tooLong ? [tooLong] : errors).map((error) => (
            <p key={error}>{error}</p>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** A new password with its live checklist, then its confirmation (register and reset-password). */
export function NewPasswordFields({
  password,
  confirm,
  label,
  confirmLabel,
}: {
  password: FieldProps["field"];
  confirm: FieldProps["field"];
  label: string;
  confirmLabel: string;
}) {
  const [value, setValue] = useState("");
  return (
    <>
      <TextField label={label} field={password} type="password" autoComplete="new-password" onInput={setValue} hideErrors>
        <PasswordChecklist id={password.errorId} password={value} errors={password.errors} />
      </TextField>
      <TextField label={confirmLabel} field={confirm} type="password" autoComplete="new-password" />
    </>
  );
}

export function SubmitButton({ pending, children, pendingLabel }: { pending: boolean; children: ReactNode; pendingLabel: string }) {
  return (
    <button
      type="submit"
      disabled={pending}
      aria-disabled={pending}
      className={`flex w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-80 ${focusRing}`}
    >
      {pending ? <Icon name="loader-circle" className="h-5 w-5 animate-spin" /> : null}
      {pending ? pendingLabel : children}
    </button>
  );
}

function GoogleLogo() {
  return (
    <svg viewBox="0 0 48 48" className="h-5 w-5" aria-hidden="true">
      <path fill="#FFC107" d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z" />
      <path fill="#FF3D00" d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
      <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z" />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
    </svg>
  );
}

/** A plain link: Google sign-in is a browser navigation (spec 01 §7), no JavaScript involved. */
export function GoogleButton() {
  return (
    <a
      href="/auth/google"
      className={`flex w-full items-center justify-center gap-3 rounded-lg border border-slate-300 bg-white px-4 py-3 font-semibold text-slate-800 hover:bg-slate-50 ${focusRing}`}
    >
      <GoogleLogo />
      Continuar com Google
    </a>
  );
}

/** Below the sign-in and sign-up forms: Google when it is configured, then the way to the other form. */
export function OtherWays({ google, question, to, linkText }: { google: boolean; question: string; to: string; linkText: string }) {
  return (
    <>
      {google ? (
        <>
          <Divider />
          <GoogleButton />
        </>
      ) : null}
      <p className="mt-6 text-center text-sm text-slate-600">
        {question} <TextLink to={to}>{linkText}</TextLink>
      </p>
    </>
  );
}

function Divider() {
  return (
    <div className="my-5 flex items-center gap-3 text-xs uppercase tracking-wider text-slate-500">
      <span className="h-px flex-1 bg-slate-200" />
      ou
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}

/** `className`: for a link that stands alone (not inside a sentence), e.g. a 44 px touch target. */
export function TextLink({ to, children, className = "" }: { to: string; children: ReactNode; className?: string }) {
  return (
    <Link to={to} className={`font-semibold text-brand-700 underline-offset-2 hover:underline ${focusRing} rounded ${className}`}>
      {children}
    </Link>
  );
}
