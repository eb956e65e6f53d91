import { describe, expect, it } from "vitest";
import { evaluateRules, findRuleMatches, normalizeForMatching } from "./moderation-rules";

type Row = [text: string, expected: "approved" | "rejected" | "needs_review", categoryName?: string];

// Realistic ad texts. Near misses sit next to the rule they must not trigger.
const TABLE: Row[] = [
  // Weapons, and the words that merely contain "arma" or name tools/toys.
  ["Vendo revólver calibre 38 com munição", "rejected"],
  ["Pistola 9mm com dois carregadores, aceito troca", "rejected"],
  ["Espingarda de caça bem conservada", "rejected"],
  ["Vendo ARMA de fogo, documentação em dia", "rejected"],
  ["Caixa de munições .22 lacrada", "rejected"],
  ["Armário de cozinha 6 portas, MDF branco", "approved"],
  ["Vendo armazém no centro, 200 m², ótimo ponto", "approved"],
  ["Barraca desarmada para camping, 4 pessoas", "approved"],
  ["Guarda-roupa desarmado, fácil de montar", "approved"],
  ["Armação de óculos Ray-Ban original com nota", "approved"],
  ["Pistola de cola quente 40W + 20 bastões", "approved"],
  ["Kit pistolas de cola quente para artesanato", "approved"],
  ["Pistola de pintura para compressor, pouco uso", "approved"],
  ["Lavadora de alta pressão com pistola da lavadora nova", "approved"],
  ["Pistola de água infantil, várias cores", "approved"],
  ["Arma de brinquedo que solta bolinhas de gel", "needs_review"],
  ["Carabina de pressão 5.5 com luneta", "needs_review"],
  ["Spray de pimenta para defesa pessoal", "needs_review"],
  // Drugs, and the sweets and slang that only look close.
  ["Tenho maconha e lança-perfume, entrego em Patos", "rejected"],
  ["Cocaína pura, chama no zap", "rejected"],
  ["Rivotril sem receita médica", "rejected"],
  ["Cocada de leite caseira, pote com 10 unidades", "approved"],
  ["Camiseta 'Maconheiro da paz' tamanho G", "approved"],
  ["Óleo de canabidiol importado", "needs_review"],
  ["Erva-mate para chimarrão, pacote 1 kg", "approved"],
  // Counterfeits.
  ["Tênis Nike réplica primeira linha", "rejected"],
  ["Bolsa falsificada igual à original", "rejected"],
  ["DVDs piratas de filmes lançamento", "rejected"],
  ["Réplica de miniatura do Fusca 1:18", "needs_review"],
  ["Material de construção de primeira linha", "needs_review"],
  ["Fantasia de pirata infantil tamanho 6", "approved"],
  ["Relógio original com caixa e nota fiscal", "approved"],
  // Adult content.
  ["Garota de programa, atendo em local próprio", "rejected"],
  ["Vendo pack de nudes", "rejected"],
  ["Acompanhante de idosos com experiência, diurno", "approved"],
  ["Acompanhante para eventos, discreta", "needs_review"],
  // Wild animals, and pets and things that share their names.
  ["Filhote de papagaio verdadeiro, já fala", "rejected"],
  ["Vendo arara azul mansa", "rejected"],
  ["Mico-leão-dourado filhote", "rejected"],
  ["Tartaruga marinha pequena", "rejected"],
  ["Filhote de onça-pintada", "rejected"],
  ["Gato do mato filhote", "rejected"],
  ["Gato persa macho, vacinado e vermifugado", "approved"],
  ["Filhotes de cachorro Shih-tzu, pais no local", "approved"],
  ["Calopsita mansa com gaiola", "approved"],
  ["Arara de roupas cromada com rodinhas", "approved"],
  ["Arara dupla para loja", "approved"],
  ["Arara de chão", "approved", "Móveis"],
  ["Arara grande, ótima para loja", "approved", "Roupas"],
  ["Papagaio de papel com linha, para criança", "approved"],
  ["Macaco hidráulico 2 toneladas para carro", "approved"],
  ["Coleira para cachorro grande", "approved"],
  ["Grade aradora Tatu Marchesan 14 discos", "approved"],
  ["Tatu-bola filhote", "rejected"],
  ["Você sabia que esse carro é único dono?", "approved"],
  ["Sapato bicudo feminino número 36", "approved"],
  // Scams.
  ["Entrego em casa, mas só com pagamento adiantado", "rejected"],
  ["Deposite antes e envio pelos Correios", "rejected"],
  ["Reservo com sinal via pix antes de ver", "rejected"],
  ["Me passe o código que chegou no seu celular", "rejected"],
  ["Preciso do código do WhatsApp para confirmar", "rejected"],
  ["Pague pelo link de pagamento que eu envio", "needs_review"],
  ["Renda extra garantida trabalhando de casa", "needs_review"],
  ["Pagamento na entrega, pode vir ver o carro", "approved"],
  // Stolen goods and documents.
  ["iPhone bloqueado por roubo, vendo para peças", "rejected"],
  ["Notebook sem nota, procedência duvidosa", "rejected"],
  ["Celular sem nota, caixa original", "needs_review"],
  ["Moto só pra roça, sem documento", "needs_review"],
  ["Bicicleta com nota, não é roubada", "approved"],
  ["Vendo CNH sem prova, rápido", "rejected"],
  ["Diploma sem estudar reconhecido pelo MEC", "rejected"],
  ["Vaga de motorista, necessário CNH categoria D", "approved"],
  // Other banned products.
  ["Vape descartável vários sabores", "rejected"],
  ["Cerol e linha chilena para pipa", "rejected"],
  ["Pipa e linha 10 para soltar pipa", "approved"],
  ["Lista IPTV com 10 mil canais", "needs_review"],
  // Plain ads.
  ["Vendo Honda Civic 2018, 45.000 km, único dono", "approved"],
  ["Apartamento 3 quartos no bairro Caiçaras", "approved"],
];

describe("evaluateRules: allowed and forbidden pt-BR ads", () => {
  it("has a table of at least 40 texts", () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(40);
  });

  it.each(TABLE)("%s → %s", (text, expected, categoryName) => {
    const verdict = evaluateRules(text, { categoryName });
    expect(verdict.recommendation, JSON.stringify(verdict.issues)).toBe(expected);
  });
});

describe("evaluateRules: the verdict's shape", () => {
  it("rejects with a pt-BR reason that quotes the words as written, and a suggestion", () => {
    const verdict = evaluateRules("Vendo Revólver e munição");
    expect(verdict.recommendation).toBe("rejected");
    expect(verdict.confidence).toBeGreaterThanOrEqual(0.9);
    expect(verdict.issues).toHaveLength(1);
    expect(verdict.issues[0]).toContain("armas");
    expect(verdict.issues[0]).toContain('"Revólver"');
    expect(verdict.issues[0]).toContain('"munição"');
    expect(verdict.suggestion).toMatch(/Remova/);
  });

  it("gives one issue per category and keeps the strongest severity", () => {
    const verdict = evaluateRules("Réplica primeira linha, pagamento antecipado");
    expect(verdict.recommendation).toBe("rejected");
    expect(verdict.issues).toHaveLength(2);
    expect(verdict.issues.join(" ")).toMatch(/falsificados/);
    expect(verdict.issues.join(" ")).toMatch(/antecipado/);
    expect(verdict.confidence).toBeGreaterThan(0.9);
  });

  it("sends review-only hits to a person with advice", () => {
    const verdict = evaluateRules("Celular sem nota");
    expect(verdict).toMatchObject({ recommendation: "needs_review", confidence: 0.6 });
    expect(verdict.suggestion).toMatch(/procedência/);
  });

  it("approves clean text with no issues and a modest confidence", () => {
    expect(evaluateRules("Sofá 3 lugares retrátil")).toEqual({ recommendation: "approved", confidence: 0.6, issues: [] });
  });
});

describe("normalizeForMatching", () => {
  it("drops accents, case and punctuation and maps back to the original text", () => {
    const { normalized, origin } = normalizeForMatching("Lança-Perfume!");
    expect(normalized).toBe("lanca perfume ");
    expect(origin[2]).toBe(2);
  });

  it("quotes matches that follow emoji and accented letters", () => {
    const [match] = findRuleMatches("🔥🔥 Ótima MUNIÇÃO");
    expect(match?.matched).toBe("MUNIÇÃO");
  });
});
