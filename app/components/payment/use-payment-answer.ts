import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { PaymentFormAlert } from "~/components/payment/PaymentAlert";
import type { ToastData } from "~/components/Toast";

/**
 * What a payment page (the ad's, a boost's or an extension's) shows of its last answer: the server's
 * refusal — 'Erro no pagamento' and the reason, as an alert and as a red toast, both in the action's
 * answer so they show without JavaScript — while no new submission is on its way; and a toast of the
 * page's own (`showToast`: a QR code that failed, say), which a new submission makes old news, so the
 * answer's own toast never stays hidden behind it.
 */
export function usePaymentAnswer(actionData: { alert?: PaymentFormAlert; toast?: ToastData } | null | undefined) {
  const navigation = useNavigation();
  const [localToast, setLocalToast] = useState<ToastData | undefined>(undefined);
  useEffect(() => {
    if (navigation.state === "submitting") setLocalToast(undefined);
  }, [navigation.state]);
  const idle = navigation.state === "idle";
  return {
    alert: idle ? (actionData?.alert ?? null) : null,
    toast: localToast ?? (idle ? actionData?.toast : undefined),
    showToast: setLocalToast,
  };
}
