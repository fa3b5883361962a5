import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A screen loaded when first drawn, which the server can load ahead of its one render. */
export type LazyScreen = LazyExoticComponent<ComponentType> & {
  /** Loads the screen's module; once it is in, the screen draws at once, without suspending. */
  preload: () => Promise<void>;
};

/**
 * `React.lazy` for a route's screen, with `preload`. The server renders a page in one synchronous
 * pass (renderToStaticMarkup), in which a lazy screen that has not been drawn before would
 * suspend: it preloads the screen first. React reads a lazy module through `then`, and a
 * thenable that calls back at once lets it draw the loaded screen in that very pass. The browser
 * loads screens as before (when first drawn).
 */
export function lazyScreen(load: () => Promise<ComponentType>): LazyScreen {
  let loaded: { default: ComponentType } | undefined;
  const preload = () =>
    load().then((component) => {
      loaded = { default: component };
    });
  const screen = lazy(() => {
    if (!loaded) return preload().then(() => loaded as { default: ComponentType });
    const ready = loaded;
    return {
      then: (onLoaded: (module: { default: ComponentType }) => unknown) => onLoaded(ready),
    } as PromiseLike<{ default: ComponentType }> as Promise<{ default: ComponentType }>;
  });
  return Object.assign(screen, { preload });
}
