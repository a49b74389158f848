#!/usr/bin/env python3
"""Which of a crate's mutants, as cargo-mutants lists them now, the record covers.

    python3 tools/mutants-coverage.py CRATE [--missing FILE] [--outcomes FILE]

The record (tools/mutants-results.tsv and tools/mutants-results/CRATE.SHARD.txt) was
made shard by shard, at several commits; between them the crate's code moved, so the
slices of the list moved too, and a mutant's name (FILE:LINE:COLUMN: WHAT in FUNCTION)
names the line where the mutated code stood then. This script lists what each recorded
run mutated, at its own commit (`cargo mutants --list` on that commit's tree, with that
commit's settings and exclusions, for a `k-of-n` shard; the names in the run's file for
a seam or a rerun), carries each name over to today's tree through the lines that did not
change since (difflib's matching blocks of the file then and now: a name is carried only
where its line is the same text), and matches them with today's list.

It prints how today's list stands (a mutant's outcome is that of the last run that
covered it; a shard's file names only its missed and timed-out mutants, so the rest of a
shard is "caught or unviable"; a crate's figure is the record's counts, shard by shard),
and the mutants no run covered: those are to be run
by name (`-F`, `--baseline skip --timeout` of a recorded baseline), whose run is then
recorded as a `seam-...` or `rerun-...` line. `--missing FILE` writes them one a line;
`--outcomes FILE` writes each covered one's outcome, run and name, a line each
(tab-separated), to pick the ones to run again (the misses answered since, say).
"""
import csv
import difflib
import glob
import io
import os
import re
import subprocess
import sys
import tarfile
import tempfile

NAME = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+):(?P<rest>.*)$")


def git(*args, root):
    return subprocess.run(["git", *args], cwd=root, check=True, capture_output=True,
                          text=True).stdout


def package_of(tree, crate):
    on = False
    for line in open(os.path.join(tree, "crates", crate, "Cargo.toml")):
        if line.startswith("["):
            on = line.strip() == "[package]"
        elif on and re.match(r"^name *=", line):
            return line.split('"')[1]
    raise SystemExit(f"no package name in crates/{crate}/Cargo.toml")


def listing(tree, crate, shard=None):
    """cargo-mutants' list of the crate's mutants in TREE (one shard of it, `k/n`),
    with the settings and exclusions tools/mutants.sh gives it there."""
    config = os.path.join(tree, "target", "coverage-mutants.toml")
    os.makedirs(os.path.dirname(config), exist_ok=True)
    with open(config, "w") as out:
        out.write(open(os.path.join(tree, ".cargo", "mutants.toml")).read())
        own = os.path.join(tree, "crates", crate, "mutants.toml")
        if os.path.exists(own):
            out.write(open(own).read())
    command = ["cargo", "mutants", "--list", "-p", package_of(tree, crate),
               "-f", f"crates/{crate}/src/**/*.rs", "--config", config]
    if shard:
        command += ["--shard", shard]
    done = subprocess.run(command, cwd=tree, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"cargo mutants --list in {tree}: {done.stderr}")
    return [line for line in done.stdout.splitlines() if line.strip()]


def tree_at(root, commit, into):
    data = subprocess.run(["git", "archive", commit], cwd=root, check=True,
                          capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(data)) as archive:
        archive.extractall(into, filter="data")


class Carrier:
    """Carries a name at COMMIT over to HEAD's lines (None: its line changed)."""

    def __init__(self, root, commit):
        self.root, self.commit, self.maps = root, commit, {}

    def line_map(self, path):
        if path not in self.maps:
            try:
                then = git("show", f"{self.commit}:{path}", root=self.root).splitlines()
            except subprocess.CalledProcessError:
                then = []
            now_path = os.path.join(self.root, path)
            now = open(now_path).read().splitlines() if os.path.exists(now_path) else []
            table = {}
            matcher = difflib.SequenceMatcher(None, then, now, autojunk=False)
            for block in matcher.get_matching_blocks():
                for k in range(block.size):
                    table[block.a + k + 1] = block.b + k + 1
            self.maps[path] = table
        return self.maps[path]

    def carry(self, name):
        found = NAME.match(name)
        if not found:
            return name
        line = self.line_map(found["file"]).get(int(found["line"]))
        return None if line is None else f"{found['file']}:{line}:{found['rest']}"


def sections(path):
    """The names under each `## HEADING (N)` of a record's file."""
    out, heading = {}, None
    if not os.path.exists(path):
        return out
    for line in open(path):
        line = line.rstrip("\n")
        if line.startswith("## "):
            heading = re.sub(r" \(\d+\)$", "", line[3:])
            out.setdefault(heading, [])
        elif heading and line and not line.startswith("#"):
            # (A judged loop's line ends in a tab and a comment.)
            out[heading].append(line.split("\t")[0])
    return out


def main():
    args = sys.argv[1:]
    missing_out = outcomes_out = None
    if "--missing" in args:
        at = args.index("--missing")
        missing_out = args[at + 1]
        del args[at:at + 2]
    if "--outcomes" in args:
        at = args.index("--outcomes")
        outcomes_out = args[at + 1]
        del args[at:at + 2]
    if len(args) != 1:
        raise SystemExit(__doc__)
    crate = args[0]
    root = git("rev-parse", "--show-toplevel", root=".").strip()
    loops = set()
    for path in glob.glob(os.path.join(root, "crates", crate, "mutants-loops.txt")):
        for line in open(path):
            if line.strip() and not line.startswith("#"):
                loops.add(line.split("\t")[0])
    today = listing(root, crate)
    outcome = {}  # today's name -> (run, outcome)
    rows = [row for row in csv.DictReader(open(os.path.join(root, "tools",
                                                            "mutants-results.tsv")),
                                          delimiter="\t") if row["crate"] == crate]
    rows.sort(key=lambda row: row["date"])
    with tempfile.TemporaryDirectory(prefix="mutants-coverage-") as scratch:
        for row in rows:
            commit, shard = row["commit"], row["shard"]
            record = sections(os.path.join(root, "tools", "mutants-results",
                                           f"{crate}.{shard}.txt"))
            kinds = {}
            for heading, names in record.items():
                kind = ("missed" if heading.startswith("missed") else
                        "timeout" if heading.startswith("timeout") else
                        "test-timeout" if heading.startswith("caught by a test's timeout")
                        else "unviable" if heading.startswith("unviable") else "caught")
                for name in names:
                    kinds[name] = kind
            shape = re.fullmatch(r"(\d+)-of-(\d+)", shard)
            if shape:
                tree = os.path.join(scratch, commit)
                if not os.path.exists(tree):
                    os.makedirs(tree)
                    tree_at(root, commit, tree)
                ran = listing(tree, crate, f"{shape[1]}/{shape[2]}")
            elif shard == "all":
                tree = os.path.join(scratch, commit)
                if not os.path.exists(tree):
                    os.makedirs(tree)
                    tree_at(root, commit, tree)
                ran = listing(tree, crate)
            else:
                ran = list(kinds)
            carrier = Carrier(root, commit)
            for name in ran:
                now = carrier.carry(name)
                if now is not None:
                    outcome[now] = (f"{shard}@{commit[:7]}", kinds.get(name, "caught or unviable"))
    counts, missing, lines = {}, [], []
    for name in today:
        if name not in outcome:
            missing.append(name)
            continue
        kind = outcome[name][1]
        if kind in ("timeout", "test-timeout"):
            kind = "caught (judged loop)" if name in loops else kind + " (not judged a loop)"
        counts[kind] = counts.get(kind, 0) + 1
        lines.append(f"{kind}\t{outcome[name][0]}\t{name}\n")
    print(f"{crate}: {len(today)} mutants listed today; {len(today) - len(missing)} covered "
          f"by the record, {len(missing)} not")
    for kind, n in sorted(counts.items()):
        print(f"  {kind}: {n}")
    for name in missing:
        print(f"  not covered: {name}")
    if outcomes_out:
        with open(outcomes_out, "w") as out:
            out.writelines(lines)
    if missing_out:
        with open(missing_out, "w") as out:
            out.writelines(name + "\n" for name in missing)


if __name__ == "__main__":
    main()
