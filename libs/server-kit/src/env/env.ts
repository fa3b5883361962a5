import { ConnectionString } from 'mongodb-connection-string-url';
import { z } from 'zod';

/**
 * What the environment table of docs/configuration.md says about a variable: its default as a reader should
 * read it (a value in backticks, or a sentence when it is derived) and what it means.
 */
export interface EnvVarDoc {
  default: string;
  description: string;
}

/** Every documented variable schema; the environment table is generated from it. */
export const envDocs = z.registry<EnvVarDoc>();

/** Attaches the configuration table's default and description to one variable's schema. */
export function documented<S extends z.ZodType>(schema: S, doc: EnvVarDoc): S {
  envDocs.add(schema, doc);
  return schema;
}

/** The documentation of a variable schema, if it has any. */
export function envDocOf(schema: z.ZodType): EnvVarDoc | undefined {
  return envDocs.get(schema);
}

/** Thrown when the environment holds a bad value; the message names every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: { variable: string; message: string }[]) {
    super(
      `Invalid configuration:\n${problems.map((p) => `  ${p.variable}: ${p.message}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

/**
 * Validates `env` against a schema of environment variables and returns the parsed values, or
 * throws {@link ConfigError} naming each bad variable. An empty variable counts as unset, as in
 * most shells' `VAR= cmd`.
 */
export function parseEnv<S extends z.ZodType>(
  schema: S,
  env: NodeJS.ProcessEnv | Record<string, string | undefined>,
): z.output<S> {
  const defined = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = schema.safeParse(defined);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? 'environment'),
        message: issue.message,
      })),
    );
  }
  return result.data;
}

/** A whole number between `min` and `max` (both included). */
export function integerVar(options: {
  default: number;
  min: number;
  max: number;
  /** How the error names what is expected, e.g. "a port number". */
  what?: string;
  description: string;
}) {
  const { min, max, what = 'an integer' } = options;
  return documented(
    z
      .string()
      .default(String(options.default))
      .transform((value, ctx) => {
        const n = Number(value);
        if (!/^\d+$/.test(value.trim()) || n < min || n > max) {
          ctx.addIssue({
            code: 'custom',
            message:
              max === Number.MAX_SAFE_INTEGER
                ? `must be ${what} of at least ${min} (got "${value}")`
                : `must be ${what} ${min}-${max} (got "${value}")`,
          });
          return z.NEVER;
        }
        return n;
      }),
    { default: `\`${options.default}\``, description: options.description },
  );
}

/** A TCP port (0 lets the system choose one). */
export function portVar(fallback: number, description: string) {
  return integerVar({ default: fallback, min: 0, max: 65535, what: 'a port number', description });
}

/** An optional URL whose scheme is one of `protocols` (e.g. `['redis:', 'rediss:']`). */
export function urlVar(protocols: readonly string[], doc: EnvVarDoc) {
  return documented(
    z
      .string()
      .refine(
        (value) => {
          try {
            return protocols.includes(new URL(value).protocol);
          } catch {
            return false;
          }
        },
        {
          message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
        },
      )
      .optional(),
    doc,
  );
}

/**
 * An optional MongoDB connection string, read by the driver's own parser: a replica set's seed
 * list (`mongodb://a:27017,b:27017/db?replicaSet=rs0`) is not a WHATWG URL, so `new URL` refuses it.
 */
export function mongoUrlVar(doc: EnvVarDoc) {
  return documented(
    z
      .string()
      .refine(
        (value) => {
          try {
            return new ConnectionString(value).hosts.length > 0;
          } catch {
            return false;
          }
        },
        {
          message: 'must be a MongoDB connection string starting with mongodb:// or mongodb+srv://',
        },
      )
      .optional(),
    doc,
  );
}

/** An http(s) URL, `fallback` when unset. */
export function httpUrlVar(fallback: string, description: string) {
  return documented(
    z
      .string()
      .refine(
        (value) => {
          try {
            return ['http:', 'https:'].includes(new URL(value).protocol);
          } catch {
            return false;
          }
        },
        { message: 'must be a URL starting with http:// or https://' },
      )
      .default(fallback),
    { default: `\`${fallback}\``, description },
  );
}

/** One of a fixed list of words. */
export function enumVar<const T extends readonly [string, ...string[]]>(
  values: T,
  fallback: T[number],
  description: string,
) {
  return documented(
    z
      .enum(values, {
        error: (issue) => `must be one of ${values.join(', ')} (got "${String(issue.input)}")`,
      })
      .default(fallback),
    { default: `\`${fallback}\``, description },
  );
}

/** Free text that must not be blank, `fallback` when unset. */
export function textVar(fallback: string, doc: EnvVarDoc) {
  return documented(z.string().trim().min(1, 'must not be blank').default(fallback), doc);
}

/**
 * A `superRefine` step failing each of `names` that is unset while `NODE_ENV=production`: in
 * production a missing secret or database must stop the process, not fall back to a
 * development default.
 */
export function requiredInProduction<const N extends string>(names: readonly N[]) {
  return (env: { NODE_ENV: string } & Partial<Record<N, unknown>>, ctx: z.RefinementCtx) => {
    if (env.NODE_ENV !== 'production') return;
    for (const name of names) {
      if (env[name] === undefined)
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: 'is required when NODE_ENV=production',
        });
    }
  };
}
