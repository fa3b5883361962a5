// The server-drawn page written into index.html, on parse5's document tree: index.html, the
// shell's frame and the remote's markup are each parsed as the browser would (the frame in the
// root's place, the markup in its box), the tree is filled, and serialized once.
//
// index.html is our own build's output (shell/webpack.config.cjs), so the composition fills the
// few places that build is known to write — the empty root, the head closed by its end tag, the
// frame's slot comment, the head markers — and gives up (sends the page uncomposed) when one of
// them is missing rather than guessing.

import {
  defaultTreeAdapter as tree,
  html as parse5Html,
  parse,
  parseFragment,
  serialize,
  type DefaultTreeAdapterTypes as Html,
} from 'parse5';
import {
  HEAD_SLOT_END,
  HEAD_SLOT_START,
  LANDING_SLOT,
  renderPageHead,
  scriptSafeJson,
  type PageHead,
} from '@mechabrim/contracts';

type Attribute = Html.Element['attrs'][number];

/** What composePage writes into index.html (a remote server's answer for one page). */
export interface LandingMarkup {
  html: string;
  state?: unknown;
  css?: string;
  /** The remote whose area the markup is (the frame's box says so); the storefront when absent. */
  remote?: string;
  /** The page's <head>: its tags take the place of index.html's own title and description. */
  head?: PageHead;
}

/**
 * A composed page's own scripts are loaded by the shell's inline start-up script once the page's
 * first picture is on screen (shell/src/early-start.ts), not by the parser: the markup is
 * readable without them, and on a slow phone network they would share its bandwidth with the
 * stylesheet, fonts and cover image that first picture waits for.
 */
export const AFTER_PAINT_ATTRIBUTE = 'data-after-paint';

/** The id of the frame's `<main>`, which holds the remote's box (shell/src/app/layout.tsx). */
const PAGE_ELEMENT_ID = 'main';

/** The remote's box in the shell's frame (shell/src/server/frame.tsx draws the storefront's). */
const FRAME_AREA = { name: 'data-remote', value: 'storefront' };

/** The text of a comment written as `<!--text-->`. */
const commentText = (comment: string) => comment.slice('<!--'.length, -'-->'.length);

const attribute = (element: Html.Element, name: string) =>
  element.attrs.find((attr) => attr.name === name)?.value;

/** `element` with `attrs` first, in place of any of the same names. */
function putFirst(element: Html.Element, attrs: Attribute[]) {
  const names = new Set(attrs.map((attr) => attr.name));
  element.attrs = [...attrs, ...element.attrs.filter((attr) => !names.has(attr.name))];
}

/** Every node under `node`, in document order (a <template>'s content is inert: not walked). */
function* descendants(node: Html.ParentNode): Generator<Html.ChildNode> {
  for (const child of node.childNodes) {
    yield child;
    if ('childNodes' in child) yield* descendants(child);
  }
}

function* elements(node: Html.ParentNode, tagName?: string): Generator<Html.Element> {
  for (const child of descendants(node)) {
    if (tree.isElementNode(child) && (!tagName || child.tagName === tagName)) yield child;
  }
}

function comment(node: Html.ParentNode, text: string): Html.CommentNode | undefined {
  for (const child of descendants(node)) {
    if (tree.isCommentNode(child) && child.data === text) return child;
  }
  return undefined;
}

function htmlElement(tagName: string, attrs: Attribute[], text?: string): Html.Element {
  const element = tree.createElement(tagName, parse5Html.NS.HTML, attrs);
  if (text !== undefined) tree.insertText(element, text);
  return element;
}

/** `html` parsed as the content of `context`, its nodes put in place of `node`. */
function replaceWithFragment(node: Html.ChildNode, html: string, context: Html.Element) {
  const parent = node.parentNode;
  if (!parent) return;
  for (const child of parseFragment(context, html, {}).childNodes)
    tree.insertBefore(parent, child, node);
  tree.detachNode(node);
}

/**
 * The controls of server-drawn markup do nothing until the app has taken the page over (their
 * handlers are the app's), and text typed into them would be lost when it does: until then they
 * take no pointer input and no typing (`[data-until-app]` in shell/src/app/shell.css), and look
 * as they will. Links work from the start.
 */
function controlsWaitForApp(root: Html.Element) {
  for (const element of elements(root)) {
    if (element.namespaceURI !== parse5Html.NS.HTML) continue;
    const { tagName } = element;
    if (tagName === 'input' || tagName === 'textarea') {
      putFirst(element, [
        { name: 'data-until-app', value: '' },
        { name: 'readonly', value: '' },
      ]);
    } else if (tagName === 'button' || tagName === 'select') {
      putFirst(element, [{ name: 'data-until-app', value: '' }]);
    }
  }
}

/**
 * index.html's own title and description (between the head markers) replaced by `head`'s tags;
 * `false` when the build wrote no markers into the head.
 */
function fillHead(document: Html.Document, head: PageHead): boolean {
  const headElement = elements(document, 'head').next().value;
  if (!headElement) return false;
  const start = comment(headElement, commentText(HEAD_SLOT_START));
  const end = comment(headElement, commentText(HEAD_SLOT_END));
  const parent = start?.parentNode;
  if (!start || !end || !parent || end.parentNode !== parent) return false;
  const from = parent.childNodes.indexOf(start);
  const to = parent.childNodes.indexOf(end);
  if (to < from) return false;
  for (const node of parent.childNodes.slice(from + 1, to + 1)) tree.detachNode(node);
  replaceWithFragment(start, renderPageHead(head), headElement);
  return true;
}

/**
 * `page` with index.html's own title and description (between the head markers) replaced by
 * `head`'s tags; as it is when there is no head, or the build wrote no markers.
 */
export function withPageHead(page: string, head: PageHead | undefined): string {
  if (!head) return page;
  const document = parse(page);
  return fillHead(document, head) ? serialize(document) : page;
}

/** The deferred scripts html-webpack-plugin writes (`<script defer src>`), and only those. */
function loadAfterPaint(document: Html.Document) {
  for (const script of elements(document, 'script')) {
    const names = script.attrs.map((attr) => attr.name).sort();
    const src = attribute(script, 'src');
    const defer = attribute(script, 'defer');
    const deferred = names.join(' ') === 'defer src' && (defer === '' || defer === 'defer');
    if (!deferred || !src || script.childNodes.length > 0) continue;
    script.attrs = [{ name: AFTER_PAINT_ATTRIBUTE, value: src }];
  }
}

/**
 * The first picture waits until the frame's `<main>`, which holds the page, is parsed
 * (`<link rel=expect blocking=render>`). Without it Chromium paints as soon as it has parsed the
 * header, then parses and lays the rest of the page out in one long task after that first paint:
 * on a slow phone that is the longest task of the load, and the reader sees a header alone for it.
 * Waiting for `</main>` paints the page once. Only a `<main id>` of the frame's own that holds the
 * page's slot is named: a link whose element never comes would hold rendering until the whole
 * document is parsed, and an id in the remote's markup is not the frame's.
 */
function paintWhenPageParsed(head: Html.Element) {
  tree.appendChild(
    head,
    htmlElement('link', [
      { name: 'rel', value: 'expect' },
      { name: 'href', value: `#${PAGE_ELEMENT_ID}` },
      { name: 'blocking', value: 'render' },
    ]),
  );
}

/** Whether `node` is inside the frame's `<main id>` (searched before the markup goes in). */
function insidePageElement(node: Html.ChildNode): boolean {
  let parent = node.parentNode;
  while (parent && tree.isElementNode(parent)) {
    if (parent.tagName === 'main' && attribute(parent, 'id') === PAGE_ELEMENT_ID) return true;
    parent = parent.parentNode;
  }
  return false;
}

/** The shell's mount point, when it is there and empty (whitespace aside). */
function emptyRoot(document: Html.Document): Html.Element | null {
  for (const div of elements(document, 'div')) {
    if (attribute(div, 'id') !== 'root') continue;
    const empty = div.childNodes.every(
      (child) => tree.isTextNode(child) && child.value.trim() === '',
    );
    return empty ? div : null;
  }
  return null;
}

/**
 * The root filled with the frame, the remote's markup in the frame's slot: `false` when the frame
 * has no slot, else whether the slot is inside the frame's `<main id>`.
 */
function fillRoot(
  root: Html.Element,
  frame: string,
  pagePath: string,
  landing: LandingMarkup,
): false | { inPageElement: boolean } {
  const frameNodes = parseFragment(root, frame, {});
  const slot = comment(frameNodes, commentText(LANDING_SLOT));
  const slotParent = slot?.parentNode;
  if (!slot || !slotParent) return false;
  const inPageElement = insidePageElement(slot);
  if (landing.remote && /^[A-Za-z-]+$/.test(landing.remote)) {
    const area = [...elements(frameNodes)]
      .flatMap((element) => element.attrs)
      .find((attr) => attr.name === FRAME_AREA.name && attr.value === FRAME_AREA.value);
    if (area) area.value = landing.remote;
  }
  const box = htmlElement('div', [
    { name: 'class', value: 'shell-landing' },
    { name: 'data-landing-path', value: pagePath },
  ]);
  for (const child of parseFragment(box, landing.html, {}).childNodes) tree.appendChild(box, child);
  tree.insertBefore(slotParent, box, slot);
  tree.detachNode(slot);
  for (const child of [...root.childNodes]) tree.detachNode(child);
  for (const child of [...frameNodes.childNodes]) tree.appendChild(root, child);
  controlsWaitForApp(root);
  return { inPageElement };
}

/**
 * The page for `pagePath`: index.html with the frame, the remote's markup, its CSS and its data;
 * `null` when index.html or the frame has no place for them.
 */
export function composePage(parts: {
  index: string;
  frame: string;
  pagePath: string;
  landing: LandingMarkup;
}): string | null {
  const { index, frame, pagePath, landing } = parts;
  const document = parse(index, { sourceCodeLocationInfo: true });
  const head = elements(document, 'head').next().value;
  const root = emptyRoot(document);
  if (!head?.sourceCodeLocation?.endTag || !root) return null;

  loadAfterPaint(document);
  const filled = fillRoot(root, frame, pagePath, landing);
  if (!filled) return null;
  if (filled.inPageElement) paintWhenPageParsed(head);
  const htmlTag = elements(document, 'html').next().value;
  if (htmlTag && attribute(htmlTag, 'data-landing') === undefined) {
    putFirst(htmlTag, [{ name: 'data-landing', value: '' }]);
  }
  if (landing.css) {
    // Raw text: nothing in the stylesheet may close its element early.
    const css = landing.css.replace(/<\/style/gi, '<\\/style');
    tree.appendChild(head, htmlElement('style', [{ name: 'data-landing-css', value: '' }], css));
  }
  const state = scriptSafeJson(landing.state ?? null);
  tree.appendChild(
    head,
    htmlElement(
      'script',
      [
        { name: 'type', value: 'application/json' },
        { name: 'id', value: 'mb-landing-state' },
      ],
      state,
    ),
  );
  if (landing.head) fillHead(document, landing.head);
  return serialize(document);
}
