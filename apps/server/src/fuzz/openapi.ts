/** The parts of an OpenAPI 3.1 document the fuzzer reads: operations, parameters, bodies. */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  default?: unknown;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** The templated path, e.g. /api/v1/media/{id}. */
  path: string;
  pathParameters: Parameter[];
  queryParameters: Parameter[];
  /** Declared request bodies by content type (application/json, form, ...). */
  bodies: Map<string, JsonSchema>;
  /** Whether the operation declares a security requirement (a member must sign in). */
  secured: boolean;
}

interface OpenApiDocument {
  paths?: Record<string, Record<string, RawOperation>>;
}

interface RawOperation {
  parameters?: { name: string; in: Parameter['in']; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
}

const METHODS = new Set(['get', 'head', 'post', 'put', 'patch', 'delete', 'options']);

/** Every operation of the document, in document order. */
export function operationsOf(document: unknown): Operation[] {
  const paths = (document as OpenApiDocument).paths ?? {};
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, raw] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const parameters = (raw.parameters ?? []).map((parameter) => ({
        name: parameter.name,
        in: parameter.in,
        required: parameter.required ?? parameter.in === 'path',
        schema: parameter.schema ?? {},
      }));
      const bodies = new Map<string, JsonSchema>();
      for (const [type, content] of Object.entries(raw.requestBody?.content ?? {})) {
        bodies.set(type, content.schema ?? {});
      }
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParameters: parameters.filter((parameter) => parameter.in === 'path'),
        queryParameters: parameters.filter((parameter) => parameter.in === 'query'),
        bodies,
        secured: (raw.security ?? []).length > 0,
      });
    }
  }
  return operations;
}

/** The types a schema admits, looking through anyOf/oneOf. */
export function typesOf(schema: JsonSchema): string[] {
  const own = schema.type === undefined ? [] : [schema.type].flat();
  const nested = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].flatMap(typesOf);
  return [...new Set([...own, ...nested])];
}
