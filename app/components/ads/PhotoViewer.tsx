import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from "react";
import { Icon } from "~/components/Icon";
import { imageVariantUrl } from "~/lib/image-variants";
import type { PublicAdImage } from "~/models/ad/ad";

const focusRing = "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white";
const SWIPE_PX = 50;
const MAX_SCALE = 4;
const DOUBLE_TAP_SCALE = 2.5;

type View = { scale: number; x: number; y: number };
type Point = { x: number; y: number };
type Gesture =
  | { kind: "swipe"; start: Point }
  | { kind: "pan"; start: Point; view: View }
  | { kind: "pinch"; distance: number; mid: Point; view: View };

const AT_REST: View = { scale: 1, x: 0, y: 0 };
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The ad's photos full screen, whole, on black (loaded the first time a photo is opened). Swipe left
 * or right to change photo; pinch (or double-tap) to zoom, drag to move the zoomed photo. Arrows,
 * the keyboard's arrows and Escape work too. A native modal <dialog>: focus stays inside.
 */
export default function PhotoViewer({
  images,
  title,
  start,
  onClose,
}: {
  images: PublicAdImage[];
  title: string;
  start: number;
  /** Called with the photo on screen, so the carousel can follow. */
  onClose: (index: number) => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(start);
  const [view, setView] = useState<View>(AT_REST);
  const [swipeX, setSwipeX] = useState(0);
  /** A finger (or the mouse) is on the photo: follow it without easing. */
  const [touching, setTouching] = useState(false);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture | null>(null);
  const count = images.length;

  const go = useCallback(
    (step: number) => {
      setIndex((current) => (((current + step) % count) + count) % count);
      setView(AT_REST);
      setSwipeX(0);
    },
    [count],
  );
  const close = useCallback(() => onClose(index), [onClose, index]);

  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
    return () => {
      if (el?.open) el.close();
    };
  }, []);

  /** A point relative to the stage's centre (the transform's origin). */
  const local = (point: Point): Point => {
    const rect = stage.current?.getBoundingClientRect();
    return rect ? { x: point.x - rect.left - rect.width / 2, y: point.y - rect.top - rect.height / 2 } : point;
  };

  /** Zooms to `scale` keeping the photo point under `at` (stage coordinates) where it is. */
  const zoomAt = (from: View, scale: number, at: Point, atBefore: Point = at): View => {
    const next = clamp(scale, 1, MAX_SCALE);
    if (next === 1) return AT_REST;
    const contentX = (atBefore.x - from.x) / from.scale;
    const contentY = (atBefore.y - from.y) / from.scale;
    return { scale: next, x: at.x - contentX * next, y: at.y - contentY * next };
  };

  const pinchOf = () => {
    const [a, b] = [...pointers.current.values()] as [Point, Point];
    return { distance: Math.hypot(a.x - b.x, a.y - b.y), mid: local({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }) };
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    setTouching(true);
    if (pointers.current.size === 2) {
      setSwipeX(0);
      gesture.current = { kind: "pinch", ...pinchOf(), view };
    } else if (pointers.current.size === 1) {
      const at = { x: event.clientX, y: event.clientY };
      gesture.current = view.scale > 1 ? { kind: "pan", start: at, view } : { kind: "swipe", start: at };
    }
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const current = gesture.current;
    if (!current) return;
    if (current.kind === "pinch" && pointers.current.size >= 2) {
      const { distance, mid } = pinchOf();
      setView(zoomAt(current.view, (current.view.scale * distance) / Math.max(1, current.distance), mid, current.mid));
    } else if (current.kind === "swipe") {
      setSwipeX(event.clientX - current.start.x);
    } else if (current.kind === "pan") {
      setView({ ...current.view, x: current.view.x + event.clientX - current.start.x, y: current.view.y + event.clientY - current.start.y });
    }
  };

  const onPointerEnd = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!pointers.current.delete(event.pointerId)) return;
    if (pointers.current.size === 0) setTouching(false);
    const current = gesture.current;
    if (current?.kind === "swipe") {
      const dx = event.clientX - current.start.x;
      if (count > 1 && Math.abs(dx) > SWIPE_PX) go(dx < 0 ? 1 : -1);
      else setSwipeX(0);
      gesture.current = null;
    } else if (current?.kind === "pinch") {
      // One finger left on the glass: it moves the zoomed photo from here on.
      const [remaining] = [...pointers.current.values()];
      gesture.current = remaining && view.scale > 1 ? { kind: "pan", start: remaining, view } : null;
      if (view.scale < 1.05) setView(AT_REST);
    } else if (pointers.current.size === 0) {
      gesture.current = null;
    }
  };

  const image = images[index]!;
  const zoomed = view.scale > 1;
  return (
    <dialog
      ref={dialog}
      aria-label={`Fotos: ${title}`}
      data-testid="photo-viewer"
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onKeyDown={(event) => {
        if (event.key === "ArrowRight") go(1);
        else if (event.key === "ArrowLeft") go(-1);
      }}
      className="m-0 h-full max-h-none w-full max-w-none overflow-hidden bg-black p-0 text-white backdrop:bg-black"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-3 px-3 py-2">
          <p className="text-sm font-medium" aria-live="polite" data-testid="photo-viewer-position">
            {index + 1} / {count}
          </p>
          <button type="button" onClick={close} aria-label="Fechar fotos" className={`rounded-full p-2.5 hover:bg-white/10 ${focusRing}`}>
            <Icon name="x" className="h-6 w-6" />
          </button>
        </div>
        <div
          ref={stage}
          className="relative flex-1 touch-none select-none overflow-hidden"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
          onDoubleClick={(event) => setView(zoomed ? AT_REST : zoomAt(view, DOUBLE_TAP_SCALE, local({ x: event.clientX, y: event.clientY })))}
        >
          <img
            key={image.id}
            src={imageVariantUrl(image.publicId, { width: 1200 })}
            srcSet={`${imageVariantUrl(image.publicId, { width: 640 })} 640w, ${imageVariantUrl(image.publicId, { width: 1200 })} 1200w`}
            sizes="100vw"
            alt={`${title} — foto ${index + 1} de ${count}`}
            draggable={false}
            data-testid="photo-viewer-image"
            data-scale={view.scale.toFixed(2)}
            className={`absolute inset-0 h-full w-full object-contain ${touching ? "" : "transition-transform duration-150"}`}
            style={{ transform: `translate(${view.x + swipeX}px, ${view.y}px) scale(${view.scale})` }}
          />
        </div>
        {count > 1 ? (
          <div className="flex items-center justify-between gap-3 px-3 py-3">
            <button type="button" onClick={() => go(-1)} aria-label="Foto anterior" className={`rounded-full bg-white/10 p-3 hover:bg-white/20 ${focusRing}`}>
              <Icon name="chevron-left" className="h-6 w-6" />
            </button>
            <p className="text-xs text-white/70">Arraste para o lado, ou use dois dedos para ampliar</p>
            <button type="button" onClick={() => go(1)} aria-label="Próxima foto" className={`rounded-full bg-white/10 p-3 hover:bg-white/20 ${focusRing}`}>
              <Icon name="chevron-right" className="h-6 w-6" />
            </button>
          </div>
        ) : null}
      </div>
    </dialog>
  );
}
