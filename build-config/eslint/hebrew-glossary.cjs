/**
 * The variants docs/glossary.he.md rules out, as `mechabrim/hebrew-typography` finds them in the
 * Hebrew copy: one word for one thing. Only variants a pattern can tell apart from ordinary use
 * are here ("זכויות יוצרים" and "כתיבה יוצרת" are no creators; "נסו שוב." inside a sentence is
 * fine, a retry button labelled only "נסו שוב" is not).
 *
 * Each entry: the glossary's term (`use`, also checked to appear in docs/glossary.he.md) and a
 * pattern for what it replaces; `whole` patterns are matched against the whole string only.
 */

const HEBREW = '\\u05D0-\\u05EA';
const notAfterLetter = `(?<![${HEBREW}])`;
const notBeforeLetter = `(?![${HEBREW}/])`; // a slash form is the slash rule's
/** A word with the one-letter prefixes ה ו ב כ ל מ ש in front of it. */
const word = (body) =>
  new RegExp(`${notAfterLetter}[הובכלמש]{0,2}(?:${body})${notBeforeLetter}`, 'gu');

/** @type {{ use: string, pattern: RegExp, whole?: boolean }[]} */
const GLOSSARY = [
  { use: 'סופרים / סופרות', pattern: word('(?<!זכויות )(?:יוצר|יוצרת|יוצרים|יוצרות)(?! יוצרת)') },
  { use: 'סופרים / סופרות', pattern: word('מחבר|מחברת') },
  { use: 'אימייל', pattern: word('מייל|דוא״ל|דוא"ל|דואר אלקטרוני') },
  { use: 'תיאור', pattern: word('תקציר') },
  { use: 'סל הקניות', pattern: word('עגלה|עגלת|סל קניות') },
  { use: 'תקנון האתר / תקנון הסופרים', pattern: word('תנאי שימוש|תנאי השימוש') },
  { use: 'חשבונית זיכוי', pattern: word('תעודת זיכוי|תעודת הזיכוי|תעודות זיכוי') },
  {
    use: 'לנסות שוב',
    pattern: /^\s*(?:נסו שוב|נסה שוב|נסי שוב|ניסיון חוזר|נסו שנית|לנסות שנית)\s*$/gu,
    whole: true,
  },
];

/** The words "כתיבה יוצרת" (creative writing) are a phrase of their own. */
const CREATIVE_WRITING = /כתיבה יוצרת/gu;

/** Where `text` uses a variant the glossary rules out: index, length and the term to use. */
function glossaryFindings(text) {
  const findings = [];
  const masked = text.replace(CREATIVE_WRITING, (m) => ' '.repeat(m.length));
  for (const { use, pattern } of GLOSSARY) {
    for (const match of masked.matchAll(pattern)) {
      findings.push({ index: match.index, length: match[0].length, use });
    }
  }
  return findings;
}

module.exports = { GLOSSARY, glossaryFindings };
