import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * Ceilings the document states for answers whose contract sets no limit of its own. They describe
 * what the server sends (nothing stored through the API is longer than the 1 MiB request limit; lists
 * are pages, charts of at most 300 rows or a user's own items); the server does not cut answers to them.
 * Input limits are never added here: they come from the contract's zod rules, which the server enforces.
 */
export const outputCeilings = { textLength: 1024 * 1024, items: 10_000, downloadBytes: 100 * 1024 * 1024 } as const;

const int32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

/** Visits every schema object in a JSON schema tree (properties, items, variants, additionalProperties). */
function visit(schema: unknown, apply: (node: JsonSchema) => void): void {
  if (typeof schema !== 'object' || schema === null) return;
  const node = schema as JsonSchema;
  apply(node);
  for (const key of ['items', 'additionalProperties', 'not']) visit(node[key], apply);
  for (const key of ['anyOf', 'oneOf', 'allOf'])
    for (const variant of (node[key] as unknown[]) ?? []) visit(variant, apply);
  for (const property of Object.values((node.properties as JsonSchema) ?? {})) visit(property, apply);
}

/** An integer's format follows from the bounds its zod rule sets (every zod integer has both). */
function integerFormat(node: JsonSchema) {
  if (node.type !== 'integer' || node.format) return;
  const min = typeof node.minimum === 'number' ? node.minimum : -Infinity;
  const max = typeof node.maximum === 'number' ? node.maximum : Infinity;
  node.format = min >= int32.min && max <= int32.max ? 'int32' : 'int64';
}

function outputCeiling(node: JsonSchema) {
  if (node.type === 'string' && node.maxLength === undefined && !node.enum && node.const === undefined)
    node.maxLength = outputCeilings.textLength;
  if (node.type === 'array' && node.maxItems === undefined) node.maxItems = outputCeilings.items;
}

const toJson = (type: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(type, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as JsonSchema;

/** A call's input as the server parses it: its limits are the zod rules' own. */
export function inputSchema(type: z.ZodType): JsonSchema {
  const schema = toJson(type, 'input');
  visit(schema, integerFormat);
  return schema;
}

/** What a call answers: the contract's shape, with the output ceilings where the contract sets no limit. */
export function outputSchema(type: z.ZodType | JsonSchema): JsonSchema {
  const schema = type instanceof z.ZodType ? toJson(type, 'output') : type;
  visit(schema, (node) => {
    integerFormat(node);
    outputCeiling(node);
  });
  return schema;
}
