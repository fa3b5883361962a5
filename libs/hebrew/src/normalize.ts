/**
 * Hebrew-aware text normalization for search.
 *
 * The same functions build the search keys stored on a document and read the user's query, so a
 * match is plain string equality (or a string prefix) on normalized tokens — never a regular
 * expression built from user input.
 */

/** Hebrew points and cantillation marks, U+0591–U+05C7, minus the punctuation that separates words. */
const HEBREW_MARKS = /[\u0591-\u05BD\u05BF\u05C1\u05C2\u05C4\u05C5\u05C7]/g;
/** Maqaf (Hebrew hyphen), paseq, sof pasuq and nun hafukha separate words rather than decorate letters. */
const HEBREW_SEPARATORS = /[\u05BE\u05C0\u05C3\u05C6]/g;
/** Combining marks of Latin letters (é → e) left after canonical decomposition. */
const LATIN_MARKS = /[\u0300-\u036F]/g;
/** Geresh, gershayim and the ASCII/typographic quote variants: dropped without leaving a gap (צ׳יפס → ציפס, צה"ל → צהל). */
const QUOTES =
  /[\u05F3\u05F4'"`´\u2018\u2019\u201A\u201B\u201C\u201D\u201E\u201F\u2032\u2033\u02BC\u02B9\u02BA]/g;
/** Anything that is not a letter or a digit separates tokens. */
const NON_WORD = /[^\p{L}\p{N}]+/gu;

const FINAL_LETTERS: Readonly<Record<string, string>> = {
  ך: 'כ',
  ם: 'מ',
  ן: 'נ',
  ף: 'פ',
  ץ: 'צ',
};
const FINALS = /[ךםןףץ]/g;

/**
 * Normalizes text for matching: strips niqqud and cantillation, maps final letters to their
 * regular forms, drops geresh/gershayim and quotes, lower-cases Latin text, removes Latin
 * diacritics and collapses everything that is not a letter or digit into single spaces.
 *
 * @example normalizeHebrew('בְּרֵאשִׁית') === 'בראשית'
 * @example normalizeHebrew('שלום עולם') === 'שלומ עולמ'
 */
export function normalizeHebrew(text: string): string {
  if (!text) return '';
  return (
    text
      // NFKD splits presentation forms (שׁ U+FB2A, בּ U+FB31, ligatures) into letter + mark
      .normalize('NFKD')
      .replace(HEBREW_MARKS, '')
      .replace(HEBREW_SEPARATORS, ' ')
      .replace(LATIN_MARKS, '')
      .replace(QUOTES, '')
      .replace(FINALS, (ch) => FINAL_LETTERS[ch] ?? ch)
      .toLowerCase()
      .replace(NON_WORD, ' ')
      .trim()
  );
}

/** Splits text into normalized tokens (see {@link normalizeHebrew}); empty input gives []. */
export function tokenize(text: string): string[] {
  const normalized = normalizeHebrew(text);
  return normalized ? normalized.split(' ') : [];
}

/**
 * Prefix particles a Hebrew word may carry (ו ה ב כ ל מ ש and their usual combinations), longest
 * first so the fullest strip is tried before a partial one. Written in normalized form.
 */
export const HEBREW_PREFIXES: readonly string[] = [
  // three letters
  'ושה',
  'ושב',
  'ושל',
  'ושמ',
  'וכש',
  'ולכ',
  'ומה',
  'שבה',
  'שלה',
  'כשה',
  'לכש',
  // two letters
  'וה',
  'וב',
  'וכ',
  'ול',
  'ומ',
  'וש',
  'שה',
  'שב',
  'שכ',
  'של',
  'שמ',
  'מה',
  'מש',
  'כש',
  'בה',
  'לה',
  'כה',
  // one letter
  'ו',
  'ה',
  'ב',
  'כ',
  'ל',
  'מ',
  'ש',
];

/** A stripped stem must keep at least this many letters, so short words are not torn apart. */
export const MIN_STEM_LENGTH = 2;

const HEBREW_LETTER = /^[\u05D0-\u05EA]/;

/**
 * The bare forms a normalized token may stand for once a leading prefix particle is removed:
 * `והספר` → [`הספר`, `ספר`, `וספר`…] minus duplicates, never the token itself. Only Hebrew tokens
 * are stripped; stems shorter than {@link MIN_STEM_LENGTH} are not produced.
 */
export function prefixVariants(token: string): string[] {
  if (!HEBREW_LETTER.test(token)) return [];
  const variants: string[] = [];
  for (const prefix of HEBREW_PREFIXES) {
    if (token.length - prefix.length < MIN_STEM_LENGTH) continue;
    if (!token.startsWith(prefix)) continue;
    const stem = token.slice(prefix.length);
    if (!HEBREW_LETTER.test(stem)) continue;
    if (!variants.includes(stem)) variants.push(stem);
  }
  return variants;
}

/**
 * Normalized tokens of all the given texts, deduplicated, in first-seen order. These are the
 * "exact" forms a document is ranked by.
 */
export function searchTokens(...texts: ReadonlyArray<string | null | undefined>): string[] {
  const keys = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const token of tokenize(text)) keys.add(token);
  }
  return [...keys];
}

/**
 * Marks a stored key that is only the leading part of a word. Normalized text never contains it,
 * so a marked prefix can share one indexed array with whole-word keys.
 */
export const PREFIX_MARK = '*';

/**
 * The keys a document stores for its normalized tokens, in one array meant for a multikey index,
 * so a query word matches by plain equality (`$in`) — never by a regular expression:
 * - every token and every prefix-stripped variant of it (`ספר` finds `והספר`);
 * - every proper leading part of those, marked with {@link PREFIX_MARK} (`ירוש` finds `ירושלים`).
 */
export function storedSearchKeys(tokens: readonly string[]): string[] {
  const keys = new Set<string>();
  for (const token of tokens) {
    for (const form of [token, ...prefixVariants(token)]) {
      keys.add(form);
      for (let i = 1; i < form.length; i += 1) keys.add(form.slice(0, i) + PREFIX_MARK);
    }
  }
  return [...keys];
}

/** One query word and the stored keys it may match, best first. */
export interface QueryTerm {
  /** The normalized word as typed. */
  token: string;
  /** `token` followed by its prefix-stripped variants (matched by equality against stored keys). */
  forms: string[];
  /**
   * The forms long enough to be matched as the start of a stored word (the word may still be
   * being typed). Two-letter stems left by stripping a particle are too ambiguous for that.
   */
  prefixForms: string[];
}

/**
 * Parses a user query into terms. Each term matches a stored key equal to one of its `forms`.
 * At most `maxTerms` words are kept (long pasted text must not blow up the query).
 */
export function parseQuery(query: string, maxTerms = 8): QueryTerm[] {
  const seen = new Set<string>();
  const terms: QueryTerm[] = [];
  for (const token of tokenize(query)) {
    if (seen.has(token)) continue;
    seen.add(token);
    const variants = prefixVariants(token);
    terms.push({
      token,
      forms: [token, ...variants],
      prefixForms: [token, ...variants.filter((v) => v.length >= 3)],
    });
    if (terms.length >= maxTerms) break;
  }
  return terms;
}

/** How well one query term matches a list of a document's tokens (higher is better). */
export const MatchQuality = {
  None: 0,
  /** The start of a token (`ירוש` ⊂ `ירושלימ`). */
  Prefix: 1,
  /** A token once a prefix particle is removed on either side (`והספר` ~ `ספר`). */
  Stem: 2,
  /** The same token. */
  Exact: 3,
} as const;
export type MatchQuality = (typeof MatchQuality)[keyof typeof MatchQuality];

/** The stored keys (see {@link storedSearchKeys}) any one of which satisfies the term. */
export function termLookupKeys(term: QueryTerm): string[] {
  return [...term.forms, ...term.prefixForms.map((p) => p + PREFIX_MARK)];
}

/** Rates how a query term matches the given normalized tokens (the best of all tokens). */
export function matchQuality(term: QueryTerm, tokens: readonly string[]): MatchQuality {
  let best: MatchQuality = MatchQuality.None;
  for (const token of tokens) {
    if (token === term.token) return MatchQuality.Exact;
    if (best < MatchQuality.Stem) {
      if (term.forms.includes(token)) best = MatchQuality.Stem;
      else {
        const tokenForms = prefixVariants(token);
        if (tokenForms.some((f) => term.forms.includes(f))) best = MatchQuality.Stem;
      }
    }
    if (best < MatchQuality.Prefix) {
      const forms = [token, ...prefixVariants(token)];
      if (term.prefixForms.some((p) => forms.some((f) => f.startsWith(p)))) {
        best = MatchQuality.Prefix;
      }
    }
  }
  return best;
}

/** A document's tokens with their prefix-stripped forms worked out once, for fast repeated matching. */
export interface PreparedTokens {
  tokens: readonly string[];
  /** `forms[i]` is `[tokens[i], ...prefixVariants(tokens[i])]`. */
  forms: readonly (readonly string[])[];
}

/** Prepares tokens for {@link matchPrepared}; the same result as {@link matchQuality}, without the repeated work. */
export function prepareTokens(tokens: readonly string[]): PreparedTokens {
  return { tokens, forms: tokens.map((t) => [t, ...prefixVariants(t)]) };
}

/** {@link matchQuality} on prepared tokens. */
export function matchPrepared(term: QueryTerm, prepared: PreparedTokens): MatchQuality {
  let best: MatchQuality = MatchQuality.None;
  const { tokens, forms } = prepared;
  for (let i = 0; i < tokens.length; i += 1) {
    if (tokens[i] === term.token) return MatchQuality.Exact;
    // `forms` runs parallel to `tokens`; a missing entry has no forms to match.
    const tokenForms = forms[i] ?? [];
    if (best < MatchQuality.Stem && tokenForms.some((f) => term.forms.includes(f))) {
      best = MatchQuality.Stem;
    } else if (
      best < MatchQuality.Prefix &&
      term.prefixForms.some((p) => tokenForms.some((f) => f.startsWith(p)))
    ) {
      best = MatchQuality.Prefix;
    }
  }
  return best;
}
