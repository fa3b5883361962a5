'use strict';
// The page's web fonts (Heebo, Frank Ruhl Libre from @fontsource) are decided before the first
// paint and never swapped afterwards:
//
// - `font-display: optional` instead of @fontsource's `swap`. Landing pages arrive drawn by the
//   server, so text is on screen before a font file can arrive on a slow phone network; with
//   `swap` the late font then re-wraps every heading and paragraph and the page jumps. With
//   `optional` a font that is not there within the first ~100 ms is left for the next page view
//   (it is cached by then), and nothing moves.
// - The faces the first screen of a page uses are preloaded from index.html, so they are usually
//   in time: Heebo's Hebrew regular, medium and bold, its digits and punctuation in the same three
//   weights (libs/ui/src/digits.css: prices, counts and dates, without the whole Latin faces), and
//   Frank Ruhl Libre's bold Hebrew (book titles).

/** Loader for @fontsource's stylesheets: `swap` → `optional`. */
function fontDisplayLoader(source) {
  return source.replace(/font-display:\s*swap/g, 'font-display: optional');
}

/** Asset names (before the content hash) of the faces index.html preloads. */
const PRELOADED_FACES = [
  'frank-ruhl-libre-hebrew-700-normal',
  'heebo-digits-400-normal',
  'heebo-digits-500-normal',
  'heebo-digits-700-normal',
  'heebo-hebrew-400-normal',
  'heebo-hebrew-500-normal',
  'heebo-hebrew-700-normal',
];

/** Adds `<link rel="preload" as="font">` for PRELOADED_FACES to a host page's <head>. */
class PreloadFontsPlugin {
  /** @param {typeof import('html-webpack-plugin')} HtmlWebpackPlugin */
  constructor(HtmlWebpackPlugin) {
    this.HtmlWebpackPlugin = HtmlWebpackPlugin;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadFontsPlugin', (compilation) => {
      this.HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(
        'PreloadFontsPlugin',
        (data) => {
          const publicPath =
            compilation.outputOptions.publicPath === 'auto'
              ? ''
              : String(compilation.outputOptions.publicPath ?? '');
          const files = Object.keys(compilation.assets).filter(
            (file) =>
              file.endsWith('.woff2') && PRELOADED_FACES.some((face) => file.includes(`${face}.`)),
          );
          const links = files.sort().map((file) =>
            this.HtmlWebpackPlugin.createHtmlTagObject('link', {
              rel: 'preload',
              as: 'font',
              type: 'font/woff2',
              crossorigin: '',
              href: `${publicPath}${file}`,
            }),
          );
          data.headTags.unshift(...links);
          return data;
        },
      );
    });
  }
}

module.exports = fontDisplayLoader;
module.exports.PreloadFontsPlugin = PreloadFontsPlugin;
module.exports.PRELOADED_FACES = PRELOADED_FACES;
