/**
 * The scripts arrive after the page has loaded (ADR 015), so on a slow phone a visitor may type, tick
 * or pick before React is there to hear it. The browser keeps those values through hydration, but the
 * page's handlers never ran: a city picked on the home page was not applied, a typed password left its
 * checklist unticked. Once hydrated, each field changed since the page arrived gets the event React
 * listens to, as if the change happened now.
 *
 * React only reports a change it has not seen: it remembers each field's value (its "value tracker",
 * kept through the instance's `value`/`checked` setter). So the tracker is first set to the server's
 * value through that setter, and the visitor's value put back through the prototype's setter, which
 * React does not watch — the technique testing libraries use to fire change events.
 */
let replayed = false;

const TEXT_TYPES = new Set(["text", "search", "email", "password", "tel", "url", "number"]);

/** The part of a form field the replay decision reads (plain objects in the unit test). */
export type EarlyField =
  | { kind: "select"; options: ArrayLike<{ selected: boolean; defaultSelected: boolean }> }
  | { kind: "textarea" | "input"; type: string; value: string; defaultValue: string; checked: boolean; defaultChecked: boolean; fileCount: number };

/**
 * The event a field changed before hydration needs, and the property it changed; null when the visitor
 * left it alone. A radio is replayed only when it is the one now checked: the one it replaced was
 * unchecked by the browser, not by the visitor, and replaying that one (setting its `checked` back to
 * the server's value to reset the tracker) checks it again and takes the visitor's choice away.
 */
export function earlyChange(field: EarlyField): { event: "input" | "click" | "change"; property?: "value" | "checked" } | null {
  if (field.kind === "select") {
    return Array.from(field.options).some((option) => option.selected !== option.defaultSelected) ? { event: "change" } : null;
  }
  if (field.kind === "textarea" || TEXT_TYPES.has(field.type)) return field.value === field.defaultValue ? null : { event: "input", property: "value" };
  if (field.type === "radio") return field.checked && !field.defaultChecked ? { event: "click", property: "checked" } : null;
  if (field.type === "checkbox") return field.checked === field.defaultChecked ? null : { event: "click", property: "checked" };
  if (field.type === "file") return field.fileCount ? { event: "change" } : null;
  return null;
}

function describe(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement): EarlyField {
  if (field instanceof HTMLSelectElement) return { kind: "select", options: field.options };
  const input = field instanceof HTMLInputElement ? field : null;
  return {
    kind: input ? "input" : "textarea",
    type: input?.type ?? "textarea",
    value: field.value,
    defaultValue: field.defaultValue,
    checked: input?.checked ?? false,
    defaultChecked: input?.defaultChecked ?? false,
    fileCount: input?.files?.length ?? 0,
  };
}

function restoreUnseen(field: HTMLInputElement | HTMLTextAreaElement, property: "value" | "checked") {
  const properties = field as unknown as Record<typeof property, string | boolean>;
  const visitorValue = properties[property];
  properties[property] = property === "value" ? field.defaultValue : (field as HTMLInputElement).defaultChecked;
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), property)!.set!.call(field, visitorValue);
}

export function replayInputMadeBeforeHydration() {
  if (replayed) return;
  replayed = true;
  for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>("input, textarea, select")) {
    const change = earlyChange(describe(field));
    if (!change) continue;
    if (change.property && !(field instanceof HTMLSelectElement)) restoreUnseen(field, change.property);
    field.dispatchEvent(new Event(change.event, { bubbles: true }));
  }
}
