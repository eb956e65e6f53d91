/** Where the site's own pages and contacts live: shared by the footer, the mobile menu and the legal texts. */
export const CONTACT_EMAIL = "contato@classificadospatos.com.br";
export const INSTAGRAM_URL = "https://instagram.com/classificadospatos";
export const FACEBOOK_URL = "https://facebook.com/classificadospatos";

/** Linked from the footer and from the mobile menu (an endless list keeps the footer out of reach). */
export const INSTITUTIONAL_LINKS = [
  { to: "/sobre", label: "Sobre" },
  { to: "/termos", label: "Termos de Uso" },
  { to: "/privacidade", label: "Política de Privacidade" },
] as const;
