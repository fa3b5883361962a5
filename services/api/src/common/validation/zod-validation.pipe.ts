import { Body, Injectable, Param, PipeTransform, Query } from '@nestjs/common';
import { ApiBody, ApiResponse } from '@nestjs/swagger';
import { z } from 'zod';
import { DomainError, FieldProblem } from '../errors/domain-error';
import { messagesHe } from '../messages.he';
import { findOperatorKeys, operatorKeyError } from '../http/operator-keys';

const v = messagesHe.validation;

export { findOperatorKeys };

function valueAt(value: unknown, path: PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

const HEBREW = /[\u0590-\u05FF]/;

function hebrewIssue(issue: z.core.$ZodIssue, input: unknown): string {
  // Shared schemas (libs/contracts) carry their own Hebrew messages, so a form and the server say the same.
  if (HEBREW.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      // zod does not report the input by default: look it up to tell "missing" from "wrong type".
      return valueAt(input, issue.path) === undefined ? v.required : v.invalidType(issue.expected);
    case 'too_small':
      return issue.origin === 'string' || issue.origin === 'array'
        ? v.tooShort(issue.minimum)
        : v.tooSmall(issue.minimum);
    case 'too_big':
      return issue.origin === 'string' || issue.origin === 'array'
        ? v.tooLong(issue.maximum)
        : v.tooBig(issue.maximum);
    case 'invalid_format':
      return issue.format === 'email' ? v.invalidEmail : v.invalidFormat;
    case 'invalid_value':
      return v.invalidOption(issue.values.map(String).join(', '));
    case 'unrecognized_keys':
      return v.unknownField;
    case 'custom':
      // Custom refinements carry their own (Hebrew) message.
      return /[\u0590-\u05FF]/.test(issue.message) ? issue.message : v.invalid;
    default:
      return v.invalid;
  }
}

/** Turns zod issues into one problem per field, Hebrew messages. */
export function zodProblems(error: z.ZodError, input: unknown): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const issue of error.issues) {
    const base = issue.path.map(String);
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys)
        problems.push({ field: [...base, key].join('.'), message: v.unknownField });
    } else {
      problems.push({ field: base.join('.') || '(body)', message: hebrewIssue(issue, input) });
    }
  }
  return problems;
}

const GENERIC_MESSAGE =
  /^(שדה חובה|ערך|קצר מדי|ארוך מדי|קטן מדי|גדול מדי|הפורמט|כתובת דוא״ל|שדה לא מוכר)/;

/**
 * One Hebrew message naming every problem (spec §5: registration failures are joined into one
 * message). A message from a shared schema already says what it is about; a generic one is
 * prefixed with its field: `חלק מהשדות שנשלחו אינם תקינים: יש לאשר את תנאי האתר; limit — גדול מדי (לכל היותר 50)`.
 */
export function validationSummary(problems: FieldProblem[]): string {
  const parts = [
    ...new Set(
      problems.map((p) =>
        GENERIC_MESSAGE.test(p.message) ? `${p.field} — ${p.message}` : p.message,
      ),
    ),
  ];
  const intro = messagesHe.errors.validation.replace(/\.$/, '');
  return parts.length ? `${intro}: ${parts.join('; ')}` : messagesHe.errors.validation;
}

/** Validates and parses a request part with a zod schema; rejects `$`-prefixed keys first. */
@Injectable()
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    const operatorKeys = findOperatorKeys(value);
    if (operatorKeys.length) throw operatorKeyError(operatorKeys);
    const result = this.schema.safeParse(value);
    if (!result.success) {
      const problems = zodProblems(result.error, value);
      throw new DomainError('invalid_data', validationSummary(problems), problems);
    }
    return result.data;
  }
}

/** `@ZodBody(schema) body: z.infer<typeof schema>` — the validated JSON body. */
export const ZodBody = (schema: z.ZodType): ParameterDecorator =>
  Body(new ZodValidationPipe(schema));

/** `@ZodQuery(schema) query: z.infer<typeof schema>` — the validated query string. */
export const ZodQuery = (schema: z.ZodType): ParameterDecorator =>
  Query(new ZodValidationPipe(schema));

/** `@ZodParam('id', schema) id: string` — one validated route parameter. */
export const ZodParam = (name: string, schema: z.ZodType): ParameterDecorator =>
  Param(name, new ZodValidationPipe(schema));

/**
 * A zod schema as an OpenAPI 3.0 schema object (the document Nest's swagger writes is 3.0):
 * `input` for what the API accepts, `output` for what it sends.
 */
export function openApiSchema(schema: z.ZodType, io: 'input' | 'output' = 'output'): object {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'openapi-3.0',
  });
  return json;
}

/** Documents a zod body schema in OpenAPI (method decorator, next to `@ZodBody`). */
export const ApiZodBody = (schema: z.ZodType, description?: string): MethodDecorator =>
  ApiBody({ description, schema: openApiSchema(schema, 'input') });

/**
 * Documents an answer's shape in OpenAPI from its zod contract (method decorator), so
 * `/api/docs` shows the fields, not only a description.
 */
export const ApiZodResponse = (
  schema: z.ZodType,
  options: { status?: number; description: string },
): MethodDecorator =>
  ApiResponse({
    status: options.status ?? 200,
    description: options.description,
    schema: openApiSchema(schema),
  });
