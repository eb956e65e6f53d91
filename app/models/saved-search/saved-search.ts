/** 'Salvar busca', the browser-safe half: the limit and the messages the pages share. Rules: ./saved-searches.server.ts. */

/** How many searches one account may keep (each may mail once a day). */
export const MAX_SAVED_SEARCHES = 20;

export const SAVED_SEARCH_MESSAGES = {
  saved: "Busca salva!",
  savedDescription: "Você receberá um e-mail por dia quando aparecerem anúncios novos para ela.",
  alreadySaved: "Esta busca já está salva.",
  full: `Você já tem ${MAX_SAVED_SEARCHES} buscas salvas. Remova alguma em Minha conta para salvar esta.`,
  removed: "Busca removida",
  /** The title of a refusal's toast; the reason is its description. */
  refused: "Não foi possível concluir",
  notFound: "Busca salva não encontrada.",
  invalid: "Não foi possível entender o pedido. Recarregue a página e tente de novo.",
  unsubscribed: "Alerta cancelado",
  unsubscribedDescription: "Você não receberá mais e-mails desta busca.",
  badLink: "Link de cancelamento inválido.",
} as const;

/** A saved search as /conta lists it. */
export type SavedSearchItem = { id: number; description: string; href: string; createdAt: string };
