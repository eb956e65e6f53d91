/**
 * The admin forms of the reference data (spec 02 §2, §5, §7), browser-safe: limits, pt-BR messages and
 * the zod/mini schemas of categories, subcategories and characteristics, shared by the admin pages
 * (server and live validation), their quick forms and the JSON API (POST/PUT /api/categories,
 * /api/subcategories, /api/characteristics). Kept apart from category.ts, which public pages import
 * for the icon keys and must stay free of zod.
 *
 * One schema serves a form (strings, a checkbox "on") and JSON (numbers, booleans, arrays).
 */
import * as z from "zod/mini";
import { positiveId } from "~/lib/id";
import { multiLine, singleLine } from "~/lib/plain-text";
import { CATEGORY_ICON_KEYS, CHARACTERISTIC_DATA_TYPES, type CategoryIconKey, type CharacteristicDataType } from "~/models/category/category";

/** The icons an admin picks from (spec 02 §3), in this order. A category keeps any other known key it already has. */
export const ADMIN_CATEGORY_ICONS = [
  "home",
  "directions_car",
  "motor_racing_helmet",
  "smartphone",
  "wrench",
  "handshake",
  "cpu",
  "bike",
  "truck",
  "shirt",
  "sofa",
  "guitar",
] as const satisfies readonly CategoryIconKey[];

export const ICON_LABELS: Readonly<Record<(typeof ADMIN_CATEGORY_ICONS)[number], string>> = {
  home: "Casa",
  directions_car: "Carro",
  motor_racing_helmet: "Moto",
  smartphone: "Celular",
  wrench: "Ferramenta",
  handshake: "Serviços",
  cpu: "Eletrônicos",
  bike: "Bicicleta",
  truck: "Caminhão",
  shirt: "Roupas",
  sofa: "Móveis",
  guitar: "Música",
};

export const DATA_TYPE_LABELS: Readonly<Record<CharacteristicDataType, string>> = {
  text: "Texto",
  number: "Número",
  date: "Data",
  boolean: "Sim/Não",
  select: "Lista de opções",
};

export const NAME_MAX = 100;
export const LABEL_MAX = 100;
export const DESCRIPTION_MAX = 500;
export const HELPER_MAX = 200;
export const MAX_OPTIONS = 50;
export const OPTION_MAX = 60;
export const CHAR_LIMIT_MAX = 1000;

export const CATEGORY_MESSAGES = {
  nameRequired: "Nome é obrigatório",
  nameMin: "Nome deve ter pelo menos 2 caracteres",
  nameMax: `Nome pode ter no máximo ${NAME_MAX} caracteres`,
  nameChars: "Nome não pode conter ponto, aspas nem colchetes",
  labelRequired: "Label é obrigatório",
  labelMin: "Label deve ter pelo menos 2 caracteres",
  labelMax: `Label pode ter no máximo ${LABEL_MAX} caracteres`,
  descriptionMax: `Descrição pode ter no máximo ${DESCRIPTION_MAX} caracteres`,
  helperMax: `Ajuda pode ter no máximo ${HELPER_MAX} caracteres`,
  icon: "Escolha um ícone da lista",
  dataType: "Escolha um tipo de dado",
  category: "Categoria é obrigatória",
  optionsRequired: "Informe ao menos uma opção",
  optionsMax: `No máximo ${MAX_OPTIONS} opções`,
  optionMax: `Cada opção pode ter no máximo ${OPTION_MAX} caracteres`,
  optionComma: "Uma opção não pode conter vírgula (os anúncios guardam as escolhas separadas por vírgula)",
  optionsRepeated: "Há opções repetidas",
  number: "Informe um número",
  minMax: "O mínimo deve ser menor ou igual ao máximo",
  charLimit: `Limite de caracteres entre 1 e ${CHAR_LIMIT_MAX}`,
  // Toasts (spec 02 §8)
  categoryCreated: "Categoria criada com sucesso!",
  categoryUpdated: "Categoria atualizada com sucesso!",
  categoryDeleted: "Categoria excluída com sucesso!",
  categoryCreateError: "Erro ao criar categoria",
  categoryUpdateError: "Erro ao atualizar categoria",
  categoryDeleteError: "Erro ao excluir categoria",
  categoryNotFound: "Categoria não encontrada",
  subcategoryCreated: "Subcategoria criada com sucesso!",
  subcategoryUpdated: "Subcategoria atualizada com sucesso!",
  subcategoryDeleted: "Subcategoria excluída com sucesso!",
  subcategoryCreateError: "Erro ao criar subcategoria",
  subcategoryUpdateError: "Erro ao atualizar subcategoria",
  subcategoryDeleteError: "Erro ao excluir subcategoria",
  subcategoryNotFound: "Subcategoria não encontrada",
  characteristicCreated: "Característica criada com sucesso!",
  characteristicUpdated: "Característica atualizada com sucesso!",
  characteristicDeleted: "Característica excluída com sucesso!",
  characteristicCreateError: "Erro ao criar característica",
  characteristicUpdateError: "Erro ao atualizar característica",
  characteristicDeleteError: "Erro ao excluir característica",
  characteristicNotFound: "Característica não encontrada",
} as const;

const blank = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
/** A form's or JSON's text, "" when absent, made one line (or, with `lines`, kept in lines: lib/plain-text). */
const textOrEmpty = (lines = false) =>
  z.pipe(
    z.optional(z.union([z.string(), z.null()])),
    z.transform((value: string | null | undefined) => (lines ? multiLine : singleLine)(value ?? "")),
  );

/**
 * A required one-line text (lib/plain-text), checked in one step (one message at a time): missing → `required`, then
 * the minimum, the maximum and any rule. A single transform on purpose: conform turns an empty
 * `z.string()` stage into "undefined" and its own message.
 */
export const requiredText = (rules: { required: string; min?: [number, string]; max: [number, string]; rule?: [(value: string) => boolean, string] }) =>
  z.pipe(
    z.optional(z.union([z.string(), z.null()])),
    z.transform((value: string | null | undefined, ctx) => {
      const text = singleLine(value ?? "");
      let problem: string | null = null;
      if (!text) problem = rules.required;
      else if (rules.min && text.length < rules.min[0]) problem = rules.min[1];
      else if (text.length > rules.max[0]) problem = rules.max[1];
      else if (rules.rule && !rules.rule[0](text)) problem = rules.rule[1];
      if (problem) {
        ctx.issues.push({ code: "custom", message: problem, input: value });
        return z.NEVER;
      }
      return text;
    }),
  );

const nameField = requiredText({
  required: CATEGORY_MESSAGES.nameRequired,
  min: [2, CATEGORY_MESSAGES.nameMin],
  max: [NAME_MAX, CATEGORY_MESSAGES.nameMax],
});

const labelField = requiredText({
  required: CATEGORY_MESSAGES.labelRequired,
  min: [2, CATEGORY_MESSAGES.labelMin],
  max: [LABEL_MAX, CATEGORY_MESSAGES.labelMax],
});

/** Optional text, one line unless `lines`: empty becomes null; when given it must be at least `min` long. */
const optionalText = (max: number, maxMessage: string, { min = 0, minMessage = "", lines = false } = {}) =>
  z.pipe(
    textOrEmpty(lines),
    z.transform((value: string, ctx) => {
      if (value === "") return null;
      if (value.length < min) ctx.issues.push({ code: "custom", message: minMessage, input: value });
      if (value.length > max) ctx.issues.push({ code: "custom", message: maxMessage, input: value });
      return value;
    }),
  );

/** A checkbox ("on") or a JSON boolean; absent stays undefined (create: true; a form's edit: false; JSON update: unchanged). */
const flag = z.optional(
  z.pipe(
    z.union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false")]),
    z.transform((value) => value === true || value === "on" || value === "true"),
  ),
);


/** "1.500,5", "1500.5", 1500.5 → 1500.5; empty → null. */
function readNumber(value: unknown): number | null | "invalid" {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return Number.isFinite(value) ? value : "invalid";
  if (typeof value !== "string") return "invalid";
  const text = value.trim().replace(/\s/g, "");
  if (text === "") return null;
  if (!/^-?[\d.,]+$/.test(text)) return "invalid";
  let normalised = text;
  if (text.includes(",")) normalised = text.replace(/\./g, "").replace(",", ".");
  else if (/^-?\d{1,3}(\.\d{3})+$/.test(text)) normalised = text.replace(/\./g, "");
  const n = Number(normalised);
  return Number.isFinite(n) ? n : "invalid";
}

const optionalNumber = z.pipe(
  z.optional(z.unknown()),
  z.transform((value, ctx) => {
    const n = readNumber(value);
    if (n === "invalid") {
      ctx.issues.push({ code: "custom", message: CATEGORY_MESSAGES.number, input: value });
      return z.NEVER;
    }
    return n;
  }),
);

const optionalCharLimit = z.pipe(
  z.optional(z.unknown()),
  z.transform((value, ctx) => {
    const n = readNumber(value);
    if (n === null) return null;
    if (n === "invalid" || !Number.isInteger(n) || n < 1 || n > CHAR_LIMIT_MAX) {
      ctx.issues.push({ code: "custom", message: CATEGORY_MESSAGES.charLimit, input: value });
      return z.NEVER;
    }
    return n;
  }),
);

/**
 * A select's options as typed: comma-separated on the create forms, one per line on the edit form,
 * or a JSON list. Since ads store several choices comma-separated, an option can never hold a comma,
 * so splitting on both is always right. Empty entries are dropped.
 */
export function splitOptions(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((item) => singleLine(String(item ?? ""))).filter(Boolean);
  if (typeof value !== "string") return [];
  return value
    .split(/[\n\r,]+/)
    .map(singleLine)
    .filter(Boolean);
}

/** The problem with a list of options, or null. (A JSON item with a comma is refused rather than split.) */
export function optionsProblem(options: string[]): string | null {
  if (options.length > MAX_OPTIONS) return CATEGORY_MESSAGES.optionsMax;
  if (options.some((option) => option.includes(","))) return CATEGORY_MESSAGES.optionComma;
  if (options.some((option) => option.length > OPTION_MAX)) return CATEGORY_MESSAGES.optionMax;
  if (new Set(options.map((option) => option.toLocaleLowerCase("pt-BR"))).size !== options.length) return CATEGORY_MESSAGES.optionsRepeated;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Categories
// ---------------------------------------------------------------------------------------------

export const categorySchema = z.object({
  name: nameField,
  /** What the wizard calls this category's subcategories (default 'Sub Categoria'); optional. */
  label: optionalText(LABEL_MAX, CATEGORY_MESSAGES.labelMax, { min: 2, minMessage: CATEGORY_MESSAGES.labelMin }),
  description: optionalText(DESCRIPTION_MAX, CATEGORY_MESSAGES.descriptionMax, { lines: true }),
  icon: z.pipe(
    z.transform(blank),
    z.optional(z.string().check(z.refine((value) => (CATEGORY_ICON_KEYS as readonly string[]).includes(value), CATEGORY_MESSAGES.icon))),
  ),
  isActive: flag,
});
export type CategoryInput = z.output<typeof categorySchema>;

// ---------------------------------------------------------------------------------------------
// Subcategories
// ---------------------------------------------------------------------------------------------

export const subcategorySchema = z.object({
  name: nameField,
  description: optionalText(DESCRIPTION_MAX, CATEGORY_MESSAGES.descriptionMax, { lines: true }),
  categoryId: positiveId(CATEGORY_MESSAGES.category),
  isActive: flag,
});
export type SubcategoryInput = z.output<typeof subcategorySchema>;

// ---------------------------------------------------------------------------------------------
// Characteristics
// ---------------------------------------------------------------------------------------------

const characteristicFields = z.object({
  /** The key of the value in an ad's characteristics map (and of its form field). */
  name: requiredText({
    required: CATEGORY_MESSAGES.nameRequired,
    min: [2, CATEGORY_MESSAGES.nameMin],
    max: [NAME_MAX, CATEGORY_MESSAGES.nameMax],
    rule: [(value) => !/[.[\]"]/.test(value), CATEGORY_MESSAGES.nameChars],
  }),
  label: labelField,
  labelValueDefault: optionalText(LABEL_MAX, CATEGORY_MESSAGES.labelMax),
  helper: optionalText(HELPER_MAX, CATEGORY_MESSAGES.helperMax),
  dataType: z.pipe(z.transform(blank), z.optional(z.enum(CHARACTERISTIC_DATA_TYPES, CATEGORY_MESSAGES.dataType))),
  options: z.pipe(
    z.optional(z.union([z.string(), z.array(z.unknown()), z.null()])),
    z.transform((value, ctx) => {
      const options = splitOptions(value);
      const problem = optionsProblem(options);
      if (problem) ctx.issues.push({ code: "custom", message: problem, input: value });
      return options;
    }),
  ),
  minValue: optionalNumber,
  maxValue: optionalNumber,
  charLimit: optionalCharLimit,
  isRequired: flag,
  categoryId: positiveId(CATEGORY_MESSAGES.category),
});

export const characteristicSchema = characteristicFields.check(
  z.refine((data) => (data.dataType ?? "text") !== "select" || data.options.length > 0, {
    message: CATEGORY_MESSAGES.optionsRequired,
    path: ["options"],
    when: (payload) => payload.issues.every((issue) => issue.path?.[0] !== "options"),
  }),
  z.refine((data) => data.minValue === null || data.maxValue === null || data.minValue <= data.maxValue, {
    message: CATEGORY_MESSAGES.minMax,
    path: ["maxValue"],
    when: (payload) => payload.issues.every((issue) => issue.path?.[0] !== "minValue" && issue.path?.[0] !== "maxValue"),
  }),
);
export type CharacteristicInput = z.output<typeof characteristicSchema>;

/** What a characteristic keeps for its type: min/max only for numbers, a limit only for text, options only for selects. */
export function normaliseCharacteristic(input: CharacteristicInput) {
  const dataType = input.dataType ?? "text";
  return {
    name: input.name,
    label: input.label,
    labelValueDefault: input.labelValueDefault,
    helper: input.helper,
    dataType,
    options: dataType === "select" ? input.options : null,
    minValue: dataType === "number" ? input.minValue : null,
    maxValue: dataType === "number" ? input.maxValue : null,
    charLimit: dataType === "text" ? input.charLimit : null,
    isRequired: input.isRequired ?? false,
    categoryId: input.categoryId,
  };
}
