// Vendors Blockfrost's OpenAPI description (npm `@blockfrost/openapi`, MIT) into
// tests/fixtures/realworld/blockfrost/ and writes the reference outputs of its example payloads.
//
//   node scripts/realworld/blockfrost.mjs        (after `npm ci --prefix scripts/realworld`)
//
// Writes:
// - api/openapi.json: the document's `openapi`, `info` and `components.schemas`, verbatim (paths,
//   responses and security are left out: definitions only `$ref` schemas);
// - examples.json: for every component schema's own `example` (the payload, read by the tests
//   from openapi.json), what MCP Fusion would send for it: `json` is `JSON.stringify(value, null, 2)` of the value cut to its schema (declared keys
//   in schema order, undeclared ones dropped unless `additionalProperties` keeps them, after the
//   declared ones, an explicit `null` kept), `toon` is `@toon-format/toon`'s `encode` of the same
//   value with the pipe delimiter (wire format §11). A payload that does not fit its schema has
//   `fits: false` and the reason instead, and the tests expect serde to refuse it.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { encode } from '@toon-format/toon';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, '..', '..', 'tests', 'fixtures', 'realworld', 'blockfrost');
const require = createRequire(import.meta.url);
const packageDir = dirname(require.resolve('@blockfrost/openapi/package.json'));
const packageJson = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
const document = parse(readFileSync(join(packageDir, 'openapi.yaml'), 'utf8'));
const schemas = document.components.schemas;

const vendored = {
  openapi: document.openapi,
  info: document.info,
  components: { schemas },
};
mkdirSync(join(out, 'api'), { recursive: true });
writeFileSync(join(out, 'api', 'openapi.json'), JSON.stringify(vendored, null, 2) + '\n');
writeFileSync(join(out, 'LICENSE-MIT'), readFileSync(join(packageDir, 'LICENSE'), 'utf8'));

class Misfit extends Error {}

function resolve(schema) {
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
function allow(schema, value, path) {
  schema = resolve(schema);
  if (value === null && !schema.oneOf && !schema.anyOf) {
    if (schema.nullable || schema.type === 'null' || (Array.isArray(schema.type) && schema.type.includes('null'))) return null;
    if (!schema.type && !schema.properties && !schema.items && !schema.allOf && !schema.oneOf && !schema.anyOf && !schema.enum) return null;
    throw new Misfit(`${path}: null where the schema does not allow it`);
  }
  if (schema.oneOf || schema.anyOf) {
    const problems = [];
    for (const branch of schema.oneOf || schema.anyOf) {
      try {
        return allow(branch, value, path);
      } catch (e) {
        if (!(e instanceof Misfit)) throw e;
        problems.push(e.message);
      }
    }
    throw new Misfit(`${path}: no branch fits (${problems.join('; ')})`);
  }
  if (schema.allOf) {
    const merged = { type: 'object', properties: {}, required: [] };
    for (const branch of [...schema.allOf.map(resolve), schema]) {
      Object.assign(merged.properties, branch.properties || {});
      merged.required.push(...(branch.required || []));
      if (branch.additionalProperties !== undefined) merged.additionalProperties = branch.additionalProperties;
    }
    return allow(merged, value, path);
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
        if (value[key] !== undefined) result[key] = allow(property, value[key], `${path}/${key}`);
      }
      const extra = schema.additionalProperties;
      if (extra) {
        for (const [key, item] of Object.entries(value)) {
          if (key in declared) continue;
          result[key] = extra === true ? item : allow(extra, item, `${path}/${key}`);
        }
      }
      return result;
    }
    case 'array':
      if (actual !== 'array') throw new Misfit(`${path}: expected an array, found ${actual}`);
      return value.map((item, i) => allow(schema.items || {}, item, `${path}/${i}`));
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

const examples = [];
for (const [name, schema] of Object.entries(schemas)) {
  if (schema.example === undefined) continue;
  const entry = { component: name };
  try {
    const value = allow(schema, schema.example, '');
    entry.fits = true;
    entry.json = JSON.stringify(value, null, 2);
    entry.toon = encode(value, { delimiter: '|', indent: 2 });
  } catch (e) {
    if (!(e instanceof Misfit)) throw e;
    entry.fits = false;
    entry.why = e.message;
  }
  examples.push(entry);
}

const provenance = {
  package: `${packageJson.name}@${packageJson.version}`,
  license: packageJson.license ?? 'MIT (the package\'s LICENSE, copied as LICENSE-MIT)',
  openapi: document.openapi,
  api_version: document.info.version,
  toon: JSON.parse(readFileSync(join(here, 'node_modules', '@toon-format', 'toon', 'package.json'), 'utf8')).version,
  node: process.version,
};
writeFileSync(join(out, 'examples.json'), JSON.stringify({ provenance, examples }, null, 2) + '\n');
const misfits = examples.filter(e => !e.fits);
console.log(`${Object.keys(schemas).length} component schemas, ${examples.length} examples, ${misfits.length} that do not fit:`);
for (const m of misfits) console.log(`  ${m.component}: ${m.why}`);

// Every component reached from one `$defs` library, so that the whole description is generated
// (an OpenAPI document's components become types only when a definition reaches them).
const library = [
  '# Written by scripts/realworld/blockfrost.mjs: every component of openapi.json, reached from a',
  '# definition, so that the whole description generates (the presenters beside it use a few).',
  '$schema: https://json-schema.org/draft/2020-12/schema',
  '$defs:',
  ...Object.keys(schemas).map(name => `  ${name}: { $ref: "openapi.json#/components/schemas/${name}" }`),
];
writeFileSync(join(out, 'api', 'components.yaml'), library.join('\n') + '\n');
