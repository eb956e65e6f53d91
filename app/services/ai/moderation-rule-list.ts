/**
 * The maintained list of what the local moderation refuses or sends to a person (pt-BR).
 * Pure data; the matching lives in moderation-rules.ts.
 *
 * How to maintain it:
 * - Terms are written as people type them; matching ignores accents, case and punctuation
 *   ("lança-perfume" = "lanca perfume") and only matches whole words, so "arma" never matches
 *   "armário", "armazém", "armação" or "desarmado".
 * - A one-word term also matches its plural with "s"/"es" ("pistola" → "pistolas"); other forms
 *   (feminine, phrases in the plural) are listed.
 * - `except` lists the innocent phrases that contain a term ("pistola de cola quente",
 *   "arara de roupas"); a term found inside one of them is ignored.
 * - `reject` is for what is plainly illegal or a known scam. `review` is for words with an innocent
 *   reading a keyword list cannot tell apart: the ad goes to the admin queue, not to the bin.
 * - Words with a common innocent meaning are listed only inside phrases ("sabiá" is also "knew",
 *   "bicudo" also "pointed", "macaco" also a car jack).
 * - Add a row to moderation-rules.test.ts for every term added, including a near miss.
 */

export type RuleCategory =
  | "armas"
  | "drogas"
  | "falsificacao"
  | "adulto"
  | "animais"
  | "golpe"
  | "procedencia"
  | "documentos"
  | "proibidos";

export type RuleSeverity = "reject" | "review";

export type ModerationRule = {
  id: string;
  category: RuleCategory;
  severity: RuleSeverity;
  /** pt-BR, shown in "Motivos". */
  reason: string;
  terms: string[];
  except?: string[];
  /** Ad categories (names, accents ignored) in which the terms have their innocent meaning. */
  exceptInCategories?: string[];
};

/** pt-BR advice shown in "Sugestão", by category and severity. */
export const CATEGORY_SUGGESTIONS: Record<RuleCategory, Record<RuleSeverity, string>> = {
  armas: {
    reject: "Remova a oferta de armas, munições ou peças de armas: esses itens não podem ser vendidos aqui.",
    review: "Deixe claro o que é o produto; armas de pressão, airsoft, simulacros e sprays de defesa passam por revisão manual.",
  },
  drogas: {
    reject: "Remova qualquer menção a drogas ou medicamentos controlados: a venda desses produtos é proibida.",
    review: "Produtos à base de cannabis exigem autorização da Anvisa e passam por revisão manual.",
  },
  falsificacao: {
    reject: "Anuncie apenas produtos originais; réplicas, falsificações e cópias piratas não são permitidas.",
    review: "Se o produto for original, diga isso claramente e evite termos como 'réplica' ou 'primeira linha'.",
  },
  adulto: {
    reject: "Conteúdo e serviços sexuais não são permitidos. Reescreva o anúncio sem esse conteúdo.",
    review: "Descreva o produto ou serviço de forma objetiva; anúncios com conteúdo adulto passam por revisão manual.",
  },
  animais: {
    reject: "A venda de animais silvestres é crime (Lei 9.605/98). Anuncie apenas animais domésticos, como cães e gatos.",
    review: "Informe a espécie e a documentação do animal; animais que podem ser silvestres passam por revisão manual.",
  },
  golpe: {
    reject: "Não peça pagamento antecipado, códigos de verificação ou dados pessoais. Combine o pagamento na entrega, pessoalmente.",
    review: "Combine pagamento e entrega diretamente com o interessado; evite links de pagamento e contas de terceiros.",
  },
  procedencia: {
    reject: "Anuncie apenas produtos de procedência comprovada.",
    review: "Informe a procedência do produto (nota fiscal, documento ou recibo) para agilizar a aprovação.",
  },
  documentos: {
    reject: "Documentos oficiais, diplomas, atestados e notas fiscais não podem ser vendidos.",
    review: "Explique o que está sendo oferecido; anúncios que envolvem documentos passam por revisão manual.",
  },
  proibidos: {
    reject: "Esse produto tem venda proibida no Brasil (cigarro eletrônico, cerol, contrabando…). Remova-o do anúncio.",
    review: "Ofereça apenas serviços e aparelhos homologados; anúncios de IPTV e sinal liberado passam por revisão manual.",
  },
};

/** Innocent tools and toys named "pistola"/"arma" (the toys that look like guns go to review). */
const WEAPON_LOOKALIKES = [
  "pistola de cola", "pistola de cola quente", "pistolas de cola quente", "pistola para cola", "pistola de silicone",
  "pistola para silicone", "pistola aplicadora", "pistola de pintura", "pistola para pintura", "pistola de ar quente",
  "pistola termica", "pistola de calor", "pistola de solda", "pistola de pregos", "pistola de rebite", "pistola rebitadora",
  "pistola de grampo", "pistola de massa", "pistola de graxa", "pistola de lavadora", "pistola da lavadora",
  "pistola de alta pressao", "pistola de limpeza", "pistola de espuma", "pistola de jardim", "pistola de irrigacao",
  "pistola esguicho", "pistola de agua", "pistolas de agua", "arma de agua", "armas de agua", "pistola de bolhas",
  "pistola de sabao", "pistola de massagem", "pistola massageadora",
];

const TOY_AND_AIR_WEAPONS = [
  "arma de brinquedo", "armas de brinquedo", "pistola de brinquedo", "revolver de brinquedo", "rifle de brinquedo",
  "arma de pressao", "armas de pressao", "carabina de pressao", "espingarda de pressao", "rifle de pressao",
  "pistola de pressao", "pistola de ar comprimido", "arma de airsoft", "pistola de airsoft", "rifle de airsoft",
];

export const MODERATION_RULES: ModerationRule[] = [
  {
    id: "armas-de-fogo",
    category: "armas",
    severity: "reject",
    reason: "Venda de armas, munições ou acessórios de armas não é permitida",
    terms: [
      "arma", "arma de fogo", "armas de fogo", "revolver", "pistola", "garrucha", "espingarda", "escopeta", "carabina",
      "fuzil", "rifle", "metralhadora", "submetralhadora", "municao", "municoes", "polvora", "silenciador", "granada",
      "soqueira", "soco ingles", "taser", "arma de choque", "calibre 12", "calibre 22", "calibre 32", "calibre 38",
      "calibre 380", "calibre 40", "calibre 44", "calibre 357", "simulacro", "simulacros",
    ],
    except: [...WEAPON_LOOKALIKES, ...TOY_AND_AIR_WEAPONS],
  },
  {
    id: "armas-de-pressao-e-simulacros",
    category: "armas",
    severity: "review",
    reason: "Armas de brinquedo, de pressão, airsoft e sprays de defesa precisam de revisão (podem exigir autorização)",
    terms: [...TOY_AND_AIR_WEAPONS, "airsoft", "spray de pimenta", "gas de pimenta", "spray de defesa"],
  },
  {
    id: "drogas",
    category: "drogas",
    severity: "reject",
    reason: "Venda de drogas ilícitas é proibida",
    terms: [
      "maconha", "cocaina", "crack", "lanca perfume", "ecstasy", "extasy", "mdma", "lsd", "skunk", "haxixe", "heroina",
      "metanfetamina", "ketamina", "cetamina", "cogumelo magico", "cogumelos magicos", "psilocibina", "pasta base",
      "anabolizante", "anabolizantes", "esteroide anabolizante", "bomba de academia",
    ],
  },
  {
    id: "medicamentos-controlados",
    category: "drogas",
    severity: "reject",
    reason: "Venda de medicamentos controlados é proibida",
    terms: [
      "tarja preta", "remedio controlado", "remedios controlados", "medicamento controlado", "medicamentos controlados",
      "sem receita medica", "rivotril", "clonazepam", "diazepam", "alprazolam", "zolpidem", "ritalina", "venvanse",
      "sibutramina", "morfina", "tramadol", "xarope de codeina",
    ],
  },
  {
    id: "cannabis-medicinal",
    category: "drogas",
    severity: "review",
    reason: "Produtos de cannabis exigem autorização da Anvisa",
    terms: ["cannabis", "canabidiol", "oleo de cbd", "cbd", "thc"],
  },
  {
    id: "falsificados",
    category: "falsificacao",
    severity: "reject",
    reason: "Produtos falsificados, réplicas ou piratas não são permitidos",
    terms: [
      "falsificado", "falsificada", "falsificados", "falsificadas", "replica primeira linha", "replicas primeira linha",
      "replica perfeita", "replicas perfeitas", "replica aaa", "replica premium", "replica identica", "replica espelhada",
      "replicas espelhadas", "copia fiel", "pirata", "pirateado", "pirateada", "pirateados", "pirateadas",
    ],
    except: [
      "fantasia de pirata", "fantasias de pirata", "navio pirata", "piratas do caribe", "pirata do caribe",
      "chapeu de pirata", "festa pirata", "tema pirata", "bau de pirata", "pirata de brinquedo",
    ],
  },
  {
    id: "replicas",
    category: "falsificacao",
    severity: "review",
    reason: "Possível réplica ou imitação de marca",
    terms: ["replica", "imitacao", "primeira linha", "1a linha", "nao e original", "nao original", "similar ao original"],
  },
  {
    id: "conteudo-adulto",
    category: "adulto",
    severity: "reject",
    reason: "Conteúdo ou serviço sexual não é permitido",
    terms: [
      "garota de programa", "garotas de programa", "garoto de programa", "garotos de programa", "acompanhante de luxo",
      "acompanhantes de luxo", "sexo pago", "sexo casual", "sexo oral", "porno", "pornografia", "pornografico",
      "pornografica", "video porno", "filme porno", "conteudo adulto", "conteudo 18", "conteudo erotico", "nudes",
      "pack de nudes", "pack do pezinho", "fotos intimas", "massagem erotica", "massagem sensual",
    ],
  },
  {
    id: "adulto-revisao",
    category: "adulto",
    severity: "review",
    reason: "Possível conteúdo adulto",
    terms: ["acompanhante", "massagem tantrica", "sex shop", "sexshop", "vibrador", "produtos eroticos", "onlyfans"],
    except: [
      "acompanhante de idoso", "acompanhante de idosos", "acompanhante de idosa", "acompanhante para idosos",
      "acompanhante hospitalar", "acompanhante terapeutico", "acompanhante terapeutica", "acompanhante de paciente",
      "acompanhante de pacientes", "acompanhante de crianca", "acompanhante de criancas",
    ],
  },
  {
    id: "animais-silvestres",
    category: "animais",
    severity: "reject",
    reason: "Venda de animais silvestres é crime ambiental",
    terms: [
      "animal silvestre", "animais silvestres", "passaro silvestre", "passaros silvestres", "ave silvestre",
      "aves silvestres", "mico leao", "mico leao dourado", "mico estrela", "sagui", "macaco prego", "filhote de macaco",
      "bugio", "tartaruga marinha", "tigre d agua", "jabuti", "onca pintada", "onca parda", "filhote de onca",
      "jaguatirica", "gato do mato", "lobo guara", "tamandua", "tatu", "capivara", "filhote de jacare", "jiboia",
      "ararinha azul", "arara azul", "arara vermelha", "arara caninde", "filhote de papagaio", "papagaio falante",
      "papagaio verdadeiro", "curio", "trinca ferro", "passaro bicudo", "filhote de bicudo", "sabia laranjeira",
      "filhote de sabia", "coleiro", "canario da terra", "galo de campina", "pintassilgo", "azulao",
    ],
    // Tatu Marchesan is a maker of farm implements (a brand in the Agro category).
    except: ["tatu marchesan", "marchesan tatu"],
  },
  {
    // "papagaio" is also a kite in Minas, "arara" a clothes rack, "tucano" a toy/brand: ambiguous
    // words outside their innocent phrases and categories still refuse, as the bird sense dominates.
    id: "aves-silvestres-ambiguas",
    category: "animais",
    severity: "reject",
    reason: "Venda de aves silvestres é crime ambiental",
    terms: ["papagaio", "arara", "tucano"],
    except: [
      "papagaio de papel", "papagaio de seda", "papagaio pipa", "pipa papagaio", "linha de papagaio", "linha para papagaio",
      "soltar papagaio", "arara de roupa", "arara de roupas", "arara para roupa", "arara para roupas", "arara cabideiro",
      "arara cabide", "arara de chao", "arara de parede", "arara de ferro", "arara de aco", "arara de metal",
      "arara de madeira", "arara de loja", "arara dupla", "arara simples", "arara com rodinhas", "arara expositora",
      "arara organizadora", "arara industrial", "arara tubular", "tucano de pelucia", "tucano de brinquedo",
    ],
    exceptInCategories: ["roupas", "moveis"],
  },
  {
    id: "pagamento-antecipado",
    category: "golpe",
    severity: "reject",
    reason: "Pedido de pagamento antecipado é um golpe comum",
    terms: [
      "pagamento adiantado", "pagamento antecipado", "deposito antecipado", "deposito adiantado", "deposite antes",
      "deposita antes", "pague antes", "pagar antes de ver", "pague antes de receber", "pix antes de ver",
      "pix antes da entrega", "pix adiantado", "pix antecipado", "sinal via pix antes de ver", "sinal antes de ver",
      "sinal adiantado", "transferencia antecipada", "frete adiantado", "frete antecipado",
    ],
  },
  {
    id: "pedido-de-codigo",
    category: "golpe",
    severity: "reject",
    reason: "Pedido de código de verificação (golpe do WhatsApp)",
    terms: [
      "me passe o codigo", "me passa o codigo", "passe o codigo", "passa o codigo", "me envie o codigo",
      "me envia o codigo", "envie o codigo", "mande o codigo", "manda o codigo", "codigo do whatsapp",
      "codigo de verificacao", "codigo que chegou", "codigo que vai chegar", "codigo por sms", "codigo sms",
      "codigo de 6 digitos", "codigo de confirmacao",
    ],
  },
  {
    id: "fraude-financeira",
    category: "golpe",
    severity: "reject",
    reason: "Oferta ligada a fraude financeira",
    terms: ["cartao clonado", "cartoes clonados", "conta laranja", "contas laranja", "piramide financeira"],
  },
  {
    id: "pagamento-fora-e-dinheiro-facil",
    category: "golpe",
    severity: "review",
    reason: "Pagamento por link, conta de terceiros ou promessa de ganho fácil",
    terms: [
      "link de pagamento", "pague pelo link", "pagar pelo link", "pagamento pelo link", "pagamento via link",
      "clique no link", "acesse o link", "conta de terceiro", "conta de terceiros", "fora da plataforma", "fora do site",
      "dinheiro facil", "renda extra garantida", "lucro garantido", "retorno garantido", "investimento garantido",
      "ganhe dinheiro", "marketing multinivel", "emprestimo facil", "emprestimo sem consulta", "consorcio contemplado",
    ],
  },
  {
    id: "produto-roubado",
    category: "procedencia",
    severity: "reject",
    reason: "Produto de origem ilícita (roubado, furtado ou adulterado)",
    terms: [
      "procedencia duvidosa", "sem procedencia", "bloqueado por roubo", "bloqueada por roubo", "bloqueado por furto",
      "bloqueada por furto", "imei adulterado", "chassi adulterado", "chassi raspado", "placa clonada", "carro clonado",
      "moto clonada", "produto roubado", "objeto roubado",
    ],
  },
  {
    id: "procedencia-revisao",
    category: "procedencia",
    severity: "review",
    reason: "Procedência do produto não comprovada",
    terms: [
      "sem nota", "sem nota fiscal", "imei bloqueado", "celular bloqueado", "roubado", "roubada", "furtado", "furtada",
      "sem documento", "sem documentacao", "so pra roca", "so para roca", "sem recibo",
    ],
    except: [
      "nao e roubado", "nao e roubada", "nao e furtado", "nao e furtada", "nunca foi roubado", "nunca foi roubada",
      "contra roubo", "contra furto", "seguro contra roubo",
    ],
  },
  {
    id: "documentos",
    category: "documentos",
    severity: "reject",
    reason: "Venda de documentos, diplomas ou atestados é crime",
    terms: [
      "vendo cnh", "venda de cnh", "cnh sem prova", "cnh sem exame", "cnh sem autoescola", "cnh facil", "cnh comprada",
      "cnh na hora", "vendo diploma", "venda de diploma", "compra de diploma", "diploma sem estudar", "diploma falso",
      "diplomas falsos", "certificado falso", "documento falso", "documentos falsos", "rg falso", "cpf falso",
      "identidade falsa", "vendo atestado", "atestado falso", "atestados falsos", "nota fiscal fria", "nota fria",
      "notas frias", "laudo falso",
    ],
  },
  {
    id: "proibidos",
    category: "proibidos",
    severity: "reject",
    reason: "Produto de venda proibida no Brasil",
    terms: [
      "cigarro eletronico", "cigarros eletronicos", "vape", "pod descartavel", "pods descartaveis", "essencia de vape",
      "contrabando", "contrabandeado", "contrabandeada", "contrabandeados", "cigarro paraguaio", "cigarros paraguaios",
      "cerol", "linha chilena", "linha cortante", "rinha", "galo de briga", "galos de briga", "briga de galo",
      "orgao humano", "venda de orgaos", "vendo rim", "gatonet",
    ],
  },
  {
    id: "sinal-pirata",
    category: "proibidos",
    severity: "review",
    reason: "Possível venda de sinal de TV não autorizado",
    terms: ["iptv", "canais liberados", "sinal liberado", "desbloqueio de sinal"],
  },
];
