#!/usr/bin/env python3
"""README's transcripts, run (issue #32, 6: docs that cannot go stale).

    check_readme.py --source SRC --path DIR [--path DIR ...] DOC.md [DOC.md ...]
    check_readme.py --self-test --source SRC --path DIR ... DOC.md

Every fenced block of a document whose lines start with "$ " is a transcript:
each "$ COMMAND" line is run by bash (pipefail), with the lines below it up to
the next "$ " line as what it prints (standard output and standard error
together, trailing blank lines dropped). The commands run in order, from a
scratch copy of the source tree (SRC without build trees and .git), in its
root, with each --path directory (the build's bin/) first on PATH,
QT_QPA_PLATFORM=offscreen and LC_ALL=C.UTF-8, and a command's files stay there
for the commands after it. What the command prints must match, cram-style:

  - a line that is "..." alone (indented or not) stands for any number of
    lines, none included;
  - "..." within a line stands for any text on that line (a timing, a size,
    a version: never compare what varies from run to run).

An HTML comment on the line before a block's opening fence steers it:

  <!-- readme-test: skip: REASON -->   the block is not run, for REASON (it
                                       installs, needs a cluster, a GUI, takes
                                       minutes, or times something)
  <!-- readme-test: exit=2,0 -->       the exit status of each command in
                                       turn (default: 0 for each)
  <!-- readme-test: cwd=docs -->       run the block's commands in this folder
                                       of the copy

A shell block (```sh, ```console, ```bash) that is no transcript must say
"skip" with its reason: no command shown goes unchecked in silence.

The pictures: every docs/images/* a document links must be one that
`tools/pictures.sh --list` says it makes, and every file in docs/images one
a document links (no picture made from nothing, none left stale).

--self-test proves the check can fail: one expected line of the first
transcript changed, a picture link nobody makes, a shell block without a
marker, and a wrong exit status must each be reported.
"""

import argparse
import io
import os
import re
import shutil
import subprocess
import sys
import tempfile

SHELL_LANGS = {"sh", "shell", "bash", "console"}
MARKER = re.compile(r"<!--\s*readme-test:\s*(.*?)\s*-->")
IMAGE = re.compile(r"\]\((docs/images/[^)\s]+)\)|\]\((images/[^)\s]+)\)")


class Block:
    def __init__(self, doc, line, lang, lines, marker):
        self.doc = doc
        self.line = line  # 1-based line of the opening fence
        self.lang = lang
        self.lines = lines
        self.marker = marker  # the readme-test comment's text, or None

    def where(self):
        return f"{self.doc}:{self.line}"


def blocks_of(doc, text):
    """The fenced blocks of a Markdown text, with the marker above each."""
    out = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        m = re.match(r"^(\s*)(```+)\s*([\w+-]*)", lines[i])
        if not m:
            i += 1
            continue
        indent, fence, lang = m.group(1), m.group(2), m.group(3)
        marker = None
        j = i - 1
        while j >= 0 and lines[j].strip() == "":
            j -= 1
        if j >= 0:
            mm = MARKER.search(lines[j])
            if mm:
                marker = mm.group(1)
        body = []
        k = i + 1
        while k < len(lines) and not lines[k].strip().startswith(fence):
            line = lines[k]
            body.append(line[len(indent):] if line.startswith(indent) else line)
            k += 1
        out.append(Block(doc, i + 1, lang.lower(), body, marker))
        i = k + 1
    return out


def parse_marker(block):
    """skip reason (or None), exit codes (or None), cwd (or None)."""
    if block.marker is None:
        return None, None, None
    text = block.marker
    if text.startswith("skip"):
        reason = text[4:].lstrip(":").strip()
        if not reason:
            raise ValueError(f"{block.where()}: 'skip' needs a reason (<!-- readme-test: skip: REASON -->)")
        return reason, None, None
    exits, cwd = None, None
    for word in text.split():
        key, _, value = word.partition("=")
        if key == "exit":
            exits = [int(v) for v in value.split(",")]
        elif key == "cwd":
            cwd = value
        else:
            raise ValueError(f"{block.where()}: unknown readme-test option '{word}'")
    return None, exits, cwd


def transcript(block):
    """[(line number, command, [expected lines])] of a block, or []."""
    steps = []
    for n, line in enumerate(block.lines):
        if line.startswith("$ "):
            steps.append((block.line + 1 + n, line[2:], []))
        elif steps:
            steps[-1][2].append(line.rstrip())
    for _, _, expected in steps:
        while expected and expected[-1] == "":
            expected.pop()
    return steps


def line_pattern(expected):
    parts = expected.split("...")
    return re.compile("^" + ".*?".join(re.escape(p) for p in parts) + "$")


def matches(expected, actual):
    """Whether actual lines match expected lines ("..." rules above)."""
    memo = {}

    def go(i, j):
        key = (i, j)
        if key in memo:
            return memo[key]
        if i == len(expected):
            result = j == len(actual)
        elif expected[i].strip() == "...":
            result = any(go(i + 1, k) for k in range(j, len(actual) + 1))
        else:
            result = j < len(actual) and line_pattern(expected[i]).match(actual[j]) is not None and go(i + 1, j + 1)
        memo[key] = result
        return result

    return go(0, 0)


def first_difference(expected, actual):
    """A short description of where the outputs part, for the message."""
    for n, line in enumerate(expected):
        if line.strip() == "...":
            return "(after a '...' line)"
        if n >= len(actual):
            return f"expected line {n + 1}: {line!r}, got nothing more"
        if not line_pattern(line).match(actual[n]):
            return f"expected line {n + 1}: {line!r}\n          got: {actual[n]!r}"
    return f"{len(actual) - len(expected)} line(s) more than expected, from: {actual[len(expected)]!r}"


def scratch_copy(source, into):
    def ignore(folder, names):
        if os.path.abspath(folder) == os.path.abspath(source):
            return [n for n in names if n == ".git" or n.startswith("build") or n == "out"]
        return []

    shutil.copytree(source, into, ignore=ignore, symlinks=True)


def env_for(paths, home):
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([os.path.abspath(p) for p in paths] + [env.get("PATH", "/usr/bin:/bin")])
    env["QT_QPA_PLATFORM"] = "offscreen"
    env["LC_ALL"] = "C.UTF-8"
    env["HOME"] = home
    env["XDG_CONFIG_HOME"] = os.path.join(home, ".config")
    env["XDG_DATA_HOME"] = os.path.join(home, ".local/share")
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    return env


def check_blocks(docs, root, env, out):
    """Runs every transcript; returns the number of failures."""
    failures = 0
    ran = 0
    skipped = 0
    for doc, blocks in docs:
        for block in blocks:
            steps = transcript(block)
            is_shell = block.lang in SHELL_LANGS
            if not steps and not is_shell:
                continue
            try:
                skip, exits, cwd = parse_marker(block)
            except ValueError as e:
                print(f"FAIL {e}", file=out)
                failures += 1
                continue
            if skip is not None:
                skipped += 1
                print(f"skip {block.where()}: {skip}", file=out)
                continue
            if not steps:
                print(f"FAIL {block.where()}: a shell block that is no transcript ('$ ' lines) and has no "
                      f"'<!-- readme-test: skip: REASON -->' above it", file=out)
                failures += 1
                continue
            if exits is not None and len(exits) != len(steps):
                print(f"FAIL {block.where()}: exit= lists {len(exits)} status(es) for {len(steps)} command(s)",
                      file=out)
                failures += 1
                continue
            folder = os.path.join(root, cwd) if cwd else root
            for n, (line, command, expected) in enumerate(steps):
                want = exits[n] if exits else 0
                try:
                    run = subprocess.run(["bash", "-o", "pipefail", "-c", command], cwd=folder, env=env,
                                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=60)
                    text = run.stdout.decode("utf-8", "replace")
                    status = run.returncode
                except subprocess.TimeoutExpired:
                    text, status = "(timed out after 60 s)", None
                ran += 1
                actual = [l.rstrip() for l in text.split("\n")]
                while actual and actual[-1] == "":
                    actual.pop()
                where = f"{doc}:{line}: $ {command}"
                if status != want:
                    print(f"FAIL {where}\n     exit status {status}, the document says {want}\n"
                          + "".join(f"     | {l}\n" for l in actual[:20]), file=out)
                    failures += 1
                elif not matches(expected, actual):
                    print(f"FAIL {where}\n     the output differs: {first_difference(expected, actual)}\n"
                          f"     printed:\n" + "".join(f"     | {l}\n" for l in actual[:40]), file=out)
                    failures += 1
                else:
                    print(f"ok   {where}", file=out)
    print(f"{ran} command(s) run, {skipped} block(s) skipped by their marker", file=out)
    return failures


def check_pictures(docs, source, out):
    """Every picture linked is made by tools/pictures.sh; every picture kept is linked."""
    listing = subprocess.run([os.path.join(source, "tools", "pictures.sh"), "--list"], cwd=source,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if listing.returncode != 0:
        print(f"FAIL tools/pictures.sh --list: exit {listing.returncode}: {listing.stderr.strip()}", file=out)
        return 1
    made = set(listing.stdout.split())
    failures = 0
    linked = set()
    for doc, text in docs:
        base = os.path.dirname(doc)
        for n, line in enumerate(text.split("\n")):
            for m in IMAGE.finditer(line):
                rel = m.group(1) or m.group(2)
                path = os.path.normpath(os.path.join(base, rel))
                linked.add(path)
                if path not in made:
                    print(f"FAIL {doc}:{n + 1}: links {path}, which tools/pictures.sh does not make", file=out)
                    failures += 1
                elif not os.path.isfile(os.path.join(source, path)):
                    print(f"FAIL {doc}:{n + 1}: links {path}, which is not in the tree (tools/dev.sh pictures)",
                          file=out)
                    failures += 1
    images = os.path.join(source, "docs", "images")
    kept = {os.path.join("docs", "images", f) for f in os.listdir(images)} if os.path.isdir(images) else set()
    for path in sorted(kept - linked):
        print(f"FAIL {path} is linked by no document: remove it (or link it)", file=out)
        failures += 1
    for path in sorted(made - linked):
        print(f"FAIL tools/pictures.sh makes {path}, which no document links", file=out)
        failures += 1
    print(f"{len(linked)} picture(s) linked, each made by tools/pictures.sh", file=out)
    return failures


def check(doc_paths, texts, source, paths, out):
    with tempfile.TemporaryDirectory(prefix="readme-test.") as work:
        root = os.path.join(work, "tree")
        scratch_copy(source, root)
        home = os.path.join(work, "home")
        os.makedirs(home)
        env = env_for(paths, home)
        docs = [(d, blocks_of(d, t)) for d, t in zip(doc_paths, texts)]
        failures = check_blocks(docs, root, env, out)
    failures += check_pictures(list(zip(doc_paths, texts)), source, out)
    return failures


def self_test(doc_paths, texts, source, paths):
    """Each planted fault must be reported; returns the number not caught."""
    doc, text = doc_paths[0], texts[0]
    lines = text.split("\n")
    blocks = blocks_of(doc, text)
    first = next(b for b in blocks if transcript(b) and parse_marker(b)[0] is None)
    line, command, expected = transcript(first)[0]
    target = next(i for i, l in enumerate(expected) if l.strip() != "..." and "..." not in l)
    at = line + 1 + target  # 1-based line of that expected line in the document
    faults = []
    changed = list(lines)
    changed[at - 1] = changed[at - 1] + " (changed)"
    faults.append(("an expected line changed", "\n".join(changed),
                   f"FAIL {doc}:{line}: $ {command}\n     the output differs"))
    picture = text.replace("## ", "![Nobody makes this](docs/images/nobody-makes-this.png)\n\n## ", 1)
    faults.append(("a picture link nobody makes", picture, "docs/images/nobody-makes-this.png, which tools/pictures.sh"))
    unmarked = text.replace("## ", "```sh\nrm -rf /nothing-to-see\n```\n\n## ", 1)
    faults.append(("a shell block without a marker", unmarked, "has no '<!-- readme-test: skip"))
    fence = first.line - 1
    wrong_exit = list(lines)
    wrong_exit.insert(fence, "<!-- readme-test: exit=" + ",".join(["7"] * len(transcript(first))) + " -->")
    faults.append(("a wrong exit status", "\n".join(wrong_exit), f"FAIL {doc}:{line + 1}: $ {command}\n     exit status"))

    missed = 0
    # The control: the document as it is passes, so each failure below is its fault's.
    report = io.StringIO()
    if check([doc], [only_first_transcript(text, first.line)], source, paths, report):
        print("FAIL self-test: the document fails without a fault planted:\n" + report.getvalue())
        return 1
    print("ok   self-test: the document as it is passes")
    for name, faulty, needle in faults:
        report = io.StringIO()
        # Only the block concerned is run: one document, blocks outside it skipped by construction.
        failures = check([doc], [only_first_transcript(faulty, first.line)], source, paths, report)
        caught = failures > 0 and needle in report.getvalue() and "FAIL" in report.getvalue()
        print(f"{'ok  ' if caught else 'FAIL'} self-test: {name} is {'reported' if caught else 'NOT reported'}")
        if not caught:
            print(report.getvalue())
            missed += 1
    return missed


def only_first_transcript(text, fence_line):
    """The text with every transcript but the one at fence_line (give or take
    the line a fault inserted) marked skip, so the self-test runs one command
    or two only."""
    lines = text.split("\n")
    skip = "<!-- readme-test: skip: self-test -->"
    for b in sorted(blocks_of("x", text), key=lambda b: -b.line):
        if not transcript(b) or abs(b.line - fence_line) <= 2:
            continue
        j = b.line - 2
        while j >= 0 and lines[j].strip() == "":
            j -= 1
        if j >= 0 and MARKER.search(lines[j]):
            lines[j] = skip
        else:
            lines.insert(b.line - 1, skip)
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--source", required=True, help="the source tree (README.md's folder)")
    parser.add_argument("--path", action="append", default=[], help="a folder put first on PATH (repeatable)")
    parser.add_argument("--self-test", action="store_true", help="check that planted faults are reported")
    parser.add_argument("docs", nargs="+", help="documents, relative to --source")
    args = parser.parse_args()
    source = os.path.abspath(args.source)
    texts = []
    for d in args.docs:
        with open(os.path.join(source, d), encoding="utf-8") as f:
            texts.append(f.read())
    if args.self_test:
        return 1 if self_test(args.docs, texts, source, args.path) else 0
    failures = check(args.docs, texts, source, args.path, sys.stdout)
    if failures:
        print(f"readme: {failures} failure(s): run the command, paste what it prints (or mark what varies with '...')")
        return 1
    print("readme: every transcript prints what the documents say")
    return 0


if __name__ == "__main__":
    sys.exit(main())
