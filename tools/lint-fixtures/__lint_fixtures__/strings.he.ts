// A strings module with a slash gender form and an ASCII hyphen between Hebrew letters.
export const stringsHe = {
  unknownAuthor: 'מחבר/ת לא ידוע/ה',
  printing: 'שחור-לבן',
  document: 'חשבונית מס/קבלה',
};
