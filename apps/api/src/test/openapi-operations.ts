import { randomInt, randomUUID } from 'node:crypto';
import { withLuhnDigit } from '@selfcare/domain/fulfilment';
import { TEST_PASSWORD, uniqueCustomer } from './harness.ts';
import { uniqueContactNumber, uniqueNric } from './order-journey.ts';

/** The parts of an OpenAPI document (as @fastify/swagger writes it) that requests are built from. */
export interface JsonSchema {
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  minimum?: number;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
}
export interface Parameter {
  in: 'query' | 'path' | 'header' | 'cookie';
  name: string;
  schema?: JsonSchema;
}
interface OpenApiOperation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
export type Path = (string | number)[];
export interface Field {
  where: 'body' | 'query' | 'path';
  path: Path;
  /** Which branch of a body written as a union the field belongs to. */
  variant: number;
}
export interface Operation {
  method: string;
  route: string;
  name: string;
  bodyVariants: JsonSchema[];
  query: Parameter[];
  params: Parameter[];
  fields: Field[];
}

const branches = (s: JsonSchema) => s.anyOf ?? s.oneOf;

/** The paths of the string leaves under `schema`: an array is walked through its first item. */
function stringLeaves(schema: JsonSchema, path: Path = []): Path[] {
  const alternatives = branches(schema);
  if (alternatives) {
    const seen = new Map<string, Path>();
    for (const b of alternatives) for (const p of stringLeaves(b, path)) seen.set(JSON.stringify(p), p);
    return [...seen.values()];
  }
  if (schema.type === 'string') return [path];
  if (schema.type === 'array' && schema.items) return stringLeaves(schema.items, [...path, 0]);
  if (schema.type === 'object' && schema.properties)
    return Object.entries(schema.properties).flatMap(([k, s]) => stringLeaves(s, [...path, k]));
  return [];
}

/** Every operation with a string field in its JSON body, query string or path, but those `skipped`. */
export function stringFieldOperations(document: unknown, skipped: RegExp[]): Operation[] {
  const doc = document as { paths: Record<string, Record<string, OpenApiOperation>> };
  const ops: Operation[] = [];
  for (const [route, byMethod] of Object.entries(doc.paths)) {
    if (skipped.some((r) => r.test(route))) continue;
    for (const [method, op] of Object.entries(byMethod)) {
      const json = op.requestBody?.content['application/json']?.schema;
      const bodyVariants = json ? (json.type === undefined && branches(json)) || [json] : [];
      const query = (op.parameters ?? []).filter((p) => p.in === 'query');
      const params = (op.parameters ?? []).filter((p) => p.in === 'path');
      const fields: Field[] = [
        ...bodyVariants.flatMap((s, variant) =>
          stringLeaves(s).map((path) => ({ where: 'body' as const, path, variant })),
        ),
        ...[...query, ...params]
          .filter((p) => p.schema && stringLeaves(p.schema).length > 0)
          .map((p) => ({ where: p.in as 'query' | 'path', path: [p.name], variant: 0 })),
      ];
      if (fields.length > 0)
        ops.push({
          method: method.toUpperCase(),
          route,
          name: `${method.toUpperCase()} ${route}`,
          bodyVariants,
          query,
          params,
          fields,
        });
    }
  }
  return ops;
}

// Valid values for the fields that need them, so a request is refused for the one bad field only.
const PATTERN_SAMPLES: Record<string, () => string> = {
  '^\\d{4}-\\d{2}-\\d{2}$': () => '2026-12-01',
  '^\\d{6}$': () => '238801',
  '^\\d*$': () => '123456',
  '^\\d{0,8}$': () => '9',
  '^[A-Za-z0-9_-]{20,128}$': () => 'x'.repeat(43),
  '^[A-Za-z0-9-]{4,40}$': () => 'NV-0001',
  '^(#?\\d{1,3}-\\d{1,5}[A-Z]?)?$': () => '#04-12',
  '^\\d{19,20}$': () => iccid(),
};
export const iccid = () => withLuhnDigit(`89650197${randomInt(1_000_000, 9_000_000)}000`);
const NAMED_SAMPLES: Record<string, () => unknown> = {
  email: () => uniqueCustomer().email,
  password: () => TEST_PASSWORD,
  confirmPassword: () => TEST_PASSWORD,
  phoneNumber: () => uniqueCustomer().phoneNumber,
  contactNumber: () => uniqueContactNumber(),
  msisdn: () => '90000002',
  planCode: () => 'VALUE-20',
  addonCodes: () => ['DATA-20'],
  idNumber: () => uniqueNric(),
  donorIdNumber: () => 'S8979373D',
  orderNumber: () => 'SC000001',
  iccid: () => iccid(),
  imsi: () => `52597${randomInt(1_000_000, 9_000_000)}000`,
  method: () => '0',
  q: () => '9',
};

/** A valid value for a field of `schema` named `name`: fresh where it must be unique (emails, ID numbers). */
export function sample(schema: JsonSchema, name?: string): unknown {
  const named = name === undefined ? undefined : NAMED_SAMPLES[name];
  if (named) return named();
  if (schema.enum) return schema.enum[0];
  const alternatives = branches(schema);
  if (alternatives) return sample(alternatives[0] as JsonSchema, name);
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, sample(s, k)]));
    case 'array':
      return [sample(schema.items ?? {})];
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 0, 0);
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'uuid') return randomUUID();
      return PATTERN_SAMPLES[schema.pattern ?? '']?.() ?? 'Sample text';
    default:
      return null;
  }
}

/** Percent-encodes as UTF-8, and a lone surrogate as the three bytes it would take (WTF-8). */
export function encode(value: string): string {
  let out = '';
  for (const ch of value) {
    const unit = ch.charCodeAt(0);
    if (ch.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 63), 0x80 | (unit & 63)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(ch);
  }
  return out;
}

export function setAt(target: unknown, path: Path, value: unknown) {
  let node = target as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1] as string | number] = value;
}
export const getAt = (target: unknown, path: Path) =>
  path.reduce<unknown>((node, key) => (node as Record<string | number, unknown> | undefined)?.[key], target);
