/** /privacidade: the privacy policy (LGPD). */
import { Link } from "@remix-run/react";
import { EmailLink, LegalArticle } from "~/components/layout/legal/LegalArticle";
import { STALE_AD_DAYS } from "~/models/ad/ad";
import { REMOVED_AD_CONVERSATION_DAYS } from "~/models/message/limits";

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
          <strong>Mensagens:</strong> o texto das mensagens que você troca com compradores e vendedores pelo site, com a
          data, a hora e quando foram lidas. A outra pessoa vê apenas o seu nome (ou &quot;Anunciante&quot; /
          &quot;Comprador&quot;), nunca o seu e-mail ou telefone. Só as duas pessoas da conversa a leem; a moderação lê uma
          conversa apenas quando uma delas a denuncia, e cada leitura fica registrada.
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
        <li>
          avisar por e-mail dos anúncios novos das suas buscas salvas e das quedas de preço dos anúncios que você salvou nos favoritos
          (no máximo um e-mail por busca ou anúncio e por dia; você os desativa em Minha conta ou pelo link de cada e-mail);
        </li>
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
          pagamento há mais de {STALE_AD_DAYS} dias podem ser removidos, com as respectivas imagens, e anúncios marcados
          como vendidos são removidos {STALE_AD_DAYS} dias depois;
        </li>
        <li>
          <strong>Mensagens:</strong> enquanto a conversa existir. Se o anúncio for removido, a conversa continua com o
          título e o preço que ele tinha e é apagada {REMOVED_AD_CONVERSATION_DAYS} dias depois. Se você excluir a
          conta, as mensagens que você enviou são apagadas e a outra pessoa passa a ver &quot;Usuário removido&quot;,
          exceto numa conversa denunciada, guardada até a decisão da moderação;
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
