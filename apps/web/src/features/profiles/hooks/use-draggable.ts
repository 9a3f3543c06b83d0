import { useCallback, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';

export type Offset = { x: number; y: number };

/** How much of the window stays on screen when it is dragged to an edge. */
const KEEP_VISIBLE_PX = 48;
const KEY_STEP_PX = 16;
const KEY_STEP_LARGE_PX = 64;

/**
 * Keeps a window whose untranslated box is `base` (its rectangle without the offset) reachable:
 * the title bar never leaves the top of the viewport and a strip of the window stays visible
 * on every other side.
 */
export function clampOffset(
  offset: Offset,
  base: { left: number; top: number; width: number; height: number },
  viewport: { width: number; height: number },
): Offset {
  const minX = KEEP_VISIBLE_PX - base.left - base.width;
  const maxX = viewport.width - KEEP_VISIBLE_PX - base.left;
  const minY = -base.top;
  const maxY = viewport.height - KEEP_VISIBLE_PX - base.top;
  return {
    x: Math.round(Math.min(Math.max(offset.x, minX), Math.max(minX, maxX))),
    y: Math.round(Math.min(Math.max(offset.y, minY), Math.max(minY, maxY))),
  };
}

type DragStart = { pointerId: number; x: number; y: number; origin: Offset };

/**
 * A window dragged by its handle with pointer events (mouse, pen, touch), or moved with the arrow
 * keys while the handle has focus (Shift moves further). The offset is applied as a transform.
 */
export function useDraggable<T extends HTMLElement>() {
  const targetRef = useRef<T>(null);
  const [offset, setOffset] = useState<Offset>({ x: 0, y: 0 });
  const offsetRef = useRef(offset);
  const drag = useRef<DragStart | null>(null);

  const moveTo = useCallback((next: Offset) => {
    const element = targetRef.current;
    let clamped = next;
    const rect = element?.getBoundingClientRect();
    // Without a layout (an element not rendered yet) there is nothing to keep on screen.
    if (rect && rect.width > 0) {
      const current = offsetRef.current;
      clamped = clampOffset(
        next,
        {
          left: rect.left - current.x,
          top: rect.top - current.y,
          width: rect.width,
          height: rect.height,
        },
        { width: window.innerWidth, height: window.innerHeight },
      );
    }
    offsetRef.current = clamped;
    setOffset(clamped);
  }, []);

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    // Controls marked data-no-drag inside the handle (Close) keep working as buttons.
    if ((event.target as HTMLElement).closest('[data-no-drag]') !== null) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = {
      pointerId: event.pointerId,
      x: event.clientX,
      y: event.clientY,
      origin: offsetRef.current,
    };
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const start = drag.current;
    if (!start || start.pointerId !== event.pointerId) return;
    moveTo({
      x: start.origin.x + event.clientX - start.x,
      y: start.origin.y + event.clientY - start.y,
    });
  };

  const endDrag = (event: PointerEvent<HTMLElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    drag.current = null;
    if (event.currentTarget.hasPointerCapture?.(event.pointerId)) {
      event.currentTarget.releasePointerCapture(event.pointerId);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const step = event.shiftKey ? KEY_STEP_LARGE_PX : KEY_STEP_PX;
    const moves: Record<string, Offset> = {
      ArrowLeft: { x: -step, y: 0 },
      ArrowRight: { x: step, y: 0 },
      ArrowUp: { x: 0, y: -step },
      ArrowDown: { x: 0, y: step },
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const current = offsetRef.current;
    moveTo({ x: current.x + move.x, y: current.y + move.y });
  };

  return {
    targetRef,
    offset,
    handleProps: {
      onPointerDown,
      onPointerMove,
      onPointerUp: endDrag,
      onPointerCancel: endDrag,
    },
    keyboardProps: { onKeyDown },
  };
}
