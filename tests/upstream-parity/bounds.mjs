// Bounds on tool arguments: the `limits` tool of tests/corpus/bounds/limits.tool.yaml declared in
// zod as an upstream user declares it (each JSON Schema bound as the zod check that means it, in
// the order fusion-gen checks them: `.int()`, `.min()`, `.gt()`, `.max()`, `.lt()`; `.min()`,
// `.max()`, `.regex(new RegExp(pattern))`; `format: uint8` as `.min(0).max(255)` before the
// schema's own bound), called through upstream's createTool(...).execute, so its
// ExecutionPipeline and ValidationErrorFormatter write every text. `uniqueItems` has no zod
// check (a fusion-gen deviation, wire format §12) and no case here.
export function boundsTool({ createTool, success }, z) {
    const ok = async () => success('OK');
    return createTool('limits')
        .description('Bounded arguments')
        .action({
            name: 'numbers',
            schema: z.object({
                count: z.number().int().min(1).max(10).describe('How many.'),
                ratio: z.number().gt(0).lt(1).optional(),
                big: z.number().int().max(9007199254740990).optional(),
                level: z.number().int().min(0).nullable().optional(),
                half: z.number().min(0.5).max(1e21).optional(),
                small: z.number().int().min(0).max(255).max(100).optional(),
            }),
            handler: ok,
        })
        .action({
            name: 'texts',
            schema: z.object({
                name: z.string().min(2).max(5).regex(new RegExp('^[a-z]+$')).optional(),
                code: z.string().max(1).optional(),
                path: z.string().regex(new RegExp('^a/b$')).optional(),
                digits: z.string().regex(new RegExp('^\\d+$')).optional(),
            }),
            handler: ok,
        })
        .action({
            name: 'lists',
            schema: z.object({
                tags: z.array(z.string()).min(1).max(3).optional(),
                one: z.array(z.number().int()).min(1).optional(),
                ids: z.array(z.number().int()).optional(),
                nested: z.object({ labels: z.array(z.string()).max(2).optional() }).strict().optional(),
            }),
            handler: ok,
        })
        // Each `format` as the zod check z.fromJSONSchema gives it (formats.mjs), before the
        // length check; `int32` is no check, documentation only.
        .action({
            name: 'formats',
            schema: z.object({
                start: z.iso.datetime({ offset: true }).optional(),
                day: z.iso.date().optional(),
                at: z.iso.time().optional(),
                span: z.iso.duration().optional(),
                email: z.email().max(20).optional(),
                id: z.uuid().optional(),
                site: z.url().optional(),
                host: z.ipv6().optional(),
                net: z.cidrv4().optional(),
                blob: z.base64().optional(),
                label: z.string().optional(),
            }),
            handler: ok,
        });
}

export const boundsCases = [
    ['count_below_minimum', { action: 'numbers', count: 0 }],
    ['count_above_maximum', { action: 'numbers', count: 11 }],
    ['count_a_fraction_below_minimum', { action: 'numbers', count: 0.5 }],
    ['count_far_below_the_safe_integers', { action: 'numbers', count: -1e300 }],
    ['ratio_at_exclusive_minimum', { action: 'numbers', count: 1, ratio: 0 }],
    ['ratio_at_exclusive_maximum', { action: 'numbers', count: 1, ratio: 1 }],
    ['big_one_above_maximum', { action: 'numbers', count: 1, big: 9007199254740991 }],
    ['big_past_the_safe_integers', { action: 'numbers', count: 1, big: 9007199254740992 }],
    ['level_below_minimum', { action: 'numbers', count: 1, level: -1 }],
    ['half_below_a_fractional_minimum', { action: 'numbers', count: 1, half: 0.25 }],
    ['half_above_an_exponent_maximum', { action: 'numbers', count: 1, half: 1e22 }],
    ['small_above_its_format_range', { action: 'numbers', count: 1, small: 300 }],
    ['small_above_its_bound', { action: 'numbers', count: 1, small: 101 }],
    ['several_bounds_and_a_key', { action: 'numbers', count: 0, ratio: 2, extra: 1 }],
    ['name_too_short_and_no_match', { action: 'texts', name: 'A' }],
    ['name_too_long_in_utf16_units', { action: 'texts', name: 'ab\u{1F600}cd' }],
    ['name_wrong_type', { action: 'texts', name: 5 }],
    ['code_too_long', { action: 'texts', code: 'ab' }],
    ['code_one_astral_character', { action: 'texts', code: '\u{1F600}' }],
    ['path_with_a_slash_no_match', { action: 'texts', path: 'a/c' }],
    ['digits_not_ascii', { action: 'texts', digits: '\u0661\u0662' }],
    ['tags_empty', { action: 'lists', tags: [] }],
    ['tags_too_many', { action: 'lists', tags: ['a', 'b', 'c', 'd'] }],
    ['one_empty', { action: 'lists', one: [] }],
    ['tags_bad_element_and_too_many', { action: 'lists', tags: [1, 'b', 'c', 'd'] }],
    ['one_a_fraction_stops_the_length_check', { action: 'lists', one: [1.5] }],
    ['code_given_an_array_is_measured_as_one', { action: 'texts', code: ['a', 'b'] }],
    ['nested_labels_too_many', { action: 'lists', nested: { labels: ['a', 'b', 'c'] } }],
    ['start_tomorrow_at_10', { action: 'formats', start: 'tomorrow at 10' }],
    ['start_without_an_offset', { action: 'formats', start: '2026-03-07T09:05:00' }],
    ['start_a_number', { action: 'formats', start: 5 }],
    ['day_that_does_not_exist', { action: 'formats', day: '2026-02-30' }],
    ['at_with_an_offset', { action: 'formats', at: '09:05:00Z' }],
    ['span_days_in_the_time', { action: 'formats', span: 'PT1D' }],
    ['email_not_an_address_and_too_long', { action: 'formats', email: 'billing at client example dot com' }],
    ['id_without_a_version', { action: 'formats', id: '123e4567-e89b-02d3-a456-426614174000' }],
    ['site_without_a_scheme', { action: 'formats', site: 'example.com' }],
    ['host_two_compressions', { action: 'formats', host: '1::2::3' }],
    ['net_prefix_too_long', { action: 'formats', net: '10.0.0.0/33' }],
    ['blob_bad_padding', { action: 'formats', blob: 'QQ=' }],
    ['every_format_wrong', { action: 'formats', start: 'x', day: 'x', at: 'x', span: 'x', email: 'x', id: 'x', site: 'x', host: 'x', net: 'x', blob: 'x' }],
];
