import { z } from 'zod';
import { DomainError } from '../errors/domain-error';
import { inspectJson, MAX_BODY_DEPTH } from '../http/operator-keys';
import { findOperatorKeys, ZodValidationPipe } from './zod-validation.pipe';

const schema = z.strictObject({
  name: z.string().min(2),
  tags: z.array(z.string()).optional(),
  age: z.number().optional(),
});

function rejection(value: unknown): DomainError {
  try {
    new ZodValidationPipe(schema).transform(value);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

describe('ZodValidationPipe', () => {
  it('returns the parsed value when it is valid', () => {
    expect(new ZodValidationPipe(schema).transform({ name: 'דנה', tags: ['שירה'] })).toEqual({
      name: 'דנה',
      tags: ['שירה'],
    });
  });

  it('names a missing field, a too-short field and an unknown field', () => {
    const error = rejection({ tags: ['a'], extra: true });
    expect(error.type).toBe('invalid_data');
    expect(error.details?.map((d) => d.field).sort()).toEqual(['extra', 'name']);
    expect(rejection({ name: 'א' }).details).toEqual([
      { field: 'name', message: expect.stringMatching(/קצר מדי/) },
    ]);
  });

  it('rejects an object where a string belongs, as a wrong type rather than a missing field', () => {
    const [problem] = rejection({ name: { $ne: null } }).details ?? [];
    // The operator check runs first: $-keys never reach the schema or the database.
    expect(problem?.field).toBe('name.$ne');
    const [typeProblem] = rejection({ name: { first: 'x' } }).details ?? [];
    expect(typeProblem).toEqual({ field: 'name', message: expect.stringMatching(/סוג שגוי/) });
  });
});

describe('findOperatorKeys', () => {
  it('finds $-prefixed and prototype keys at any depth, including inside arrays', () => {
    expect(
      findOperatorKeys({ a: [{ $where: 'x' }], b: { c: { $gt: 1 } }, ok: '$not-a-key' }),
    ).toEqual(['a.0.$where', 'b.c.$gt']);
    expect(findOperatorKeys(JSON.parse('{"__proto__": {"admin": true}}'))).toEqual(['__proto__']);
    expect(findOperatorKeys('plain')).toEqual([]);
  });

  it('reads bracket and dot segments of query-string keys', () => {
    expect(
      findOperatorKeys({ 'bookId[$ne]': '1', 'a.$gt': '1', ok: '1' }, { queryKeys: true }),
    ).toEqual(['bookId[$ne]', 'a.$gt']);
    expect(findOperatorKeys({ 'bookId[$ne]': '1' })).toEqual([]);
  });

  it('stops at the depth bound on a deeply nested body without overflowing the stack', () => {
    let deep: unknown = { $where: '1' };
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(inspectJson(deep).tooDeep).toBe(true);
    let shallow: unknown = { $where: '1' };
    for (let i = 0; i < MAX_BODY_DEPTH - 1; i += 1) shallow = [shallow];
    expect(inspectJson(shallow)).toEqual({
      operatorKeys: [expect.any(String)],
      nulKeys: [],
      tooDeep: false,
    });
  });

  it('walks a wide array without overflowing the stack', () => {
    const wide: unknown[] = Array.from({ length: 300_000 }, () => 0);
    wide.push({ $where: '1' });
    expect(inspectJson(wide)).toEqual({
      operatorKeys: ['300000.$where'],
      nulKeys: [],
      tooDeep: false,
    });
  });

  it('names keys holding a NUL character', () => {
    expect(inspectJson({ a: [{ 'b\u0000c': 1 }], ok: 'x\u0000' }).nulKeys).toEqual(['a.0.b\\0c']);
  });
});
