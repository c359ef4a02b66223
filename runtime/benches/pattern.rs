//! A tool argument of 1 MiB checked against `pattern`s (`fusion_runtime::__private::pattern`):
//! the worst bounded repetition within `COMPILED_SIZE_BUDGET` (`.{N}Q`, N as large as the budget
//! allows, over two-byte characters), a pattern whose DFA is exponential in its size
//! (`a[ab]{13}Q`, over random `a`/`b`), and typical API patterns; each by the DFA the runtime
//! uses and, for comparison, by the `regex` crate (what the runtime used before). Also what
//! building the worst pattern costs, once, on first use.
//!
//! Run: `cargo bench -p fusion-runtime --bench pattern -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use fusion_runtime::__private::pattern::{COMPILED_SIZE_BUDGET, Compiled, compile, translate};

const MIB: usize = 1 << 20;

/// The largest `n` for which `.{n}Q` compiles within the budget.
fn largest_repetition() -> usize {
    let fits = |n: usize| compile(&translate(&format!(".{{{n}}}Q")).unwrap()).is_ok();
    let (mut low, mut high) = (1, 4096);
    assert!(fits(low) && !fits(high));
    while high - low > 1 {
        let middle = (low + high) / 2;
        if fits(middle) {
            low = middle
        } else {
            high = middle
        }
    }
    low
}

fn random_ab(len: usize) -> String {
    let mut seed = 7_u32;
    (0..len)
        .map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            if seed & 1 == 0 { 'a' } else { 'b' }
        })
        .collect()
}

fn translated(source: &str) -> (String, Compiled, regex::Regex) {
    let rust = translate(source).unwrap();
    let compiled = compile(&rust).unwrap_or_else(|e| panic!("{source}: {e:?}"));
    let regex = regex::Regex::new(&rust).unwrap();
    (rust, compiled, regex)
}

fn patterns(c: &mut Criterion) {
    let n = largest_repetition();
    let worst = format!(".{{{n}}}Q");
    let cases = [
        (worst.clone(), "é".repeat(MIB / 2)),
        ("a[ab]{13}Q".to_owned(), random_ab(MIB)),
        (r"^[a-zA-Z0-9_.-]{1,100}$".to_owned(), "a".repeat(MIB)),
        (r"^[^@\s]+@[^@\s]+\.[^@\s]+$".to_owned(), "a".repeat(MIB)),
        (r"^\d{4}-\d{2}-\d{2}$".to_owned(), "2".repeat(MIB)),
    ];
    let mut group = c.benchmark_group("pattern_1MiB");
    group.throughput(Throughput::Bytes(MIB as u64));
    for (source, text) in &cases {
        let (_, compiled, regex) = translated(source);
        eprintln!(
            "{source}: DFA {} bytes of the {COMPILED_SIZE_BUDGET} budget",
            compiled.memory_usage()
        );
        assert_eq!(compiled.is_match(text), regex.is_match(text), "{source}");
        group.bench_function(format!("dfa {source}"), |b| {
            b.iter(|| compiled.is_match(black_box(text)));
        });
        group.bench_function(format!("regex {source}"), |b| {
            b.iter(|| regex.is_match(black_box(text)));
        });
    }
    group.finish();

    let rust = translate(&worst).unwrap();
    let mut group = c.benchmark_group("pattern_build");
    group.sample_size(10);
    group.bench_function(format!("dfa {worst}"), |b| {
        b.iter(|| compile(black_box(&rust)).unwrap());
    });
    group.finish();
}

criterion_group!(benches, patterns);
criterion_main!(benches);
