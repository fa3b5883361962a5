import type { Document } from 'bson';
import { bsonTypeMatches, compareValues, isPlainObject, keyOf } from '../values';
import { isNumberWrapper, wrapperValue } from '../numbers';

/** A number of any BSON type (int64 and whole doubles arrive as `Long`/`Double`), else undefined. */
function numeric(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  return typeof v === 'object' && v !== null && isNumberWrapper(v) ? wrapperValue(v) : undefined;
}

/**
 * MongoDB's `$jsonSchema` (draft 4 with `bsonType`), the keywords a collection validator uses:
 * bsonType, type, required, properties, additionalProperties, patternProperties, enum, minimum,
 * maximum (and their exclusive forms), minLength, maxLength, pattern, items, additionalItems,
 * minItems, maxItems, uniqueItems, minProperties, maxProperties, allOf, anyOf, oneOf, not.
 * Annotations (title, description) are ignored.
 */
export function matchesJsonSchema(value: unknown, schema: unknown): boolean {
  if (!isPlainObject(schema)) return true;
  const s = schema;
  if (s.bsonType !== undefined && !oneOfTypes(s.bsonType, (t) => bsonTypeMatches(value, t))) {
    return false;
  }
  if (s.type !== undefined && !oneOfTypes(s.type, (t) => jsonTypeMatches(value, t))) return false;
  if (Array.isArray(s.enum) && !s.enum.some((option) => keyOf(option) === keyOf(value))) {
    return false;
  }
  const n = numeric(value);
  if (n !== undefined && !numberFits(n, s)) return false;
  if (typeof value === 'string' && !stringFits(value, s)) return false;
  if (Array.isArray(value) && !arrayFits(value, s)) return false;
  if (isPlainObject(value) && !objectFits(value, s)) return false;
  if (Array.isArray(s.allOf) && !s.allOf.every((sub) => matchesJsonSchema(value, sub))) {
    return false;
  }
  if (Array.isArray(s.anyOf) && !s.anyOf.some((sub) => matchesJsonSchema(value, sub))) {
    return false;
  }
  if (
    Array.isArray(s.oneOf) &&
    s.oneOf.filter((sub) => matchesJsonSchema(value, sub)).length !== 1
  ) {
    return false;
  }
  if (s.not !== undefined && matchesJsonSchema(value, s.not)) return false;
  return true;
}

function oneOfTypes(types: unknown, matches: (t: string) => boolean): boolean {
  const list = Array.isArray(types) ? types : [types];
  return list.some((t) => typeof t === 'string' && matches(t));
}

function jsonTypeMatches(value: unknown, type: string): boolean {
  switch (type) {
    case 'object':
      return isPlainObject(value);
    case 'array':
      return Array.isArray(value);
    case 'number':
      return bsonTypeMatches(value, 'number');
    case 'boolean':
      return typeof value === 'boolean';
    case 'string':
      return typeof value === 'string';
    case 'null':
      return value === null;
    default:
      return false;
  }
}

function numberFits(value: number, s: Document): boolean {
  const minimum = numeric(s.minimum);
  if (minimum !== undefined) {
    if (s.exclusiveMinimum === true ? value <= minimum : value < minimum) return false;
  }
  const maximum = numeric(s.maximum);
  if (maximum !== undefined) {
    if (s.exclusiveMaximum === true ? value >= maximum : value > maximum) return false;
  }
  const multipleOf = numeric(s.multipleOf);
  if (multipleOf !== undefined && value % multipleOf !== 0) return false;
  return true;
}

function stringFits(value: string, s: Document): boolean {
  // JSON Schema counts characters (code points), not UTF-16 units.
  const length = [...value].length;
  if (typeof s.minLength === 'number' && length < s.minLength) return false;
  if (typeof s.maxLength === 'number' && length > s.maxLength) return false;
  if (typeof s.pattern === 'string' && !new RegExp(s.pattern, 'u').test(value)) return false;
  return true;
}

function arrayFits(value: unknown[], s: Document): boolean {
  if (typeof s.minItems === 'number' && value.length < s.minItems) return false;
  if (typeof s.maxItems === 'number' && value.length > s.maxItems) return false;
  if (s.uniqueItems === true) {
    const sorted = [...value].sort(compareValues);
    for (let i = 1; i < sorted.length; i++) {
      if (compareValues(sorted[i - 1], sorted[i]) === 0) return false;
    }
  }
  if (isPlainObject(s.items)) return value.every((element) => matchesJsonSchema(element, s.items));
  if (Array.isArray(s.items)) {
    const positional: unknown[] = s.items;
    return value.every((element, i) =>
      i < positional.length
        ? matchesJsonSchema(element, positional[i])
        : s.additionalItems === false
          ? false
          : matchesJsonSchema(element, s.additionalItems),
    );
  }
  return true;
}

function objectFits(value: Document, s: Document): boolean {
  const keys = Object.keys(value);
  if (Array.isArray(s.required) && !s.required.every((k) => typeof k === 'string' && k in value)) {
    return false;
  }
  if (typeof s.minProperties === 'number' && keys.length < s.minProperties) return false;
  if (typeof s.maxProperties === 'number' && keys.length > s.maxProperties) return false;
  const properties = isPlainObject(s.properties) ? s.properties : {};
  const patterns = isPlainObject(s.patternProperties)
    ? Object.entries(s.patternProperties).map(([p, sub]) => [new RegExp(p, 'u'), sub] as const)
    : [];
  for (const key of keys) {
    let described = false;
    if (key in properties) {
      described = true;
      if (!matchesJsonSchema(value[key], properties[key])) return false;
    }
    for (const [pattern, sub] of patterns) {
      if (!pattern.test(key)) continue;
      described = true;
      if (!matchesJsonSchema(value[key], sub)) return false;
    }
    if (described) continue;
    if (s.additionalProperties === false) return false;
    if (
      isPlainObject(s.additionalProperties) &&
      !matchesJsonSchema(value[key], s.additionalProperties)
    ) {
      return false;
    }
  }
  return true;
}
