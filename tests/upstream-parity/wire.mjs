// The wire-format cases beyond argument errors, run through upstream's own code (imported from
// the bundle generate.mjs builds): the egress guard (core/execution/EgressGuard.ts through
// GroupedToolBuilder.maxPayloadBytes), state sync (state-sync/ResponseDecorator.ts through
// attachToServer's tools/call handler), auto rules (presenter/definePresenter.ts,
// ZodDescriptionExtractor.ts), directives (presenter/ResponseBuilder.ts llmHint), presenter
// inheritance (definePresenter.ts extendPresenter) and prompts (prompt/PromptMessage.ts fromView).
//
// Texts that would make the fixture large (a cap past 1 MB needs a payload past it) are written as
// specs: an input block is a list of `[text, times]` runs, and an output block is the first
// `input_bytes` UTF-8 bytes of the same input block followed by `then`, which is exact and short.

const encoder = new TextEncoder();
const bytes = text => encoder.encode(text).byteLength;
const expand = runs => runs.map(([text, times]) => text.repeat(times)).join('');

// An output block as `{input_bytes, then}` against the input block at the same position: the
// longest prefix shared with the input, in whole UTF-16 units, then the rest verbatim.
function describe(output, input) {
    let shared = 0;
    const limit = Math.min(output.length, input?.length ?? 0);
    while (shared < limit && output.charCodeAt(shared) === input.charCodeAt(shared)) shared++;
    // Never split a surrogate pair: the prefix must be whole characters.
    if (shared > 0 && shared < output.length && (output.charCodeAt(shared - 1) & 0xfc00) === 0xd800) shared--;
    return { input_bytes: bytes(output.slice(0, shared)), then: output.slice(shared) };
}

const brand = (TOOL_RESPONSE_BRAND, response) => {
    Object.defineProperty(response, TOOL_RESPONSE_BRAND, { value: true });
    return response;
};

// A ~1 KB presenter-like response: a pretty JSON array, a UI block and rules.
const rows = Array.from({ length: 12 }, (_, i) => `  {\n    "id": "INV-${i + 1}",\n    "amount_cents": ${4500 + i},\n    "status": "pending"\n  }`);
const presenterLike = [
    [[`[\n${rows.join(',\n')}\n]`, 1]],
    [['<ui_passthrough type="summary">\n📊 **Summary**: 12 invoices\n</ui_passthrough>', 1]],
    [['<domain_rules>\n- CRITICAL: amount_cents is in CENTS. Divide by 100.\n</domain_rules>', 1]],
];

const EGRESS_CASES = [
    ['within_the_cap', 1024, [[['a', 1024]]]],
    ['one_block_past_the_cap', 1024, [[['a', 2000]]]],
    ['cut_inside_a_two_byte_character', 1024, [[['é', 1000]]]],
    ['cut_inside_a_three_byte_character_0', 1024, [[['€', 1000]]]],
    ['cut_inside_a_three_byte_character_1', 1024, [[['x', 1], ['€', 1000]]]],
    ['cut_inside_a_four_byte_character_0', 1024, [[['🦀', 600]]]],
    ['cut_inside_a_four_byte_character_1', 1024, [[['x', 1], ['🦀', 600]]]],
    ['cut_inside_a_four_byte_character_2', 1024, [[['xx', 1], ['🦀', 600]]]],
    ['cut_inside_a_four_byte_character_3', 1024, [[['xxx', 1], ['🦀', 600]]]],
    ['later_blocks_dropped', 1024, [[['a', 500]], [['b', 600]], [['c', 100]]]],
    ['budget_ends_at_a_block_boundary', 1024, [[['a', 867]], [['b', 200]], [['c', 10]]]],
    ['presenter_response', 1024, presenterLike],
    ['cap_below_the_minimum_is_1024', 100, [[['a', 2000]]]],
    ['cap_1536_rounds_to_2kb', 1536, [[['a', 4000]]]],
    ['cap_2560_rounds_half_up_to_3kb', 2560, [[['a', 4000]]]],
    ['cap_1023_kb_and_more', 1048575, [[['a', 1048576]]]],
    ['cap_1_25_mb', 1310720, [[['a', 1400000]]]],
    ['cap_just_past_3_mb', 3 * 1048576 + 1, [[['a', 3 * 1048576 + 2]]]],
    ['error_response_keeps_is_error', 1024, [[['e', 2000]]], { isError: true }],
    ['warning_response_loses_is_error_false', 1024, [[['w', 2000]]], { isError: false }],
];

async function egressCases({ createTool, TOOL_RESPONSE_BRAND }) {
    const out = [];
    for (const [name, cap, blocks, extra = {}] of EGRESS_CASES) {
        const texts = blocks.map(expand);
        const tool = createTool('egress').maxPayloadBytes(cap).action({
            name: 'run',
            handler: async () => brand(TOOL_RESPONSE_BRAND, {
                content: texts.map(text => ({ type: 'text', text })),
                ...extra,
            }),
        });
        const response = await tool.execute(undefined, { action: 'run' });
        const expected = response.content.map((block, i) => {
            if (block.type !== 'text') throw new Error(`${name}: a non-text block`);
            return describe(block.text, texts[i]);
        });
        out.push({
            name,
            max_payload_bytes: cap,
            blocks,
            ...('isError' in extra ? { is_error: extra.isError } : {}),
            expected: { blocks: expected, ...(response.isError !== undefined ? { is_error: response.isError } : {}) },
        });
    }
    return out;
}

// A fake low-level MCP server: attachToServer only needs `setRequestHandler`.
function fakeServer() {
    const handlers = new Map();
    return { handlers, setRequestHandler: (method, handler) => handlers.set(method, handler) };
}

const STATE_SYNC_CASES = [
    // name, tool, the invalidating action, its patterns, the action called, the handler's reply
    // (text, or `error`), the tool's cap
    ['one_pattern', 'billing', 'remind', ['billing.*'], 'remind', 'Reminder sent', undefined],
    ['several_patterns', 'billing', 'remind', ['billing.*', 'reports.daily', 'audit.**'], 'remind', 'Reminder sent', undefined],
    ['error_is_not_decorated', 'billing', 'remind', ['billing.*'], 'remind', 'error', undefined],
    ['other_action_is_not_decorated', 'billing', 'remind', ['billing.*'], 'get', 'Reminder sent', undefined],
    ['added_after_the_egress_guard', 'billing', 'remind', ['billing.*'], 'remind', 'x'.repeat(2000), 1024],
    // tests/corpus/wire/helpdesk.tool.yaml's `close`, end to end.
    ['helpdesk_close', 'helpdesk', 'close', ['helpdesk.*', 'reports.daily'], 'close', 'Closed', 2048],
];

async function stateSyncCases({ createTool, ToolRegistry, success, error }) {
    const out = [];
    for (const [name, toolName, invalidating, patterns, called, reply, cap] of STATE_SYNC_CASES) {
        const handler = async () => reply === 'error' ? error('Invoice not found', 'NOT_FOUND') : success(reply);
        let tool = createTool(toolName);
        if (cap !== undefined) tool = tool.maxPayloadBytes(cap);
        for (const action of new Set(['get', invalidating, called])) tool = tool.action({ name: action, handler });
        const registry = new ToolRegistry();
        registry.register(tool);
        const server = fakeServer();
        // Per-action invalidation is a policy on the canonical `tool.action` key, which the flat
        // exposition (attachToServer's default) decorates with.
        await registry.attachToServer(server, {
            stateSync: { policies: [{ match: `${toolName}.${invalidating}`, invalidates: patterns }] },
        });
        const call = server.handlers.get('tools/call');
        const response = await call({ method: 'tools/call', params: { name: `${toolName}_${called}`, arguments: {} } }, {});
        out.push({
            name,
            tool: toolName,
            action: called,
            invalidates: called === invalidating ? patterns : null,
            handler_reply: reply === 'error' ? { error: 'Invoice not found', code: 'NOT_FOUND' } : { text: reply },
            ...(cap !== undefined ? { max_payload_bytes: cap } : {}),
            expected: {
                texts: response.content.map(block => block.text),
                ...(response.isError !== undefined ? { is_error: response.isError } : {}),
            },
        });
    }
    return out;
}

// tests/corpus/wire/ticket.yaml as an upstream user declares it: each property's description on
// the property as a whole (`.optional().describe(...)`), the static rules in order.
function ticketPresenter({ definePresenter }, z) {
    return definePresenter({
        name: 'Ticket',
        schema: z.object({
            id: z.string(),
            priority: z.number().int().describe('Priority from 1 (urgent) to 5 (whenever).'),
            status: z.enum(['open', 'closed']).describe('Only open tickets can be closed.'),
            assignee: z.string().nullable().optional().describe('Who works on it; null while unassigned.'),
            note: z.string().optional().describe('Free text from the customer: <b> & "quotes" stay as they are.'),
            tags: z.array(z.string()).optional(),
        }),
        autoRules: true,
        rules: ['Tickets are sorted by priority.', 'Never promise a date.'],
    });
}

// tests/corpus/wire/notice.yaml: a presenter whose handler always adds the same two hints, which
// the definition declares as `directives`.
function noticePresenter({ definePresenter }, z) {
    return definePresenter({
        name: 'Notice',
        schema: z.object({ id: z.string(), title: z.string() }),
        autoRules: false,
        rules: ['Notices are public.'],
    });
}
const NOTICE_DIRECTIVES = ['Answer in one sentence.', 'Quote the notice title verbatim.'];

const TICKET = { id: 'T-1', priority: 1, status: 'open', assignee: 'ana', note: 'Printer on fire', tags: ['hw'] };
const TICKET_2 = { id: 'T-2', priority: 3, status: 'closed' };

async function presenterCases(upstream, z) {
    const ticket = ticketPresenter(upstream, z);
    const notice = noticePresenter(upstream, z);
    const render = builder => builder.build().content.map(block => block.text);
    const autoRules = [
        ['one_ticket', TICKET],
        ['ticket_without_optional_fields', TICKET_2],
        ['ticket_collection', [TICKET, TICKET_2]],
        ['empty_ticket_collection', []],
    ].map(([name, data]) => ({ name, presenter: 'ticket', data, expected_texts: render(ticket.make(data)) }));
    const directives = [
        ['one_notice', { id: 'N-1', title: 'Maintenance tonight' }],
        ['notice_collection', [{ id: 'N-1', title: 'Maintenance tonight' }, { id: 'N-2', title: 'New prices' }]],
        ['empty_notice_collection', []],
    ].map(([name, data]) => {
        const builder = notice.make(data);
        for (const hint of NOTICE_DIRECTIVES) builder.llmHint(hint);
        return { name, presenter: 'notice', directives: NOTICE_DIRECTIVES, data, expected_texts: render(builder) };
    });
    return { autoRules, directives };
}

// tests/corpus/wire/customer.yaml, record.yaml and payment.yaml as an upstream user declares
// them: the base as a config object, the child through `extendPresenter` with the schema the
// definition's `extends` stands for (the base's object extended by the child's properties, in
// that order), a conditional rule as a rules function, the definitions' directives as the
// handler's `.llmHint()`s (the base's, then the child's).
function inheritance({ definePresenter, extendPresenter, ui }, z) {
    const customerSchema = z.object({ name: z.string(), tier: z.enum(['gold', 'basic']).optional() });
    const customer = definePresenter({
        name: 'Customer',
        schema: customerSchema,
        autoRules: false,
        rules: c => [c.tier === 'gold' ? `Customer ${c.name} is gold: be extra polite.` : null],
    });
    const recordSchema = z.object({
        id: z.string(),
        amount_cents: z.number().int().describe('Amount in CENTS.'),
        owner_email: z.string().optional(),
        customer: customerSchema.optional(),
    });
    const recordBase = {
        name: 'Record',
        schema: recordSchema,
        autoRules: true,
        rules: ['CRITICAL: amounts are in CENTS. Divide by 100.'],
        collectionRules: items => [`${items.length} records in this page.`],
        ui: r => [ui.summary(`Record ${r.id}`)],
        agentLimit: {
            max: 2,
            onTruncate: n => ui.summary(`⚠️ Dataset truncated. 2 shown, ${n} hidden. Use filters to narrow results.`),
        },
        embeds: [{ key: 'customer', presenter: customer }],
        redactPII: { paths: ['owner_email'] },
    };
    const record = definePresenter(recordBase);
    const payment = extendPresenter(recordBase, {
        name: 'Payment',
        schema: recordSchema.extend({
            method: z.enum(['card', 'transfer']).describe('How it was paid.'),
            card_last4: z.string().nullable().optional(),
            refunded: z.boolean().optional(),
        }),
        rules: ['Refunds are final: never promise one.'],
        ui: p => [ui.table(['id', 'amount_cents', 'method'], [[p.id, String(p.amount_cents), p.method]], { title: `Payment ${p.id}` })],
        suggestActions: p => p.refunded ? [{ tool: 'helpdesk.close', reason: `Close the ticket about payment ${p.id}` }] : [],
        redactPII: { paths: ['card_last4'] },
    });
    return {
        record: { presenter: record, directives: ['Keep amounts exact.'] },
        payment: { presenter: payment, directives: ['Keep amounts exact.', 'Answer briefly.'] },
    };
}

const P1 = { id: 'P-1', amount_cents: 1250, owner_email: 'ana@example.com', customer: { name: 'Ana', tier: 'gold' }, method: 'card', card_last4: '4242', refunded: true };
const P2 = { id: 'P-2', amount_cents: 990, method: 'transfer' };
const P3 = { id: 'P-3', amount_cents: 100, owner_email: 'bo@example.com', customer: { name: 'Bo' }, method: 'card' };
// A redacted field that holds `null`: fast-redact's static paths test `!= null`, so it stays null.
const P4 = { id: 'P-4', amount_cents: 300, method: 'card', card_last4: null };
const recordOf = ({ id, amount_cents, owner_email, customer }) => ({ id, amount_cents, owner_email, customer });

const INHERITANCE_CASES = [
    ['one_payment', 'payment', P1],
    ['payment_without_optional_fields', 'payment', P2],
    ['payment_collection', 'payment', [P1, P2]],
    ['payment_with_null_redacted_field', 'payment', P4],
    ['payment_collection_with_null_redacted_field', 'payment', [P4, P1]],
    ['payment_collection_truncated', 'payment', [P2, P1, P3]],
    ['empty_payment_collection', 'payment', []],
    ['one_record', 'record', recordOf(P1)],
    ['record_collection_truncated', 'record', [P1, P2, P3].map(recordOf)],
];

function presented(presenters, name, data) {
    const { presenter, directives } = presenters[name];
    const builder = presenter.make(structuredClone(data));
    for (const hint of directives) builder.llmHint(hint);
    return builder;
}

async function inheritanceCases(upstream, z) {
    // Upstream redacts only once fast-redact is loaded (initMCPFusion does it at boot).
    if (!await upstream.initRedactEngine()) throw new Error('fast-redact did not load');
    const presenters = inheritance(upstream, z);
    return INHERITANCE_CASES.map(([name, presenter, data]) => ({
        name,
        presenter,
        data,
        expected_texts: presented(presenters, presenter, data).build().content.map(block => block.text),
    }));
}

// Prompt messages of the same presenters (after inheritanceCases loaded fast-redact), each as
// `PromptMessage.fromView(make(data))` with the definitions' directives as `.llmHint()`s.
const PROMPT_CASES = [
    ['payment', 'payment', P1],
    ['payment_without_optional_fields', 'payment', P2],
    ['payment_collection_truncated', 'payment', [P2, P1, P3]],
    ['empty_payment_collection', 'payment', []],
    ['record', 'record', recordOf(P1)],
    ['ticket', 'ticket', TICKET],
    ['ticket_collection', 'ticket', [TICKET, TICKET_2]],
    ['notice', 'notice', { id: 'N-1', title: 'Maintenance tonight' }],
];

function promptCases(upstream, z) {
    const presenters = {
        ...inheritance(upstream, z),
        ticket: { presenter: ticketPresenter(upstream, z), directives: [] },
        notice: { presenter: noticePresenter(upstream, z), directives: NOTICE_DIRECTIVES },
    };
    return PROMPT_CASES.map(([name, presenter, data]) => ({
        name,
        presenter,
        data,
        expected_messages: upstream.PromptMessage.fromView(presented(presenters, presenter, data)),
    }));
}

/** Every wire case, grouped by feature. */
export async function wireCases(upstream, z) {
    const { autoRules, directives } = await presenterCases(upstream, z);
    return {
        egress: await egressCases(upstream),
        state_sync: await stateSyncCases(upstream),
        auto_rules: autoRules,
        directives,
        extends: await inheritanceCases(upstream, z),
        prompts: promptCases(upstream, z),
    };
}
