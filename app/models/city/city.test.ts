import { describe, expect, it } from "vitest";
import { compareCities, sortCities } from "./city";

const mg = (name: string) => ({ name, state: "MG" });
const names = (list: { name: string }[]) => list.map((city) => city.name);

describe("sortCities (pt-BR collation)", () => {
  it("puts São Gonçalo do Abaeté before Serra do Salitre (byte order puts it after)", () => {
    expect(names(sortCities([mg("Serra do Salitre"), mg("São Gonçalo do Abaeté")]))).toEqual(["São Gonçalo do Abaeté", "Serra do Salitre"]);
    expect(compareCities(mg("São Gonçalo do Abaeté"), mg("Serra do Salitre"))).toBeLessThan(0);
  });

  it("is not thrown off by accents or case", () => {
    const expected = [
      "abaeté",
      "Água Boa",
      "Araxá",
      "Ibiá",
      "Iraí de Minas",
      "Patos de Minas",
      "patrocínio",
      "Santa Rosa da Serra",
      "São Gonçalo do Abaeté",
      "São Gotardo",
      "Serra do Salitre",
      "Uberlândia",
    ];
    const shuffled = [...expected].reverse().map(mg);
    expect(names(sortCities(shuffled))).toEqual(expected);
  });

  it("orders cities of the same name by state, and leaves the given list alone", () => {
    const list = [{ name: "Santa Rita", state: "PB" }, { name: "Santa Rita", state: "MA" }, mg("Patos de Minas")];
    expect(sortCities(list)).toEqual([mg("Patos de Minas"), { name: "Santa Rita", state: "MA" }, { name: "Santa Rita", state: "PB" }]);
    expect(list[0]).toEqual({ name: "Santa Rita", state: "PB" });
  });
});
