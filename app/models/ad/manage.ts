/**
 * Managing ads, the browser-safe half (spec 02 §4, §6): what an owner and an admin may do with an ad
 * in each status, and the pt-BR messages. The dashboard draws its buttons with these functions and
 * the server (models/ad/status.server.ts, edit.server.ts, the API) refuses with the same ones, so a
 * screen never offers what a request would be refused, and no request does what a screen hides.
 *
 * Every rule reads the *effective* status (expired once the date has passed, whatever is stored) and
 * "created today" as a São Paulo calendar day.
 */
import { isCreatedToday } from "~/lib/dates";
import { AD_NOT_FOUND, adStatusLabel, effectiveStatus, type AdStatus, type AdType, type PublicAdImage } from "~/models/ad/ad";

/** Dashboard page sizes (spec 02 §9), newest first. */
export const DASHBOARD_PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_DASHBOARD_PAGE_SIZE = 10;

/** What an admin may set from the status menu (the current one disabled). */
export const ADMIN_SETTABLE_STATUSES = ["active", "paused", "pending_payment"] as const satisfies readonly AdStatus[];

export const MANAGE_MESSAGES = {
  loginTitle: "Acesso negado",
  loginRequired: "Você precisa fazer login para acessar o dashboard",
  notFound: AD_NOT_FOUND,
  notOwner: "Acesso negado. Você só pode editar seus próprios anúncios.",
  deleteTitle: "Não é possível excluir",
  userDeleteOnly: "Apenas anúncios com status 'Pendente de Pagamento' ou 'Expirado' podem ser excluídos.",
  adminDeleteOnly: "Apenas anúncios ATIVOS ou PAUSADOS podem ser excluídos por administradores.",
  deleted: "Anúncio excluído",
  deletedDescription: "O anúncio foi excluído com sucesso.",
  deleteError: "Erro ao excluir anúncio",
  statusUpdated: "Status atualizado",
  statusError: "Erro ao atualizar status",
  updated: "Anúncio atualizado com sucesso.",
  reactivated: "Após o pagamento o anúncio volta ao ar. Status: Aguardando Pagamento.",
  updateError: "Erro ao atualizar anúncio",
  pausedTitle: "Anúncio Pausado",
  pausedText: "Para editar o anúncio pausado, primeiro reative-o",
  refundedPaused: "Este anúncio foi pausado porque o pagamento dele foi estornado ou contestado: ele não pode ser reativado sem um novo pagamento.",
  reactivatingTitle: "Reativando anúncio",
  reactivatingText: "Você será redirecionado para editar o anúncio. Após salvar, o status será alterado para 'Aguardando Pagamento'.",
  expirationLocked: "aguarde o anúncio expirar e reative-o",
  statusRequired: "Status é obrigatório",
  imageAdded: "Imagem adicionada",
  imageRemoved: "Imagem removida",
  imageUploadError: "Erro ao fazer upload da imagem",
  imageRemoveError: "Erro ao remover imagem",
  soldTitle: "Anúncio vendido",
  soldDescription: "O anúncio saiu das listas e a página dele mostra que foi vendido.",
  soldFinal: "Este anúncio foi marcado como vendido: ele não pode ser reativado, editado nem pago.",
  soldOnlyLive: "Só um anúncio ativo ou pausado pode ser marcado como vendido.",
  soldHereInvalid: "Responda \"Vendeu pelo Classificados?\" com sim ou não.",
} as const;

/** The 'Vendido' confirmation's question and its two answers as the form sends them (unanswered: neither). */
export const SOLD_HERE_QUESTION = "Vendeu pelo Classificados?";
export const SOLD_HERE_ANSWERS = { sim: true, nao: false } as const;

/** The form's answer to SOLD_HERE_QUESTION: true, false, or null when it was left unanswered. */
export function soldHereFromForm(value: FormDataEntryValue | null): boolean | null {
  return value === "sim" || value === "nao" ? SOLD_HERE_ANSWERS[value] : null;
}

export function notEditableMessage(status: AdStatus) {
  return `Este anúncio não pode ser editado no momento. Status: ${adStatusLabel(status)}`;
}

export function statusChangeMessage(from: AdStatus, to: AdStatus) {
  return `Não é possível alterar o status de '${adStatusLabel(from)}' para '${adStatusLabel(to)}'.`;
}

export type DashboardPageSize = (typeof DASHBOARD_PAGE_SIZES)[number];

export type DashboardFilter = {
  status?: AdStatus;
  categoryId?: number;
  adType?: AdType;
  search?: string;
  /** Admins only: one ad by id. */
  id?: number;
  /** Admins only: one user's ads. */
  userId?: number;
  page: number;
  limit: DashboardPageSize;
};

/** One row of the dashboard and of GET /api/ads. */
export type ManagedAd = {
  id: number;
  title: string;
  description: string;
  /** Two decimals, or "" for "A combinar". */
  price: string;
  /** What the ad cost its owner (spec 02 §3 adCost), two decimals: only the owner and admins list ads. */
  adCost: string;
  adType: AdType;
  category: { id: number; name: string; icon: string };
  subcategory: { id: number; name: string } | null;
  /** Effective status. */
  status: AdStatus;
  storedStatus: AdStatus;
  createdAt: string;
  expirationDate: string;
  /** The last São Paulo day the ad is visible. */
  expirationDay: string;
  views: number;
  images: PublicAdImage[];
  primaryImageUrl: string | null;
  user: { id: number; fullName: string | null; email: string };
  /** The owner's buttons (spec 02 §4); empty for someone else's ad. */
  actions: OwnerAction[];
  /** Why the viewer may not delete it, or null. */
  deleteRefusal: string | null;
  /** Why the ad was rejected (the automatic moderation's reasons, then the moderator's), for a rejected ad. */
  rejectionReasons: string[];
  /** Why reports took it out of the public list (reasons with their counts), for an ad they hid. */
  hiddenByReports: string[] | null;
  /** Why the fraud signals sent it to the admin queue (fraud-signals.ts reviewReasons), empty otherwise. */
  reviewReasons: string[];
  /**
   * The owner's human review (LGPD Art. 20): "can-ask" for their rejected ad or one reports hid,
   * "asked" while their request waits, null otherwise.
   */
  review: "can-ask" | "asked" | null;
};

/** The stats cards and GET /api/ads/stats (spec 02 §3 "Statistics (owner)"). */
export type DashboardStats = {
  totalAds: number;
  activeAds: number;
  pendingPaymentAds: number;
  pausedAds: number;
  expiredAds: number;
  /** Marked sold by their owner ('Vendido'), whatever the date. */
  soldAds: number;
  totalViews: number;
};

/** What the rules need to know about an ad. */
/**
 * `refundPaused`: the ad is paused because the money that bought its period was given back (a refund or
 * a chargeback, status.server.ts `paidMoneyWasReversed`): only a new payment brings it back, so its
 * owner is offered 'Pagar' (a reactivation: a new period, a new cost) instead of a 'Reativar' that fails.
 */
export type ManagedAdState = { status: AdStatus; expirationDate: Date; createdAt: Date; userId: number; refundPaused?: boolean };
/** Who acts. */
export type Actor = { id: number; isAdmin: boolean };

/**
 * The owner's dashboard actions by effective status (spec 02 §4):
 * - active: 'Editar' and 'Pausar';
 * - paused: 'Reativar' (and 'Editar', which first shows the 'Anúncio Pausado' notice); paused by a refund:
 *   'Pagar' (pay-again: the edit page's reactivation, a new period paid for);
 * - pending_payment created today (São Paulo): only 'Efetuar Pagamento';
 * - pending_payment from an earlier day: 'Editar Anúncio';
 * - expired: 'Reativar Anúncio';
 * - active and paused also 'Vendido' (mark-sold), which ends the ad's public life for good;
 * - active also 'Impulsionar' (boost) and 'Prolongar' (extend), the purchases of a live ad (ADR 037);
 * - anything else (sold included): nothing.
 */
export type OwnerAction =
  | "edit"
  | "pause"
  | "reactivate"
  | "edit-paused"
  | "pay"
  | "pay-again"
  | "edit-unpaid"
  | "reactivate-expired"
  | "mark-sold"
  | "boost"
  | "extend";

export function ownerActions(ad: Omit<ManagedAdState, "userId">, now: Date = new Date()): OwnerAction[] {
  switch (effectiveStatus(ad, now)) {
    case "active":
      return ["edit", "pause", "mark-sold", "boost", "extend"];
    case "paused":
      return ad.refundPaused ? ["pay-again", "mark-sold"] : ["edit-paused", "reactivate", "mark-sold"];
    case "pending_payment":
      return isCreatedToday(ad.createdAt, now) ? ["pay"] : ["edit-unpaid"];
    case "expired":
      return ["reactivate-expired"];
    default:
      return [];
  }
}

/** Why `actor` may not delete the ad, or null when they may. Owners: pending_payment or expired; admins: active or paused. */
export function deleteRefusal(ad: ManagedAdState, actor: Actor, now: Date = new Date()): string | null {
  const status = effectiveStatus(ad, now);
  const asOwner = ad.userId === actor.id && (status === "pending_payment" || status === "expired");
  const asAdmin = actor.isAdmin && (status === "active" || status === "paused");
  if (asOwner || asAdmin) return null;
  return actor.isAdmin ? MANAGE_MESSAGES.adminDeleteOnly : MANAGE_MESSAGES.userDeleteOnly;
}

/**
 * Why `actor` may not set the ad to `target`, or null when they may. An admin may set active, paused
 * or pending_payment; an owner may only pause an active ad, reactivate a paused one and mark either
 * sold (never activate an unpaid, pending or rejected ad, nor anything once it has expired). Sold is
 * final, for admins too: the buyer who saved it was told "Vendido".
 */
export function statusChangeRefusal(ad: ManagedAdState, target: AdStatus, actor: Actor, now: Date = new Date()): string | null {
  const status = effectiveStatus(ad, now);
  if (!actor.isAdmin && ad.userId !== actor.id) return MANAGE_MESSAGES.notFound;
  if (status === "sold") return MANAGE_MESSAGES.soldFinal;
  if (target === "sold") {
    if (ad.userId !== actor.id) return statusChangeMessage(status, target);
    return status === "active" || status === "paused" ? null : MANAGE_MESSAGES.soldOnlyLive;
  }
  if (actor.isAdmin) {
    return (ADMIN_SETTABLE_STATUSES as readonly AdStatus[]).includes(target) ? null : statusChangeMessage(status, target);
  }
  if ((status === "active" && target === "paused") || (status === "paused" && target === "active")) return null;
  return statusChangeMessage(status, target);
}

/** Why `actor` may not open the edit page of the ad, or null when they may (admins may edit any ad). */
export function editRefusal(ad: ManagedAdState, actor: Actor, now: Date = new Date()): string | null {
  if (ad.userId !== actor.id && !actor.isAdmin) return MANAGE_MESSAGES.notOwner;
  const status = effectiveStatus(ad, now);
  if (status === "sold") return MANAGE_MESSAGES.soldFinal;
  if (actor.isAdmin) return null;
  if (status === "active" || status === "expired") return null;
  if (status === "paused" && ad.refundPaused) return null;
  if (status === "pending_payment" && !isCreatedToday(ad.createdAt, now)) return null;
  return notEditableMessage(status);
}

/**
 * Why `actor` may not add or remove the ad's photos, or null. Like editing, except that an ad still
 * awaiting payment keeps its photos editable on any day (the wizard reopened from the payment page
 * changes them too).
 */
export function photoChangeRefusal(ad: ManagedAdState, actor: Actor, now: Date = new Date()): string | null {
  if (ad.userId !== actor.id && !actor.isAdmin) return MANAGE_MESSAGES.notOwner;
  const status = effectiveStatus(ad, now);
  if (status === "sold") return MANAGE_MESSAGES.soldFinal;
  if (actor.isAdmin) return null;
  return status === "pending_payment" ? null : editRefusal(ad, actor, now);
}

/** How the edit form behaves for this ad (spec 02 §4 "Reactivation"). */
export type EditConstraints = {
  /** Expired: saving is a reactivation (pending_payment, a new date and cost, then payment). */
  reactivating: boolean;
  /** While active the date stays ('aguarde o anúncio expirar e reative-o'). */
  expirationLocked: boolean;
  /** While pending_payment or reactivating the status is the server's to set. */
  statusLocked: boolean;
  /** The statuses the select offers (the stored one first). */
  statusOptions: AdStatus[];
  /** Saving leads to the payment page (reactivation, or an ad still awaiting payment). */
  leadsToPayment: boolean;
};

export function editConstraints(ad: ManagedAdState, actor: Actor, now: Date = new Date()): EditConstraints {
  const status = effectiveStatus(ad, now);
  // A refund's pause ends only with a new payment: its owner reactivates the ad like an expired one.
  const reactivating = status === "expired" || (status === "paused" && Boolean(ad.refundPaused) && !actor.isAdmin);
  const statusLocked = reactivating || ad.status === "pending_payment";
  let statusOptions: AdStatus[] = [ad.status];
  if (!statusLocked) {
    if (actor.isAdmin) statusOptions = [...new Set<AdStatus>([ad.status, ...ADMIN_SETTABLE_STATUSES])];
    else if (ad.status === "active") statusOptions = ["active", "paused"];
  }
  return {
    reactivating,
    expirationLocked: status === "active",
    statusLocked,
    statusOptions: reactivating ? ["pending_payment"] : statusOptions,
    leadsToPayment: reactivating || ad.status === "pending_payment",
  };
}
