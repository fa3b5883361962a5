export declare const GLOSSARY: { use: string; pattern: RegExp; whole?: boolean }[];
export declare function glossaryFindings(
  text: string,
): { index: number; length: number; use: string }[];
