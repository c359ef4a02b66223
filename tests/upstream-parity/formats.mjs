// String formats of tool arguments (wire format §12, Formats): for each JSON Schema `format`
// fusion-gen checks, the zod check that `z.fromJSONSchema` gives it (zod's main branch, which
// reads `date-time` as `z.iso.datetime({ offset: true })`, colinhacks/zod#6298; zod 4.4.3 wrote
// `z.iso.datetime()`), and values to decide: zod's answer for each is written to
// tests/fixtures/upstream/formats.json, which runtime/tests/formats.rs compares with
// `fusion_runtime::__private::formats`. Run by generate.mjs (and alone: `node formats.mjs`).
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const formatChecks = z => ({
    'date-time': z.iso.datetime({ offset: true }),
    date: z.iso.date(),
    time: z.iso.time(),
    duration: z.iso.duration(),
    email: z.email(),
    uuid: z.uuid(),
    uri: z.url(),
    hostname: z.hostname(),
    ipv4: z.ipv4(),
    ipv6: z.ipv6(),
    cidr: z.cidrv4(),
    'cidr-v6': z.cidrv6(),
    base64: z.base64(),
    base64url: z.base64url(),
    e164: z.e164(),
    mac: z.mac(),
    nanoid: z.nanoid(),
    cuid: z.cuid(),
    cuid2: z.cuid2(),
    ulid: z.ulid(),
    xid: z.xid(),
    ksuid: z.ksuid(),
});

// Values every format is asked about, then each format's own.
const common = ['', ' ', 'tomorrow at 10', 'a\nb', '\u0661\u0662', 'ａ', '😀', 'null'];
export const formatValues = {
    'date-time': [
        '2026-03-07T09:05:00Z', '2026-03-07T09:05Z', '2026-03-07T09:05:00.250+05:30', '2024-02-29T23:59:59-12:00',
        '2026-03-07T09:05:00+00:00', '2026-03-07T09:05:00-00:00', '2026-03-07T09:05:00.123456789Z', '2026-03-07T09:05:60Z',
        '2026-03-07', '2026-03-07 09:05:00Z', '2026-03-07T09:05:00', '2026-03-07t09:05:00z', '2025-02-29T10:00:00Z',
        '2026-03-07T24:00:00Z', '2026-03-07T09:05:00+24:00', '2026-03-07T09:05:00+0530', '2026-03-07T09:05:00+05',
        '２026-03-07T09:05:00Z', '2026-03-07T09:05:00.Z', '+002026-03-07T09:05:00Z', '1900-02-29T00:00:00Z', '2000-02-29T00:00:00Z',
        '2026-03-07T09:05:00Z\n', '2026-13-07T09:05:00Z', '2026-03-07T9:05:00Z',
    ],
    date: ['2026-03-07', '2000-02-29', '1900-02-29', '2024-02-29', '2023-02-29', '2026-04-31', '2026-04-30', '2026-3-7', '2026-03-07T00:00:00Z', '07/03/2026', '0000-01-01', '99999-01-01', '2026-00-10', '2026-12-00'],
    time: ['09:05', '09:05:00', '09:05:00.5', '23:59:59.999', '09:05:00Z', '09:05:00+01:00', '24:00', '9:05', '09:60', '09:05:60', '09:05:00.', '0905'],
    duration: ['P3D', 'PT1H30M', 'P2W', 'P1Y2M3DT4H5M6.5S', 'PT0,5S', 'P1M', 'PT1M', 'P', 'PT', 'P1DT', 'P1W2D', 'PT1D', '1D', 'P-1D', 'P１D', '3 days', 'P1.5D', 'PT1.5H', 'P1Y1Y', 'p1d', 'P0D', 'PT36H', 'P1WT1H', 'PW'],
    email: [
        'user@example.com', 'first.last+tag@mail.example.co', "o'neil@x.io", 'user@localhost', 'user@', '@example.com', 'user@example.c',
        'a..b@example.com', 'user@-example.com', 'us er@example.com', 'user.@example.com', '.user@example.com', "user'@example.com",
        'user@example..com', 'user@exa_mple.com', 'USER@EXAMPLE.COM', 'user@sub.example.museum', 'üser@example.com', 'user@bücher.de',
        'user@xn--bcher-kva.de', '"quoted"@example.com', 'user@[127.0.0.1]', 'a@b.co', 'a-@b.co', '_@b.co', 'user@example.com.',
        'user@1example.com', 'user@example.c0m', 'a@b@example.com',
    ],
    uuid: [
        '123e4567-e89b-12d3-a456-426614174000', '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff',
        'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF', 'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF', '123e4567e89b12d3a456426614174000',
        '123e4567-e89b-02d3-a456-426614174000', '123e4567-e89b-92d3-a456-426614174000', '123e4567-e89b-12d3-c456-426614174000',
        '{123e4567-e89b-12d3-a456-426614174000}', 'not-a-uuid', '123e4567-e89b-12d3-a456-42661417400',
    ],
    uri: [
        'https://example.com', 'http://user:pw@example.com:8080/a?b#c', '  https://example.com/path  ', 'http://[::1]:3000/',
        'http://192.168.0.1/', 'mailto:someone@example.com', 'file:///etc/hosts', 'urn:isbn:0451450523', 'http:example.com',
        'example.com', 'http://', 'https://exa mple.com', 'http://example.com:99999', 'http://example.com:65535',
        'http://example.com:65536', 'http://[::g]/', 'http://1.2.3.256/', '1http://example.com', 'http://127.1/',
        'http://0x7f.0.0.1/', 'http://999999999/', 'http://4294967296/', 'http://ex%41mple.com/', 'http://a%20b/',
        'http://[::1/', 'http://h:x/', 'foo://a b/', 'foo://h:1/x', 'foo:', 'foo://', 'foo://:80', 'http://u@', 'foo://u@/x',
        'http:\\\\example.com\\x', 'HTTP://EXAMPLE.COM', 'javascript:alert(1)', 'http://bücher.de/', 'http://exa_mple.com/',
        'http://example.com:/', 'http://example.com:0080/', 'ws://h', 'ftp://', 'a:b c', 'http://a<b/', 'http://a^b/',
        'file://a b/', 'file://host/x', 'file://h:80/', 'http://1.2.3.4.5/', 'http://1.2.3.4./', 'http://08/', 'http://0x/',
        'http://example.com\t/', '\thttp://example.com', 'h t t p://x', '//example.com', 'http://a..b/', 'http://.a/',
        // IDNA, which fusion-gen does not run: accepted here.
        'http://xn--a/', 'http://a\u3000b/', 'http://a\u00adb/',
    ],
    hostname: ['example.com', 'localhost', 'a-b.example.com.', 'xn--bcher-kva.de', '-example.com', 'example-.com', 'exa_mple.com', 'a..b', 'a'.repeat(63), 'a'.repeat(64), 'a.'.repeat(126) + 'a', 'a.'.repeat(126) + 'ab', 'a.'.repeat(127), '.', '1.2.3.4', 'bücher.de'],
    ipv4: ['192.168.0.1', '0.0.0.0', '255.255.255.255', '256.0.0.1', '192.168.0', '01.2.3.4', '1.2.3.4 ', '1.2.3.4.5', '1.2.3.04', '1..2.3'],
    ipv6: [
        '::1', '::', '1::', '2001:db8::8a2e:370:7334', '::ffff:192.168.0.1', '1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7::', '::2:3:4:5:6:7:8',
        'ABCD::ef', '::g', '1:2:3:4:5:6:7:8:9', '[::1]', '::1%eth0', '1.2.3.4', ':', ':1', '1:', '1:::2', '1::2::3', '12345::',
        '::01.2.3.4', '::1.2.3', '1:2:3:4:5:6:1.2.3.4', '1:2:3:4:5:6:7:1.2.3.4', '::1.2.3.256', 'fe80::1%25eth0', ' ::1',
        // zod reads these as a URL around the value (a path after `]`, a tab the URL drops): refused here.
        '::1]/x', '::\t1',
    ],
    cidr: ['192.168.0.0/24', '10.0.0.0/8', '0.0.0.0/0', '1.2.3.4/32', '1.2.3.4/33', '1.2.3.4', '1.2.3.4/', '1.2.3.4/08', '256.1.1.1/8'],
    'cidr-v6': ['::/0', '2001:db8::/32', '::1/128', '::1/129', '::1/012', '::1/', '::1', '::1/1/2', '::g/64', '::1/+1', '::1/1.0'],
    base64: ['', 'QUJD', 'QUI=', 'QQ==', 'QQ', 'QQ=', 'QUJD\n', 'QU JD', 'Q===', '====', 'QUJ-', 'QUJ_', 'QR==', 'QUJDRA=='],
    base64url: ['', 'QUJD', 'QUI', 'QQ', 'Q', 'QUJDR', 'QUJ-', 'QUJ_', 'QUI=', 'QU+D', 'QU/D'],
    e164: ['+14155552671', '+1234567', '+123456', '+123456789012345', '+1234567890123456', '+0123456789', '14155552671', '+1 415 555 2671'],
    mac: ['00:1A:2B:3C:4D:5E', '00:1a:2b:3c:4d:5e', '00:1A:2b:3C:4D:5E', '00-1A-2B-3C-4D-5E', '001A2B3C4D5E', '00:1A:2B:3C:4D'],
    nanoid: ['V1StGXR8_Z5jdHi6B-myT', 'V1StGXR8_Z5jdHi6B-my', 'V1StGXR8_Z5jdHi6B-myT!'],
    cuid: ['cjld2cjxh0000qzrmn831i7rn', 'Cjld2cj', 'cjld2c', 'xjld2cjxh0000', 'cJLD2CJXH'],
    cuid2: ['tz4a98xxat96iws9zmbrgj3a', 'Tz4a98', 'tz4a-98'],
    ulid: ['01ARZ3NDEKTSV4RRFFQ69G5FAV', '01arz3ndektsv4rrffq69g5fav', '01ARZ3NDEKTSV4RRFFQ69G5FAI', '01ARZ3NDEKTSV4RRFFQ69G5FA'],
    xid: ['9m4e2mr0ui3e8a215n4g', '9M4E2MR0UI3E8A215N4G', '9m4e2mr0ui3e8a215n4w', '9m4e2mr0ui3e8a215n4'],
    ksuid: ['0ujtsYcgvSTl8PAuAdqWYSMnLOv', '0ujtsYcgvSTl8PAuAdqWYSMnLO', '0ujtsYcgvSTl8PAuAdqWYSMnLO_'],
};

/// `{format: [[value, valid], …]}`: zod's answer for every value of `formatValues`.
export function formatAnswers(z) {
    const checks = formatChecks(z);
    const out = {};
    for (const [format, values] of Object.entries(formatValues)) {
        const schema = checks[format];
        out[format] = [...values, ...common].map(value => [value, schema.safeParse(value).success]);
    }
    return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
    const { z } = await import('zod');
    const here = dirname(fileURLToPath(import.meta.url));
    const version = JSON.parse((await import('node:fs')).readFileSync(join(here, 'node_modules', 'zod', 'package.json'))).version;
    const target = join(here, '..', 'fixtures', 'upstream', 'formats.json');
    writeFileSync(target, JSON.stringify({
        provenance: {
            code_run: 'z.string().check(C).safeParse(value).success for the check C that tests/upstream-parity/formats.mjs gives each format (z.fromJSONSchema\'s, date-time with { offset: true })',
            packages: { zod: version },
            node: process.version,
            date: new Date().toISOString().slice(0, 10),
            license: 'zod MIT',
            generator: 'node tests/upstream-parity/formats.mjs',
        },
        formats: formatAnswers(z),
    }, null, 2) + '\n');
    console.log(`wrote ${target}`);
}
