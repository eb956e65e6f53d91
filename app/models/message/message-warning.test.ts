import { describe, expect, it } from "vitest";
import { messageWarning } from "./message-warning";

const RISKY = [
  "Me chama no zap 34 99999-1234",
  "meu número é (34) 98888-7777",
  "+55 34 991234567",
  "Passa o código de verificação que chegou no seu celular",
  "Te mandei um código por SMS, me fala qual é",
  "Só consigo enviar se você pagar o frete antes",
  "Pague o frete pelo link que vou mandar",
  "Preciso de um sinal de R$ 100 para segurar",
  "Aceito depósito antecipado, aí reservo pra você",
  "Vou gerar um link de pagamento do Mercado Pago",
  "Entra aqui: https://pagamento-seguro.xyz/pedido",
  "acessa www.olx-entrega.com pra confirmar",
  "paga em bit.ly/3abcde",
  "manda no email vendedor.patos@gmail.com",
  "minha chave pix é 123.456.789-09",
  "PIX: 4f3c2a1b-9d8e-4c7b-a6f5-e4d3c2b1a0f9",
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000",
  "Prefiro falar pelo Telegram",
  "me chame no whatsapp",
];

const INNOCENT = [
  "o preço é 500?",
  "posso ver amanhã às 10?",
  "Ainda está disponível?",
  "Aceita R$ 1.500.000,00 à vista?",
  "Qual o ano do carro?",
  "Tem nota fiscal?",
  "Posso buscar no sábado de manhã, umas 9h30",
  "Faz por 450? Pago em dinheiro na entrega",
  "O apartamento tem 2 vagas de garagem e 80 m²?",
  "Combinado, te encontro na praça às 15h.",
  "Quantos km rodados? Vi 120.000 no anúncio",
  "Obrigado! Vou pensar e te respondo.",
  "Moro no bairro Caiçaras, é perto?",
  "A bateria dura quanto tempo?",
  "Sinalização da rua é boa?",
  "Está funcionando 100%?",
];

describe("messageWarning", () => {
  it("has a table of at least 25 messages, about half innocent", () => {
    expect(RISKY.length + INNOCENT.length).toBeGreaterThanOrEqual(25);
    expect(INNOCENT.length).toBeGreaterThanOrEqual(12);
  });

  it.each(RISKY)("warns on %j", (text) => {
    expect(messageWarning(text)).toMatch(/^Cuidado: nunca pague antes de ver o produto/);
  });

  it.each(INNOCENT)("lets %j through without a warning", (text) => {
    expect(messageWarning(text)).toBeNull();
  });
});
