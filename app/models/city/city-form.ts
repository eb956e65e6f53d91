/**
 * The city form (spec 02 §2, §5, §9), browser-safe: the 27 federative units, the limits, the pt-BR
 * messages and the zod/mini schema shared by /admin/create-city, /admin/edit-city/{id} and
 * POST/PUT /api/cities. The seed takes the states from here too.
 */
import * as z from "zod/mini";
import { singleLine } from "~/lib/plain-text";
import { DEFAULT_CITY } from "~/models/city/city";

/** The 27 federative units (code and name), ordered by name. */
export const BRAZILIAN_STATES = [
  { code: "AC", name: "Acre" },
  { code: "AL", name: "Alagoas" },
  { code: "AP", name: "Amapá" },
  { code: "AM", name: "Amazonas" },
  { code: "BA", name: "Bahia" },
  { code: "CE", name: "Ceará" },
  { code: "DF", name: "Distrito Federal" },
  { code: "ES", name: "Espírito Santo" },
  { code: "GO", name: "Goiás" },
  { code: "MA", name: "Maranhão" },
  { code: "MT", name: "Mato Grosso" },
  { code: "MS", name: "Mato Grosso do Sul" },
  { code: "MG", name: "Minas Gerais" },
  { code: "PA", name: "Pará" },
  { code: "PB", name: "Paraíba" },
  { code: "PR", name: "Paraná" },
  { code: "PE", name: "Pernambuco" },
  { code: "PI", name: "Piauí" },
  { code: "RJ", name: "Rio de Janeiro" },
  { code: "RN", name: "Rio Grande do Norte" },
  { code: "RS", name: "Rio Grande do Sul" },
  { code: "RO", name: "Rondônia" },
  { code: "RR", name: "Roraima" },
  { code: "SC", name: "Santa Catarina" },
  { code: "SP", name: "São Paulo" },
  { code: "SE", name: "Sergipe" },
  { code: "TO", name: "Tocantins" },
] as const satisfies readonly { code: string; name: string }[];

export type StateCode = (typeof BRAZILIAN_STATES)[number]["code"];
export const STATE_CODES: readonly StateCode[] = BRAZILIAN_STATES.map((state) => state.code);

export const CITY_NAME_MAX = 30;

export const CITY_MESSAGES = {
  nameRequired: "Nome da cidade é obrigatório",
  nameMin: "Nome deve ter pelo menos 2 caracteres",
  nameMax: `Nome da cidade pode ter no máximo ${CITY_NAME_MAX} caracteres`,
  stateRequired: "Selecione um estado",
  created: "Cidade criada com sucesso!",
  updated: "Cidade atualizada com sucesso!",
  deleted: "Cidade excluída com sucesso!",
  createError: "Erro ao criar cidade",
  updateError: "Erro ao atualizar cidade",
  deleteError: "Erro ao excluir cidade",
  notFound: "Cidade não encontrada",
  duplicate: "Esta cidade já está cadastrada neste estado",
  defaultNotDeletable: `${DEFAULT_CITY.name} - ${DEFAULT_CITY.state} é a cidade padrão e não pode ser excluída.`,
  defaultNotRenamed: `${DEFAULT_CITY.name} - ${DEFAULT_CITY.state} é a cidade padrão: o nome e o estado não podem mudar.`,
} as const;

export function isDefaultCity(city: { name: string; state: string }) {
  return city.name === DEFAULT_CITY.name && city.state === DEFAULT_CITY.state;
}

export const citySchema = z.object({
  name: z.pipe(
    z.optional(z.union([z.string(), z.null()])),
    z.transform((value: string | null | undefined, ctx) => {
      const name = singleLine(value ?? "").replace(/\s+/g, " ");
      const problem = !name ? CITY_MESSAGES.nameRequired : name.length < 2 ? CITY_MESSAGES.nameMin : name.length > CITY_NAME_MAX ? CITY_MESSAGES.nameMax : null;
      if (problem) {
        ctx.issues.push({ code: "custom", message: problem, input: value });
        return z.NEVER;
      }
      return name;
    }),
  ),
  state: z.pipe(
    z.pipe(
      z.optional(z.union([z.string(), z.null()])),
      z.transform((value: string | null | undefined) => (value ?? "").trim().toUpperCase()),
    ),
    z.enum(STATE_CODES as [StateCode, ...StateCode[]], CITY_MESSAGES.stateRequired),
  ),
});
export type CityInput = z.output<typeof citySchema>;
