import { encode } from '@toon-format/toon';

// What MCP Fusion sends for a payload of an OpenAPI component schema, shared by the vendors'
// scripts so that every reference output is cut to its schema by the same rules: declared keys in
// schema order, undeclared ones dropped unless `additionalProperties` keeps them (after the
// declared ones), an explicit `null` kept, unions taking their first branch that fits. `schemas`
// is the document's `components.schemas`, which `$ref`s name.
export class Misfit extends Error {}

function resolve(schemas, schema) {
  while (schema && schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = schemas[name];
    if (!target) throw new Error(`unresolved ${schema.$ref}`);
    // `nullable` beside a `$ref` (OpenAPI 3.0) makes that use nullable.
    schema = schema.nullable ? { ...target, nullable: true } : target;
  }
  return schema;
}

function typeOf(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (Number.isInteger(value)) return 'integer';
  return typeof value;
}

// The value cut to `schema` as a zod schema derived from it parses it (objects strip unknown
// keys, unions take the first branch that parses), or a Misfit naming the first problem.
export function allow(schemas, schema, value, path) {
  schema = resolve(schemas, schema);
  if (value === null && !schema.oneOf && !schema.anyOf) {
    if (schema.nullable || schema.type === 'null' || (Array.isArray(schema.type) && schema.type.includes('null'))) return null;
    if (!schema.type && !schema.properties && !schema.items && !schema.allOf && !schema.oneOf && !schema.anyOf && !schema.enum) return null;
    throw new Misfit(`${path}: null where the schema does not allow it`);
  }
  if (schema.oneOf || schema.anyOf) {
    const problems = [];
    for (const branch of schema.oneOf || schema.anyOf) {
      try {
        return allow(schemas, branch, value, path);
      } catch (e) {
        if (!(e instanceof Misfit)) throw e;
        problems.push(e.message);
      }
    }
    throw new Misfit(`${path}: no branch fits (${problems.join('; ')})`);
  }
  if (schema.allOf) {
    const merged = { type: 'object', properties: {}, required: [] };
    for (const branch of [...schema.allOf.map(branch => resolve(schemas, branch)), schema]) {
      Object.assign(merged.properties, branch.properties || {});
      merged.required.push(...(branch.required || []));
      if (branch.additionalProperties !== undefined) merged.additionalProperties = branch.additionalProperties;
    }
    return allow(schemas, merged, value, path);
  }
  if (schema.enum && !schema.enum.includes(value)) {
    throw new Misfit(`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  }
  const type = schema.type || (schema.properties || schema.additionalProperties !== undefined ? 'object' : schema.items ? 'array' : undefined);
  const actual = typeOf(value);
  switch (type) {
    case undefined:
      return value;
    case 'object': {
      if (actual !== 'object') throw new Misfit(`${path}: expected an object, found ${actual}`);
      const result = {};
      const declared = schema.properties || {};
      for (const key of schema.required || []) {
        if (!(key in value)) throw new Misfit(`${path}: missing required key \`${key}\``);
      }
      for (const [key, property] of Object.entries(declared)) {
        if (value[key] !== undefined) result[key] = allow(schemas, property, value[key], `${path}/${key}`);
      }
      const extra = schema.additionalProperties;
      if (extra) {
        for (const [key, item] of Object.entries(value)) {
          if (key in declared) continue;
          result[key] = extra === true ? item : allow(schemas, extra, item, `${path}/${key}`);
        }
      }
      return result;
    }
    case 'array':
      if (actual !== 'array') throw new Misfit(`${path}: expected an array, found ${actual}`);
      return value.map((item, i) => allow(schemas, schema.items || {}, item, `${path}/${i}`));
    case 'null':
      if (actual !== 'null') throw new Misfit(`${path}: expected null, found ${actual}`);
      return value;
    case 'integer':
      if (actual !== 'integer') throw new Misfit(`${path}: expected an integer, found ${actual}`);
      return value;
    case 'number':
      if (actual !== 'integer' && actual !== 'number') throw new Misfit(`${path}: expected a number, found ${actual}`);
      return value;
    case 'string':
    case 'boolean':
      if (actual !== type) throw new Misfit(`${path}: expected a ${type}, found ${actual}`);
      return value;
    default:
      throw new Error(`${path}: type ${JSON.stringify(type)} is not handled by this script`);
  }
}

// The reference outputs of a payload: `json` is `JSON.stringify(value, null, 2)` of the value cut
// to `schema`, `toon` is `@toon-format/toon`'s `encode` of it with the pipe delimiter (wire format
// §11); a payload that does not fit has `fits: false` and the reason instead.
export function reference(schemas, schema, payload) {
  try {
    const value = allow(schemas, schema, payload, '');
    return {
      fits: true,
      json: JSON.stringify(value, null, 2),
      toon: encode(value, { delimiter: '|', indent: 2 }),
    };
  } catch (e) {
    if (!(e instanceof Misfit)) throw e;
    return { fits: false, why: e.message };
  }
}
