/**
 * An interaction timed in Chromium, INP-style: from the input event (pointerdown or keydown) to
 * the first paint after the page shows its outcome. The outcome is a change of what `selector`
 * shows (its text, an input's value, or whether it has the focus), looked for at every animation
 * frame; the frame that first shows it is painted once the frame's callbacks have run, so the
 * time is taken by a task queued from that frame (rAF, then a task: the usual after-paint mark).
 * Event Timing's own figure for the interaction (the longest `event` entry of its interactionId,
 * reported by Chromium from 16 ms up, to the paint after the handlers) is kept beside it.
 */
import type { Page } from 'playwright-core';

export type Outcome = { selector: string; shows: 'text' | 'value' | 'focus' };

export interface InteractionTiming {
  /** Input event → the paint after the outcome is on screen (ms). */
  toPaint: number;
  /** Event Timing's duration (ms), or null when under its 16 ms threshold. */
  eventTiming: number | null;
}

type Watched = {
  __mbInputAt?: number | null;
  __mbPainted?: Promise<number>;
  __mbEvents?: { interactionId: number; startTime: number; duration: number }[];
};

/** Before the page loads: records Event Timing entries and the interactions' input events. */
export async function observeInteractions(page: Page): Promise<void> {
  // tsx (esbuild's keepNames) wraps named inner functions in `__name(…)`, which the page lacks.
  await page.addInitScript('window.__name = (fn) => fn;');
  await page.addInitScript(() => {
    const w = window as unknown as Watched;
    w.__mbEvents = [];
    w.__mbInputAt = null;
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as PerformanceEventTiming[])
          if (e.interactionId)
            w.__mbEvents?.push({
              interactionId: e.interactionId,
              startTime: e.startTime,
              duration: e.duration,
            });
      }).observe({
        type: 'event',
        durationThreshold: 16,
        buffered: true,
      } as PerformanceObserverInit);
    } catch {
      // No Event Timing in this browser: only the after-paint figure.
    }
    for (const type of ['pointerdown', 'keydown'])
      addEventListener(
        type,
        (event) => {
          w.__mbInputAt ??= event.timeStamp;
        },
        { capture: true },
      );
  });
}

/** Times `act` (a click, a key) until `outcome` is painted; NaN when it never shows (10 s). */
export async function timeInteraction(
  page: Page,
  act: () => Promise<void>,
  outcome: Outcome,
): Promise<InteractionTiming> {
  await page.evaluate(({ selector, shows }) => {
    const w = window as unknown as Watched;
    const read = () => {
      const element = document.querySelector(selector);
      if (!element) return '';
      if (shows === 'focus') return String(document.activeElement === element);
      if (shows === 'value') return (element as HTMLInputElement).value;
      return element.textContent ?? '';
    };
    const before = read();
    w.__mbInputAt = null;
    const giveUpAt = performance.now() + 10_000;
    w.__mbPainted = new Promise<number>((resolve) => {
      const frame = () =>
        requestAnimationFrame(() => {
          if (read() !== before) setTimeout(() => resolve(performance.now()), 0);
          else if (performance.now() > giveUpAt) resolve(NaN);
          else frame();
        });
      frame();
    });
  }, outcome);
  await act();
  return page.evaluate(async () => {
    const w = window as unknown as Watched;
    const paintedAt = await (w.__mbPainted ?? Promise.resolve(NaN));
    const inputAt = w.__mbInputAt ?? NaN;
    // Event Timing reports an interaction once its paint is done: give it a moment.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const entries = (w.__mbEvents ?? []).filter((e) => e.startTime >= inputAt - 1);
    return {
      toPaint: paintedAt - inputAt,
      eventTiming: entries.length > 0 ? Math.max(...entries.map((e) => e.duration)) : null,
    };
  });
}

/** The median of numbers (NaN left out; NaN when none). */
export function median(values: readonly number[]): number {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : (sorted[Math.floor(sorted.length / 2)] ?? NaN);
}
