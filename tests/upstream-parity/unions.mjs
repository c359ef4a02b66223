// Unions and maps in tool arguments: the `shapes` tool of tests/corpus/tool_unions/shapes.tool.yaml
// declared in zod as an upstream user declares it. A `oneOf`/`anyOf` fusion-gen tries in order is
// `z.union([...])`; one whose object branches a constant key tells apart (fusion-gen's internally
// tagged union) is `z.discriminatedUnion(key, [...])`; `additionalProperties: <schema>` is
// `.catchall(schema)` on the object, `additionalProperties: true` `.catchall(z.any())`. Called
// through upstream's createTool(...).execute, so its ExecutionPipeline and
// ValidationErrorFormatter write every text.
export function unionsTool({ createTool, success }, z) {
    const ok = async () => success('OK');
    const user = z.object({ kind: z.literal('user'), login: z.string() }).strict();
    const bot = z.object({ kind: z.literal('bot'), slug: z.string().max(3) }).strict();
    return createTool('shapes')
        .description('Unions and maps in arguments')
        .action({
            name: 'pick',
            schema: z.object({
                id: z.union([z.string(), z.number().int()]),
                owner: z.discriminatedUnion('kind', [user, bot]).optional(),
                label: z.union([z.string(), z.object({ name: z.string().max(3) }).strict()]).optional(),
                score: z.union([z.number().int(), z.number()]).nullable().optional(),
                owners: z.array(z.discriminatedUnion('kind', [user, bot])).optional(),
            }),
            handler: ok,
        })
        .action({
            name: 'tally',
            schema: z.object({
                counts: z.object({}).catchall(z.number().int()).optional(),
                meta: z.object({ source: z.string().optional() }).catchall(z.any()).optional(),
                ranked: z.object({ top: z.string() }).catchall(z.number().int()).optional(),
            }),
            handler: ok,
        });
}

export const unionsCases = [
    ['id_first_branch', { action: 'pick', id: 'a' }],
    ['id_second_branch', { action: 'pick', id: 7 }],
    ['id_wrong_type', { action: 'pick', id: true }],
    ['id_a_fraction', { action: 'pick', id: 1.5 }],
    ['id_missing', { action: 'pick' }],
    ['id_null', { action: 'pick', id: null }],
    ['owner_unknown_tag', { action: 'pick', id: 'a', owner: { kind: 'robot', login: 'x' } }],
    ['owner_missing_tag', { action: 'pick', id: 'a', owner: { login: 'x' } }],
    ['owner_tag_not_a_string', { action: 'pick', id: 'a', owner: { kind: 5 } }],
    ['owner_not_an_object', { action: 'pick', id: 'a', owner: 'bot' }],
    ['owner_branch_bound', { action: 'pick', id: 'a', owner: { kind: 'bot', slug: 'toolong' } }],
    ['owner_branch_missing_field', { action: 'pick', id: 'a', owner: { kind: 'user' } }],
    ['owner_branch_unknown_key', { action: 'pick', id: 'a', owner: { kind: 'user', login: 'l', extra: 1 } }],
    ['owner_good', { action: 'pick', id: 'a', owner: { kind: 'bot', slug: 'ab' } }],
    ['owners_one_bad_element', { action: 'pick', id: 'a', owners: [{ kind: 'user', login: 'l' }, { kind: 'x' }] }],
    ['label_only_a_bound_fails', { action: 'pick', id: 'a', label: { name: 'abcd' } }],
    ['label_object_branch_field', { action: 'pick', id: 'a', label: { name: 5 } }],
    ['label_object_branch_unknown_key', { action: 'pick', id: 'a', label: { name: 'n', x: 1 } }],
    ['label_good_object', { action: 'pick', id: 'a', label: { name: 'n' } }],
    ['score_null', { action: 'pick', id: 'a', score: null }],
    ['score_wrong_type', { action: 'pick', id: 'a', score: 'high' }],
    ['union_and_other_issues_in_order', { action: 'pick', id: [], owner: { kind: 'x' }, label: 3, extra: 1 }],
    ['counts_good', { action: 'tally', counts: { a: 1, b: 2 } }],
    ['counts_bad_values', { action: 'tally', counts: { a: 1, b: 'x', c: 1.5 } }],
    ['counts_not_an_object', { action: 'tally', counts: [1] }],
    ['meta_any_extra', { action: 'tally', meta: { source: 5, anything: { deep: [1] } } }],
    ['ranked_declared_and_extra', { action: 'tally', ranked: { a: -1, b: 'x' } }],
];
