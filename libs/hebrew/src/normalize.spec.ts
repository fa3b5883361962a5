import {
  MatchQuality,
  matchQuality,
  matchPrepared,
  prepareTokens,
  normalizeHebrew,
  parseQuery,
  prefixVariants,
  searchTokens,
  storedSearchKeys,
  termLookupKeys,
  tokenize,
} from './normalize';

/** Does a query find a document with these texts, by the stored-key rules the API uses? */
function finds(query: string, ...texts: string[]): boolean {
  const stored = storedSearchKeys(searchTokens(...texts));
  return parseQuery(query).every((term) => termLookupKeys(term).some((k) => stored.includes(k)));
}

describe('normalizeHebrew', () => {
  it('strips niqqud from a pointed title', () => {
    expect(normalizeHebrew('בְּרֵאשִׁית')).toBe('בראשית');
    expect(normalizeHebrew('שִׁירֵי אַהֲבָה')).toBe('שירי אהבה');
  });

  it('strips cantillation marks (te`amim)', () => {
    // Genesis 1:1 with te'amim and niqqud
    expect(normalizeHebrew('בְּרֵאשִׁ֖ית בָּרָ֣א אֱלֹהִ֑ים')).toBe('בראשית ברא אלהימ');
  });

  it('maps final letters to their regular forms', () => {
    expect(normalizeHebrew('ך ם ן ף ץ')).toBe('כ מ נ פ צ');
    expect(normalizeHebrew('ירושלים')).toBe('ירושלימ');
    expect(normalizeHebrew('הנסיך הקטן')).toBe('הנסיכ הקטנ');
    expect(normalizeHebrew('עץ הדעת')).toBe('עצ הדעת');
    expect(normalizeHebrew('כף הקלע')).toBe('כפ הקלע');
  });

  it('drops geresh, gershayim and ASCII quote variants without splitting the word', () => {
    expect(normalizeHebrew('צ׳יפס')).toBe('ציפס');
    expect(normalizeHebrew("צ'יפס")).toBe('ציפס');
    expect(normalizeHebrew('צה״ל')).toBe('צהל');
    expect(normalizeHebrew('צה"ל')).toBe('צהל');
    expect(normalizeHebrew('צה”ל')).toBe('צהל');
    expect(normalizeHebrew('ג’ירפה')).toBe('גירפה');
  });

  it('lower-cases Latin text and removes Latin accents', () => {
    expect(normalizeHebrew('Harry POTTER')).toBe('harry potter');
    expect(normalizeHebrew('Café Tel-Aviv')).toBe('cafe tel aviv');
  });

  it('treats punctuation and the maqaf as word separators', () => {
    expect(normalizeHebrew('בית־ספר, לילדים!')).toBe('בית ספר לילדימ');
    expect(normalizeHebrew('  רחוב   הדקלים  ')).toBe('רחוב הדקלימ');
  });

  it('decomposes Hebrew presentation forms', () => {
    // U+FB2A SHIN WITH SHIN DOT, U+FB31 BET WITH DAGESH
    expect(normalizeHebrew('\uFB2Aלום \uFB31ית')).toBe('שלומ בית');
  });

  it('gives an empty string for empty or mark-only input', () => {
    expect(normalizeHebrew('')).toBe('');
    expect(normalizeHebrew('ְֵׁ')).toBe('');
    expect(tokenize('  ,,  ')).toEqual([]);
  });
});

describe('prefixVariants', () => {
  it('strips single prefix letters and common pairs', () => {
    expect(prefixVariants(normalizeHebrew('והספר'))).toEqual(
      expect.arrayContaining(['ספר', 'הספר']),
    );
    expect(prefixVariants(normalizeHebrew('בירושלים'))).toContain('ירושלימ');
    expect(prefixVariants(normalizeHebrew('שלהמלך'))).toContain('מלכ');
    expect(prefixVariants(normalizeHebrew('ובבית'))).toContain('בית');
  });

  it('keeps at least two letters of the stem', () => {
    expect(prefixVariants('של')).toEqual([]);
    expect(prefixVariants('מה')).toEqual([]);
    expect(prefixVariants('הים')).toEqual(['ים']);
  });

  it('leaves Latin and numeric tokens alone', () => {
    expect(prefixVariants('harry')).toEqual([]);
    expect(prefixVariants('1984')).toEqual([]);
  });
});

describe('search matching with stored keys', () => {
  it('finds a bare word typed with a prefix particle', () => {
    expect(finds('והספר', 'הספר האבוד')).toBe(true);
    expect(finds('והספר', 'ספר הדקדוק')).toBe(true);
    expect(finds('בירושלים', 'ירושלים של זהב')).toBe(true);
    expect(finds('שבגן', 'הגן הנעלם')).toBe(true);
  });

  it('finds a prefixed word from the bare query', () => {
    expect(finds('ירושלים', 'אהבה בירושלים')).toBe(true);
    expect(finds('ספר', 'והספר נשאר פתוח')).toBe(true);
  });

  it('matches regardless of niqqud on either side', () => {
    expect(finds('בראשית', 'בְּרֵאשִׁית')).toBe(true);
    expect(finds('שִׁירִים', 'שירים לעת ערב')).toBe(true);
  });

  it('matches final letters typed as regular letters and vice versa', () => {
    expect(finds('ירושלימ', 'ירושלים של זהב')).toBe(true);
    expect(finds('הנסיך', 'הנסיכ הקטנ')).toBe(true);
  });

  it('matches acronyms written with or without gershayim', () => {
    expect(finds('צהל', 'סיפורי צה״ל')).toBe(true);
    expect(finds('צה"ל', 'סיפורי צה״ל')).toBe(true);
  });

  it('matches Latin text case-insensitively', () => {
    expect(finds('tel aviv', 'Tel Aviv Nights')).toBe(true);
  });

  it('matches a word still being typed', () => {
    expect(finds('ירוש', 'ירושלים של זהב')).toBe(true);
    expect(finds('בירוש', 'ירושלים של זהב')).toBe(true);
  });

  it('requires every query word to match', () => {
    expect(finds('ירושלים זהב', 'ירושלים של זהב')).toBe(true);
    expect(finds('ירושלים כסף', 'ירושלים של זהב')).toBe(false);
  });

  it('does not match unrelated titles', () => {
    expect(finds('מלכה', 'ספר הדקדוק')).toBe(false);
    expect(finds('ים', 'בית ספר')).toBe(false);
  });

  it('treats regular-expression characters as plain text', () => {
    expect(parseQuery('.*')).toEqual([]);
    expect(finds('(ספר)', 'ספר')).toBe(true);
    expect(finds('^$[]', 'ספר')).toBe(true); // no words: nothing to require
  });
});

/** The first term of a query that has one. */
function firstTerm(query: string) {
  const [term] = parseQuery(query);
  if (!term) throw new Error(`no term in '${query}'`);
  return term;
}

describe('matchQuality', () => {
  const term = firstTerm('והספר');
  it('rates an identical token above a stem match above a prefix match', () => {
    expect(matchQuality(firstTerm('ספר'), ['ספר'])).toBe(MatchQuality.Exact);
    expect(matchQuality(term, ['ספר', 'אחר'])).toBe(MatchQuality.Stem);
    expect(matchQuality(firstTerm('ספ'), ['ספרימ'])).toBe(MatchQuality.Prefix);
    expect(matchQuality(term, ['גן'])).toBe(MatchQuality.None);
  });
});

describe('storedSearchKeys', () => {
  it('stores whole words, stripped stems and marked leading parts in one array', () => {
    const keys = storedSearchKeys(['בירושלימ']);
    expect(keys).toEqual(expect.arrayContaining(['בירושלימ', 'ירושלימ', 'ירו*', 'ב*']));
    expect(keys).not.toContain('ירו');
  });
});

describe('matchPrepared', () => {
  it('agrees with matchQuality on every pair of sample queries and titles', () => {
    const queries = ['והספר', 'ספר', 'ספ', 'ירוש', 'בירושלים', 'גן', 'מלכה', 'צהל', 'tel'];
    const titles = [
      'הספר האבוד',
      'ירושלים של זהב',
      'אהבה בירושלים',
      'גן הילדים',
      'סיפורי צה״ל',
      'Tel Aviv',
      'ספרים ישנים',
    ];
    for (const q of queries) {
      for (const t of titles) {
        const tokens = tokenize(t);
        for (const term of parseQuery(q)) {
          expect([q, t, matchPrepared(term, prepareTokens(tokens))]).toEqual([
            q,
            t,
            matchQuality(term, tokens),
          ]);
        }
      }
    }
  });
});

describe('parseQuery', () => {
  it('deduplicates words and caps their number', () => {
    expect(parseQuery('ספר ספר סֵפֶר').map((t) => t.token)).toEqual(['ספר']);
    expect(parseQuery('א ב ג ד ה ו ז ח ט י', 4)).toHaveLength(4);
  });
});
