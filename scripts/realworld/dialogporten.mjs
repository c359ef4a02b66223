// Vendors Dialogporten's OpenAPI description (npm `@digdir/dialogporten-schema`, ISC; the API of
// Norway's Altinn platform for dialogs between public agencies and citizens) into
// tests/fixtures/realworld/dialogporten/.
//
//   node scripts/realworld/dialogporten.mjs   (after `npm ci --prefix scripts/realworld`)
//
// Writes api/swagger.verified.json, the package's file byte for byte, and api/components.yaml, a
// `$defs` library that `$ref`s every component so that the whole description is generated (an
// OpenAPI document's components become types only when a definition reaches them). The
// description has no examples, so there are no reference outputs.
import { readFileSync, writeFileSync, copyFileSync, mkdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, '..', '..', 'tests', 'fixtures', 'realworld', 'dialogporten');
const require = createRequire(import.meta.url);
const packageDir = dirname(require.resolve('@digdir/dialogporten-schema/package.json'));
const packageJson = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
const source = join(packageDir, 'swagger.verified.json');
mkdirSync(join(out, 'api'), { recursive: true });
copyFileSync(source, join(out, 'api', 'swagger.verified.json'));
const bytes = readFileSync(source);
// The file starts with a UTF-8 byte order mark, which JSON.parse refuses (the generator skips it).
const document = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
const library = [
  '# Written by scripts/realworld/dialogporten.mjs: every component of swagger.verified.json,',
  '# reached from a definition, so that the whole description generates.',
  '$schema: https://json-schema.org/draft/2020-12/schema',
  '$defs:',
  ...Object.keys(document.components.schemas).map(name => `  ${name}: { $ref: "swagger.verified.json#/components/schemas/${name}" }`),
];
writeFileSync(join(out, 'api', 'components.yaml'), library.join('\n') + '\n');
console.log(`${packageJson.name}@${packageJson.version} (${packageJson.license}), sha256 ${createHash('sha256').update(bytes).digest('hex')}`);
console.log(`${Object.keys(document.components.schemas).length} component schemas`);
