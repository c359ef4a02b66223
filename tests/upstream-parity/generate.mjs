// Runs MCP Fusion's own TypeScript sources on the billing tool's argument errors and writes
// tests/fixtures/upstream/parity.json, the bytes our `<validation_error>` must equal; then on the
// cases of wire.mjs (egress guard, state sync, auto rules, directives, extends, prompts) and
// writes wire.json; then on the bounded `limits` tool of bounds.mjs and writes bounds.json; then
// on the `shapes` tool of unions.mjs (unions and maps in arguments) and writes unions.json; then
// builds the tools of descriptions.mjs and writes their default descriptions to descriptions.json.
//
// Usage: node generate.mjs UPSTREAM_GIT_DIR [COMMIT]   (run.sh passes both)
//
// Nothing is ported: upstream's packages/core/src is taken from its git history at COMMIT,
// bundled with esbuild (types stripped, npm packages left as imports resolved from this
// directory's node_modules, pinned by package-lock.json to the versions upstream's lockfile
// pins), and the tool is built with upstream's `defineTool` + `enableSelect()` and called with
// `execute`, so its real ExecutionPipeline (discriminator, strict per-action schema,
// ValidationErrorFormatter) produces every text.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { wireCases } from './wire.mjs';
import { boundsTool, boundsCases } from './bounds.mjs';
import { unionsTool, unionsCases } from './unions.mjs';
import { formatAnswers } from './formats.mjs';
import { descriptionCases } from './descriptions.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const [gitDir, commitArg = 'HEAD'] = process.argv.slice(2);
if (!gitDir) {
    console.error('usage: node generate.mjs UPSTREAM_GIT_DIR [COMMIT]');
    process.exit(2);
}
const git = (...args) => execFileSync('git', ['--git-dir', gitDir, ...args], { maxBuffer: 1 << 30 });
const commit = git('rev-parse', `${commitArg}^{commit}`).toString().trim();

// Upstream's sources, unpacked where `zod` and `@toon-format/toon` resolve from node_modules.
const work = join(here, '.upstream');
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
execFileSync('tar', ['-x', '-C', work], { input: git('archive', commit, 'packages/core/src') });
const entry = join(work, 'entry.ts');
writeFileSync(entry, [
    "export { defineTool } from './packages/core/src/core/builder/defineTool.ts';",
    "export { convertParamsToZod } from './packages/core/src/core/builder/ParamDescriptors.ts';",
    "export { formatValidationError } from './packages/core/src/core/execution/ValidationErrorFormatter.ts';",
    "export { success, error, TOOL_RESPONSE_BRAND } from './packages/core/src/core/response.ts';",
    "export { createTool } from './packages/core/src/core/builder/GroupedToolBuilder.ts';",
    "export { ToolRegistry } from './packages/core/src/core/registry/ToolRegistry.ts';",
    "export { definePresenter, extendPresenter } from './packages/core/src/presenter/definePresenter.ts';",
    "export { ui } from './packages/core/src/presenter/ui.ts';",
    "export { initRedactEngine } from './packages/core/src/presenter/RedactEngine.ts';",
    "export { PromptMessage } from './packages/core/src/prompt/PromptMessage.ts';",
    '',
].join('\n'));
const bundle = join(work, 'bundle.mjs');
await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    outfile: bundle,
    logLevel: 'error',
});
const upstream = await import(pathToFileURL(bundle).href);
const { defineTool, convertParamsToZod, formatValidationError, success } = upstream;
const { z } = await import('zod');

// The billing tool of schemas/billing/billing.tool.yaml as an upstream user declares it:
// JSON param descriptors (ParamDescriptors.ts turns them into zod: `integer` is
// `{type: 'number', int: true}`, an absent `required` entry is `optional: true`), `_select` on.
const ok = async () => success('OK');
const getParams = { id: { type: 'string', description: 'Invoice number.' } };
const tool = defineTool('billing', {
    description: 'Manage invoices',
    toonDescription: true,
    actions: {
        get: {
            description: 'Get one invoice', readOnly: true, idempotent: true,
            params: getParams,
            handler: ok,
        },
        list: {
            description: 'List invoices', readOnly: true, idempotent: true,
            params: {
                status: { enum: ['paid', 'pending', 'overdue'], optional: true },
                limit: { type: 'number', int: true, description: 'At most this many invoices.', optional: true },
            },
            handler: ok,
        },
        remind: {
            description: 'Send a payment reminder', destructive: true,
            params: { id: { type: 'string', description: 'Invoice number.' } },
            handler: ok,
        },
    },
}).enableSelect();

const long = 'x'.repeat(80);
const cases = [
    ['id_given_a_number', { action: 'get', id: 5 }],
    ['limit_given_a_string', { action: 'list', limit: '10' }],
    ['limit_given_a_float', { action: 'list', limit: 1.5 }],
    ['get_without_id', { action: 'get' }],
    ['status_not_in_enum', { action: 'list', status: 'late' }],
    ['one_unknown_key', { action: 'list', extra: 1 }],
    ['two_unknown_keys', { action: 'list', extra: 1, other: 'x' }],
    ['select_unknown_key', { action: 'get', id: 'INV-1', _select: ['nope'] }],
    ['select_not_an_array', { action: 'get', id: 'INV-1', _select: 'id' }],
    ['several_issues', { action: 'get', id: 5, extra: 1 }],
    ['long_string_for_limit', { action: 'list', limit: long }],
    ['status_given_a_number', { action: 'list', status: 3 }],
    ['limit_given_null', { action: 'list', limit: null }],
    ['limit_past_the_safe_integers', { action: 'list', limit: 1e300 }],
    ['limit_below_the_safe_integers', { action: 'list', limit: -1e300 }],
    ['several_issues_with_select', { action: 'get', id: 5, _select: ['nope'], extra: 1 }],
];

// Upstream never validates `_select`: validateArgs removes it before the strict schema parses, so
// an unknown key selects nothing and a non-array is ignored. fusion-gen rejects both (wire format
// §9 deviation); for those cases `expected_text` is what upstream's formatter writes for zod's
// issues when `_select` is the property the tool advertises (an optional array of the
// presenter's root keys) in the same strict schema, and `upstream_response` is what upstream's
// pipeline really answers.
const SELECT_KEYS = ['amount_cents', 'client', 'due', 'id', 'lines', 'paid_at', 'status', 'tax_rate'];
const getWithSelect = convertParamsToZod(getParams)
    .extend({ _select: z.array(z.enum(SELECT_KEYS)).optional() })
    .strict();
const deviations = {
    select_unknown_key: getWithSelect,
    select_not_an_array: getWithSelect,
    several_issues_with_select: getWithSelect,
};

const out = [];
for (const [name, args] of cases) {
    const response = await tool.execute(undefined, structuredClone(args));
    const text = response.content.map(block => block.text).join('\n');
    const deviation = deviations[name];
    if (!deviation) {
        out.push({ name, arguments: args, expected_text: text });
        continue;
    }
    const { action, ...sent } = args;
    const parsed = deviation.safeParse(sent);
    if (parsed.success) throw new Error(`${name}: the _select schema accepted ${JSON.stringify(args)}`);
    out.push({
        name,
        arguments: args,
        expected_text: formatValidationError(parsed.error.issues, `billing/${action}`, sent),
        deviation: 'upstream does not validate _select (ExecutionPipeline.validateArgs removes it before parsing); expected_text formats zod issues of the advertised _select schema with upstream ValidationErrorFormatter',
        upstream_response: { is_error: response.isError === true, text },
    });
}

const version = pkg => JSON.parse(readFileSync(join(here, 'node_modules', pkg, 'package.json'))).version;
const fixture = {
    provenance: {
        upstream: 'https://github.com/vinkius-labs/mcpfusion',
        upstream_commit: commit,
        upstream_package: `@mcpfusion/core ${JSON.parse(git('show', `${commit}:packages/core/package.json`)).version}`,
        code_run: 'packages/core/src as of upstream_commit, unmodified, bundled with esbuild: defineTool(...).enableSelect().execute(undefined, arguments) (core/execution/ExecutionPipeline.ts validateArgs, core/execution/ValidationErrorFormatter.ts)',
        packages: { zod: version('zod'), '@toon-format/toon': version('@toon-format/toon'), esbuild: version('esbuild'), 'fast-redact': version('fast-redact') },
        node: process.version,
        date: new Date().toISOString().slice(0, 10),
        license: 'Apache-2.0 (upstream MCP Fusion); zod MIT; fast-redact MIT',
        generator: 'tests/upstream-parity/run.sh',
    },
    cases: out,
};
const target = join(here, '..', 'fixtures', 'upstream', 'parity.json');
writeFileSync(target, JSON.stringify(fixture, null, 2) + '\n');
console.log(`wrote ${target}: ${out.length} cases`);

// The other wire-format features (wire.mjs), with the same provenance but what was run.
const wire = await wireCases(upstream, z);
const wireFixture = {
    provenance: {
        ...fixture.provenance,
        code_run: 'packages/core/src as of upstream_commit, unmodified, bundled with esbuild: createTool(...).maxPayloadBytes(cap).execute (core/execution/EgressGuard.ts); ToolRegistry.attachToServer(fake server, {stateSync}) tools/call (state-sync/StateSyncLayer.ts, ResponseDecorator.ts); definePresenter({autoRules}).make(data) (presenter/ZodDescriptionExtractor.ts); make(data).llmHint(hint).build() (presenter/ResponseBuilder.ts); extendPresenter(base, overrides).make(data) with fast-redact loaded by initRedactEngine (presenter/definePresenter.ts, RedactEngine.ts); PromptMessage.fromView(make(data)) (prompt/PromptMessage.ts)',
    },
    ...wire,
};
const wireTarget = join(here, '..', 'fixtures', 'upstream', 'wire.json');
writeFileSync(wireTarget, JSON.stringify(wireFixture, null, 2) + '\n');
console.log(`wrote ${wireTarget}: ${Object.entries(wire).map(([k, v]) => `${v.length} ${k}`).join(', ')}`);

// Bounds on tool arguments (bounds.mjs), through upstream's real pipeline.
const limits = boundsTool(upstream, z);
const boundsOut = [];
for (const [name, args] of boundsCases) {
    const response = await limits.execute(undefined, structuredClone(args));
    if (response.isError !== true) throw new Error(`${name}: upstream accepted ${JSON.stringify(args)}`);
    boundsOut.push({ name, arguments: args, expected_text: response.content.map(block => block.text).join('\n') });
}
const boundsTarget = join(here, '..', 'fixtures', 'upstream', 'bounds.json');
writeFileSync(boundsTarget, JSON.stringify({
    provenance: {
        ...fixture.provenance,
        code_run: 'packages/core/src as of upstream_commit, unmodified, bundled with esbuild: createTool(\'limits\').action({schema: z.object(...)}).execute(undefined, arguments) for the zod schemas of tests/upstream-parity/bounds.mjs (core/execution/ExecutionPipeline.ts, core/execution/ValidationErrorFormatter.ts)',
    },
    cases: boundsOut,
}, null, 2) + '\n');
console.log(`wrote ${boundsTarget}: ${boundsOut.length} cases`);

// Unions and maps in tool arguments (unions.mjs): accepted calls are kept too, so a test can
// check that fusion-gen accepts what upstream accepts.
const shapes = unionsTool(upstream, z);
const unionsOut = [];
for (const [name, args] of unionsCases) {
    const response = await shapes.execute(undefined, structuredClone(args));
    unionsOut.push({
        name,
        arguments: args,
        accepted: response.isError !== true,
        expected_text: response.content.map(block => block.text).join('\n'),
    });
}
const unionsTarget = join(here, '..', 'fixtures', 'upstream', 'unions.json');
writeFileSync(unionsTarget, JSON.stringify({
    provenance: {
        ...fixture.provenance,
        code_run: 'packages/core/src as of upstream_commit, unmodified, bundled with esbuild: createTool(\'shapes\').action({schema: z.object(...)}).execute(undefined, arguments) for the zod schemas of tests/upstream-parity/unions.mjs (z.union, z.discriminatedUnion, .catchall; core/execution/ExecutionPipeline.ts, core/execution/ValidationErrorFormatter.ts)',
    },
    cases: unionsOut,
}, null, 2) + '\n');
console.log(`wrote ${unionsTarget}: ${unionsOut.length} cases`);

// zod's own answer for every value of formats.mjs, under each format's zod check.
const formatsTarget = join(here, '..', 'fixtures', 'upstream', 'formats.json');
writeFileSync(formatsTarget, JSON.stringify({
    provenance: {
        code_run: 'z.string().check(C).safeParse(value).success for the check C that tests/upstream-parity/formats.mjs gives each format (z.fromJSONSchema\'s, date-time with { offset: true })',
        packages: { zod: version('zod') },
        node: process.version,
        date: fixture.provenance.date,
        license: 'zod MIT',
        generator: 'tests/upstream-parity/run.sh',
    },
    formats: formatAnswers(z),
}, null, 2) + '\n');
console.log(`wrote ${formatsTarget}`);

// Upstream's default tool descriptions (descriptions.mjs) for the tools of tests/corpus/descriptions.
const descriptionsTarget = join(here, '..', 'fixtures', 'upstream', 'descriptions.json');
const descriptionsOut = descriptionCases(upstream);
writeFileSync(descriptionsTarget, JSON.stringify({
    provenance: {
        ...fixture.provenance,
        code_run: 'packages/core/src as of upstream_commit, unmodified, bundled with esbuild: defineTool(name, {description, actions}).buildToolDefinition().description for the tools of tests/upstream-parity/descriptions.mjs (core/builder/GroupedToolBuilder.ts action, core/builder/ToolDefinitionCompiler.ts, core/schema/DescriptionGenerator.ts and ToonDescriptionGenerator.ts)',
    },
    cases: descriptionsOut,
}, null, 2) + '\n');
console.log(`wrote ${descriptionsTarget}: ${descriptionsOut.length} cases`);
