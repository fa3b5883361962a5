/**
 * @jest-environment jsdom
 */
import { z } from 'zod';
import { loginRequestSchema } from './index';

// In a page (a document exists), the contracts turn zod's eval-compiled parsers off, so the
// pages' Content-Security-Policy needs no 'unsafe-eval'.
describe('zod in the browser', () => {
  it('parses without eval once the contracts are loaded, and still parses', () => {
    expect(z.config().jitless).toBe(true);
    const evalCalls: unknown[] = [];
    const original = globalThis.Function;
    globalThis.Function = new Proxy(original, {
      apply: (target, self, args) => (evalCalls.push(args), Reflect.apply(target, self, args)),
      construct: (target, args) => (evalCalls.push(args), Reflect.construct(target, args)),
    });
    try {
      const parsed = loginRequestSchema.safeParse({ email: 'a@b.co', password: 'x'.repeat(8) });
      expect(parsed.success).toBe(true);
      expect(loginRequestSchema.safeParse({ email: 'no' }).success).toBe(false);
    } finally {
      globalThis.Function = original;
    }
    expect(evalCalls).toEqual([]);
  });
});
