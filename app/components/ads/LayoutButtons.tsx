import { useEffect, useState } from "react";
import { Icon, type IconName } from "~/components/Icon";
import { LAYOUT_KEY, PHONE_LAYOUT_KEY } from "./layout-key";

type Columns = 1 | 2 | 3;

const focusRing = "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2";

const LAYOUTS: { columns: Columns; label: string; icon: IconName }[] = [
  { columns: 1, label: "1 anúncio por linha", icon: "rows-3" },
  { columns: 2, label: "2 anúncios por linha", icon: "columns-2" },
  { columns: 3, label: "3 anúncios por linha", icon: "columns-3" },
];

/** The 1/2/3-per-row buttons (AdList.tsx LayoutSwitch loads them on desktops): default 3, remembered in this browser. */
export default function LayoutButtons() {
  const [columns, setColumns] = useState<Columns>(3);
  useEffect(() => {
    const stored = Number(document.documentElement.dataset.adsCols);
    if (stored === 1 || stored === 2 || stored === 3) setColumns(stored);
  }, []);
  const choose = (value: Columns) => {
    setColumns(value);
    document.documentElement.dataset.adsCols = String(value);
    try {
      localStorage.setItem(LAYOUT_KEY, String(value));
    } catch {
      // private mode or storage full: the choice lasts until the page is left
    }
  };
  return (
    <div role="group" aria-label="Anúncios por linha" className="hidden items-center gap-1 rounded-lg border border-slate-200 bg-white p-1 lg:flex">
      {LAYOUTS.map(({ columns: value, label, icon }) => (
        <button
          key={value}
          type="button"
          onClick={() => choose(value)}
          aria-pressed={columns === value}
          aria-label={label}
          title={label}
          className={`rounded-md p-2 ${focusRing} ${columns === value ? "bg-brand-700 text-white" : "text-slate-600 hover:bg-slate-100"}`}
        >
          <Icon name={icon} className="h-5 w-5" />
        </button>
      ))}
    </div>
  );
}

type PhoneLayout = "list" | "cards";

const PHONE_LAYOUTS: { layout: PhoneLayout; label: string; icon: IconName }[] = [
  { layout: "list", label: "Lista compacta", icon: "rows-3" },
  { layout: "cards", label: "Cartões completos", icon: "layout-grid" },
];

/** A phone's switch (AdList.tsx LayoutSwitch): the compact list by default, the spec's full cards on demand. */
export function PhoneLayoutButtons() {
  const [layout, setLayout] = useState<PhoneLayout>("list");
  useEffect(() => {
    if (document.documentElement.dataset.adsPhone === "cards") setLayout("cards");
  }, []);
  const choose = (value: PhoneLayout) => {
    setLayout(value);
    if (value === "cards") document.documentElement.dataset.adsPhone = "cards";
    else delete document.documentElement.dataset.adsPhone;
    try {
      localStorage.setItem(PHONE_LAYOUT_KEY, value);
    } catch {
      // private mode or storage full: the choice lasts until the page is left
    }
  };
  return (
    <div role="group" aria-label="Exibição dos anúncios" className="flex items-center rounded-lg border border-slate-200 bg-white">
      {PHONE_LAYOUTS.map(({ layout: value, label, icon }) => (
        <button
          key={value}
          type="button"
          onClick={() => choose(value)}
          aria-pressed={layout === value}
          aria-label={label}
          title={label}
          className={`flex h-11 w-11 items-center justify-center rounded-lg ${focusRing} ${layout === value ? "bg-brand-700 text-white" : "text-slate-600 hover:bg-slate-100"}`}
        >
          <Icon name={icon} className="h-5 w-5" />
        </button>
      ))}
    </div>
  );
}
