//! The crate README's table of the 24-puzzle runs is the results file's, set beside the
//! published figures: a row recorded in `results/korf-felner-24.tsv` shows in the table
//! as it is. `BLESS=1 cargo test -p gridsolve-fifteen --test it results` writes the
//! table into the README.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::Path;

/// Where the table sits in the README.
const BEGIN: &str = "<!-- korf-felner-24 results: written by the test tests/it/results.rs -->\n";
const END: &str = "<!-- end of the korf-felner-24 results -->\n";

/// The rows of a tab-separated file with a header, each by its columns' names.
fn rows(path: &Path) -> Vec<HashMap<String, String>> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
    lines
        .filter(|l| !l.is_empty())
        .map(|l| {
            let fields: Vec<&str> = l.split('\t').collect();
            assert_eq!(fields.len(), header.len(), "{l:?} in {}", path.display());
            header
                .iter()
                .map(|h| h.to_string())
                .zip(fields.iter().map(|f| f.to_string()))
                .collect()
        })
        .collect()
}

/// `n` with a comma every three digits.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The table of the instances run so far, in the corpus order, and their totals.
fn table(results: &Path) -> String {
    let ours = rows(&results.join("korf-felner-24.tsv"));
    let published = rows(&results.join("published-24.tsv"));
    let number = |r: &HashMap<String, String>, k: &str| -> u64 { r[k].parse().unwrap() };
    let by_instance: HashMap<u64, &HashMap<String, String>> = published
        .iter()
        .map(|r| (number(r, "instance"), r))
        .collect();
    let mut done: Vec<&HashMap<String, String>> = ours.iter().collect();
    done.sort_by_key(|r| number(r, "instance"));
    let mut text = String::from(
        "| instance | moves | expanded | Clausecker and Reinefeld (small-t ZPDB) | ratio | Korf and Felner (2002) | seconds | commit |\n|---|---|---|---|---|---|---|---|\n",
    );
    let (mut sum, mut theirs, mut korf, mut below) = (0u64, 0u64, 0u64, 0usize);
    for r in &done {
        let i = number(r, "instance");
        let p = by_instance[&i];
        assert_eq!(r["moves"], p["moves"], "instance {i}: the published moves");
        let (e, c, k) = (
            number(r, "expanded"),
            number(p, "small_t_zpdb"),
            number(p, "korf_felner_2002"),
        );
        (sum, theirs, korf) = (sum + e, theirs + c, korf + k);
        below += usize::from(e < c);
        writeln!(
            text,
            "| {i} | {} | {} | {} | {:.2} | {} | {} | `{}` |",
            r["moves"],
            grouped(e),
            grouped(c),
            e as f64 / c as f64,
            grouped(k),
            r["seconds"],
            &r["commit"][..7.min(r["commit"].len())],
        )
        .unwrap();
    }
    let all: u64 = published.iter().map(|r| number(r, "small_t_zpdb")).sum();
    writeln!(
        text,
        "| **{} of 50** | | **{}** | **{}** | **{:.2}** | {} | | |\n\n{below} of the {} below Clausecker and Reinefeld's count; their total over all 50 is {}.",
        done.len(),
        grouped(sum),
        grouped(theirs),
        if theirs == 0 { 0.0 } else { sum as f64 / theirs as f64 },
        grouped(korf),
        done.len(),
        grouped(all),
    )
    .unwrap();
    text
}

#[test]
fn the_readme_shows_the_24_puzzle_results_as_recorded() {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let expected = table(&crate_dir.join("results"));
    let readme_path = crate_dir.join("README.md");
    let readme = std::fs::read_to_string(&readme_path).unwrap();
    let start = readme
        .find(BEGIN)
        .expect("the README has the table's place")
        + BEGIN.len();
    let end = readme[start..].find(END).expect("and its end") + start;
    if std::env::var_os("BLESS").is_some() {
        let written = format!("{}{expected}{}", &readme[..start], &readme[end..]);
        std::fs::write(&readme_path, written).unwrap();
        return;
    }
    assert_eq!(
        &readme[start..end],
        expected,
        "the README's table is not the results file's: BLESS=1 writes it"
    );
}

#[test]
fn numbers_are_grouped_by_thousands() {
    assert_eq!(grouped(0), "0");
    assert_eq!(grouped(999), "999");
    assert_eq!(grouped(1000), "1,000");
    assert_eq!(grouped(1_180_783_277_381), "1,180,783,277,381");
}
