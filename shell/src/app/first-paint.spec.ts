import { firstPictureSettled } from './first-paint';

describe('the first picture of a server-drawn page', () => {
  it('waits for the fonts and a painted frame before the app takes over, boundedly', async () => {
    let fontsLoaded: () => void = () => undefined;
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { ready: new Promise<void>((resolve) => (fontsLoaded = resolve)) },
    });
    let painted = false;
    const wait = firstPictureSettled().then(() => (painted = true));
    fontsLoaded();
    await wait;
    expect(painted).toBe(true);
    // Fonts that never settle hold nothing up for long.
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { ready: new Promise<void>(() => undefined) },
    });
    await expect(firstPictureSettled()).resolves.toBeUndefined();
  });
});
