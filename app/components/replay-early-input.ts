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

function restoreUnseen(field: HTMLInputElement | HTMLTextAreaElement, property: "value" | "checked", serverValue: string | boolean) {
  const properties = field as unknown as Record<typeof property, string | boolean>;
  const visitorValue = properties[property];
  properties[property] = serverValue;
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), property)!.set!.call(field, visitorValue);
}

export function replayInputMadeBeforeHydration() {
  if (replayed) return;
  replayed = true;
  for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>("input, textarea, select")) {
    if (field instanceof HTMLSelectElement) {
      if ([...field.options].some((option) => option.selected !== option.defaultSelected)) field.dispatchEvent(new Event("change", { bubbles: true }));
    } else if (field instanceof HTMLTextAreaElement || TEXT_TYPES.has(field.type)) {
      if (field.value === field.defaultValue) continue;
      restoreUnseen(field, "value", field.defaultValue);
      field.dispatchEvent(new Event("input", { bubbles: true }));
    } else if (field.type === "checkbox" || field.type === "radio") {
      if (field.checked === field.defaultChecked) continue;
      restoreUnseen(field, "checked", field.defaultChecked);
      field.dispatchEvent(new Event("click", { bubbles: true }));
    } else if (field.type === "file" && field.files?.length) {
      field.dispatchEvent(new Event("change", { bubbles: true }));
    }
  }
}
