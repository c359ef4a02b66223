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
import { reference } from './allow.mjs';

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

const examples = [];
for (const [name, schema] of Object.entries(schemas)) {
  if (schema.example === undefined) continue;
  const entry = { component: name };
  examples.push({ ...entry, ...reference(schemas, schema, schema.example) });
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
