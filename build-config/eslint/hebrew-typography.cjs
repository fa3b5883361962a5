/**
 * `mechabrim/hebrew-typography`: the Hebrew copy reads as an editor would have it.
 *
 * In every string literal, template literal part and JSX text it rejects:
 *  - a slash gender form right after a Hebrew word (מחבר/ת, לקוח/ה, קורא/ת, ידועים/ות): readers
 *    are addressed in the plural, one person in her or his gender, or neutrally;
 *  - an ASCII hyphen between two Hebrew letters (שחור-לבן) or after a one-letter prefix (ל-CSV,
 *    ב-15): the Hebrew hyphen is the maqaf ־ (U+05BE) — fixable;
 *  - an ASCII double quote in an abbreviation (דוא"ל): the gershayim ״ (U+05F4) — fixable;
 *  - a gershayim that is not inside a word (״כותרת״): gershayim mark abbreviations, quotation
 *    marks are "…".
 *  - a variant that the glossary (docs/glossary.he.md, ./hebrew-glossary.cjs) rules out: יוצר
 *    or מחבר for סופר, מייל or דוא״ל for אימייל, תקציר for תיאור, a retry button that does not
 *    say 'לנסות שוב', …;
 *  - a date written with slashes (08/08/2025): dates read dd.mm.yyyy.
 * Slashes elsewhere (URLs, חשבונית מס/קבלה) and hyphens in Latin text stay.
 */

const { glossaryFindings } = require('./hebrew-glossary.cjs');

const HEBREW = '\\u05D0-\\u05EA';
const checks = [
  {
    messageId: 'slashGender',
    pattern: new RegExp(`[${HEBREW}]+\\/(?:ת|ה|ית|ים|ות)(?![${HEBREW}])`, 'gu'),
  },
  {
    messageId: 'hyphen',
    pattern: new RegExp(
      `(?:[${HEBREW}]-(?=[${HEBREW}])|(?<![${HEBREW}])[בהוכלמש]-(?=[^\\s${HEBREW}]))`,
      'gu',
    ),
    fix: (text) => text.replace(/-/u, '\u05BE'),
  },
  {
    messageId: 'asciiGershayim',
    pattern: new RegExp(`[${HEBREW}]"(?=[${HEBREW}](?![${HEBREW}]))`, 'gu'),
    fix: (text) => text.replace(/"/u, '\u05F4'),
  },
  {
    messageId: 'slashDate',
    pattern: /(?<![\d/])\d{1,2}\/\d{1,2}\/\d{4}(?![\d/])/gu,
    fix: (text) => text.replaceAll('/', '.'),
  },
  {
    messageId: 'gershayimAsQuote',
    pattern: new RegExp(`(?<![${HEBREW}])\u05F4|\u05F4(?![${HEBREW}])`, 'gu'),
  },
];

/** The word (up to the spaces around it) in which the mistake sits, to name it in the message. */
function wordAround(text, index, length) {
  const before = text.lastIndexOf(' ', index);
  const after = text.indexOf(' ', index + length);
  return text.slice(before + 1, after < 0 ? undefined : after).replace(/\uFFFC$/u, '');
}

/** @type {import('eslint').Rule.RuleModule} */
const hebrewTypography = {
  meta: {
    type: 'suggestion',
    fixable: 'code',
    docs: { description: 'Hebrew copy without slash gender forms, with maqaf and gershayim' },
    schema: [
      {
        type: 'object',
        properties: {
          /** Off for what readers and authors wrote (demo books, bios, reviews): their words. */
          glossary: { type: 'boolean' },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      slashGender:
        "'{{ text }}' is a slash gender form: address readers in the plural, and one person in her or his gender (or neutrally).",
      hyphen:
        "'{{ text }}': between Hebrew letters and after a prefix letter use the maqaf ־, not '-'.",
      asciiGershayim: "'{{ text }}': an abbreviation takes the gershayim ״, not an ASCII quote.",
      slashDate: "'{{ text }}': dates read dd.mm.yyyy (formatDate of @mechabrim/hebrew).",
      glossary: "'{{ text }}': the glossary (docs/glossary.he.md) says '{{ use }}'.",
      gershayimAsQuote:
        '\'{{ text }}\': the gershayim ״ marks an abbreviation inside a word; quote with "…" instead.',
    },
  },
  create(context) {
    const source = context.sourceCode;
    const glossary = context.options[0]?.glossary ?? true;

    /**
     * @param {import('estree').Node} node
     * @param {string} text what the code says
     * @param {boolean} more whether an interpolation follows (a template literal's middle part)
     */
    function check(node, text, more = false) {
      // What follows `${` is not a space: 'בין 1 ל-${max}' has a prefix letter before it.
      const checked = more ? `${text}\uFFFC` : text;
      const raw = source.getText(node);
      // Fix only when the source spells the text as it reads: no escapes, one delimiter before.
      const fixable = raw.slice(1, 1 + text.length) === text;
      for (const { messageId, pattern, fix } of checks) {
        for (const match of checked.matchAll(pattern)) {
          const at = node.range[0] + 1 + match.index;
          context.report({
            node,
            messageId,
            data: { text: wordAround(text, match.index, match[0].length) },
            fix:
              fix && fixable
                ? (fixer) => fixer.replaceTextRange([at, at + match[0].length], fix(match[0]))
                : null,
          });
        }
      }
      for (const { index, length, use } of glossary ? glossaryFindings(text) : []) {
        context.report({
          node,
          messageId: 'glossary',
          data: { text: wordAround(text, index, length).trim() || text.trim(), use },
        });
      }
    }

    return {
      Literal(node) {
        if (typeof node.value === 'string') check(node, node.value);
      },
      TemplateElement(node) {
        check(node, node.value.cooked ?? node.value.raw, !node.tail);
      },
      JSXText(node) {
        check(node, node.value);
      },
    };
  },
};

module.exports = { rules: { 'hebrew-typography': hebrewTypography }, hebrewTypography };
