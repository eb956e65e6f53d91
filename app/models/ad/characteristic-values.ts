/**
 * An ad's characteristic values checked against its category's definitions (spec 02 §3, §5):
 * by data type (text with a character limit, number within min/max, date, boolean, select from the
 * options), required ones present. Browser-safe: the wizard validates live with the same function
 * the server applies to the page, POST /api/ads and the edit page.
 */
import { isValidDateKey } from "~/lib/dates";
import { formatDisplayNumber } from "~/lib/number-display";
import { singleLine } from "~/lib/plain-text";
import type { CharacteristicDataType } from "~/models/category/category";

export type CharacteristicDefinition = {
  name: string;
  label: string;
  dataType: CharacteristicDataType;
  options: string[] | null;
  minValue: number | null;
  maxValue: number | null;
  charLimit: number | null;
  isRequired: boolean;
};

/** A text characteristic without its own limit still has one. */
export const DEFAULT_TEXT_LIMIT = 200;

export type CharacteristicCheck = {
  /** The values to store, normalised: numbers as "1234.5", booleans "true"/"false", selects comma-separated. */
  values: Record<string, string>;
  /** pt-BR message by characteristic name. */
  errors: Record<string, string>;
};

/** "1.500", "1500,5", "1500.50" → 1500 / 1500.5; null when it is not a number. */
export function parseNumberInput(value: string): number | null {
  const text = value.trim().replace(/\s/g, "");
  if (!/^-?[\d.,]+$/.test(text)) return null;
  let normalised = text;
  if (text.includes(",")) normalised = text.replace(/\./g, "").replace(",", ".");
  else if (/^-?\d{1,3}(\.\d{3})+$/.test(text)) normalised = text.replace(/\./g, ""); // "1.500" is pt-BR thousands
  const n = Number(normalised);
  return Number.isFinite(n) ? n : null;
}

function formatNumber(n: number) {
  return String(Math.round(n * 1e6) / 1e6);
}

/**
 * A stored characteristic value as people read it, wherever it is shown (the ad page, the API's
 * characteristicItems): numbers in pt-BR ("148000" → "148.000", "1234.5" → "1.234,5"), booleans as
 * Sim/Não, dates as dd/mm/aaaa. A value that is not in its stored form is shown as it is.
 */
export function displayCharacteristicValue(value: string, dataType: string): string {
  if (dataType === "number") {
    // Stored as checkCharacteristicValues writes it (String of a number: "1234.5", never a trailing
    // zero); anything else, such as an old "148.000" that would read as 148, is shown untouched.
    return /^-?\d+(\.\d*[1-9])?$/.test(value) ? formatDisplayNumber(Number(value)) : value;
  }
  if (dataType === "boolean") return value === "true" ? "Sim" : value === "false" ? "Não" : value;
  if (dataType === "date") {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (m) return `${m[3]}/${m[2]}/${m[1]}`;
  }
  return value;
}

export function checkCharacteristicValues(
  definitions: CharacteristicDefinition[],
  raw: Record<string, string | undefined>,
): CharacteristicCheck {
  const values: Record<string, string> = {};
  const errors: Record<string, string> = {};
  for (const definition of definitions) {
    const input = singleLine(raw[definition.name] ?? "");
    const { label } = definition;
    if (input === "") {
      if (definition.isRequired) errors[definition.name] = `${label} é obrigatório`;
      continue;
    }
    switch (definition.dataType) {
      case "text": {
        const limit = definition.charLimit ?? DEFAULT_TEXT_LIMIT;
        if (input.length > limit) errors[definition.name] = `${label}: no máximo ${limit} caracteres`;
        else values[definition.name] = input;
        break;
      }
      case "number": {
        const n = parseNumberInput(input);
        if (n === null) errors[definition.name] = `${label} deve ser um número`;
        else if (definition.minValue !== null && n < definition.minValue) errors[definition.name] = `${label}: mínimo ${formatNumber(definition.minValue)}`;
        else if (definition.maxValue !== null && n > definition.maxValue) errors[definition.name] = `${label}: máximo ${formatNumber(definition.maxValue)}`;
        else values[definition.name] = formatNumber(n);
        break;
      }
      case "date": {
        if (!/^\d{4}-\d{2}-\d{2}$/.test(input) || !isValidDateKey(input)) errors[definition.name] = `${label}: data inválida`;
        else values[definition.name] = input;
        break;
      }
      case "boolean": {
        const yes = ["true", "sim", "on", "1"].includes(input.toLowerCase());
        const no = ["false", "não", "nao", "off", "0"].includes(input.toLowerCase());
        if (!yes && !no) errors[definition.name] = `${label}: responda sim ou não`;
        else values[definition.name] = yes ? "true" : "false";
        break;
      }
      case "select": {
        // Several choices travel comma-separated, as ads store them (spec 02 §3).
        const chosen = input.split(",").map((part) => part.trim()).filter(Boolean);
        const options = definition.options ?? [];
        const unknown = chosen.filter((choice) => !options.includes(choice));
        if (unknown.length) errors[definition.name] = `${label}: escolha uma das opções`;
        else values[definition.name] = chosen.join(", ");
        break;
      }
    }
  }
  return { values, errors };
}
