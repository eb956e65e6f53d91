/**
 * The one toast at a time (spec 01 §4, §9). Server-rendered, so it shows without JavaScript too:
 * then a CSS animation fades it out after 5 s (8 s for errors), and on phones it sits at the bottom
 * so it never covers the header. With JavaScript it also leaves on its timer, closes with its button
 * or a swipe of 50 px to the right, and F8 moves the keyboard focus to it.
 *
 * A form submitted while it shows closes it (JavaScript only): whatever that submission answers is
 * the news now, and an earlier toast must not sit on top of it — the green 'Anúncio criado!' of the
 * redirect that opened the payment page over the red 'Erro no pagamento' of a refused card, say.
 * (The root's toast is not reloaded after an action that fails, so it would stay for its 5 s.)
 * "Submitted" is the router's word, a navigation or fetcher posting: a DOM `submit` event would not
 * do, since conform fires one for every field it validates while the user types.
 * Without JavaScript each submission loads a new page, which shows only the toast of that answer:
 * the toast cookie is read, and cleared, by the load that first shows it.
 */
import { useFetchers, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type PointerEvent } from "react";

export type ToastData = {
  message: string;
  description?: string;
  type: "info" | "success" | "error" | "warning";
  duration?: number;
};

/** Each toast object gets its own element (see the key below). */
const toastIds = new WeakMap<ToastData, number>();
let lastToastId = 0;
function idOf(toast: ToastData) {
  let id = toastIds.get(toast);
  if (id === undefined) {
    id = ++lastToastId;
    toastIds.set(toast, id);
  }
  return id;
}

const DEFAULT_MS = 5000;
const ERROR_MS = 8000;
const SWIPE_PX = 50;

const tone: Record<ToastData["type"], string> = {
  success: "border-emerald-600 bg-emerald-50 text-emerald-900",
  error: "border-red-600 bg-red-50 text-red-900",
  warning: "border-amber-500 bg-amber-50 text-amber-900",
  info: "border-brand-600 bg-brand-50 text-brand-900",
};

export function Toast({ toast }: { toast: ToastData | undefined }) {
  // A new toast replaces the one on screen; remembering the closed one keeps it from coming back.
  const [closed, setClosed] = useState<ToastData | undefined>(undefined);
  const [swipeX, setSwipeX] = useState(0);
  const swipeStart = useRef<number | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const visible = toast && toast !== closed ? toast : undefined;

  // Closes the toast on screen when a submission starts; one shown after that (its answer's) stays.
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const submitting = navigation.state === "submitting" || fetchers.some((fetcher) => fetcher.state === "submitting");
  const shown = useRef(visible);
  shown.current = visible;
  useEffect(() => {
    if (submitting && shown.current) setClosed(shown.current);
  }, [submitting]);

  useEffect(() => {
    if (!visible) return;
    const ms = visible.duration ?? (visible.type === "error" ? ERROR_MS : DEFAULT_MS);
    const timer = setTimeout(() => setClosed(visible), ms);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "F8") {
        event.preventDefault();
        box.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("keydown", onKey);
    };
  }, [visible]);

  if (!visible) return null;

  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = event.clientX;
  };
  const onPointerMove = (event: PointerEvent) => {
    if (swipeStart.current !== null) setSwipeX(Math.max(0, event.clientX - swipeStart.current));
  };
  const onPointerEnd = () => {
    if (swipeX >= SWIPE_PX) setClosed(visible);
    swipeStart.current = null;
    setSwipeX(0);
  };

  // Without JavaScript only the CSS fade-out runs; with it the timer above removes the toast first.
  const fadeOut = visible.type === "error" ? "animate-toast-out-8s" : "animate-toast-out-5s";
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-3 z-50 flex justify-center px-3 sm:bottom-auto sm:top-3 sm:justify-end">
      <div
        // A new toast is a new element: its fade-out animation starts over instead of ending with the last one's.
        key={idOf(visible)}
        ref={box}
        tabIndex={-1}
        role={visible.type === "error" ? "alert" : "status"}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        style={swipeX ? { transform: `translateX(${swipeX}px)` } : undefined}
        className={`pointer-events-auto w-full max-w-[420px] touch-pan-y rounded-lg border-l-4 p-4 shadow-lg focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 ${fadeOut} ${tone[visible.type]}`}
      >
        <div className="flex items-start gap-3">
          <div className="flex-1">
            <p className="font-semibold">{visible.message}</p>
            {visible.description ? <p className="mt-1 text-sm">{visible.description}</p> : null}
          </div>
          <button
            type="button"
            onClick={() => setClosed(visible)}
            className="rounded p-1 text-lg leading-none opacity-70 hover:opacity-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-current"
            aria-label="Fechar aviso"
          >
            ×
          </button>
        </div>
      </div>
    </div>
  );
}
