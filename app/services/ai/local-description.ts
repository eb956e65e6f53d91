/**
 * The description helper's offline writer: a natural pt-BR description built only from the ad's
 * own fields, so "Gerar com IA" works with no AI key and never invents facts.
 *
 * It reads like a person wrote it because each sentence has a few phrasings chosen by a hash of
 * the input (the same ad always gets the same text, so tests are stable), characteristics become
 * phrases ("62.000 km", "com ar-condicionado", "vacinado", "não é único dono"), and empty fields are
 * left out rather than shown as blanks. The price is never written: the page shows it beside the
 * description, and a price frozen in the text would contradict it after the next price edit. The result always fits maxLength: details are dropped first, then the text
 * is cut at a sentence or word boundary.
 */
import {
  capitalize,
  describeCharacteristic,
  joinPt,
  lowerWords,
  plain,
  type CharacteristicValue,
  type DescribedCharacteristic,
  type Detail,
} from "./describe-characteristics";

export type { CharacteristicDataType, DescribedCharacteristic } from "./describe-characteristics";

export type AdType = "Comprar" | "Vender" | "Trocar";

export type DescriptionInput = {
  adType: AdType | (string & {});
  categoryName: string;
  subcategoryName?: string | null;
  /** The advertiser's title ("iPhone 13 128 GB azul"), when given. */
  title?: string | null;
  /** Category fields by name: a bare value, or { label, value, dataType } as the category defines it. */
  characteristics?: Record<string, DescribedCharacteristic | CharacteristicValue>;
  /** Free name/value pairs the advertiser added. */
  customCharacteristics?: Record<string, string> | Array<{ name: string; value: string }>;
  whatsapp?: string | null;
  city?: string | null;
  /** Default 400 (spec 02 §5); clamped to 60..1000. */
  maxLength?: number;
};

export const DESCRIPTION_MAX_LENGTH = 400;

export function resolveMaxLength(maxLength: number | undefined): number {
  if (maxLength === undefined || !Number.isFinite(maxLength)) return DESCRIPTION_MAX_LENGTH;
  return Math.min(1000, Math.max(60, Math.trunc(maxLength)));
}

/**
 * Cuts text to at most maxLength characters: at the last sentence end when that keeps at least
 * half of the text, else at the last space followed by "…". Never splits a word.
 */
export function truncateAtBoundary(text: string, maxLength: number): string {
  const clean = text.trim();
  if (clean.length <= maxLength) return clean;
  const head = clean.slice(0, maxLength + 1);
  const sentenceEnd = Math.max(...[".", "!", "?"].map((mark) => head.lastIndexOf(`${mark} `)));
  if (sentenceEnd + 1 >= maxLength / 2) return clean.slice(0, sentenceEnd + 1);

  const room = clean.slice(0, maxLength); // one character is kept for the "…"
  const lastSpace = room.lastIndexOf(" ");
  const cut = lastSpace > 0 ? room.slice(0, lastSpace) : room.slice(0, maxLength - 1);
  return `${cut.replace(/[\s,;:.\-–—]+$/u, "")}…`;
}

/** FNV-1a: a stable 32-bit hash of the input, the seed of the phrasing choices. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a tiny deterministic generator; each call picks the next phrasing. */
function chooser(seed: number) {
  let state = seed;
  return function pick<T>(options: readonly T[]): T {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const random = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return options[Math.floor(random * options.length)]!;
  };
}

type Kind = "goods" | "services" | "jobs";
type Mode = "sell" | "buy" | "swap";

/**
 * Category names read as one item only for these; the rest get "item de …" (a naive singular
 * would turn "Bebês e Crianças" into "Vendo bebê").
 */
const CATEGORY_SINGULAR: Record<string, string> = {
  imoveis: "imóvel",
  veiculos: "veículo",
  "eletronicos e celulares": "eletrônico",
  "animais e pet": "animal",
};

/** "Carros" → "carro", "Roupas Femininas" → "roupa feminina", "Materiais de Construção" → "material de construção". */
function singularPhrase(phrase: string): string | null {
  const words = lowerWords(phrase).split(" ");
  if (!/s$/.test(words[0] ?? "")) return null;
  const out: string[] = [];
  let inHead = true;
  for (const word of words) {
    if (/^(de|da|do|das|dos|para|com)$/.test(word)) inHead = false;
    out.push(inHead ? singularWord(word) : word);
  }
  return out.join(" ");
}

function singularWord(word: string): string {
  if (/ais$/i.test(word)) return word.replace(/ais$/i, "al"); // materiais, musicais
  if (/[eé]is$/i.test(word)) return word.replace(/[eé]is$/i, "el"); // móveis, papéis
  if (/óis$/i.test(word)) return word.replace(/óis$/i, "ol"); // lençóis
  // infantis → infantil; accented words in -is are invariable (tênis, lápis).
  if (/[^aeiou]is$/i.test(word) && !/[áéíóúâêôãõ]/i.test(word)) return word.replace(/is$/i, "il");
  if (/[õã]es$/i.test(word)) return word.replace(/[õã]es$/i, "ão"); // caminhões, cães
  if (/[rzs]es$/i.test(word)) return word.slice(0, -2); // tratores, celulares
  if (/ns$/i.test(word)) return word.replace(/ns$/i, "m"); // bagagens
  return word.replace(/s$/i, "");
}

/** What the ad is about, as the object of "Vendo …" when there is no title. */
function itemPhrase(input: DescriptionInput): string {
  const sub = input.subcategoryName?.trim();
  const category = input.categoryName.trim();
  if (sub) {
    const firstPart = sub.split(/,| e /)[0]!.trim();
    const singular = singularPhrase(firstPart);
    if (singular) return singular;
    const root = CATEGORY_SINGULAR[plain(category)];
    if (root && !sub.includes(" ")) return `${root} ${lowerWords(sub)}`; // Imóveis + Comercial
    return `item de ${lowerWords(sub)}`;
  }
  return CATEGORY_SINGULAR[plain(category)] ?? `item de ${lowerWords(category)}`;
}

function customEntries(custom: DescriptionInput["customCharacteristics"]): Array<[string, string]> {
  if (!custom) return [];
  return Array.isArray(custom) ? custom.map((pair) => [pair.name, pair.value]) : Object.entries(custom);
}

function collectDetails(input: DescriptionInput): Detail[] {
  const context = { title: input.title };
  const details: Detail[] = [];
  for (const [name, value] of Object.entries(input.characteristics ?? {})) {
    const detail = describeCharacteristic(name, value, context);
    if (detail) details.push(detail);
  }
  for (const [name, value] of customEntries(input.customCharacteristics)) {
    if (!name?.trim()) continue;
    const detail = describeCharacteristic(name, { label: name.trim(), value, dataType: undefined }, context);
    if (detail) details.push(detail);
  }
  return details;
}

/** Writes the description. Same input → same text; always ≤ maxLength. */
export function generateLocalDescription(input: DescriptionInput): string {
  const maxLength = resolveMaxLength(input.maxLength);
  const pick = chooser(hashOf(JSON.stringify(input)));
  const mode: Mode = input.adType === "Comprar" ? "buy" : input.adType === "Trocar" ? "swap" : "sell";
  const categoryKey = plain(input.categoryName);
  const kind: Kind = /emprego|vaga/.test(categoryKey) ? "jobs" : /servico/.test(categoryKey) ? "services" : "goods";

  const title = input.title?.trim().replace(/[.!?;,]+$/, "");
  const sub = input.subcategoryName?.trim();
  const area = lowerWords(sub || input.categoryName.trim());
  const item = title || itemPhrase(input);
  const where = input.city?.trim() ? ` em ${input.city.trim()}` : "";

  // Every choice is made once, up front, so dropping details to fit keeps the same phrasing.
  const opening = pick(openings(kind, mode, item, area, Boolean(title)));
  const descriptorLead = pick(mode === "buy" ? ["De preferência: ", "O que procuro: "] : ["", "Detalhes: ", "Mais detalhes: "]);
  const withLead = pick(mode === "buy" ? ["De preferência com "] : ["Vem com ", "Tem ", "Conta com "]);
  const closings = closingSentences(kind, mode);
  const closing = closings.length ? pick(closings) : null;
  const contactSentence = pick(contactSentences(kind, mode, input.whatsapp?.trim() || null));
  const contactWithoutNumber = pick(contactSentences(kind, mode, null));

  const compose = (details: Detail[], contact: string) => {
    const sentences = [`${opening}${where}.`];
    const of = (group: Detail["group"]) => details.filter((d) => d.group === group).map((d) => d.text);
    const descriptors = of("descriptor");
    if (descriptors.length) sentences.push(`${descriptorLead}${joinPt(descriptors)}.`.replace(/^./, (c) => c.toUpperCase()));
    const states = of("state");
    if (states.length) sentences.push(`${capitalize(joinPt(states))}.`);
    const withItems = of("with");
    const withoutItems = of("without");
    const extras: string[] = [];
    if (withItems.length) extras.push(`${withLead}${joinPt(withItems)}`);
    if (withoutItems.length) extras.push(`${withItems.length ? "sem" : "Sem"} ${joinPt(withoutItems)}`);
    if (extras.length) sentences.push(`${extras.join(", ")}.`);
    if (closing) sentences.push(closing);
    sentences.push(contact);
    return sentences.join(" ");
  };

  const details = collectDetails(input);
  for (let count = details.length; count >= 0; count--) {
    const text = compose(details.slice(0, count), contactSentence);
    if (text.length <= maxLength) return text;
  }
  return truncateAtBoundary(compose([], contactWithoutNumber), maxLength);
}

function openings(kind: Kind, mode: Mode, item: string, area: string, hasTitle: boolean): string[] {
  const cap = capitalize(item);
  if (kind === "services") {
    const service = /^servicos?\b/.test(plain(area)) ? area : `serviços de ${area}`;
    if (mode === "buy") return [`Procuro profissional de ${area}`, `Preciso de ${service}`];
    return hasTitle
      ? [`${cap}. Ofereço ${service}`, `${cap}: ofereço ${service}`]
      : [`Ofereço ${service}`, `Faço ${service}`, `Presto ${service}`];
  }
  if (kind === "jobs") {
    if (mode === "buy") return [`Procuro emprego na área de ${area}`, `Estou em busca de vaga na área de ${area}`];
    return hasTitle
      ? [`Vaga: ${item}`, `Estamos contratando: ${item}`]
      : [`Vaga de emprego na área de ${area}`, `Estamos contratando para a área de ${area}`];
  }
  if (mode === "buy") return [`Compro ${item}`, `Procuro ${item} para comprar`, `Estou procurando ${item}`, `Quero comprar ${item}`];
  if (mode === "swap") return [`Troco ${item}`, `Quero trocar ${item}`, `${cap} para troca`];
  return [`Vendo ${item}`, `Estou vendendo ${item}`, `Coloco à venda ${item}`, `À venda: ${item}`];
}

/** What an ad of this kind says before the contact, if anything; never the price. */
function closingSentences(kind: Kind, mode: Mode): string[] {
  if (kind === "services" && mode !== "buy") return ["Orçamento sem compromisso.", "Faço orçamento sem compromisso."];
  if (mode === "swap") return ["Aceito propostas de troca.", "Estou aberto a propostas de troca."];
  return [];
}

function contactSentences(kind: Kind, mode: Mode, whatsapp: string | null): string[] {
  if (mode === "buy" && kind === "goods") {
    return whatsapp
      ? [`Quem tiver, me chama no WhatsApp ${whatsapp}.`, `Se você tem, fale comigo pelo WhatsApp ${whatsapp}.`]
      : ["Quem tiver, entre em contato.", "Se você tem, me chama!"];
  }
  return whatsapp
    ? [`Interessados, chamem no WhatsApp ${whatsapp}.`, `Mais informações pelo WhatsApp ${whatsapp}.`, `Ficou interessado? Me chama no WhatsApp ${whatsapp}.`]
    : ["Interessados, entrem em contato.", "Ficou interessado? Me chama!", "Mais informações, é só chamar."];
}
