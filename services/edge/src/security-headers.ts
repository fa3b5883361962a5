// The headers every front-end answer carries: who may read it from another origin (CORS), what
// a page may load and who may frame it (CSP, X-Frame-Options), how much of its address leaves
// with a link (Referrer-Policy), and HTTPS-only (HSTS, only when the page came over TLS).

import { createHash } from 'node:crypto';
import { defaultTreeAdapter, parse, type DefaultTreeAdapterMap } from 'parse5';
import type { RuntimeConfig } from './runtime-config';

/** The hosted payment page the checkout embeds in production (Tranzila's iframe). */
export const DEFAULT_PAYMENT_FRAME_ORIGINS: readonly string[] = ['https://direct.tranzila.com'];

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
export const HSTS = 'max-age=31536000; includeSubDomains';

/** The origin of a URL, or `null` for a relative or broken one. */
function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

type ParentNode = DefaultTreeAdapterMap['parentNode'];
type Element = DefaultTreeAdapterMap['element'];

/** The `<script>` elements of a parsed document, in order (none inside a `<template>`: inert). */
function* scriptsOf(node: ParentNode): Generator<Element> {
  for (const child of node.childNodes) {
    if (!defaultTreeAdapter.isElementNode(child)) continue;
    if (child.tagName === 'script') yield child;
    else if (child.tagName !== 'template') yield* scriptsOf(child);
  }
}

/** Script types the browser runs (no type, a JavaScript one, or a module). */
const RUN_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

/**
 * The inline scripts of a page that the browser runs (the shell's early-start script), as CSP
 * hashes of their text as the HTML parser reads it. Scripts with a `src`, data scripts
 * (`type="application/json"`) and empty ones are not run inline and need none.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const script of scriptsOf(parse(html))) {
    const attribute = (name: string) => script.attrs.find((attr) => attr.name === name)?.value;
    const type = (attribute('type') ?? '').trim().toLowerCase();
    if (attribute('src') !== undefined || !RUN_TYPES.has(type)) continue;
    const body = script.childNodes
      .map((child) => (defaultTreeAdapter.isTextNode(child) ? child.value : ''))
      .join('');
    if (body === '') continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * The Content-Security-Policy of a page this server sends.
 *
 * The federated app loads the remotes' entries, chunks, CSS and fonts from their origins and
 * fetches their manifests, so those origins join `self`; the API joins `connect-src` when it
 * is on another origin (`PUBLIC_API_URL`). Styles allow inline because the server-drawn
 * landing page carries its CSS in a <style> element and React writes `style` attributes;
 * scripts do not: the only inline script is the shell's early start, allowed by its hash.
 */
export function contentSecurityPolicy(options: {
  runtimeConfig: RuntimeConfig | null;
  inlineScriptHashes: readonly string[];
  paymentFrameOrigins: readonly string[];
  /** Origins the page's images may come from besides itself (e.g. the API's cover URLs). */
  imageOrigins?: readonly string[];
  /**
   * Addresses remotes may be loaded from besides the runtime config's (the release store's
   * public address, `RELEASES_PUBLIC_URL`, whichever version a reader gets): allowed as remotes.
   */
  remoteUrls?: readonly string[];
}): string {
  const config = options.runtimeConfig;
  const remotes = [...(config ? Object.values(config.remotes) : []), ...(options.remoteUrls ?? [])]
    .map(originOf)
    .filter((origin): origin is string => origin !== null);
  const api = config ? originOf(config.apiBaseUrl) : null;
  const list = (...sources: (string | null | undefined)[]) =>
    [...new Set(sources.filter((s): s is string => Boolean(s)))].join(' ');
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['script-src', list("'self'", ...remotes, ...options.inlineScriptHashes)],
    ['style-src', list("'self'", "'unsafe-inline'", ...remotes)],
    ['font-src', list("'self'", 'data:', ...remotes)],
    [
      'img-src',
      list("'self'", 'data:', 'blob:', 'https:', api, ...(options.imageOrigins ?? []), ...remotes),
    ],
    ['connect-src', list("'self'", api, ...remotes)],
    ['frame-src', list("'self'", ...options.paymentFrameOrigins)],
    ['frame-ancestors', "'self'"],
    ['form-action', list("'self'", ...options.paymentFrameOrigins)],
    ['base-uri', "'self'"],
    ['object-src', "'none'"],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join('; ');
}

/**
 * The origin allowed to read an answer from another origin, or `null` (no CORS header).
 *
 * The shell on its origin fetches the remotes' manifests, entries, chunks and fonts from theirs,
 * so a remote's server must admit the shell — and only front ends: the configured origins, any
 * origin on the same host name this server was asked by (the shell and the remotes of one
 * deployment on one host, whatever address it was opened at: localhost, 127.0.0.1, a LAN
 * address), and an origin on the domain this host is a subdomain of (the shell at
 * `mechabrim.co.il` loading `storefront.mechabrim.co.il`).
 */
export function allowedCorsOrigin(
  requestOrigin: string | undefined,
  requestHostname: string,
  configuredOrigins: readonly string[],
): string | null {
  if (!requestOrigin) return null;
  if (configuredOrigins.includes(requestOrigin)) return requestOrigin;
  try {
    const origin = new URL(requestOrigin);
    if (origin.protocol !== 'http:' && origin.protocol !== 'https:') return null;
    const host = origin.hostname;
    const sameHost = host === requestHostname;
    // A parent domain with at least one dot: `mechabrim.co.il`, never a bare `co.il`-like suffix
    // alone (`il`).
    const parentDomain = host.includes('.') && requestHostname.endsWith(`.${host}`);
    return sameHost || parentDomain ? requestOrigin : null;
  } catch {
    return null;
  }
}

/** Reads a comma-separated list of origins, naming the variable when one is not an origin. */
export function parseOriginList(value: string | undefined, variable: string): string[] {
  if (!value) return [];
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const origin = originOf(part);
      if (!origin || (!origin.startsWith('http://') && !origin.startsWith('https://'))) {
        throw new Error(`${variable} must list http(s) origins separated by commas, got "${part}"`);
      }
      return origin;
    });
}
