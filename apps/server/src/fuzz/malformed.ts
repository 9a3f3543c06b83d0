import { typesOf, type JsonSchema, type Operation } from './openapi.js';
import type { Prng } from './prng.js';

/**
 * Builds one malformed request for an operation of the OpenAPI document: parameters and body
 * fields of the wrong type, missing or extra, huge, with NUL and bidi characters, broken
 * encodings and content types. Some values are valid and some ids real, so requests get past
 * the first check and reach deeper code.
 */

const MiB = 1024 * 1024;

/** Real objects on the server, so path and body ids sometimes hit something. */
export interface FuzzContext {
  postIds: string[];
  commentIds: string[];
  userIds: string[];
  usernames: string[];
  cids: string[];
  /** Valid Solana addresses for the faucet. */
  addresses: string[];
}

export interface FuzzRequest {
  method: string;
  /** Already percent-encoded (or deliberately not), as it goes on the request line. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** What was done to the request, for the report of a failure. */
  notes: string[];
}

/** The smallest valid PNG: one transparent pixel. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF_MINIMAL = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Path parameter values as they go on the wire, already encoded or deliberately broken. */
const ODD_PATH_VALUES = [
  '..%2f..%2f..%2fetc%2fpasswd',
  '..%2F..%2Fdata%2Fsymposia.db',
  '%2e%2e',
  '..',
  '.',
  '%00',
  'abc%00def',
  '%E2%80%AE',
  '%E2%80%AEgnp.exe',
  '%',
  '%zz',
  '%C0%AF',
  '%FF%FE',
  '%F0%9F%98%80',
  '%E8%AB%96%E6%96%87',
  '%20',
  '%0d%0aX-Injected:%201',
  "'%20OR%201=1--",
  '__proto__',
  'constructor',
  'null',
  'undefined',
  '-1',
  '1e400',
  '9'.repeat(400),
  'Qm',
  'bafy',
  'bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy',
  'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG',
  'x'.repeat(70),
  'x'.repeat(5000),
  ';',
  'a;b=c',
  '\u00ff',
];

const TEXT_VALUES = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202e',
  'abc\u202egnp.exe',
  '\u200b\u200d\ufeff',
  '\ud800',
  '\udfff\ud800',
  '😀'.repeat(30),
  '論文'.repeat(40),
  '\ufdfa'.repeat(40),
  "' OR 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '/ipfs/../../etc/passwd',
  'javascript:alert(1)',
  'https://example.org/' + 'a'.repeat(80),
  'http://127.0.0.1:5432/',
  '%00',
  '%',
  '__proto__',
  'constructor',
  '${jndi:ldap://x}',
  '\r\nX-Injected: 1',
  'NaN',
  'Infinity',
  '-1',
  '1e400',
  '9'.repeat(400),
  'true',
  'null',
  '[]',
  '{}',
  ' padded ',
  '\t\n',
];

const NUMBER_VALUES: (number | string)[] = [
  -1,
  -0.5,
  0,
  0.5,
  1.5,
  2 ** 31,
  2 ** 53 + 2,
  1e21,
  1e308,
  -1e308,
  '-1',
  '1e400',
  '-1e400',
  '0x10',
  '1_000',
  '9'.repeat(400),
  'NaN',
  'Infinity',
  ' 7 ',
  '',
];

/** Field names tried on operations that declare no body (uploads, avatar, likes, logout). */
const GENERIC_FIELDS = [
  'title',
  'description',
  'summary',
  'content',
  'tags',
  'media_type',
  'ai_instruction',
  'visibility',
  'user_id',
  'postId',
  'amount',
  'address',
];
const FILE_FIELDS = ['file', 'files', 'new_avatar', 'avatar', 'upload', ''];
const EXTRA_FIELDS = ['__proto__', 'constructor', 'extra', 'id', 'user_id', 'a[b]', 'x[]', '', ' '];

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/x-www-form-urlencoded; charset=utf-7',
  'image/png',
  '*/*',
  ';;;',
  'a'.repeat(2000),
];

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Percent-encoding of any text; a lone surrogate, which has no UTF-8, goes as U+FFFD. */
function uriEncode(text: string): string {
  return encodeURIComponent(text.replace(LONE_SURROGATE, '\ufffd'));
}

/** A string chosen to hurt: control, bidi and astral characters, huge or tiny. */
export function oddText(rng: Prng): string {
  const roll = rng.next();
  if (roll < 0.04) return 'x'.repeat(MiB);
  if (roll < 0.1)
    return rng.pick(['a', '\u202e', '論', '😀', '\u0000']).repeat(rng.int(200, 70_000));
  if (roll < 0.2) return rng.word(rng.int(1, 300));
  return rng.pick(TEXT_VALUES);
}

/** Characters that break careless code, slipped into an otherwise acceptable value. */
const SPICES = [
  '\u0000',
  '\u202e',
  '\u2066',
  '\ud800',
  '\udc00',
  '😀',
  '\u200b',
  '\ufdfa',
  '\r\n',
  "'",
  '"',
  '\\',
  '%00',
  '%',
];

function spiced(base: string, rng: Prng): string {
  const at = rng.int(0, base.length);
  return `${base.slice(0, at)}${rng.pick(SPICES)}${base.slice(at)}`;
}

function oddNumber(rng: Prng): number | string {
  return rng.pick(NUMBER_VALUES);
}

/** A value of a JSON type the schema does not admit. */
function wrongType(rng: Prng, schema: JsonSchema): unknown {
  const types = typesOf(schema);
  const candidates: unknown[] = [
    12345,
    -1,
    1e308,
    true,
    false,
    null,
    [],
    ['a', 'b'],
    {},
    { nested: { deeper: 'x' } },
    'text',
    nested(rng.int(2, 64)),
  ].filter((value) => !types.includes(jsonType(value)));
  return candidates.length > 0 ? rng.pick(candidates) : null;
}

function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { a: value };
  return value;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** A value the field probably accepts, so the other fields' faults are what gets tested. */
function plausible(name: string, schema: JsonSchema, rng: Prng, context: FuzzContext): unknown {
  if (schema.enum && schema.enum.length > 0) return rng.pick(schema.enum);
  const types = typesOf(schema);
  const lower = name.toLowerCase();
  if (/^(postid|id|parentid|rootid)$/.test(lower)) {
    return rng.pick([...context.postIds, ...context.commentIds]);
  }
  if (lower === 'user_id') return rng.pick(context.userIds);
  if (lower === 'username')
    return rng.chance(0.5) ? rng.pick(context.usernames) : `fz${rng.word(8)}`;
  if (lower.includes('password')) return rng.word(rng.int(8, 24));
  if (lower.includes('url') || lower === 'self_page') return `https://example.org/${rng.word(8)}`;
  if (lower.includes('email')) return `${rng.word(6)}@example.org`;
  if (lower.includes('phone')) return `+1 555 ${rng.int(1000, 9999)}`;
  if (lower === 'address') return rng.pick(context.addresses);
  if (lower === 'avatar') return `/ipfs/${rng.pick(context.cids)}`;
  if (lower === 'amount') return rng.chance(0.5) ? rng.int(1, 5) : String(rng.int(1, 5));
  if (lower === 'grant_type') return 'password';
  if (lower === 'visibility') return rng.pick(['public', 'private']);
  if (types.includes('boolean')) return rng.pick([true, false, 'true', 'false', '1', '0']);
  if (types.includes('integer') || types.includes('number')) {
    const min = schema.minimum ?? 0;
    const max = Math.min(schema.maximum ?? 100, min + 100);
    return rng.int(min, max);
  }
  const max = Math.min(schema.maxLength ?? 40, 40);
  const min = Math.min(schema.minLength ?? 1, max);
  return rng.word(rng.int(Math.max(min, 1), Math.max(max, 1)));
}

/** The body fields: each kept valid, mutated or dropped, plus unknown ones now and then. */
function fieldsFor(
  schema: JsonSchema | undefined,
  rng: Prng,
  context: FuzzContext,
  notes: string[],
): [string, unknown][] {
  const properties = Object.entries(schema?.properties ?? {});
  const named: [string, JsonSchema][] =
    properties.length > 0
      ? properties
      : GENERIC_FIELDS.filter(() => rng.chance(0.5)).map((name) => [name, {}]);
  const fields: [string, unknown][] = [];
  for (const [name, property] of named) {
    const roll = rng.next();
    if (roll < 0.15) {
      notes.push(`missing ${name}`);
      continue;
    }
    if (roll < 0.55) {
      fields.push([name, plausible(name, property, rng, context)]);
      continue;
    }
    const types = typesOf(property);
    const kind = rng.int(0, 3);
    const value =
      kind === 0
        ? oddText(rng)
        : kind === 1
          ? types.includes('integer') || types.includes('number') || rng.chance(0.3)
            ? oddNumber(rng)
            : oddText(rng)
          : kind === 2
            ? wrongType(rng, property)
            : spiced(String(plausible(name, property, rng, context)), rng);
    notes.push(`${name}=${preview(value)}`);
    fields.push([name, value]);
  }
  const extras = rng.chance(0.3) ? rng.int(1, 3) : 0;
  for (let index = 0; index < extras; index += 1) {
    const name = rng.pick(EXTRA_FIELDS);
    const value = rng.chance(0.5) ? oddText(rng) : wrongType(rng, {});
    notes.push(`extra ${JSON.stringify(name)}=${preview(value)}`);
    fields.push([name, value]);
  }
  // Now and then a field twice (an array in a form, the last one wins in JSON).
  if (fields.length > 0 && rng.chance(0.1)) {
    const [name] = rng.pick(fields);
    notes.push(`duplicate ${name}`);
    fields.push([name, oddText(rng)]);
  }
  return fields;
}

/** A short description of a value for the report (never the whole megabyte). */
export function preview(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  const shown = JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
  return text.length > 40 ? `${shown}(${text.length} chars)` : shown;
}

/** JSON text built by hand, so keys such as __proto__ stay ordinary keys. */
function jsonText(fields: [string, unknown][]): string {
  return `{${fields.map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value ?? null)}`).join(',')}}`;
}

function brokenJson(rng: Prng, valid: string): string {
  return rng.pick([
    valid.slice(0, Math.max(1, Math.floor(valid.length / 2))),
    '{',
    '{"a":}',
    '{"a" 1}',
    "{'a': 1}",
    '[',
    '['.repeat(10_000),
    `${valid}garbage`,
    `\ufeff${valid}`,
    'null',
    '"just a string"',
    '12',
    '[]',
    '',
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"admin":true}}}',
    '{"a":1e999999}',
    `{"a":"${'\\u0000'.repeat(100)}"}`,
    '{"a":"\\ud800"}',
  ]);
}

function formText(fields: [string, unknown][]): string {
  const pairs: string[] = [];
  for (const [name, value] of fields) {
    const values = Array.isArray(value) ? value : [value];
    for (const one of values) {
      const text = typeof one === 'string' ? one : (JSON.stringify(one) ?? '');
      pairs.push(`${uriEncode(name)}=${uriEncode(text)}`);
    }
  }
  return pairs.join('&');
}

function brokenForm(rng: Prng, valid: string): string {
  return rng.pick([
    `${valid}&%`,
    `${valid}&a=%zz`,
    '=&&=&',
    '%E2%80',
    `${valid}&${'a'.repeat(5000)}`,
    'a=1;b=2',
    `\u0000${valid}`,
    valid.replace(/=/g, ''),
  ]);
}

interface FilePart {
  field: string;
  name: string;
  type: string;
  content: Buffer;
}

function multipartBody(
  fields: [string, unknown][],
  files: FilePart[],
  rng: Prng,
  notes: string[],
): { type: string; body: Buffer } {
  const boundary = `fuzz${rng.word(16)}`;
  const chunks: Buffer[] = [];
  if (rng.chance(0.05)) chunks.push(Buffer.from('preamble junk\r\n'));
  for (const [name, value] of fields) {
    const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text}\r\n`,
      ),
    );
  }
  for (const file of files) {
    const disposition = rng.chance(0.05)
      ? 'form-data'
      : `form-data; name="${file.field}"; filename="${file.name}"`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  const roll = rng.next();
  let type = `multipart/form-data; boundary=${boundary}`;
  if (roll < 0.08) {
    notes.push('multipart without its closing boundary');
  } else if (roll < 0.12) {
    notes.push('multipart boundary in the header differs from the body');
    type = `multipart/form-data; boundary=other${boundary}`;
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
  } else if (roll < 0.15) {
    notes.push('multipart part without headers');
    chunks.push(Buffer.from(`--${boundary}\r\n\r\nno headers\r\n--${boundary}--\r\n`));
  } else if (roll < 0.18) {
    notes.push('multipart part header of 100 KB');
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nX-Long: ${'a'.repeat(100_000)}\r\n\r\nx\r\n--${boundary}--\r\n`,
      ),
    );
  } else {
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
  }
  return { type, body: Buffer.concat(chunks) };
}

function fileParts(rng: Prng, notes: string[]): FilePart[] {
  const count = rng.pick([0, 1, 1, 1, 2, 5, 6, 7]);
  const files: FilePart[] = [];
  for (let index = 0; index < count; index += 1) {
    const content = rng.pick([
      PNG_1X1,
      PDF_MINIMAL,
      Buffer.alloc(0),
      Buffer.from('plain text\n'),
      rng.bytes(rng.int(1, 4096)),
      Buffer.concat([PNG_1X1.subarray(0, 20), rng.bytes(64)]),
    ]);
    const name = rng.pick([
      'figure.png',
      'paper.pdf',
      '../../etc/passwd',
      'a\u0000b.png',
      'abc\u202egnp.exe',
      '論文.txt',
      'x'.repeat(1000),
      '',
      '"quoted".png',
      'CON',
    ]);
    const field = rng.chance(0.8) ? rng.pick(FILE_FIELDS) : oddText(rng).slice(0, 100);
    const type = rng.pick(['image/png', 'application/pdf', 'text/plain', '', 'x/y; a=b']);
    files.push({ field, name, type, content });
  }
  notes.push(`${count} file(s)`);
  return files;
}

function pathFor(operation: Operation, rng: Prng, context: FuzzContext, notes: string[]): string {
  let path = operation.path;
  for (const parameter of operation.pathParameters) {
    const roll = rng.next();
    let value: string;
    if (roll < 0.3) {
      const real =
        parameter.name === 'cid'
          ? context.cids
          : [...context.postIds, ...context.commentIds, ...context.userIds];
      value = uriEncode(rng.pick(real));
    } else if (roll < 0.75) {
      value = rng.pick(ODD_PATH_VALUES);
      notes.push(`path ${parameter.name}=${preview(value)}`);
    } else {
      const text = oddText(rng).slice(0, 8192);
      value = uriEncode(text);
      notes.push(`path ${parameter.name}=${preview(text)}`);
    }
    path = path.replace(`{${parameter.name}}`, () => value);
  }
  if (rng.chance(0.05)) {
    const suffix = rng.pick(['/', '//', '/..', '/%2e%2e/', '/./x', '%2F', '?', '#frag']);
    notes.push(`path suffix ${suffix}`);
    path += suffix;
  }
  return path;
}

function queryFor(operation: Operation, rng: Prng, context: FuzzContext, notes: string[]): string {
  const pairs: string[] = [];
  const encode = uriEncode;
  for (const parameter of operation.queryParameters) {
    const roll = rng.next();
    if (roll < 0.25) continue;
    if (roll < 0.55) {
      const value = plausible(parameter.name, parameter.schema, rng, context);
      pairs.push(`${parameter.name}=${encode(String(value))}`);
      continue;
    }
    const kind = rng.int(0, 5);
    if (kind === 5) {
      const value = spiced(String(plausible(parameter.name, parameter.schema, rng, context)), rng);
      notes.push(`query ${parameter.name}=${preview(value)}`);
      pairs.push(`${parameter.name}=${encode(value)}`);
    } else if (kind === 0) {
      const value = String(oddNumber(rng));
      notes.push(`query ${parameter.name}=${preview(value)}`);
      pairs.push(`${parameter.name}=${encode(value)}`);
    } else if (kind === 1) {
      const value = oddText(rng);
      notes.push(`query ${parameter.name}=${preview(value)}`);
      pairs.push(`${parameter.name}=${encode(value)}`);
    } else if (kind === 2) {
      notes.push(`query ${parameter.name} repeated`);
      pairs.push(`${parameter.name}=1`, `${parameter.name}=2`);
    } else if (kind === 3) {
      const raw = rng.pick(['%', '%zz', '%00', '%E2%80%AE', '', '%C0%80', '[]', '%2B1']);
      notes.push(`query ${parameter.name}=${raw} (raw)`);
      pairs.push(`${parameter.name}=${raw}`);
    } else {
      notes.push(`query ${parameter.name}[]`);
      pairs.push(`${parameter.name}[]=1`, `${parameter.name}[gt]=0`);
    }
  }
  if (rng.chance(0.3)) {
    const name = rng.pick([
      'x',
      'utm_source',
      '__proto__',
      'constructor',
      'skip[',
      'a'.repeat(300),
    ]);
    notes.push(`query extra ${preview(name)}`);
    pairs.push(`${uriEncode(name)}=${encode(oddText(rng).slice(0, 2000))}`);
  }
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

function extraHeaders(rng: Prng, notes: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  const add = (name: string, values: string[]) => {
    if (!rng.chance(0.15)) return;
    const value = rng.pick(values);
    headers[name] = value;
    notes.push(`${name}: ${preview(value)}`);
  };
  add('accept', [
    'application/vnd.ipld.car',
    'application/vnd.ipld.raw',
    '*/*',
    'text/html;q=x',
    ',,,',
  ]);
  add('accept-encoding', ['gzip', 'br', 'gzip;q=0', '*', 'identity;q=0, *;q=0', 'x'.repeat(500)]);
  add('if-none-match', ['*', 'W/"x"', '"', 'a'.repeat(1000)]);
  add('range', [
    'bytes=0-0',
    'bytes=-1',
    'bytes=99999999999999999999-',
    'bytes=abc',
    'bytes=5-1',
    'bytes=0-1,2-3,4-5',
    'items=0-1',
  ]);
  add('x-request-id', ['', 'a'.repeat(200), 'bad id with spaces', '../../x']);
  add('x-forwarded-for', ['1.2.3.4', 'garbage', '::1, ::2', '']);
  add('content-encoding', ['gzip', 'br', 'deflate']);
  add('origin', ['https://evil.example', 'null']);
  return headers;
}

/** One malformed request for `operation`, without authorization (the caller decides that). */
export function malformedRequest(
  operation: Operation,
  rng: Prng,
  context: FuzzContext,
): FuzzRequest {
  const notes: string[] = [];
  let method = operation.method;
  if (rng.chance(0.04)) {
    method = rng.pick(['PUT', 'DELETE', 'PATCH', 'OPTIONS', method === 'GET' ? 'POST' : 'GET']);
    notes.push(`method ${method}`);
  }
  const path = pathFor(operation, rng, context, notes) + queryFor(operation, rng, context, notes);
  const headers = extraHeaders(rng, notes);
  const request: FuzzRequest = { method, path, headers, notes };
  const sendsBody = method === 'POST' || (method !== 'HEAD' && rng.chance(0.05));
  if (!sendsBody) return request;

  const declared = [...operation.bodies.keys()];
  const encodings = [
    ...declared,
    ...(declared.length === 0 ? ['multipart/form-data', 'multipart/form-data'] : []),
    'application/json',
    'application/x-www-form-urlencoded',
    'multipart/form-data',
    'wrong',
  ];
  const encoding = rng.pick(encodings);
  const schema = operation.bodies.get(encoding) ?? operation.bodies.values().next().value;
  const fields = fieldsFor(schema, rng, context, notes);
  if (encoding === 'multipart/form-data') {
    const { type, body } = multipartBody(fields, fileParts(rng, notes), rng, notes);
    request.headers['content-type'] = type;
    request.body = body;
  } else if (encoding === 'application/x-www-form-urlencoded') {
    const valid = formText(fields);
    const broken = rng.chance(0.15);
    if (broken) notes.push('broken form encoding');
    request.headers['content-type'] = encoding;
    request.body = Buffer.from(broken ? brokenForm(rng, valid) : valid);
  } else if (encoding === 'wrong') {
    const type = rng.pick(WRONG_CONTENT_TYPES);
    notes.push(`content-type ${preview(type)}`);
    request.headers['content-type'] = type;
    request.body = Buffer.from(rng.chance(0.5) ? jsonText(fields) : formText(fields));
  } else {
    const valid = jsonText(fields);
    const broken = rng.chance(0.2);
    if (broken) notes.push('broken JSON');
    request.headers['content-type'] = encoding;
    request.body = Buffer.from(broken ? brokenJson(rng, valid) : valid);
  }
  if (rng.chance(0.05)) {
    notes.push('no content-type');
    delete request.headers['content-type'];
  }
  return request;
}
