import { describe, expect, it } from "vitest";
import { earlyChange, type EarlyField } from "./replay-early-input";

const input = (type: string, state: Partial<Exclude<EarlyField, { kind: "select" }>> = {}): EarlyField => ({
  kind: "input",
  type,
  value: "",
  defaultValue: "",
  checked: false,
  defaultChecked: false,
  fileCount: 0,
  ...state,
});

describe("which fields changed before hydration are replayed", () => {
  it("replays the radio the visitor picked, as a click", () => {
    expect(earlyChange(input("radio", { checked: true, defaultChecked: false }))).toEqual({ event: "click", property: "checked" });
  });

  it("leaves alone the radio the browser unchecked when another of its group was picked (replaying it took the choice away)", () => {
    expect(earlyChange(input("radio", { checked: false, defaultChecked: true }))).toBeNull();
  });

  it("leaves alone a radio as the server sent it, checked or not", () => {
    expect(earlyChange(input("radio", { checked: true, defaultChecked: true }))).toBeNull();
    expect(earlyChange(input("radio"))).toBeNull();
  });

  it("replays a checkbox ticked or unticked by the visitor, and not one left as it came", () => {
    expect(earlyChange(input("checkbox", { checked: true }))).toEqual({ event: "click", property: "checked" });
    expect(earlyChange(input("checkbox", { checked: false, defaultChecked: true }))).toEqual({ event: "click", property: "checked" });
    expect(earlyChange(input("checkbox", { checked: true, defaultChecked: true }))).toBeNull();
    expect(earlyChange(input("checkbox"))).toBeNull();
  });

  it("replays typed text as input, and not text left as it came", () => {
    expect(earlyChange(input("text", { value: "geladeira" }))).toEqual({ event: "input", property: "value" });
    expect(earlyChange({ kind: "textarea", type: "textarea", value: "", defaultValue: "Texto", checked: false, defaultChecked: false, fileCount: 0 })).toEqual({
      event: "input",
      property: "value",
    });
    expect(earlyChange(input("tel", { value: "34", defaultValue: "34" }))).toBeNull();
  });

  it("replays a select whose choice moved, and chosen files, as change", () => {
    expect(earlyChange({ kind: "select", options: [{ selected: false, defaultSelected: true }, { selected: true, defaultSelected: false }] })).toEqual({ event: "change" });
    expect(earlyChange({ kind: "select", options: [{ selected: true, defaultSelected: true }] })).toBeNull();
    expect(earlyChange(input("file", { fileCount: 2 }))).toEqual({ event: "change" });
    expect(earlyChange(input("file"))).toBeNull();
  });

  it("ignores fields a visitor does not change by typing or picking (hidden, submit)", () => {
    expect(earlyChange(input("hidden", { value: "x" }))).toBeNull();
    expect(earlyChange(input("submit", { value: "x" }))).toBeNull();
  });
});
