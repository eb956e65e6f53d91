/** /termos: the terms of use, with who offers the service and the contract's summary. */
import { Link } from "@remix-run/react";
import { EmailLink, LegalArticle } from "~/components/layout/legal/LegalArticle";
import { CONTACT_EMAIL } from "~/components/layout/site-links";
import { formatBRLAmount } from "~/lib/brl";
import { operatorHeadline, type OperatorIdentity } from "~/lib/operator";
import { MAX_AD_IMAGES, STALE_AD_DAYS } from "~/models/ad/ad";
import { REPORTER_MIN_ACCOUNT_AGE_DAYS, REPORTS_TO_HOLD } from "~/models/report/ad-report";
import { CARD_MIN_CENTS, MIN_AD_DAYS } from "~/models/ad/cost";

/**
 * Who sells the ad days (Decreto 7.962/2013, art. 2), as the operator set it: name, CNPJ or CPF,
 * physical and electronic address, phone.
 */
function OperatorCard({ operator }: { operator: OperatorIdentity }) {
  const headline = operatorHeadline(operator);
  if (!headline && !operator.address && !operator.email && !operator.phone) return null;
  return (
    <section aria-labelledby="quem-oferece" className="mt-6 rounded-lg border border-slate-200 bg-slate-50 p-4" data-testid="operator-card">
      <h2 id="quem-oferece" className="!mt-0 !text-base">
        Quem oferece o serviço
      </h2>
      <address className="!mt-2 not-italic">
        {operator.name ? <strong>{operator.name}</strong> : null}
        {operator.document ? (
          <span className="block">
            {operator.document.kind} {operator.document.number}
          </span>
        ) : null}
        {operator.address ? <span className="block">{operator.address}</span> : null}
        {operator.email ? (
          <span className="block">
            E-mail: <a href={`mailto:${operator.email}`}>{operator.email}</a>
          </span>
        ) : null}
        {operator.phone ? <span className="block">Telefone: {operator.phone}</span> : null}
      </address>
    </section>
  );
}

export function TermsOfUse({ operator }: { operator: OperatorIdentity }) {
  const refundEmail = operator.email ?? CONTACT_EMAIL;
  return (
    <LegalArticle title="Termos de Uso" updatedAt="20 de julho de 2025">
      <p>
        Estes Termos de Uso regulam o uso do <strong>Classificados Patos</strong>, site de anúncios classificados de
        Patos de Minas - MG e região. Ao navegar pelo site, criar uma conta ou publicar um anúncio, você concorda com
        estes Termos e com a nossa <Link to="/privacidade">Política de Privacidade</Link>. Se não concordar, não use o
        serviço.
      </p>
      <OperatorCard operator={operator} />

      <h2>1. O serviço</h2>
      <p>
        O Classificados Patos é um espaço onde as pessoas publicam anúncios para vender, comprar ou trocar produtos e
        serviços, e onde os interessados entram em contato diretamente com os anunciantes. Nós não vendemos, não
        compramos, não intermediamos e não somos parte das negociações feitas entre os usuários.
      </p>

      <h2>2. Quem pode anunciar</h2>
      <ul>
        <li>
          Pessoas físicas maiores de 18 anos ou emancipadas, e pessoas jurídicas regularmente constituídas, por meio de
          seus representantes;
        </li>
        <li>que criem uma conta com dados verdadeiros, completos e atualizados;</li>
        <li>
          que sejam titulares ou estejam autorizadas a negociar o que anunciam e que informem um número de WhatsApp
          próprio ou sob sua responsabilidade.
        </li>
      </ul>
      <p>
        Você é responsável por manter a sua senha em sigilo e por todas as atividades realizadas na sua conta. Contas
        com dados falsos ou usadas por terceiros sem autorização podem ser suspensas.
      </p>

      <h2>3. Regras dos anúncios</h2>
      <ul>
        <li>O anúncio deve descrever com fidelidade o produto ou serviço, o seu estado de conservação e o preço;</li>
        <li>as fotos devem ser do próprio item anunciado, com no máximo {MAX_AD_IMAGES} imagens por anúncio;</li>
        <li>cada item deve ser anunciado uma única vez, na categoria e na cidade corretas;</li>
        <li>
          todos os anúncios passam por moderação automática, feita por inteligência artificial, que pode recusar o
          anúncio ou encaminhá-lo para análise da nossa equipe.
        </li>
      </ul>

      <h2>4. Conteúdo proibido</h2>
      <p>É proibido anunciar ou publicar:</p>
      <ul>
        <li>produtos ilegais, roubados, furtados, falsificados, contrabandeados ou pirateados;</li>
        <li>armas de fogo, munições, explosivos e fogos de artifício;</li>
        <li>
          drogas, medicamentos, anabolizantes e produtos sem registro ou autorização da Anvisa, além de cigarros
          eletrônicos e outros dispositivos eletrônicos para fumar;
        </li>
        <li>
          animais silvestres sem autorização dos órgãos ambientais e quaisquer animais em condição de maus-tratos;
        </li>
        <li>conteúdo adulto, sexual ou que envolva exploração de pessoas;</li>
        <li>mensagens de ódio, discriminação, violência, ameaça ou assédio;</li>
        <li>documentos, diplomas, certificados, dados pessoais de terceiros ou contas de acesso;</li>
        <li>pirâmides financeiras, correntes, apostas e promessas de ganho fácil;</li>
        <li>conteúdo que viole direitos autorais, marcas ou outros direitos de terceiros;</li>
        <li>anúncios enganosos, com preço falso, isca para golpes, repetidos ou que não ofereçam nada de fato.</li>
      </ul>
      <p>
        Anúncios que violem estas regras serão recusados ou removidos, e a conta responsável poderá ser suspensa. Se
        encontrar um anúncio irregular, use o botão “Denunciar anúncio” na página dele ou escreva para <EmailLink />.
        Toda denúncia chega à nossa equipe, que analisa o anúncio; ele só sai do ar antes dessa análise quando {REPORTS_TO_HOLD}{" "}
        contas com mais de {REPORTER_MIN_ACCOUNT_AGE_DAYS} dias, que não sejam do anunciante, o denunciam — denúncias sem conta nunca tiram um
        anúncio do ar. O anunciante é avisado por e-mail, com os motivos, e pode pedir a revisão por uma pessoa no seu painel.
      </p>

      <h2>5. Preço e pagamento dos anúncios</h2>
      <ul>
        <li>
          O anúncio é cobrado <strong>por dia de veiculação</strong>, pelo valor diário exibido antes do pagamento;
        </li>
        <li>
          <strong>o primeiro dia é grátis</strong> e a <strong>duração mínima é de {MIN_AD_DAYS} dias</strong>;
        </li>
        <li>
          o pagamento é feito por PIX ou cartão de crédito e processado pela Asaas; pagamentos com cartão têm valor
          mínimo de {formatBRLAmount(CARD_MIN_CENTS).replace("\u00a0", " ")};
        </li>
        <li>o anúncio só fica visível ao público depois da confirmação do pagamento;</li>
        <li>
          pedidos de reembolso podem ser feitos pelo e-mail de contato e serão analisados de acordo com o Código de
          Defesa do Consumidor.
        </li>
      </ul>

      <h3 id="resumo-da-contratacao">Resumo da contratação</h3>
      <ul>
        <li>
          <strong>O que você contrata:</strong> a exibição do seu anúncio no site, do dia do pagamento até a data de
          expiração que você escolher;
        </li>
        <li>
          <strong>Quanto custa:</strong> o valor diário vezes o número de dias, menos o primeiro dia, que é grátis; o
          total aparece antes do pagamento, e nada é cobrado depois sem um novo pedido seu;
        </li>
        <li>
          <strong>Quando o anúncio entra no ar:</strong> depois da confirmação do pagamento; se a moderação automática
          pedir análise, depois da aprovação da nossa equipe;
        </li>
        <li>
          <strong>Comprovante:</strong> o recibo de cada pagamento fica disponível no seu painel, na página do
          pagamento;
        </li>
        <li>
          <strong>Limites:</strong> anúncios que violem as regras destes Termos podem ser recusados ou removidos (itens 3
          e 4), e anúncios expirados há mais de {STALE_AD_DAYS} dias são removidos (item 6).
        </li>
      </ul>

      <h3 id="arrependimento-e-reembolso">Arrependimento e reembolso</h3>
      <p>
        A contratação é feita pela internet, fora de um estabelecimento comercial. Por isso, conforme o art. 49 do
        Código de Defesa do Consumidor e o Decreto nº 7.962/2013, você pode <strong>desistir em até 7 (sete) dias</strong>{" "}
        contados do pagamento, sem precisar explicar o motivo. Nesse caso, devolvemos <strong>o valor integral</strong>{" "}
        pago, mesmo que o anúncio já tenha ficado alguns dias no ar, e o anúncio sai do ar quando a devolução é feita.
      </p>
      <p>
        Depois desses 7 dias, devolvemos o valor dos dias que não foram exibidos quando o anúncio deixar de aparecer por
        falha nossa, ou quando for recusado pela moderação depois de pago sem ter violado estes Termos. Os dias em que o
        anúncio esteve no ar já foram prestados e não são devolvidos depois do prazo de arrependimento.
      </p>
      <p>
        <strong>Como pedir:</strong> escreva para <a href={`mailto:${refundEmail}`}>{refundEmail}</a> a partir do
        e-mail da sua conta, informando o número do pagamento (está no recibo). Confirmamos o recebimento do pedido
        imediatamente e respondemos em até 5 (cinco) dias. A devolução é feita pelo mesmo meio do pagamento: no PIX, para
        a conta que pagou; no cartão de crédito, por estorno, que comunicamos à administradora do cartão na hora, para
        que o valor não seja cobrado ou seja devolvido na fatura.
      </p>

      <h2>6. Validade, expiração e remoção</h2>
      <p>
        O anúncio fica ativo até a data de expiração escolhida por você. Depois dessa data, ele deixa de aparecer nas
        buscas e pode ser reativado com o pagamento de um novo período.{" "}
        <strong>
          Anúncios expirados, inativos ou aguardando pagamento há mais de {STALE_AD_DAYS} dias podem ser removidos sem
          aviso prévio.
        </strong>
      </p>
      <p>
        Quando você marca um anúncio como <strong>Vendido</strong>, ele sai das listas, da busca e dos alertas na hora e
        a página dele passa a mostrar que foi vendido, sem os seus contatos. Um anúncio vendido não pode ser reativado,
        editado nem pago de novo, e é removido, com as imagens, {STALE_AD_DAYS} dias depois de marcado como vendido.
      </p>

      <h2>7. Contato entre usuários</h2>
      <p>
        O contato entre interessados e anunciantes acontece diretamente pelo WhatsApp, fora do site. A negociação, a
        entrega, o pagamento e a garantia do que foi negociado são de responsabilidade exclusiva dos usuários
        envolvidos. Para negociar com mais segurança:
      </p>
      <ul>
        <li>combine encontros em locais públicos e movimentados, de preferência durante o dia;</li>
        <li>veja e teste o produto antes de pagar e desconfie de preços muito abaixo do mercado;</li>
        <li>não pague sinal ou adiantamento a quem você não conhece;</li>
        <li>nunca informe senhas nem códigos recebidos por SMS ou WhatsApp;</li>
        <li>confira documentos, notas fiscais e a procedência de veículos e eletrônicos.</li>
      </ul>

      <h2>8. Responsabilidades</h2>
      <p>
        O anunciante responde pela veracidade, legalidade e qualidade do que anuncia, pelo conteúdo do anúncio e pelo
        cumprimento do que combinar com os interessados, incluindo obrigações fiscais. O Classificados Patos não garante
        a qualidade, a segurança ou a legalidade dos itens anunciados, nem a capacidade dos usuários de concluir uma
        negociação, e não responde por prejuízos decorrentes de negociações entre usuários.
      </p>
      <p>
        Trabalhamos para manter o site disponível e seguro, mas ele pode passar por interrupções para manutenção ou por
        falhas fora do nosso controle. Nada nestes Termos afasta direitos garantidos pelo Código de Defesa do
        Consumidor.
      </p>

      <h2>9. Inteligência artificial</h2>
      <p>
        As descrições geradas por inteligência artificial são sugestões: revise o texto antes de publicar, pois você
        continua responsável pelo conteúdo do anúncio. O uso desse recurso tem limite mensal por usuário. A moderação
        automática pode errar; se o seu anúncio for recusado indevidamente, peça a revisão pelo e-mail de contato.
      </p>

      <h2>10. Propriedade intelectual</h2>
      <p>
        A marca, o layout e os textos do site pertencem ao Classificados Patos. Ao publicar um anúncio, você declara ter
        os direitos sobre o texto e as imagens enviados e nos autoriza, sem custo, a exibi-los, redimensioná-los e
        divulgá-los enquanto o anúncio estiver publicado, exclusivamente para a prestação do serviço.
      </p>

      <h2>11. Suspensão e encerramento</h2>
      <p>
        Podemos recusar, remover anúncios e suspender ou encerrar contas que descumpram estes Termos ou a lei. Você pode
        pedir o encerramento da sua conta a qualquer momento pelo e-mail de contato.
      </p>

      <h2>12. Alterações dos Termos</h2>
      <p>
        Estes Termos podem ser atualizados. A data da última atualização aparece no início da página, e mudanças
        relevantes serão avisadas no site ou por e-mail. Continuar usando o serviço depois da mudança significa
        concordar com a nova versão.
      </p>

      <h2>13. Lei aplicável e foro</h2>
      <p>
        Estes Termos são regidos pelas leis brasileiras. Fica eleito o foro da Comarca de Patos de Minas/MG para
        resolver qualquer controvérsia, ressalvado o direito do consumidor de propor a ação no foro do seu domicílio.
      </p>

      <h2>14. Contato</h2>
      <p>
        Dúvidas sobre estes Termos: <EmailLink />.
      </p>
    </LegalArticle>
  );
}
