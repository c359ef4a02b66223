// The tools of tests/corpus/descriptions/ as an upstream user declares them: upstream's default
// description generator (packages/core/src/core/schema/DescriptionGenerator.ts, or
// ToonDescriptionGenerator.ts for `loans_toon`) writes each `tool.description`, the text
// fusion-gen's grouped tools must equal (tests/tests/tool_schemas.rs). generate.mjs writes them to
// tests/fixtures/upstream/descriptions.json.
//
// An action declared without a description takes the tool's (GroupedToolBuilder.action), which
// is why `hold`, `forgive` and `check` of `loans` have Workflow lines.
//
// Param descriptors follow ParamDescriptors.ts: a field outside the schema's `required` is
// `optional: true`; a `format: date` string is a plain string here (the description names fields,
// not their checks).
const ok = async () => ({ content: [{ type: 'text', text: 'OK' }] });

// Declaration order matters twice: the `Actions:` list and the `Requires:` fields follow it.
const loans = {
    description: 'The loans of a library desk',
    actions: {
        list: { description: 'List loans', readOnly: true, params: { overdue: { type: 'boolean', optional: true } } },
        get: { description: 'Get one loan by id', readOnly: true, params: { id: { type: 'string' } } },
        renew: {
            description: 'Renew a loan until a date',
            params: { id: { type: 'string' }, until: { type: 'string' }, note: { type: 'string', optional: true } },
        },
        hold: { params: { id: { type: 'string' } } },
        forgive: { destructive: true },
        check: {},
    },
};
const renewals = {
    description: 'Renew loans',
    actions: { renew: { description: 'Renew a loan', params: { id: { type: 'string' } } } },
};
const shelf = {
    actions: {
        count: {},
        move: { params: { id: { type: 'string' }, to: { type: 'string' } } },
        burn: { destructive: true },
    },
};
const quiet = { actions: { count: {}, tidy: {} } };
// loans_toon.tool.yaml: the same actions with `toonDescription` (ToonDescriptionGenerator.ts).
const loans_toon = { ...loans, toonDescription: true };

export function descriptionCases(upstream) {
    const { defineTool } = upstream;
    return Object.entries({ loans, loans_toon, renewals, shelf, quiet }).map(([name, config]) => {
        const actions = Object.fromEntries(
            Object.entries(config.actions).map(([key, action]) => [key, { ...action, handler: ok }]),
        );
        const tool = defineTool(name, { ...config, actions });
        return { tool: name, expected_description: tool.buildToolDefinition().description };
    });
}
