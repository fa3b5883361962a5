/**
 * The landing bench's interactions on the book page (landing-lighthouse.ts says what they are),
 * each timed INP-style (interaction.ts) on fresh loads after the app took the page over.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import {
  observeInteractions,
  timeInteraction,
  type InteractionTiming,
  type Outcome,
} from './interaction';
import { openPhonePage } from './phone';

/** Fresh loads of the book page per interaction (the median is reported). */
export const INTERACTION_RUNS = 5;

/** The book page's add-to-cart button, by its accessible name. */
const addToCart = (page: Page) => page.getByRole('button', { name: 'הוספה לסל', exact: true });

/**
 * A press and release at the middle of `target`, as the reader's finger would: the
 * browser's own input events, without Playwright's checks of the element. Its `click()` adds
 * listeners that hit-test the page on the press (~16 ms at 4× CPU, measured in a trace, inside the
 * timed interaction), which a reader's page never runs.
 */
async function tap(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  // Let the scroll's frames be drawn before the press.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const box = await target.boundingBox();
  if (!box) throw new Error(`nothing to tap: ${String(target)}`);
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  // What is on top there must be the target (not a menu left open over it).
  const onTop = await target.evaluate(
    (element, [px, py]) => element.contains(document.elementFromPoint(px ?? 0, py ?? 0)),
    [x, y],
  );
  if (!onTop) throw new Error(`something covers ${String(target)}`);
  await page.mouse.click(x, y);
}

const INTERACTIONS: {
  name: string;
  act: (page: Page) => Promise<void>;
  outcome: Outcome;
}[] = [
  {
    name: 'add to cart (book page)',
    act: (page) => tap(page, addToCart(page)),
    outcome: { selector: 'header .header-cart', shows: 'text' },
  },
  {
    name: 'open search (tap the field)',
    act: (page) => tap(page, page.locator('header input[role="combobox"]')),
    outcome: { selector: 'header input[role="combobox"]', shows: 'focus' },
  },
  {
    name: 'search: type a letter',
    act: (page) => page.keyboard.press('a'),
    outcome: { selector: 'header input[role="combobox"]', shows: 'value' },
  },
];

/** Each interaction on fresh loads of the book page, after the app took it over. */
export async function interactions(
  newContext: () => Promise<BrowserContext>,
  url: string,
): Promise<Map<string, InteractionTiming[]>> {
  const timings = new Map<string, InteractionTiming[]>(INTERACTIONS.map((i) => [i.name, []]));
  for (let run = 0; run < INTERACTION_RUNS; run++) {
    const context = await newContext();
    try {
      const page = await openPhonePage(context);
      await observeInteractions(page);
      await page.goto(url, { waitUntil: 'load' });
      await page.locator('.shell-landing').waitFor({ state: 'detached', timeout: 60_000 });
      await addToCart(page).waitFor();
      await page.waitForLoadState('networkidle');
      for (const interaction of INTERACTIONS)
        timings
          .get(interaction.name)
          ?.push(await timeInteraction(page, () => interaction.act(page), interaction.outcome));
    } finally {
      await context.close();
    }
  }
  return timings;
}
