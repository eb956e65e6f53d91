import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { CONTACT_EMAIL } from "~/components/layout/site-links";
import { operatorHeadline, type OperatorIdentity } from "~/lib/operator";
import { REPORTER_MIN_ACCOUNT_AGE_DAYS, REPORTS_TO_HOLD } from "~/models/ad/ad-report";

// Long texts are written as plain JSX; these descendant styles give them a consistent typography
// without a typography plugin.
const proseClass = [
  "max-w-prose text-base leading-relaxed text-slate-700",
  "[&_h2]:mt-10 [&_h2]:scroll-mt-20 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-slate-900",
  "[&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-slate-900",
  "[&_p]:mt-4",
  "[&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6",
  "[&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6",
  "[&_li]:pl-1 [&_strong]:font-semibold [&_strong]:text-slate-900",
  "[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:text-brand-900",
  "[&_a:focus-visible]:rounded-sm [&_a:focus-visible]:outline-none [&_a:focus-visible]:ring-2 [&_a:focus-visible]:ring-brand-600",
].join(" ");

function LegalArticle({ title, updatedAt, children }: { title: string; updatedAt?: string; children: ReactNode }) {
  return (
    <article className={proseClass}>
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      {updatedAt ? <p className="!mt-2 text-sm text-slate-500">Última atualização: {updatedAt}</p> : null}
      {children}
    </article>
  );
}

function EmailLink() {
  return <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>;
}

export function PrivacyPolicy() {
  return (
    <LegalArticle title="Política de Privacidade" updatedAt="20 de julho de 2025">
      <p>
        Esta Política de Privacidade explica como o <strong>Classificados Patos</strong> coleta, usa, compartilha e
        protege os dados pessoais de quem visita o site, cria uma conta ou publica anúncios. Ela foi escrita de acordo
        com a Lei Geral de Proteção de Dados Pessoais (LGPD, Lei nº 13.709/2018) e com o Marco Civil da Internet (Lei nº
        12.965/2014). Ao usar o site, você declara ter lido e compreendido este documento.
      </p>

      <h2>1. Quem é o responsável pelos seus dados</h2>
      <p>
        O controlador dos dados pessoais tratados no site é o Classificados Patos, plataforma de anúncios classificados
        com atuação em Patos de Minas - MG e região. Para qualquer assunto relacionado à privacidade, inclusive para
        falar com o nosso encarregado pelo tratamento de dados, escreva para <EmailLink />.
      </p>

      <h2>2. Quais dados coletamos</h2>
      <ul>
        <li>
          <strong>Dados de cadastro:</strong> nome completo, e-mail, nome de usuário e senha. A senha é guardada apenas
          em forma cifrada, de maneira irreversível; nem nós conseguimos lê-la. Se você entrar com sua conta Google,
          recebemos do Google o seu nome, e-mail e foto de perfil.
        </li>
        <li>
          <strong>Dados dos anúncios:</strong> título, descrição, preço, categoria, características do item, cidade,
          imagens enviadas e o número de WhatsApp que você informar para contato.
        </li>
        <li>
          <strong>Dados de pagamento:</strong> nome, e-mail, CPF ou CNPJ e telefone informados ao pagar um anúncio. Os
          dados do cartão de crédito são repassados ao processador de pagamentos no momento da transação e não ficam
          armazenados em nossos sistemas.
        </li>
        <li>
          <strong>Contagem de uso da IA:</strong> se você excluir a conta, o número de usos da IA no mês fica guardado até
          o fim do mês, ligado a um código calculado a partir do seu e-mail (não ao e-mail em si), para que o limite mensal
          não recomece com um novo cadastro;
        </li>
        <li>
          <strong>Registros de acesso:</strong> endereço IP, data e hora de acesso, páginas visitadas, navegador e tipo
          de dispositivo, coletados automaticamente quando você usa o site.
        </li>
        <li>
          <strong>Cookies de sessão:</strong> usamos apenas cookies essenciais, que mantêm você conectado à sua conta e
          exibem avisos de confirmação entre uma página e outra. Não usamos cookies de publicidade nem de rastreamento
          de terceiros. Se você bloquear os cookies no navegador, poderá navegar pelos anúncios, mas não conseguirá
          entrar na sua conta.
        </li>
      </ul>

      <h2>3. Para que usamos os seus dados</h2>
      <ul>
        <li>Criar e manter a sua conta, autenticar o seu acesso e recuperar a sua senha quando você pedir;</li>
        <li>
          publicar, exibir e gerenciar os seus anúncios, o que inclui mostrar aos interessados o seu nome, a cidade e o
          WhatsApp informado no anúncio;
        </li>
        <li>processar os pagamentos dos anúncios por PIX ou cartão de crédito e confirmar a sua ativação;</li>
        <li>moderar automaticamente textos e imagens, para impedir conteúdo proibido, golpes e fraudes;</li>
        <li>gerar, quando você solicitar, sugestões de descrição para o seu anúncio com inteligência artificial;</li>
        <li>enviar e-mails sobre a sua conta e os seus anúncios, como recuperação de senha e confirmações;</li>
        <li>produzir estatísticas agregadas, como o número de visualizações de cada anúncio;</li>
        <li>garantir a segurança do site, prevenir abusos e cumprir obrigações legais e ordens de autoridades.</li>
      </ul>

      <h2>4. Bases legais</h2>
      <p>Tratamos os seus dados com fundamento nas hipóteses do art. 7º da LGPD:</p>
      <ul>
        <li>
          <strong>Execução de contrato</strong> (art. 7º, V): cadastro, publicação de anúncios, pagamentos e e-mails
          necessários à prestação do serviço, conforme os <Link to="/termos">Termos de Uso</Link>;
        </li>
        <li>
          <strong>Cumprimento de obrigação legal ou regulatória</strong> (art. 7º, II): guarda dos registros de acesso
          exigida pelo Marco Civil da Internet e dos registros de pagamentos exigidos pela legislação fiscal;
        </li>
        <li>
          <strong>Legítimo interesse</strong> (art. 7º, IX): segurança, prevenção de fraudes, moderação automática e
          melhoria do serviço, sempre respeitando os seus direitos e as suas expectativas legítimas;
        </li>
        <li>
          <strong>Exercício regular de direitos</strong> (art. 7º, VI): defesa em processos judiciais, administrativos
          ou arbitrais;
        </li>
        <li>
          <strong>Consentimento</strong> (art. 7º, I): quando pedirmos a sua autorização para algum tratamento opcional,
          que você pode revogar a qualquer momento.
        </li>
      </ul>

      <h2>5. Com quem compartilhamos</h2>
      <p>
        Não vendemos nem alugamos dados pessoais. Compartilhamos somente o necessário para o funcionamento do serviço:
      </p>
      <ul>
        <li>
          <strong>Asaas</strong>, processador de pagamentos responsável pelas cobranças por PIX e cartão de crédito, que
          recebe nome, e-mail, CPF ou CNPJ, telefone, valor e, no pagamento por cartão, os dados do cartão;
        </li>
        <li>
          <strong>Provedor de envio de e-mails</strong>, que recebe o seu endereço de e-mail e o conteúdo das mensagens
          que enviamos a você;
        </li>
        <li>
          <strong>Provedores de inteligência artificial</strong>, que recebem o texto e as imagens do anúncio para a
          moderação automática e as informações do anúncio (tipo, categoria, preço e características) para gerar
          sugestões de descrição. O seu nome, e-mail e senha não são enviados a esses provedores;
        </li>
        <li>
          <strong>Provedores de infraestrutura</strong>, como hospedagem do site e armazenamento de imagens;
        </li>
        <li>
          <strong>Autoridades públicas</strong>, quando houver obrigação legal, requisição de autoridade competente ou
          ordem judicial.
        </li>
      </ul>
      <p>
        Lembre-se de que o conteúdo do anúncio é público: qualquer visitante pode ver o texto, as imagens, o seu nome
        como anunciante, a cidade e o número de WhatsApp que você informar.
      </p>
      <p>
        Alguns desses fornecedores podem processar dados fora do Brasil. Nesses casos, a transferência internacional
        segue o art. 33 da LGPD, com fornecedores que oferecem grau de proteção adequado e compromissos contratuais de
        confidencialidade e segurança.
      </p>

      <h2>6. Os seus direitos</h2>
      <p>O art. 18 da LGPD garante a você, a qualquer momento e mediante requisição:</p>
      <ol>
        <li>confirmação da existência de tratamento dos seus dados;</li>
        <li>acesso aos dados;</li>
        <li>correção de dados incompletos, inexatos ou desatualizados;</li>
        <li>
          anonimização, bloqueio ou eliminação de dados desnecessários, excessivos ou tratados em desconformidade com a
          LGPD;
        </li>
        <li>portabilidade dos dados a outro fornecedor de serviço ou produto, mediante requisição expressa;</li>
        <li>
          eliminação dos dados tratados com o seu consentimento, exceto nas hipóteses de guarda previstas no art. 16 da
          LGPD;
        </li>
        <li>informação sobre as entidades públicas e privadas com as quais compartilhamos os seus dados;</li>
        <li>informação sobre a possibilidade de não fornecer consentimento e sobre as consequências da negativa;</li>
        <li>revogação do consentimento.</li>
      </ol>
      <p>
        Você também pode se opor a tratamentos realizados com base em outras hipóteses legais, quando houver
        descumprimento da LGPD, e pedir a revisão de decisões tomadas unicamente com base em tratamento automatizado,
        como a recusa de um anúncio pela moderação automática (art. 20 da LGPD).
      </p>
      <p>
        Dois desses direitos você exerce sozinho, a qualquer momento, na página <strong>Minha conta</strong> (menu da
        conta, endereço /conta): <strong>Baixar meus dados</strong> entrega na hora um arquivo JSON com o seu perfil, os
        seus anúncios, os seus pagamentos e o seu uso da IA; <strong>Excluir minha conta</strong>, confirmado com a sua
        senha, apaga na hora a conta, os anúncios e as fotos deles. Os pagamentos já feitos não são apagados, porque a
        legislação fiscal exige guardá-los: eles ficam anonimizados, sem o seu nome e desligados da conta e dos anúncios
        (restam valor, data, forma de pagamento e a identificação da cobrança no processador de pagamentos).
      </p>
      <p>
        Para exercer qualquer desses direitos, escreva para <EmailLink /> a partir do e-mail cadastrado na sua conta.
        Poderemos pedir informações adicionais para confirmar a sua identidade. Responderemos em até 15 (quinze) dias.
        Se não ficar satisfeito, você pode apresentar reclamação à Autoridade Nacional de Proteção de Dados (ANPD).
      </p>

      <h2>7. Por quanto tempo guardamos os dados</h2>
      <ul>
        <li>
          <strong>Conta:</strong> enquanto ela estiver ativa. Se você pedir a exclusão, os dados serão eliminados em até
          30 dias, exceto os que precisarmos guardar por obrigação legal;
        </li>
        <li>
          <strong>Anúncios e imagens:</strong> enquanto o anúncio existir. Anúncios expirados, inativos ou aguardando
          pagamento há mais de 30 dias podem ser removidos, com as respectivas imagens;
        </li>
        <li>
          <strong>Pagamentos:</strong> pelo prazo exigido pela legislação fiscal e contábil, em regra 5 (cinco) anos,
          mesmo depois de excluídos a conta ou o anúncio (nesse caso, anonimizados);
        </li>
        <li>
          <strong>Registros de acesso:</strong> por 6 (seis) meses, conforme o art. 15 do Marco Civil da Internet, ou
          por mais tempo se houver requisição de autoridade;
        </li>
        <li>
          <strong>Cookies de sessão:</strong> até você sair da conta ou até a sessão expirar.
        </li>
      </ul>

      <h2>8. Segurança</h2>
      <p>
        Adotamos medidas técnicas e administrativas para proteger os seus dados: conexão cifrada (HTTPS), senhas
        guardadas com algoritmo de hash próprio para senhas, cookies de sessão inacessíveis a scripts, acesso interno
        restrito a quem precisa e cópias de segurança. Nenhum sistema é totalmente imune a incidentes; se ocorrer um
        incidente que possa causar risco ou dano relevante, comunicaremos a ANPD e as pessoas afetadas, como determina o
        art. 48 da LGPD.
      </p>
      <p>
        Você também ajuda a proteger a sua conta: use uma senha forte e exclusiva, não a compartilhe e saia da conta ao
        usar computadores de terceiros.
      </p>

      <h2>9. Crianças e adolescentes</h2>
      <p>
        O cadastro e a publicação de anúncios são permitidos apenas a maiores de 18 anos ou emancipados. Não coletamos
        intencionalmente dados de crianças e adolescentes; se identificarmos esse tipo de cadastro, ele será removido.
      </p>

      <h2>10. Alterações desta Política</h2>
      <p>
        Podemos atualizar esta Política para refletir mudanças no serviço ou na legislação. A data da última atualização
        aparece no início da página; mudanças relevantes serão avisadas no site ou por e-mail.
      </p>

      <h2>11. Contato</h2>
      <p>
        Dúvidas, pedidos e reclamações sobre privacidade: <EmailLink />. Classificados Patos, Patos de Minas - MG.
      </p>
    </LegalArticle>
  );
}

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
        <li>as fotos devem ser do próprio item anunciado, com no máximo 5 imagens por anúncio;</li>
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
          <strong>o primeiro dia é grátis</strong> e a <strong>duração mínima é de 3 dias</strong>;
        </li>
        <li>
          o pagamento é feito por PIX ou cartão de crédito e processado pela Asaas; pagamentos com cartão têm valor
          mínimo de R$ 5,00;
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
          e 4), e anúncios expirados há mais de 30 dias são removidos (item 6).
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
          Anúncios expirados, inativos ou aguardando pagamento há mais de 30 dias podem ser removidos sem aviso prévio.
        </strong>
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

export function About() {
  return (
    <LegalArticle title="Sobre o Classificados Patos">
      <p className="text-lg font-medium text-brand-800">Pequenos anúncios, grandes negócios!</p>
      <p>
        O <strong>Classificados Patos</strong> é o site de anúncios classificados de Patos de Minas - MG e região. Aqui
        você encontra e publica anúncios de veículos, imóveis, eletrônicos, móveis, moda, serviços, empregos e muito
        mais, para vender, comprar ou trocar com gente da sua cidade, e conversa com o anunciante diretamente pelo
        WhatsApp.
      </p>

      <h2>Para quem procura</h2>
      <p>
        Navegar é gratuito e não exige cadastro. Filtre os anúncios por cidade, categoria, subcategoria e tipo (Vender,
        Comprar ou Trocar), veja as fotos e os detalhes e fale com o anunciante com um toque no botão do WhatsApp.
      </p>

      <h2>Para quem anuncia</h2>
      <ol>
        <li>Crie a sua conta com e-mail e senha ou com a sua conta Google.</li>
        <li>
          Escolha o tipo de anúncio, a categoria e a cidade, informe o preço e o seu WhatsApp e envie até 5 fotos.
        </li>
        <li>
          Pague apenas pelos dias em que o anúncio ficar no ar: o primeiro dia é grátis e a duração mínima é de 3 dias.
        </li>
        <li>
          Assim que o pagamento é confirmado, o anúncio aparece para todos e os interessados chamam você no WhatsApp.
        </li>
      </ol>

      <h2>Moderação automática por inteligência artificial</h2>
      <p>
        Todo anúncio passa por uma verificação automática de texto e imagens feita por inteligência artificial,
        complementada por regras próprias e pela revisão da nossa equipe quando necessário. Isso ajuda a barrar conteúdo
        proibido, golpes e anúncios enganosos, para que comprar e vender por aqui seja mais seguro.
      </p>

      <h2>Descrições geradas por inteligência artificial</h2>
      <p>
        Sem tempo ou sem inspiração para escrever? Com um clique, a inteligência artificial sugere uma descrição para o
        seu anúncio a partir da categoria, das características e do preço informados. Você revisa, ajusta o que quiser e
        publica. O recurso tem um limite mensal de uso por conta.
      </p>

      <h2>Pagamento por PIX ou cartão de crédito</h2>
      <p>
        Os anúncios podem ser pagos por <strong>PIX</strong>, com QR Code ou código copia e cola e confirmação em
        instantes, ou por <strong>cartão de crédito</strong>. Os pagamentos são processados pela Asaas, plataforma de
        pagamentos especializada, e os dados do seu cartão não ficam guardados no nosso site.
      </p>

      <h2>Fale com a gente</h2>
      <p>
        Sugestões, dúvidas ou denúncias: <EmailLink />. Leia também os <Link to="/termos">Termos de Uso</Link> e a{" "}
        <Link to="/privacidade">Política de Privacidade</Link>.
      </p>
    </LegalArticle>
  );
}
