/**
 * The main thread's blocking time after the first paint, measured in Chromium with its CPU
 * really slowed down (not simulated): Total Blocking Time's definition — every long task's time
 * past 50 ms, from the first contentful paint on — over one fresh load, up to 3 s after the
 * network went quiet. Lighthouse's TBT is simulated from an unthrottled trace and, on this
 * machine, spreads by hundreds of milliseconds between runs of the same build; this figure, the
 * median of several fresh loads, is the one that shows a change to the page's start-up.
 */
import type { BrowserContext } from 'playwright-core';
import { openPhonePage } from './phone';

/** A long task as the Long Tasks API reports it (ms since the page's time origin). */
export interface LongTask {
  start: number;
  duration: number;
}

const BLOCKING_THRESHOLD_MS = 50;

/**
 * Total Blocking Time's sum: each long task's time past 50 ms, counting those from `from` (the
 * first paint) on; NaN when there was no first paint to count from.
 */
export function blockingTime(tasks: readonly LongTask[], from: number): number {
  if (Number.isNaN(from)) return NaN;
  return tasks
    .filter((task) => task.start >= from)
    .reduce((sum, task) => sum + Math.max(0, task.duration - BLOCKING_THRESHOLD_MS), 0);
}

type Recorded = { __mbLongTasks: LongTask[]; __mbFirstPaint: number };

/** One fresh load of `url` in `context` on the phone (phone.ts): its blocking time after the first paint. */
export async function blockingAfterFirstPaint(
  context: BrowserContext,
  url: string,
): Promise<number> {
  const page = await openPhonePage(context);
  try {
    await page.addInitScript(() => {
      const w = window as unknown as Recorded;
      w.__mbLongTasks = [];
      w.__mbFirstPaint = NaN;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          w.__mbLongTasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          if (entry.name === 'first-contentful-paint') w.__mbFirstPaint = entry.startTime;
      }).observe({ type: 'paint', buffered: true });
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(3000);
    const recorded = await page.evaluate(() => {
      const w = window as unknown as Recorded;
      return { tasks: w.__mbLongTasks, firstPaint: w.__mbFirstPaint };
    });
    return blockingTime(recorded.tasks, recorded.firstPaint);
  } finally {
    await page.close();
  }
}
