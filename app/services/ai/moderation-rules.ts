/**
 * Local moderation: the pt-BR rule list (moderation-rule-list.ts) matched against an ad's text.
 * Pure and synchronous; it is the last provider when no AI answers and the floor under every AI
 * verdict (an AI "approved" never overrides a local "rejected").
 *
 * Matching ignores accents, case and punctuation and works on whole words (see the list's header).
 */
import { CATEGORY_SUGGESTIONS, MODERATION_RULES, type ModerationRule, type RuleCategory, type RuleSeverity } from "./moderation-rule-list";
import type { ModerationVerdict } from "./types";

export { MODERATION_RULES } from "./moderation-rule-list";

/**
 * Lower case, accents removed, every character that is not a-z/0-9 turned into a space, with
 * `origin[i]` = index in the original text of normalized character i (to quote what matched).
 */
export function normalizeForMatching(text: string): { normalized: string; origin: number[] } {
  let normalized = "";
  const origin: number[] = [];
  let index = 0;
  for (const char of text) {
    // NFKD also splits ligatures and superscripts ("m²" → "m2").
    const base = char.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
    for (const piece of base) {
      normalized += /[a-z0-9]/.test(piece) ? piece : " ";
      origin.push(index);
    }
    index += char.length;
  }
  return { normalized, origin };
}

function normalizedTokens(phrase: string): string[] {
  return normalizeForMatching(phrase).normalized.trim().split(/ +/).filter(Boolean);
}

/** One regex per list of phrases: whole words, any run of separators between them. */
function phraseRegex(phrases: string[], withPlural: boolean): RegExp {
  const alternatives = phrases.map((phrase) => {
    const tokens = normalizedTokens(phrase);
    const body = tokens.join(" +");
    return withPlural && tokens.length === 1 ? `${body}(?:s|es)?` : body;
  });
  // Longest first, so "arma de fogo" is reported rather than "arma".
  alternatives.sort((a, b) => b.length - a.length);
  return new RegExp(`(?<![a-z0-9])(?:${alternatives.join("|")})(?![a-z0-9])`, "g");
}

type CompiledRule = {
  rule: ModerationRule;
  terms: RegExp;
  except: RegExp | null;
  exceptInCategories: Set<string>;
};

const COMPILED: CompiledRule[] = MODERATION_RULES.map((rule) => ({
  rule,
  terms: phraseRegex(rule.terms, true),
  except: rule.except?.length ? phraseRegex(rule.except, false) : null,
  exceptInCategories: new Set((rule.exceptInCategories ?? []).map((name) => normalizedTokens(name).join(" "))),
}));

export type RuleMatch = {
  ruleId: string;
  category: RuleCategory;
  severity: RuleSeverity;
  reason: string;
  /** The words as the advertiser wrote them. */
  matched: string;
};

/** Every rule hit in the text, in rule order. `categoryName` enables category exceptions. */
export function findRuleMatches(text: string, options: { categoryName?: string } = {}): RuleMatch[] {
  const { normalized, origin } = normalizeForMatching(text);
  const adCategory = options.categoryName ? normalizedTokens(options.categoryName).join(" ") : "";
  const matches: RuleMatch[] = [];

  for (const { rule, terms, except, exceptInCategories } of COMPILED) {
    if (adCategory && exceptInCategories.has(adCategory)) continue;
    const innocent = except ? [...normalized.matchAll(except)].map((m) => [m.index, m.index + m[0].length]) : [];
    for (const found of normalized.matchAll(terms)) {
      const start = found.index;
      const end = start + found[0].length;
      if (innocent.some(([from, to]) => start >= (from as number) && end <= (to as number))) continue;
      matches.push({
        ruleId: rule.id,
        category: rule.category,
        severity: rule.severity,
        reason: rule.reason,
        matched: originalText(text, origin, start, end),
      });
    }
  }
  return matches;
}

function originalText(text: string, origin: number[], start: number, end: number): string {
  const from = origin[start] ?? 0;
  const lastChar = origin[end - 1] ?? from;
  const to = lastChar + (text.codePointAt(lastChar)! > 0xffff ? 2 : 1);
  return text.slice(from, to);
}

/** How sure a keyword list can be. A hit on a "reject" term is strong; silence proves little. */
const CONFIDENCE = { rejected: 0.9, needs_review: 0.6, approved: 0.6 } as const;

/**
 * The local verdict: rejected when any "reject" rule matches, needs_review when only "review"
 * rules match, approved otherwise. One issue per category, quoting up to three matched words.
 */
export function evaluateRules(text: string, options: { categoryName?: string } = {}): ModerationVerdict {
  const matches = findRuleMatches(text, options);
  if (matches.length === 0) return { recommendation: "approved", confidence: CONFIDENCE.approved, issues: [] };

  // Per category keep the strongest severity; its first rule gives the reason.
  const byCategory = new Map<RuleCategory, { severity: RuleSeverity; reason: string; words: string[] }>();
  for (const match of matches) {
    const current = byCategory.get(match.category);
    if (!current || (current.severity === "review" && match.severity === "reject")) {
      byCategory.set(match.category, { severity: match.severity, reason: match.reason, words: [match.matched] });
    } else if (current.severity === match.severity) {
      const known = current.words.some((word) => word.toLowerCase() === match.matched.toLowerCase());
      if (!known) current.words.push(match.matched);
    }
  }

  const groups = [...byCategory.entries()];
  const rejecting = groups.filter(([, group]) => group.severity === "reject");
  const issues = groups.map(([, group]) => {
    const quoted = group.words.slice(0, 3).map((word) => `"${word}"`).join(", ");
    return `${group.reason} (${quoted})`;
  });

  if (rejecting.length > 0) {
    const [category] = rejecting[0]!;
    // A second independent category makes the refusal a little surer.
    const confidence = Math.min(0.98, CONFIDENCE.rejected + 0.04 * (rejecting.length - 1));
    return { recommendation: "rejected", confidence, issues, suggestion: CATEGORY_SUGGESTIONS[category].reject };
  }
  const [category] = groups[0]!;
  return {
    recommendation: "needs_review",
    confidence: CONFIDENCE.needs_review,
    issues,
    suggestion: CATEGORY_SUGGESTIONS[category].review,
  };
}
