import { readFileSync } from 'node:fs';
import path from 'node:path';
import { RuleTester } from 'eslint';
// build-config is configuration, not a project: the rule is reached by its path, as the config does.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { hebrewTypography } from '../../../build-config/eslint/hebrew-typography.cjs';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { GLOSSARY } from '../../../build-config/eslint/hebrew-glossary.cjs';

// The rule `npm run lint` applies to the Hebrew copy (strings modules, contract messages, mail
// templates, receipts): see build-config/eslint/hebrew-typography.cjs.

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
});

const slashGender = (text: string) => ({ messageId: 'slashGender', data: { text } });

tester.run('hebrew-typography', hebrewTypography, {
  valid: [
    // Plural address, a neutral phrase, an author in her or his gender.
    "const s = { unknownAuthor: 'שם הסופר לא ידוע', contact: 'צרו קשר' };",
    "const s = (female) => (female ? 'הסופרת' : 'הסופר');",
    // Slashes that are no gender form: a document name, a date, a URL, a path, a fraction.
    "const doc = 'חשבונית מס/קבלה';",
    "const date = 'נשלח ב־08.08.2025';",
    "const url = 'https://mechabrim.co.il/ספרים/חדשים';",
    'const path = `/authors/${id}/books`;',
    "const ratio = 'עמוד 3/10';",
    // The maqaf, and hyphens outside Hebrew words.
    "const s = ['שחור־לבן', 'ייצוא ל־CSV', 'מספר אי־זוגי', 'בין 1 ל־99'];",
    "const s = ['PDF/X-1a', 'ISBN 978-965-000', 'טווח 1-5', 'הסבר - ועוד'];",
    'const pages = (max) => `בין 32 ל־${max}`;',
    // The gershayim inside abbreviations; quotation marks around a title.
    "const s = ['משלוח לארה״ב', '100 ש״ח', 'מחברים בע״מ', 'תשפ״ה'];",
    // The glossary's words, and phrases that only look like a ruled-out variant.
    "const s = ['כתובת אימייל', 'תיאור הספר', 'סל הקניות', 'לנסות שוב', 'חשבונית זיכוי'];",
    "const s = ['זכויות יוצרים', 'סדנאות כתיבה יוצרת', 'מחברים נולדה', 'לא הצלחנו. נסו שוב.'];",
    'const added = (title) => `"${title}" נוסף לסל.`;',
    // An ASCII quote opening a quotation after a prefix letter.
    'const s = \'ההזמנה תופיע ב"ההזמנות שלי" תוך דקות.\';',
    // Not copy: a regular expression.
    'const re = /[א-ת]\\/ת/u;',
  ],
  invalid: [
    {
      code: "const s = { unknownAuthor: 'מחבר/ת לא ידוע/ה' };",
      errors: [slashGender('מחבר/ת'), slashGender('ידוע/ה')],
    },
    {
      code: "const s = ['לקוח/ה', 'קורא/ת', 'תלמיד/ים', 'חבר/ות'];",
      errors: [
        slashGender('לקוח/ה'),
        slashGender('קורא/ת'),
        slashGender('תלמיד/ים'),
        slashGender('חבר/ות'),
      ],
    },
    {
      code: 'const s = (name) => `${name}, מחבר/ית חדש/ה`;',
      errors: [slashGender('מחבר/ית'), slashGender('חדש/ה')],
    },
    {
      code: "const s = ['שחור-לבן', 'ייצוא ל-CSV', 'מספר אי-זוגי'];",
      output: "const s = ['שחור־לבן', 'ייצוא ל־CSV', 'מספר אי־זוגי'];",
      errors: [
        { messageId: 'hyphen', data: { text: 'שחור-לבן' } },
        { messageId: 'hyphen', data: { text: 'ל-CSV' } },
        { messageId: 'hyphen', data: { text: 'אי-זוגי' } },
      ],
    },
    {
      code: 'const pages = (max) => `בין 32 ל-${max}`;',
      output: 'const pages = (max) => `בין 32 ל־${max}`;',
      errors: [{ messageId: 'hyphen', data: { text: 'ל-' } }],
    },
    {
      code: "const s = 'משלוח לארה\"ב';",
      output: "const s = 'משלוח לארה״ב';",
      errors: [{ messageId: 'asciiGershayim', data: { text: 'לארה"ב' } }],
    },
    {
      code: "const s = { updated: 'עודכן לאחרונה: 08/08/2025' };",
      output: "const s = { updated: 'עודכן לאחרונה: 08.08.2025' };",
      errors: [{ messageId: 'slashDate', data: { text: '08/08/2025' } }],
    },
    {
      code: "const s = ['חשבון היוצר', 'שם המחבר', 'כתובת דוא״ל', 'למייל הזה', 'תקציר', 'מהעגלה'];",
      errors: [
        { messageId: 'glossary', data: { text: 'היוצר', use: 'סופרים / סופרות' } },
        { messageId: 'glossary', data: { text: 'המחבר', use: 'סופרים / סופרות' } },
        { messageId: 'glossary', data: { text: 'דוא״ל', use: 'אימייל' } },
        { messageId: 'glossary', data: { text: 'למייל', use: 'אימייל' } },
        { messageId: 'glossary', data: { text: 'תקציר', use: 'תיאור' } },
        { messageId: 'glossary', data: { text: 'מהעגלה', use: 'סל הקניות' } },
      ],
    },
    {
      code: "const s = { retry: 'נסו שוב', again: 'ניסיון חוזר', note: 'תעודת זיכוי' };",
      errors: [
        { messageId: 'glossary', data: { text: 'נסו שוב', use: 'לנסות שוב' } },
        { messageId: 'glossary', data: { text: 'ניסיון חוזר', use: 'לנסות שוב' } },
        { messageId: 'glossary', data: { text: 'תעודת זיכוי', use: 'חשבונית זיכוי' } },
      ],
    },
    {
      code: 'const added = (title) => `״${title}״ נוסף לסל.`;',
      errors: [
        { messageId: 'gershayimAsQuote', data: { text: '״' } },
        { messageId: 'gershayimAsQuote', data: { text: '״' } },
      ],
    },
  ],
});

describe('the glossary the rule enforces', () => {
  it('is written out in docs/glossary.he.md, every term the rule asks for', () => {
    const doc = readFileSync(path.join(__dirname, '../../../docs/glossary.he.md'), 'utf8');
    for (const { use } of GLOSSARY) expect(doc).toContain(use);
  });
});
