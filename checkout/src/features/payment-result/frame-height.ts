import { useEffect, type RefObject } from 'react';
import { FRAME_HEIGHT_MAX } from '@mechabrim/contracts';
import { tellCheckout } from './result-params';

/**
 * The height the payment frame needs to show `view` whole: from the top of the frame's document
 * to the view's bottom edge, with the space the main area keeps below it. Not the document's
 * scroll height, which is never less than the frame's current height and so could only grow.
 */
export function frameHeightOf(view: HTMLElement, win: Window = window): number {
  const main = view.closest('main');
  const below = main ? parseFloat(win.getComputedStyle(main).paddingBlockEnd) || 0 : 0;
  const bottom = view.getBoundingClientRect().bottom + win.scrollY + below;
  return Math.min(FRAME_HEIGHT_MAX, Math.max(1, Math.ceil(bottom)));
}

/**
 * Inside the payment frame, tells the checkout page around it how tall `view` is — when it is
 * drawn and whenever its size changes — so the frame fits it (spec §2's result views are short;
 * the frame was sized for the provider's card form). Outside a frame it does nothing.
 */
export function useReportFrameHeight(view: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = view.current;
    if (!element || window.parent === window || typeof ResizeObserver === 'undefined') return;
    let last = 0;
    const report = () => {
      const height = frameHeightOf(element);
      if (height === last) return;
      last = height;
      tellCheckout({ type: 'FRAME_HEIGHT', height });
    };
    const observer = new ResizeObserver(report);
    observer.observe(element);
    report();
    return () => observer.disconnect();
  }, [view]);
}
