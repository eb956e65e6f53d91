/**
 * "Gerar com IA": Gemini, then OpenAI, then the local writer. Each AI call has its own timeout and
 * any failure (timeout, HTTP error, blocked or empty answer) moves on to the next provider, so the
 * advertiser always gets a description. The monthly quota is counted by the caller (ai_usage).
 */
import type { CharacteristicValue, DescribedCharacteristic } from "./describe-characteristics";
import { geminiGenerateText } from "./gemini.server";
import {
  generateLocalDescription,
  resolveMaxLength,
  truncateAtBoundary,
  type DescriptionInput,
} from "./local-description";
import { openaiChatText } from "./openai.server";
import type { AiConfig } from "./types";

export type { DescriptionInput } from "./local-description";

export type DescriptionSource = "gemini" | "openai" | "local";
export type DescriptionResult = { description: string; source: DescriptionSource };

/** Shorter than this, an AI answer is treated as a failure (a refusal or a fragment). */
const MIN_AI_DESCRIPTION = 20;

export async function generateDescription(input: DescriptionInput, config: AiConfig): Promise<DescriptionResult> {
  const maxLength = resolveMaxLength(input.maxLength);
  const system = systemPrompt(maxLength);
  const user = `Dados do anúncio (JSON):\n${JSON.stringify(adFacts(input))}`;

  const providers: Array<{ source: DescriptionSource; run: () => Promise<string> }> = [];
  if (config.geminiApiKey) {
    const apiKey = config.geminiApiKey;
    providers.push({
      source: "gemini",
      run: () =>
        geminiGenerateText({
          apiKey,
          baseUrl: config.geminiBaseUrl,
          model: config.geminiModel,
          systemInstruction: system,
          parts: [{ text: user }],
          maxOutputTokens: 512,
          timeoutMs: config.timeoutMs,
        }),
    });
  }
  if (config.openaiApiKey) {
    const apiKey = config.openaiApiKey;
    providers.push({
      source: "openai",
      run: () =>
        openaiChatText({
          apiKey,
          baseUrl: config.openaiBaseUrl,
          model: config.openaiModel,
          system,
          user,
          // Generous: reasoning models spend part of it before writing.
          maxCompletionTokens: 1_000,
          timeoutMs: config.timeoutMs,
        }),
    });
  }

  for (const provider of providers) {
    try {
      const text = cleanAiText(await provider.run());
      if (text.length >= MIN_AI_DESCRIPTION) {
        return { description: truncateAtBoundary(text, maxLength), source: provider.source };
      }
      console.warn(`[ai] ${provider.source} description too short, trying the next provider`);
    } catch (error) {
      console.warn(`[ai] ${provider.source} description failed, trying the next provider: ${(error as Error).message}`);
    }
  }
  return { description: generateLocalDescription({ ...input, maxLength }), source: "local" };
}

function systemPrompt(maxLength: number): string {
  return [
    "Você escreve descrições de anúncios para o Classificados Patos, site de classificados de Patos de Minas (MG).",
    "Escreva em português do Brasil, em primeira pessoa, com tom simples e natural, como um morador da região escreveria.",
    "Use somente as informações fornecidas: não invente características, estado de conservação, garantia, formas de pagamento nem localização.",
    "Sem emojis, sem markdown, sem listas, sem hashtags, sem título e sem links.",
    // The page shows the price beside the description and it may be edited later: a price in the
    // text would go stale. The facts leave it out, and the model is told not to write one anyway.
    "Não mencione preço, valor nem condições de pagamento: o preço aparece ao lado da descrição.",
    "Termine convidando o interessado a entrar em contato.",
    `Responda somente com o texto da descrição, com no máximo ${maxLength} caracteres.`,
  ].join(" ");
}

/** The ad's fields as the model reads them: labels instead of field names, and no price. */
function adFacts(input: DescriptionInput) {
  const characteristics: Record<string, string> = {};
  for (const [name, raw] of Object.entries(input.characteristics ?? {})) {
    const described: DescribedCharacteristic =
      typeof raw === "object" && raw !== null ? raw : { value: raw as CharacteristicValue };
    const value = described.value;
    if (value === null || value === undefined || String(value).trim() === "") continue;
    const shown = typeof value === "boolean" ? (value ? "sim" : "não") : String(value);
    characteristics[described.label?.trim() || name] = shown;
  }
  const custom = Array.isArray(input.customCharacteristics)
    ? Object.fromEntries(input.customCharacteristics.map((pair) => [pair.name, pair.value]))
    : (input.customCharacteristics ?? {});
  return {
    tipo: input.adType,
    categoria: input.categoryName,
    ...(input.subcategoryName ? { subcategoria: input.subcategoryName } : {}),
    ...(input.title ? { titulo: input.title } : {}),
    ...(Object.keys(characteristics).length ? { caracteristicas: characteristics } : {}),
    ...(Object.keys(custom).length ? { outras_informacoes: custom } : {}),
    ...(input.whatsapp ? { whatsapp: input.whatsapp } : {}),
    ...(input.city ? { cidade: input.city } : {}),
  };
}

/** Models sometimes wrap the text in quotes, code fences or markdown; the field wants plain text. */
export function cleanAiText(text: string): string {
  return text
    .replace(/^```[a-z]*\s*|\s*```$/gi, "")
    .replace(/\*\*|__|^#+\s*/gm, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^["'“”]+|["'“”]+$/g, "")
    .trim();
}
