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

  it('goes on at once in a hidden tab, which paints no frame to wait for', async () => {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { ready: Promise.resolve() },
    });
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    const frame = jest.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    try {
      const started = Date.now();
      await firstPictureSettled();
      expect(frame).not.toHaveBeenCalled();
      expect(Date.now() - started).toBeLessThan(2_500); // the frame wait would be 3 s
    } finally {
      frame.mockRestore();
      Reflect.deleteProperty(document, 'visibilityState');
    }
  });
});
