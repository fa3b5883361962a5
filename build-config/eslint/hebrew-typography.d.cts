import type { Rule } from 'eslint';

export declare const hebrewTypography: Rule.RuleModule;
export declare const rules: { 'hebrew-typography': Rule.RuleModule };
