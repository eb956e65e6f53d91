/**
 * The payment form of /payment/{id}: method (PIX or 'Cartão de Crédito'), the payer's data and the
 * card's. A plain form post: without JavaScript every field is there and the chosen method decides
 * (the card fields hide through CSS `:has()` when PIX is chosen, JavaScript or not); with it, conform
 * checks each field with the server's own schema and the masks format CPF/CNPJ, phone and card.
 *
 * Where the site takes no cards (the local gateway in production, see cardPaymentsEnabled), the
 * 'Cartão de Crédito' choice stays in sight but disabled, with the reason beside it, PIX is chosen and
 * there are no card fields: the payer learns why at once instead of after typing a card.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useMemo, useState } from "react";
import { focusRing, SubmitButton, TextField } from "~/components/auth/AuthForm";
import { PaymentAlert, type PaymentFormAlert } from "~/components/payment/PaymentAlert";
import { useLiveForm } from "~/components/useLiveForm";
import { Icon } from "~/components/Icon";
import { formatCardNumber } from "~/lib/card";
import { formatCpfCnpj } from "~/lib/documents";
import { formatWhatsapp } from "~/lib/whatsapp";
import { PAYMENT_MESSAGES, type PaymentMethod } from "~/models/payment/payment";
import { formatCep, formatFee, paymentErrorToast, paymentFormSchema, type PaymentQuote } from "~/models/payment/payment-form";
import { PIX_CONFIRMATION_TEXT, type PixConfirmation } from "~/models/payment/pix-confirmation";

/** The id of the reason shown beside the disabled card choice (its aria-describedby). */
const CARDS_UNAVAILABLE_ID = "method-card-unavailable";

const legend = "mb-3 text-base font-semibold text-slate-900";

type MethodOptionProps = {
  id: string;
  value: PaymentMethod;
  name: string;
  checked: boolean;
  icon: "qr-code" | "credit-card";
  title: string;
  hint: string;
  /** A choice this site does not offer now: shown, not selectable, its reason in `describedBy`. */
  disabled?: boolean;
  describedBy?: string;
};

function MethodOption({ id, value, name, checked, icon, title, hint, disabled = false, describedBy }: MethodOptionProps) {
  return (
    <label
      htmlFor={id}
      className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-300 bg-white p-4 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:ring-1 has-[:checked]:ring-brand-600 has-[:disabled]:cursor-not-allowed has-[:disabled]:border-dashed has-[:disabled]:bg-slate-50"
    >
      <input
        id={id}
        type="radio"
        name={name}
        value={value}
        defaultChecked={checked}
        disabled={disabled}
        aria-describedby={describedBy}
        className={`mt-1 h-4 w-4 text-brand-700 disabled:cursor-not-allowed ${focusRing}`}
      />
      <span className="flex-1">
        <span className="flex items-center gap-2 font-semibold text-slate-900">
          <Icon name={icon} className="h-5 w-5 text-brand-700" />
          {title}
        </span>
        <span className="mt-0.5 block text-sm text-slate-600">{hint}</span>
      </span>
    </label>
  );
}

export function PaymentForm({
  quote,
  defaults,
  requireAddress,
  cardsEnabled,
  pixConfirmation,
  lastResult,
  alert,
}: {
  quote: PaymentQuote;
  defaults: { name: string; email: string; method?: PaymentMethod };
  requireAddress: boolean;
  /** False where the site takes PIX only (cardPaymentsEnabled on the server). */
  cardsEnabled: boolean;
  /** How a paid PIX gets confirmed with the gateway in use: the PIX option promises no more. */
  pixConfirmation: PixConfirmation;
  lastResult?: SubmissionResult<string[]>;
  /** The server's answer to the last submission ('Erro no pagamento' and the reason), focused when it comes. */
  alert: PaymentFormAlert;
}) {
  const schema = useMemo(() => paymentFormSchema({ requireAddress }), [requireAddress]);
  const { form, fields, submitting } = useLiveForm(schema, {
    lastResult,
    defaultValue: { paymentMethod: defaults.method ?? "PIX", name: defaults.name, email: defaults.email },
  });
  // Without cards PIX is chosen, whatever the last submission asked for.
  const method = cardsEnabled && fields.paymentMethod.initialValue === "CREDIT_CARD" ? "CREDIT_CARD" : "PIX";
  // With JavaScript a refused submit never reaches the server: the same summary is made here.
  const [triedSubmit, setTriedSubmit] = useState(false);
  const clientMessages = Object.values(form.allErrors).flat();
  const shown = alert ?? (triedSubmit && clientMessages.length > 0 ? paymentErrorToast(clientMessages) : null);
  const formProps = getFormProps(form);

  return (
    <Form
      method="post"
      {...formProps}
      onSubmit={(event) => {
        formProps.onSubmit(event);
        setTriedSubmit(true);
      }}
      className="group space-y-6"
    >
      <input type="hidden" name="intent" value="pay" />
      {/* First in the form, so the page can put it on the first screen (see payment.$id.tsx). Only the
          server's answer takes the focus: for a refusal found here, conform focuses the first wrong field. */}
      <PaymentAlert id={form.errorId} alert={shown} focusOnShow={alert !== null} />

      <fieldset>
        <legend className={legend}>Forma de pagamento</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <MethodOption id="method-pix" name={fields.paymentMethod.name} value="PIX" checked={method === "PIX"} icon="qr-code" title="PIX" hint={PIX_CONFIRMATION_TEXT[pixConfirmation].option} />
          <div>
            <MethodOption
              id="method-card"
              name={fields.paymentMethod.name}
              value="CREDIT_CARD"
              checked={method === "CREDIT_CARD"}
              icon="credit-card"
              title="Cartão de Crédito"
              hint="A partir de R$ 5,00."
              disabled={!cardsEnabled}
              describedBy={cardsEnabled ? undefined : CARDS_UNAVAILABLE_ID}
            />
            {cardsEnabled ? null : (
              <p id={CARDS_UNAVAILABLE_ID} className="mt-2 flex gap-2 text-sm text-slate-800">
                <Icon name="circle-alert" className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" />
                {PAYMENT_MESSAGES.cardsUnavailable}
              </p>
            )}
          </div>
        </div>
        {fields.paymentMethod.errors?.length ? <p className="mt-2 text-sm text-red-700">{fields.paymentMethod.errors[0]}</p> : null}
        {quote.cardAllowed || !cardsEnabled ? null : (
          <p role="note" className="mt-3 hidden gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 group-has-[#method-card:checked]:flex">
            <Icon name="triangle-alert" className="mt-0.5 h-4 w-4 shrink-0" />
            <span>
              <strong className="block">{PAYMENT_MESSAGES.minimumTitle}</strong>
              {PAYMENT_MESSAGES.minimum}
            </span>
          </p>
        )}
      </fieldset>

      <fieldset>
        <legend className={legend}>Seus dados</legend>
        <TextField label="Nome completo" field={fields.name} type="text" autoComplete="name" />
        <TextField label="Email" field={fields.email} type="email" autoComplete="email" />
        <div className="grid gap-x-4 sm:grid-cols-2">
          <TextField label="CPF/CNPJ" field={fields.cpfCnpj} type="text" autoComplete="off" maxLength={18} placeholder="000.000.000-00" mask={formatCpfCnpj} />
          <TextField label="Telefone" field={fields.phone} type="tel" autoComplete="tel-national" inputMode="tel" maxLength={16} placeholder="(34) 9 9999-9999" mask={formatWhatsapp} />
        </div>
      </fieldset>

      {cardsEnabled ? (
        <fieldset className="group-has-[#method-pix:checked]:hidden">
          <legend className={legend}>Dados do cartão</legend>
          <p className="-mt-2 mb-3 text-sm text-slate-600">Preencha apenas se escolheu Cartão de Crédito.</p>
          <TextField label="Nome do titular (como no cartão)" field={fields.cardHolderName} type="text" autoComplete="cc-name" />
          <TextField
            label="Número do cartão"
            field={fields.cardNumber}
            type="text"
            autoComplete="cc-number"
            inputMode="numeric"
            maxLength={19}
            placeholder="0000 0000 0000 0000"
            mask={formatCardNumber}
          />
          <div className="grid grid-cols-3 gap-x-3">
            <TextField label="Mês" field={fields.cardExpiryMonth} type="text" autoComplete="cc-exp-month" inputMode="numeric" maxLength={2} placeholder="MM" />
            <TextField label="Ano" field={fields.cardExpiryYear} type="text" autoComplete="cc-exp-year" inputMode="numeric" maxLength={4} placeholder="AAAA" />
            <TextField label="CCV" field={fields.cardCcv} type="text" autoComplete="cc-csc" inputMode="numeric" maxLength={4} placeholder="123" />
          </div>
          {requireAddress ? (
            <div className="grid grid-cols-2 gap-x-3">
              <TextField label="CEP do titular" field={fields.postalCode} type="text" autoComplete="postal-code" inputMode="numeric" maxLength={9} placeholder="38700-000" mask={formatCep} />
              <TextField label="Número do endereço" field={fields.addressNumber} type="text" autoComplete="off" maxLength={20} />
            </div>
          ) : null}
        </fieldset>
      ) : null}

      <SubmitButton pending={submitting} pendingLabel="Processando pagamento...">
        <Icon name="lock" className="h-5 w-5" />
        Pagar {formatFee(quote.totalCents)}
      </SubmitButton>
      <p className="flex items-center justify-center gap-1.5 text-center text-xs text-slate-600">
        <Icon name="shield-check" className="h-4 w-4 text-emerald-700" />
        Pagamento protegido.{cardsEnabled ? " Os dados do cartão vão direto para o processador e não ficam guardados." : null}
      </p>
    </Form>
  );
}
