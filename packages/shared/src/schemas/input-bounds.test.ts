import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as comments from './comments.js';
import * as common from './common.js';
import * as health from './health.js';
import * as media from './media.js';
import * as profiles from './profiles.js';
import * as users from './users.js';
import * as wallets from './wallets.js';

/**
 * Issue 13: no input can grow the server's memory, so every string a client sends has a maximum
 * length, every list a maximum count and every number both bounds. Every request schema of these
 * modules (query, params, body and upload fields: the exports named `…QuerySchema`,
 * `…ParamsSchema`, `…BodySchema`, `…FieldsSchema`) is checked as the OpenAPI document shows it
 * (the same JSON Schema conversion fastify-type-provider-zod makes), and then by parsing.
 */
const modules = { comments, common, health, media, profiles, users, wallets };
const REQUEST_SCHEMA = /(Query|Params|Body|Fields)Schema$/;
/** The error bodies are what the server answers, not what it accepts. */
const RESPONSE_SCHEMA = /errorBodySchema$/i;

const requestSchemas = Object.entries(modules).flatMap(([module, exports]) =>
  Object.entries(exports)
    .filter(([name]) => REQUEST_SCHEMA.test(name) && !RESPONSE_SCHEMA.test(name))
    .filter(([, value]) => value instanceof z.ZodType)
    .map(([name, value]) => ({ name: `${module}.${name}`, schema: value as z.ZodType })),
);

type JsonSchema = {
  type?: string | string[];
  maxLength?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

const SAFE = Number.MAX_SAFE_INTEGER;

/** Paths (a.b[]) of every string, array or number in the schema without a bound. */
function unbounded(node: JsonSchema, path: string): string[] {
  const found: string[] = [];
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    for (const option of node[key] ?? []) found.push(...unbounded(option, path));
  }
  if (node.enum !== undefined || node.const !== undefined) return found;
  const types = node.type === undefined ? [] : [node.type].flat();
  if (types.includes('string') && node.maxLength === undefined) found.push(`${path}: string`);
  if (types.includes('array') && node.maxItems === undefined) found.push(`${path}: array`);
  if (
    (types.includes('number') || types.includes('integer')) &&
    // zod's int() alone documents the safe-integer range, which bounds nothing useful.
    !(Math.abs(node.minimum ?? Infinity) < SAFE && Math.abs(node.maximum ?? Infinity) < SAFE)
  ) {
    found.push(`${path}: number`);
  }
  for (const [name, property] of Object.entries(node.properties ?? {})) {
    found.push(...unbounded(property, path ? `${path}.${name}` : name));
  }
  if (node.items) found.push(...unbounded(node.items, `${path}[]`));
  return found;
}

/** Every string property with a maximum length, as [name, maxLength]. */
function stringLimits(node: JsonSchema): [string, number][] {
  return Object.entries(node.properties ?? {}).flatMap(([name, property]) => {
    const options = [property, ...(property.anyOf ?? [])];
    const limit = options.find((option) => option.maxLength !== undefined)?.maxLength;
    return limit === undefined ? [] : [[name, limit] as [string, number]];
  });
}

const asJsonSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

describe('request schemas', () => {
  it('are found (the check below is not vacuous)', () => {
    expect(requestSchemas.map(({ name }) => name)).toEqual(
      expect.arrayContaining([
        'media.postListQuerySchema',
        'media.postIdParamsSchema',
        'media.uploadFieldsSchema',
        'comments.createCommentBodySchema',
        'comments.commentListQuerySchema',
        'profiles.modifyUrlBodySchema',
        'profiles.modifyProfileBodySchema',
        'profiles.personInformationQuerySchema',
      ]),
    );
    expect(requestSchemas.length).toBeGreaterThanOrEqual(12);
  });

  it.each(requestSchemas.map(({ name, schema }) => [name, schema] as const))(
    '%s bounds every string, list and number it accepts',
    (_name, schema) => {
      expect(unbounded(asJsonSchema(schema), '')).toEqual([]);
    },
  );

  it.each(requestSchemas.map(({ name, schema }) => [name, schema] as const))(
    '%s refuses a string one character over its documented maximum',
    (_name, schema) => {
      for (const [field, limit] of stringLimits(asJsonSchema(schema))) {
        const result = schema.safeParse({ [field]: 'a'.repeat(limit + 1) });
        expect(result.success, field).toBe(false);
        const paths = result.error?.issues.map((issue) => issue.path.join('.'));
        expect(paths, field).toContain(field);
      }
    },
  );

  it('caps skip and limit of lists and threads', () => {
    for (const schema of [media.postListQuerySchema, comments.commentListQuerySchema]) {
      expect(schema.safeParse({ skip: '-1' }).success).toBe(false);
      expect(schema.safeParse({ skip: '1000001' }).success).toBe(false);
      expect(schema.safeParse({ skip: '1e400' }).success).toBe(false);
      expect(schema.safeParse({ limit: '0' }).success).toBe(false);
      expect(schema.safeParse({ limit: '2001' }).success).toBe(false);
      expect(schema.safeParse({ skip: '1000000' }).success).toBe(true);
    }
  });
});
