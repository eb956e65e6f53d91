/** /sobre: what the site is, for buyers and for sellers. */
import { Link } from "@remix-run/react";
import { EmailLink, LegalArticle } from "~/components/layout/legal/LegalArticle";
import { MAX_AD_IMAGES } from "~/models/ad/ad";
import { MIN_AD_DAYS } from "~/models/ad/cost";

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
          Escolha o tipo de anúncio, a categoria e a cidade, informe o preço e o seu WhatsApp e envie até {MAX_AD_IMAGES} fotos.
        </li>
        <li>
          Pague apenas pelos dias em que o anúncio ficar no ar: o primeiro dia é grátis e a duração mínima é de {MIN_AD_DAYS}{" "}
          dias.
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
