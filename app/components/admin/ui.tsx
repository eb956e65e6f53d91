/** The admin panel's building blocks: page header, cards, fields bound to conform, buttons with their pending label. */
import { type FieldMetadata } from "@conform-to/react";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { focusRing } from "~/components/auth/AuthForm";
import { inputClass } from "~/components/ad-form/fields";
import { Icon, type IconName } from "~/components/Icon";
import { Toast, type ToastData } from "~/components/Toast";

export { focusRing, inputClass };

export const primaryButton = `inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`;
export const secondaryButton = `inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50 ${focusRing}`;
export const dangerButton = `inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-red-700 px-4 py-2.5 font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`;
export const smallButton = `inline-flex min-h-10 items-center justify-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 ${focusRing}`;
export const smallDangerButton = `inline-flex min-h-10 items-center justify-center gap-1.5 rounded-lg border border-red-200 bg-white px-3 py-2 text-sm font-semibold text-red-700 hover:bg-red-50 ${focusRing}`;
export const textLink = `rounded font-semibold text-brand-700 hover:underline ${focusRing}`;

export function PageHeader({ title, description, actions, back }: { title: string; description?: ReactNode; actions?: ReactNode; back?: { to: string; label: string } }) {
  return (
    <div className="mb-5">
      {back ? (
        <Link to={back.to} className={`mb-2 inline-flex items-center gap-1 text-sm text-slate-600 hover:text-brand-800 ${focusRing} rounded`}>
          <Icon name="arrow-left" className="h-4 w-4" />
          {back.label}
        </Link>
      ) : null}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">{title}</h1>
          {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
    </div>
  );
}

export function Card({ title, children, className = "", id }: { title?: ReactNode; children: ReactNode; className?: string; id?: string }) {
  return (
    <section id={id} aria-labelledby={title && id ? `${id}-titulo` : undefined} className={`rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 ${className}`}>
      {title ? (
        <h2 id={id ? `${id}-titulo` : undefined} className="mb-3 text-lg font-bold text-slate-900">
          {title}
        </h2>
      ) : null}
      {children}
    </section>
  );
}

export function StatCard({ label, value, icon, tone = "brand" }: { label: string; value: string; icon: IconName; tone?: "brand" | "green" | "amber" | "slate" }) {
  const tones = {
    brand: "bg-brand-50 text-brand-800",
    green: "bg-emerald-50 text-emerald-800",
    amber: "bg-amber-50 text-amber-800",
    slate: "bg-slate-100 text-slate-700",
  };
  return (
    <div className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:flex-row sm:items-center sm:gap-3 sm:p-4">
      <span className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-xl sm:h-11 sm:w-11 ${tones[tone]}`}>
        <Icon name={icon} className="h-5 w-5" />
      </span>
      <div className="min-w-0">
        <p className="text-sm leading-tight text-slate-600">{label}</p>
        <p className="mt-0.5 break-words text-xl font-extrabold tabular-nums text-slate-900 sm:text-2xl">{value}</p>
      </div>
    </div>
  );
}

type AnyField = FieldMetadata<string | undefined> | FieldMetadata<string> | FieldMetadata<unknown>;

function describedBy(field: AnyField, hint: boolean) {
  return [hint ? `${field.id}-hint` : null, field.errors?.length ? field.errorId : null].filter(Boolean).join(" ") || undefined;
}

export function FieldShell({ field, label, hint, required, children }: { field: AnyField; label: string; hint?: ReactNode; required?: boolean; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={field.id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
        {required ? (
          <>
            <span className="text-red-700" aria-hidden="true">
              {" "}
              *
            </span>
            <span className="sr-only"> (obrigatório)</span>
          </>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={`${field.id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {field.errors?.length ? (
        <p id={field.errorId} className="mt-1 text-sm text-red-700">
          {field.errors[0]}
        </p>
      ) : null}
    </div>
  );
}

/** A text-like input bound to a conform field (its name, initial value, error and description). */
export function TextInput({
  field,
  label,
  hint,
  required,
  type = "text",
  inputMode,
  maxLength,
  placeholder,
  autoComplete = "off",
}: {
  field: AnyField;
  label: string;
  hint?: ReactNode;
  required?: boolean;
  type?: "text" | "number";
  inputMode?: "text" | "decimal" | "numeric";
  maxLength?: number;
  placeholder?: string;
  autoComplete?: string;
}) {
  const invalid = Boolean(field.errors?.length);
  return (
    <FieldShell field={field} label={label} hint={hint} required={required}>
      <input
        id={field.id}
        name={field.name}
        key={field.key}
        type={type}
        inputMode={inputMode}
        maxLength={maxLength}
        placeholder={placeholder}
        autoComplete={autoComplete}
        defaultValue={typeof field.initialValue === "string" ? field.initialValue : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(field, Boolean(hint))}
        className={inputClass(invalid)}
      />
    </FieldShell>
  );
}

export function TextArea({ field, label, hint, rows = 3, maxLength, placeholder }: { field: AnyField; label: string; hint?: ReactNode; rows?: number; maxLength?: number; placeholder?: string }) {
  const invalid = Boolean(field.errors?.length);
  return (
    <FieldShell field={field} label={label} hint={hint}>
      <textarea
        id={field.id}
        name={field.name}
        key={field.key}
        rows={rows}
        maxLength={maxLength}
        placeholder={placeholder}
        defaultValue={typeof field.initialValue === "string" ? field.initialValue : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(field, Boolean(hint))}
        className={inputClass(invalid)}
      />
    </FieldShell>
  );
}

export function Checkbox({ field, label, hint }: { field: AnyField; label: string; hint?: string }) {
  return (
    <div>
      <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          id={field.id}
          name={field.name}
          key={field.key}
          defaultChecked={field.initialValue === "on" || field.initialValue === "true"}
          aria-describedby={hint ? `${field.id}-hint` : undefined}
          className={`h-5 w-5 rounded border-slate-300 text-brand-700 ${focusRing}`}
        />
        {label}
      </label>
      {hint ? (
        <p id={`${field.id}-hint`} className="-mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The form's submit button: 'Salvando...' (or its own label) while this form posts. */
export function SaveButton({ pending, children = "Salvar", pendingLabel = "Salvando...", className = primaryButton, name, value }: { pending: boolean; children?: ReactNode; pendingLabel?: string; className?: string; name?: string; value?: string }) {
  return (
    <button type="submit" name={name} value={value} disabled={pending} aria-disabled={pending || undefined} className={className}>
      {pending ? <Icon name="loader-circle" className="h-4 w-4 animate-spin" /> : null}
      {pending ? pendingLabel : children}
    </button>
  );
}

/** Errors of the whole form (a duplicate name, a refused delete). */
export function FormErrors({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <div id={id} role="alert" className="mb-4 flex gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      <Icon name="circle-alert" className="mt-0.5 h-4 w-4 shrink-0" />
      <div>
        {errors.map((error) => (
          <p key={error}>{error}</p>
        ))}
      </div>
    </div>
  );
}

export function Badge({ children, tone = "slate" }: { children: ReactNode; tone?: "slate" | "green" | "amber" | "red" | "brand" }) {
  const tones = {
    slate: "bg-slate-100 text-slate-700",
    green: "bg-emerald-100 text-emerald-800",
    amber: "bg-amber-100 text-amber-900",
    red: "bg-red-100 text-red-800",
    brand: "bg-brand-100 text-brand-800",
  };
  return <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ${tones[tone]}`}>{children}</span>;
}

/** The error toast an action answered with (see formFailure): shown by this page, with or without JavaScript. */
export function ActionToast({ data }: { data: unknown }) {
  const toast = data && typeof data === "object" && "toast" in data ? (data.toast as ToastData | undefined) : undefined;
  return <Toast toast={toast} />;
}
