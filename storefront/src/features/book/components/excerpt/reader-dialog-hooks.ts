import { useEffect, useRef, useState, type PointerEvent, type RefObject } from 'react';
import type { Box, ExcerptDocument } from './pdf-document';
import { actionForKey, actionForSwipe, type ReaderAction } from './reader-navigation';

// How the excerpt reader behaves as a modal dialog: its room, focus, keys, swipes and backdrop.

const FOCUSABLE = 'button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

/** The stage's room for a page (CSS pixels), less a small margin. */
export function useStageBox(stage: HTMLElement | null): Box | null {
  const [box, setBox] = useState<Box | null>(null);
  useEffect(() => {
    if (!stage) return undefined;
    const measure = () => {
      const width = Math.max(120, stage.clientWidth - 16);
      const height = Math.max(160, stage.clientHeight - 16);
      setBox((old) =>
        old && old.width === width && old.height === height ? old : { width, height },
      );
    };
    measure();
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(stage);
    return () => observer.disconnect();
  }, [stage]);
  return box;
}

/** The close button's ref: it takes the focus when the reader opens. */
export function useModalOpening() {
  const closeRef = useRef<HTMLButtonElement>(null);
  // While open: the page behind does not scroll, and focus starts on the close button.
  useEffect(() => {
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    closeRef.current?.focus();
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);
  return closeRef;
}

/** Keep focus inside the dialog: from the last control back to the first, and around. */
function keepTabInside(dialog: HTMLElement, event: KeyboardEvent) {
  const items = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !dialog.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

/** Tab kept inside the dialog, and the keys that turn pages or close. */
export function useReaderKeys(
  dialogRef: RefObject<HTMLDivElement | null>,
  doc: ExcerptDocument | null,
  act: (action: ReaderAction) => void,
) {
  // Keys are read on the whole document while the reader is open, so they still work when the
  // focused control was just disabled (the last page's 'next').
  const onKey = useRef<(event: KeyboardEvent) => void>(() => undefined);
  onKey.current = (event: KeyboardEvent) => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (event.key === 'Tab') {
      keepTabInside(dialog, event);
      return;
    }
    const action = actionForKey(event.key);
    if (!action || (action !== 'close' && !doc)) return;
    event.preventDefault();
    event.stopPropagation();
    act(action);
  };
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey.current(event);
    document.addEventListener('keydown', listener, true);
    return () => document.removeEventListener('keydown', listener, true);
  }, []);
}

export type SwipeHandlers = {
  onPointerDown: (event: PointerEvent<HTMLDivElement>) => void;
  onPointerUp: (event: PointerEvent<HTMLDivElement>) => void;
  onPointerCancel: () => void;
};

/** A finger's drag across the page turns it (a mouse's does not). */
export function useSwipe(
  doc: ExcerptDocument | null,
  act: (action: ReaderAction) => void,
): SwipeHandlers {
  const swipe = useRef<{ x: number; y: number; id: number } | null>(null);
  return {
    onPointerDown: (event) => {
      if (event.pointerType === 'mouse') return;
      swipe.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
    },
    onPointerUp: (event) => {
      const start = swipe.current;
      swipe.current = null;
      if (!start || start.id !== event.pointerId || !doc) return;
      const action = actionForSwipe(event.clientX - start.x, event.clientY - start.y);
      if (action) act(action);
    },
    onPointerCancel: () => (swipe.current = null),
  };
}

/** The backdrop's ref: a press on it, beside the page, closes the reader. */
export function useBackdropClose(onClose: () => void) {
  // A click beside the page (on the dimmed backdrop) closes, as Esc does.
  const backdropRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const backdrop = backdropRef.current;
    if (!backdrop) return undefined;
    const listener = (event: MouseEvent) => {
      if (event.target === backdrop) onClose();
    };
    backdrop.addEventListener('mousedown', listener);
    return () => backdrop.removeEventListener('mousedown', listener);
  }, [onClose]);
  return backdropRef;
}
