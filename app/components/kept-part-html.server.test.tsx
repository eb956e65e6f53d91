import { useNavigate } from "@remix-run/react";
import { describe, expect, it } from "vitest";
import { Footer } from "~/components/layout/Footer";
import { CategoryGrid } from "~/components/ads/CategoryGrid";
import { SafetyTips } from "~/components/ads/SafetyTips";
import { keptPartHtml } from "./kept-part-html.server";

describe("keptPartHtml", () => {
  it("renders a part once per props, and again for other props", () => {
    let renders = 0;
    function Counted({ label }: { label: string }) {
      renders++;
      return <p>{label}</p>;
    }
    expect(keptPartHtml("Counted", Counted, { label: "um" })).toBe("<p>um</p>");
    expect(keptPartHtml("Counted", Counted, { label: "um" })).toBe("<p>um</p>");
    expect(renders).toBe(1);
    expect(keptPartHtml("Counted", Counted, { label: "dois" })).toBe("<p>dois</p>");
    expect(renders).toBe(2);
  });

  it("keeps each part in its own room: a part with endless props never pushes another out", () => {
    let footerRenders = 0;
    function Steady() {
      footerRenders++;
      return <footer />;
    }
    const Endless = ({ price }: { price: number }) => <p>{price}</p>;
    keptPartHtml("Steady", Steady, {});
    for (let price = 0; price < 1000; price++) keptPartHtml("Endless", Endless, { price });
    keptPartHtml("Steady", Steady, {});
    expect(footerRenders).toBe(1);
  });

  it("refuses at once a part that reads the router: its HTML would not follow from its props", () => {
    function Routed() {
      useNavigate();
      return null;
    }
    expect(() => keptPartHtml("Routed", Routed, {})).toThrow();
  });

  it("renders the parts kept this way outside any page: the chips, the footer, the safety tips", () => {
    const chips = keptPartHtml("CategoryGrid", CategoryGrid, { categories: [{ id: 3, name: "Veículos", icon: "car" }], selectedId: 3 });
    expect(chips).toContain('href="/categories?category=3"');
    expect(chips).toContain('aria-current="true"');
    expect(keptPartHtml("Footer", Footer, { operator: {}, year: 2027 })).toContain("© <!-- -->2027");
    expect(keptPartHtml("SafetyTips", SafetyTips, {})).toContain("Dicas de segurança");
  });
});
