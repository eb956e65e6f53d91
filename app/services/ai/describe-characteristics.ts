/**
 * Turns an ad's characteristics (the category's fields and the free name/value pairs) into the
 * short pt-BR phrases a person would write: "ano 2019", "62.000 km", "3 quartos", "com
 * ar-condicionado", "sem vagas de garagem", "vacinado", "última revisão em 14/08/2026".
 * Pure; used by the local description generator.
 */
import { formatBRLAmount } from "~/lib/brl";
import { formatDisplayNumber } from "~/lib/number-display";

export type CharacteristicDataType = "text" | "number" | "date" | "boolean" | "select";
export type CharacteristicValue = string | number | boolean | null | undefined;
export type DescribedCharacteristic = { label?: string; value: CharacteristicValue; dataType?: CharacteristicDataType };

/**
 * Where a phrase goes in the text: descriptors are listed ("ano 2019, 62.000 km"), states stand
 * alone ("único dono"), "with"/"without" are grouped behind one "com"/"sem".
 */
export type Detail = { group: "descriptor" | "state" | "with" | "without"; text: string };

/** Lower case, no accents: for comparing labels and values, never for display. */
export function plain(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().trim();
}

/** "Ar-condicionado" → "ar-condicionado", "Tipo de contratação" → "tipo de contratação"; "CLT", "iPhone" kept. */
export function lowerWords(text: string): string {
  return text
    .split(" ")
    .map((word) => (/^\p{Lu}[\p{Ll}-]*$/u.test(word) ? word.toLowerCase() : word))
    .join(" ");
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "a", "a e b", "a, b e c". */
export function joinPt(items: string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} e ${items[items.length - 1]}`;
}

/** "unicoDono" → "Unico dono": a readable label when the caller sent only the field name. */
function labelFromName(name: string): string {
  const words = name.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ").trim().toLowerCase();
  return capitalize(words);
}

function parseBoolean(value: CharacteristicValue): boolean | null {
  if (typeof value === "boolean") return value;
  if (typeof value !== "string") return null;
  const normalized = plain(value);
  // Not "s"/"n": those are also clothing sizes.
  if (["true", "sim", "yes"].includes(normalized)) return true;
  if (["false", "nao", "no"].includes(normalized)) return false;
  return null;
}

/** 62000, "62000", "62.000" (pt-BR thousands) and "6,1" (pt-BR decimals) → numbers. */
function parseNumber(value: CharacteristicValue): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string") return null;
  const text = value.trim();
  let normalized: string;
  if (/^-?\d{1,3}(\.\d{3})*(,\d+)?$/.test(text) || /^-?\d+,\d+$/.test(text)) {
    normalized = text.replace(/\./g, "").replace(",", ".");
  } else if (/^-?\d+(\.\d+)?$/.test(text)) {
    normalized = text;
  } else {
    return null;
  }
  const parsed = Number(normalized);
  return Number.isFinite(parsed) ? parsed : null;
}

/** "R$ 350,00" with a plain space (the site's money format puts U+00A0 after "R$"). */
function formatReais(reais: number): string {
  return formatBRLAmount(Math.round(reais * 100)).replace(/\u00a0/g, " ");
}

/** "Quartos" → "quarto", "Vagas de garagem" → "vaga de garagem", "Anos de experiência" → "ano de experiência". */
function singularFirstWord(text: string): string {
  return text.replace(/^(\S+?)(es|s)\b/u, (_, stem: string, ending: string) =>
    ending === "es" && /[rz]$/.test(stem) ? stem : stem + (ending === "es" ? "e" : ""),
  );
}

const TIME_UNITS: Record<string, [singular: string, plural: string]> = {
  meses: ["mês", "meses"], mes: ["mês", "meses"], anos: ["ano", "anos"], dias: ["dia", "dias"], horas: ["hora", "horas"],
};

function describeNumber(label: string, value: number): Detail | null {
  // "Quilometragem (km)" → base "Quilometragem", unit "km".
  const unitMatch = /^(.*?)\s*\(([^)]+)\)\s*$/.exec(label);
  const base = lowerWords((unitMatch?.[1] ?? label).replace(/^(n[ºo°]\.?|numero|número|quantidade)\s+de\s+/i, ""));
  const unit = unitMatch?.[2]?.trim() ?? "";
  const key = plain(base);
  // As the ad page shows the value: "148.000 km" beside a Quilometragem of 148.000.
  const formatted = formatDisplayNumber(value);

  if (key === "ano" || key.startsWith("ano ")) return { group: "descriptor", text: `${base} ${Math.trunc(value)}` };
  if (key.includes("quilometragem") || plain(unit) === "km") return { group: "descriptor", text: `${formatted} km` };
  if (/r\$/i.test(unit)) {
    const perMonth = /m[eê]s/i.test(unit) ? " por mês" : "";
    return { group: "descriptor", text: `${base} de ${formatReais(value)}${perMonth}` };
  }
  if (key.includes("area") || key.includes("metragem") || /^m(²|2)$/.test(unit)) {
    return { group: "descriptor", text: `${base} de ${formatted} m²` };
  }
  const time = TIME_UNITS[plain(unit)];
  if (time) return { group: "descriptor", text: `${formatted} ${value === 1 ? time[0] : time[1]} de ${base}` };
  if (unit) return { group: "descriptor", text: `${base} de ${formatted} ${unit}` };

  // Counted things: "Quartos", "Vagas de garagem", "Anos de experiência".
  if (/^\S+s\b/u.test(base)) {
    if (value === 0) return { group: "without", text: base };
    return { group: "descriptor", text: `${formatted} ${value === 1 ? singularFirstWord(base) : base}` };
  }
  return { group: "descriptor", text: `${base} ${formatted}` };
}

/** Labels that read as a verb ("Aceita financiamento", "É blindado"): denied with a plain "não". */
const VERB_START = /^(aceita|possui|tem|faz|atende|emite|exige|inclui|acompanha|vem|esta|e|pode|permite|precisa|aceito)\b/;
// One-word participles: a state of the thing itself, denied with "não" ("não castrado", "não
// mobiliado"). "ar-condicionado" is a thing the ad comes "com", not a state.
const PARTICIPLE = /^[^\s-]+(ado|ada|ido|ida)$/;
// Qualities named by an adjective or a noun phrase, denied with "não é" ("não é único dono": a bare
// "não único dono" is not Portuguese).
const QUALITY = /^(unico|unica|original|novo|nova|seminovo|seminova|zero)$|^(unico|unica) /;

function describeBoolean(label: string, value: boolean): Detail {
  const text = lowerWords(label.replace(/\?$/, "").replace(/^Produto\s+/i, ""));
  const key = plain(text);
  if (VERB_START.test(key) || PARTICIPLE.test(key)) return { group: "state", text: value ? text : `não ${text}` };
  if (QUALITY.test(key)) return { group: "state", text: value ? text : `não é ${text}` };
  return { group: value ? "with" : "without", text };
}

function describeDate(label: string, value: string): Detail {
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  const date = iso ? `${iso[3]}/${iso[2]}/${iso[1]}` : value;
  const base = lowerWords(label.replace(/^data\s+(da|do|de)\s+/i, ""));
  const joiner = /\bat[eé]$/i.test(base) ? "" : " em";
  return { group: "descriptor", text: `${base}${joiner} ${date}` };
}

const EMPTY_CHOICES = new Set(["", "nao se aplica", "outra", "outro", "n/a", "-"]);
const PROPER_NAME_LABELS = new Set(["marca", "modelo", "raca", "bairro", "nome"]);

function describeText(label: string, raw: string, dataType: CharacteristicDataType | undefined, title: string): Detail | null {
  const value = raw.trim().replace(/\s+/g, " ");
  if (EMPTY_CHOICES.has(plain(value))) return null;
  // The title already says it ("Honda CG 160" with marca Honda): do not repeat it.
  if (value.length >= 3 && plain(title).includes(plain(value))) return null;

  const key = plain(label);
  if (key.includes("conservacao") || key === "estado" || key === "condicao") {
    return { group: "state", text: lowerWords(value).replace(/\s+-\s+/, ", em ") };
  }
  if (key === "sexo") return { group: "state", text: lowerWords(value) };

  let shown = value;
  if (dataType === "select") {
    const options = value.split(",").map((option) => option.trim()).filter(Boolean);
    const lowered = PROPER_NAME_LABELS.has(key) ? options : options.map(lowerWords);
    shown = joinPt(lowered);
  }
  return { group: "descriptor", text: `${lowerWords(label)} ${shown}` };
}

/** One characteristic → one phrase, or null when there is nothing worth saying. */
export function describeCharacteristic(
  name: string,
  input: DescribedCharacteristic | CharacteristicValue,
  context: { title?: string | null } = {},
): Detail | null {
  const described: DescribedCharacteristic =
    typeof input === "object" && input !== null ? input : { value: input };
  const { value, dataType } = described;
  if (value === null || value === undefined || (typeof value === "string" && value.trim() === "")) return null;
  const label = (described.label ?? "").trim() || labelFromName(name);

  const asBoolean = dataType === "boolean" || (!dataType && parseBoolean(value) !== null) ? parseBoolean(value) : null;
  if (asBoolean !== null) return describeBoolean(label, asBoolean);
  if (dataType === "boolean") return null;

  const isIsoDate = typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value.trim());
  if (dataType === "date" || (!dataType && isIsoDate)) return describeDate(label, String(value).trim());

  const asNumber = dataType === "number" || (!dataType && typeof value !== "boolean") ? parseNumber(value) : null;
  if (asNumber !== null) {
    // "Fiat Strada 2019" already says the year.
    const yearInTitle = /^ano\b/.test(plain(label)) && (context.title ?? "").includes(String(Math.trunc(asNumber)));
    return yearInTitle ? null : describeNumber(label, asNumber);
  }

  return describeText(label, String(value), dataType, context.title ?? "");
}
