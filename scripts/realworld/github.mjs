// Vendors GitHub's OpenAPI description (npm `@octokit/openapi`, MIT) into
// tests/fixtures/realworld/github/ and writes the reference outputs of its example payloads.
//
//   node scripts/realworld/github.mjs        (after `npm ci --prefix scripts/realworld`)
//
// Writes:
// - api/api.github.com.json: the package's generated/api.github.com.json, byte for byte (the
//   issue asks for the description unedited, at full size);
// - api/components.yaml: a `$defs` library of the components the presenters use;
// - examples.json: for every component a presenter in api/ `$ref`s, each of the description's
//   `components/examples` that a response pairs with that component (as the response's schema,
//   or as the items of an array schema: `kind` is `item` or `collection`), what MCP Fusion would
//   send for it, cut to the schema by ./allow.mjs: `json` is `JSON.stringify(value, null, 2)`,
//   `toon` is `@toon-format/toon`'s `encode` with the pipe delimiter. A payload that does not fit
//   has `fits: false` and the reason, and the tests expect serde to refuse it.
import { readFileSync, writeFileSync, readdirSync, copyFileSync, mkdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { reference } from './allow.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, '..', '..', 'tests', 'fixtures', 'realworld', 'github');
const require = createRequire(import.meta.url);
const packageDir = dirname(require.resolve('@octokit/openapi/package.json'));
const packageJson = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
const source = join(packageDir, 'generated', 'api.github.com.json');
mkdirSync(join(out, 'api'), { recursive: true });
copyFileSync(source, join(out, 'api', 'api.github.com.json'));
copyFileSync(join(packageDir, 'LICENSE'), join(out, 'LICENSE-MIT'));
const bytes = readFileSync(source);
const document = JSON.parse(bytes.toString('utf8'));
const schemas = document.components.schemas;

// The components the presenters reach, from their `allOf: [$ref: ...]`.
const prefix = 'api.github.com.json#/components/schemas/';
const components = new Set();
for (const file of readdirSync(join(out, 'api')).filter(f => f.endsWith('.yaml')).sort()) {
  const definition = parse(readFileSync(join(out, 'api', file), 'utf8'));
  for (const branch of definition.allOf ?? []) {
    if (branch.$ref?.startsWith(prefix)) components.add(branch.$ref.slice(prefix.length));
  }
}

// Which example goes with which component: the description says it only in its responses.
const pairs = new Map();
for (const item of Object.values(document.paths)) {
  for (const operation of Object.values(item)) {
    for (let response of Object.values(operation.responses ?? {})) {
      if (response.$ref) response = document.components.responses[response.$ref.split('/').pop()];
      const content = response?.content?.['application/json'];
      if (!content?.schema || !content.examples) continue;
      let schema = content.schema;
      let kind = 'item';
      if (schema.type === 'array' && schema.items?.$ref) {
        kind = 'collection';
        schema = schema.items;
      }
      const component = schema.$ref?.replace('#/components/schemas/', '');
      if (!components.has(component)) continue;
      for (const example of Object.values(content.examples)) {
        const name = example.$ref?.replace('#/components/examples/', '');
        if (name) pairs.set(`${component} ${kind} ${name}`, { component, kind, example: name });
      }
    }
  }
}

const examples = [];
for (const key of [...pairs.keys()].sort()) {
  const entry = { ...pairs.get(key) };
  const payload = document.components.examples[entry.example].value;
  const schema = entry.kind === 'item' ? schemas[entry.component] : { type: 'array', items: schemas[entry.component] };
  examples.push({ ...entry, ...reference(schemas, schema, payload) });
}

const provenance = {
  package: `${packageJson.name}@${packageJson.version}`,
  license: packageJson.license,
  file: 'generated/api.github.com.json',
  sha256: createHash('sha256').update(bytes).digest('hex'),
  openapi: document.openapi,
  api_version: document.info.version,
  toon: JSON.parse(readFileSync(join(here, 'node_modules', '@toon-format', 'toon', 'package.json'), 'utf8')).version,
  node: process.version,
};
writeFileSync(join(out, 'examples.json'), JSON.stringify({ provenance, examples }, null, 2) + '\n');
// The components the presenters use, each reached from one `$defs` library too, so that each is
// a type of its own in the document's module (a presenter's `allOf` makes the presenter's type),
// the type the tests deserialize its examples into.
const library = [
  '# Written by scripts/realworld/github.mjs: the components the presenters beside it use, each',
  '# reached from a definition, so that each is generated as a type of its own.',
  '$schema: https://json-schema.org/draft/2020-12/schema',
  '$defs:',
  ...[...components].sort().map(name => `  ${name}: { $ref: "${prefix}${name}" }`),
];
writeFileSync(join(out, 'api', 'components.yaml'), library.join('\n') + '\n');
const misfits = examples.filter(e => !e.fits);
console.log(`${components.size} components, ${examples.length} examples, ${misfits.length} that do not fit:`);
for (const m of misfits) console.log(`  ${m.component} (${m.example}): ${m.why}`);
