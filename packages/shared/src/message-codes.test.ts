import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as shared from './index.js';
import { MESSAGE_CATALOGUE, describeMessage } from './message-codes.js';
import { MESSAGES, MESSAGE_TEMPLATES, fill } from './messages.js';

/**
 * Every message a schema states for its checks (`{ message }` on a type or a check), found by
 * walking the exported schemas and the schemas of their fields, through zod's definitions.
 */
function schemaMessages(): Set<string> {
  const found = new Set<string>();
  const seen = new Set<unknown>();
  type Def = Record<string, unknown> & {
    error?: (issue: object) => unknown;
    checks?: { _zod: { def: { error?: (issue: object) => unknown } } }[];
    shape?: Record<string, unknown>;
    options?: unknown[];
  };
  const note = (error: Def['error']) => {
    const text = error?.({});
    if (typeof text === 'string') found.add(text);
  };
  const walk = (schema: unknown): void => {
    if (typeof schema !== 'object' || schema === null || !('_zod' in schema)) return;
    if (seen.has(schema)) return;
    seen.add(schema);
    const def = (schema as z.ZodType)._zod.def as unknown as Def;
    note(def.error);
    for (const check of def.checks ?? []) note(check._zod.def.error);
    Object.values(def.shape ?? {}).forEach(walk);
    (def.options ?? []).forEach(walk);
    for (const key of ['innerType', 'in', 'out', 'element', 'schema']) walk(def[key]);
  };
  for (const [name, value] of Object.entries(shared)) {
    if (typeof value === 'function' && name.endsWith('Schema')) {
      walk((value as (...args: number[]) => unknown)(20, 100)); // the schema factories
    } else walk(value);
  }
  return found;
}

describe('message codes', () => {
  it('reads every fixed message back to its own key', () => {
    for (const [key, text] of Object.entries(MESSAGES)) {
      if (typeof text !== 'string') continue;
      expect(describeMessage(text), key).toEqual({ code: key });
    }
    expect(describeMessage(MESSAGES.reportOutcomeNotice.hide)).toEqual({
      code: 'reportOutcomeNotice.hide',
    });
  });

  it('reads a filled message back to its template and values', () => {
    expect(describeMessage(MESSAGES.uploadFileTooLarge('big scan.pdf'))).toEqual({
      code: 'uploadFileTooLarge',
      values: { name: 'big scan.pdf' },
    });
    expect(describeMessage(MESSAGES.tooManyUploads(45))).toEqual({
      code: 'tooManyUploadsSeconds',
      values: { seconds: '45' },
    });
    expect(describeMessage(MESSAGES.tooManyUploads(600))).toEqual({
      code: 'tooManyUploadsMinutes',
      values: { minutes: '10' },
    });
    expect(describeMessage(MESSAGES.tokenAmountTooSmall(1))?.code).toBe('tokenAmountTooSmallOne');
    expect(describeMessage(MESSAGES.tokenAmountTooSmall(5))?.code).toBe('tokenAmountTooSmall');
    expect(describeMessage(MESSAGES.moderationNotice.suspend('1 May', 'spam: links'))).toEqual({
      code: 'moderationSuspend',
      values: { until: '1 May', note: 'spam: links' },
    });
    expect(describeMessage(MESSAGES.routeNotFound('GET', '/nowhere'))).toEqual({
      code: 'routeNotFound',
      values: { method: 'GET', url: '/nowhere' },
    });
  });

  it('gives every template one round trip: filled, then read back, it fills to the same text', () => {
    for (const [code, template] of Object.entries(MESSAGE_TEMPLATES)) {
      const names = [...template.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!);
      const values = Object.fromEntries(names.map((name, index) => [name, `v${index}`]));
      const text = fill(template, values);
      expect(describeMessage(text), code).toEqual({ code, values });
    }
  });

  it('gives every message of the field rules a code, with the values filled in', () => {
    const texts = schemaMessages();
    // The walk finds the schemas' messages (so the check below is not vacuous).
    expect(texts.size).toBeGreaterThan(50);
    expect(texts).toContain('must be a whole number');
    const missing = [...texts].filter((text) => describeMessage(text) === null);
    expect(missing).toEqual([]);

    expect(describeMessage('must be at most 30 characters')).toEqual({
      code: 'maxLength',
      values: { max: '30' },
    });
    expect(describeMessage('must be at most 100')).toEqual({
      code: 'atMost',
      values: { max: '100' },
    });
    expect(describeMessage('must be at least 8 characters')?.code).toBe('minLength');
    expect(describeMessage('must be at least 1')?.code).toBe('atLeast');
    expect(describeMessage('username is required')).toEqual({
      code: 'fieldRequired',
      values: { field: 'username' },
    });
    expect(describeMessage('a note is required')).toEqual({ code: 'noteRequired' });
    expect(describeMessage('is required')).toEqual({ code: 'isRequired' });
    expect(describeMessage(MESSAGES.oneOf(['open', 'resolved']))).toEqual({
      code: 'oneOf',
      values: { options: 'open, resolved' },
    });
  });

  it('reads the messages of refinements that the walk cannot see', () => {
    const username = shared.usernameSchema.safeParse('no spaces');
    expect(username.error?.issues[0]?.message).toBe(MESSAGES.usernameCharacters);
    const person = shared.personInformationQuerySchema.safeParse({});
    expect(person.error?.issues[0]?.message).toBe(MESSAGES.userIdOrUsername);
    expect(describeMessage(MESSAGES.usernameCharacters)).toEqual({ code: 'usernameCharacters' });
  });

  it('knows nothing of texts the product did not write', () => {
    expect(describeMessage('Too big: expected string to have <=64 characters')).toBeNull();
    expect(describeMessage('')).toBeNull();
  });

  it('holds each English text once, templates with their placeholders', () => {
    expect(MESSAGE_CATALOGUE.postDeleted).toBe(MESSAGES.postDeleted);
    expect(MESSAGE_CATALOGUE.uploadFileTooLarge).toBe('File {{name}} exceeds 50MB limit');
    expect(MESSAGE_CATALOGUE.reportOutcomeNotice.dismiss).toBe(
      MESSAGES.reportOutcomeNotice.dismiss,
    );
    expect(Object.values(MESSAGE_CATALOGUE).every((text) => typeof text !== 'function')).toBe(true);
  });
});
