/**
 * The phone the landing benchmarks load pages on, as Lighthouse's mobile emulation has it: a Moto G
 * Power's screen and 4× CPU. Here the slowdown is Chromium's own (applied, not simulated).
 */
import type { BrowserContext, Page } from 'playwright-core';

/** 4× CPU, as Lighthouse's mobile emulation. */
export const CPU_SLOWDOWN = 4;
export const PHONE = { width: 412, height: 823 };

/** A new page in `context` with the phone's screen and its CPU slowed down. */
export async function openPhonePage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize(PHONE);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return page;
}
