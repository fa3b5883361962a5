// Header values the edge's answers share.
export const HTML_TYPE = 'text/html; charset=utf-8';
export const JSON_TYPE = 'application/json; charset=utf-8';
/** Revalidate with the ETag each time (index.html, remoteEntry.js, runtime-config.json, errors). */
export const NO_CACHE = 'no-cache';
