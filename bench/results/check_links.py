#!/usr/bin/env python3
"""Check that the links between the repository's Markdown files resolve.

    bench/results/check_links.py [FILE.md...]     (default: README.md and docs/**/*.md)

For every Markdown link `[text](target)` whose target is not a URL, the file it names
(relative to the linking file) must exist, and a `#fragment` must be the anchor of a
heading in it (GitHub's rule: lower case, punctuation dropped, spaces to hyphens). Also
checked: plain mentions of repository files (`docs/NAME.md`, `bench/engine.sh`, ...) name
files that exist, and a
section named after one in quotes (`docs/ENGINE.md, "Plan"`) is the start of one of its
headings or of a paragraph's bold title. Prints one
line per broken link and exits 1 if there is any.
"""
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
MENTION = re.compile(r"(?<![\w/.~])((?:docs|bench|gpu_engine|frontend|tools|tests|scripts|analyses|facts|reports|examples)"
                     r"/[\w./-]+\.(?:md|sh|py|cpp|cu|hpp|cuh|dl|tsv|csv|toml))\b")
SECTION = re.compile(r"(?<![\w/.])((?:docs/)?[A-Z][\w-]*\.md),?\s+(?:\(|under\s+)?\"([^\"]+)\"")


def anchors(path):
    found, fenced = set(), False
    with open(path) as f:
        for line in f:
            if line.startswith("```"):
                fenced = not fenced
            if fenced or not line.startswith("#"):
                continue
            title = line.lstrip("#").strip()
            slug = re.sub(r"[^\w\- ]", "", title.lower()).replace(" ", "-")
            base, n = slug, 1
            while slug in found:
                slug, n = f"{base}-{n}", n + 1
            found.add(slug)
    return found


def heading_titles(path):
    fenced, titles = False, []
    with open(path) as f:
        for line in f:
            if line.startswith("```"):
                fenced = not fenced
            elif not fenced and line.startswith("#"):
                titles.append(line.lstrip("#").strip())
            elif not fenced:
                bold = re.match(r"\s*(?:[*-]\s+)?\*\*([^*]+)\*\*", line)  # a paragraph's bold title
                if bold:
                    titles.append(bold.group(1).strip())
    return titles


def main(files):
    files = files or [os.path.join(ROOT, "README.md")] + sorted(
        glob.glob(os.path.join(ROOT, "docs", "**", "*.md"), recursive=True))
    broken = 0
    for path in files:
        text = open(path).read()
        text_outside_code = re.sub(r"`[^`\n]*`", "", re.sub(r"```.*?```", "", text, flags=re.S))
        for target in LINK.findall(text_outside_code):
            if re.match(r"[a-z]+:", target):
                continue
            name, _, fragment = target.partition("#")
            dest = os.path.normpath(os.path.join(os.path.dirname(path), name)) if name else path
            where = os.path.relpath(path, ROOT)
            if not os.path.exists(dest):
                print(f"{where}: link to missing {target}")
                broken += 1
            elif fragment and dest.endswith(".md") and fragment not in anchors(dest):
                print(f"{where}: no heading for #{fragment} in {os.path.relpath(dest, ROOT)}")
                broken += 1
        for name, section in SECTION.findall(text):
            dest = os.path.join(ROOT, name if name.startswith("docs/") else os.path.join("docs", name))
            if name == "README.md":
                dest = os.path.join(ROOT, name)
            if not os.path.exists(dest):
                continue  # reported below as a missing mention, or not a file of this repository
            titles = [t for t in heading_titles(dest)]
            plain = " ".join(section.split()).strip("`").lower()
            if not any(t.lower().lstrip("#").strip().replace("`", "").startswith(plain.replace("`", "")) for t in titles):
                print(f"{os.path.relpath(path, ROOT)}: no section \"{section}\" in {name}")
                broken += 1
        for mention in MENTION.findall(text):
            if not os.path.exists(os.path.join(ROOT, mention)):
                print(f"{os.path.relpath(path, ROOT)}: mentions missing {mention}")
                broken += 1
    print(f"{len(files)} files, {broken} broken links", file=sys.stderr)
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
