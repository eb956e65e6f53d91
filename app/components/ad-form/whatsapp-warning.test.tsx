/**
 * The WhatsApp field of the wizard and the edit page (issue #36, item 5): empty, it warns before payment
 * that buyers will have no way to reach the seller; with a number, no warning. Rendered on the server, as
 * a browser without JavaScript gets it. And the price drop beside a card's price (item 4).
 */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PriceDrop } from "~/components/ads/PriceDrop";
import { NO_WHATSAPP_WARNING } from "~/models/ad/contact-warning";
import { WhatsappInput } from "./fields";

describe("the WhatsApp field", () => {
  it("warns when empty, and names the warning for screen readers", () => {
    const html = renderToString(<WhatsappInput id="whatsapp" name="whatsapp" defaultValue="" />);
    expect(html).toContain(NO_WHATSAPP_WARNING);
    expect(html).toContain('aria-describedby="whatsapp-hint whatsapp-warning"');
  });

  it("says nothing more with a number", () => {
    const html = renderToString(<WhatsappInput id="whatsapp" name="whatsapp" defaultValue="(34) 9 9999-0000" />);
    expect(html).not.toContain(NO_WHATSAPP_WARNING);
    expect(html).not.toContain("whatsapp-warning");
  });
});

describe("a price drop", () => {
  it("strikes the old price and says by how much it fell", () => {
    const html = renderToString(<PriceDrop price="1000.00" previousPrice="1200.00" />).replace(/<!-- -->/g, "");
    expect(html).toContain("<s");
    expect(html).toMatch(/<s[^>]*>R\$\s1\.200,00<\/s>/);
    expect(html).toMatch(/Baixou R\$\s200,00/);
  });
});
