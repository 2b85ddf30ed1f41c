#!/usr/bin/env python3
"""Adds a check to galias: one command writes everything a new check needs.

    scripts/add_check.py ID "Short description" [--cwe N] [--root DIR]

ID is the check's stable kebab-case id (the SARIF ruleId, the name in .galias.toml):
`use-after-free`. The script writes

    reports/checks/ID_check.{hpp,cpp}    the class, deriving from Check, reporting nothing yet
    reports/checks/check_registry.cpp    its include and its entry, in sorted order
    reports/CMakeLists.txt               its source file, in sorted order
    docs/checks/ID.md                    its page (the rule's help text), sections to fill in
    docs/CHECKS.md                       its row of the table of checks
    tests/checks/ID_test.cpp             a unit test over hand-built facts, and its CMake entry
    tests/checks/ID/{bad,fixed}.c        its end-to-end case (one CTest test, found by CMake)

(with `_` for `-` in file and class names) and prints what is left to write: the run()
method, the page's text, the tests' programs and their expectations. It refuses an id that
is not kebab-case or that exists, and leaves every file as it was when it refuses.
"""
import argparse
import os
import re
import sys


def fail(message):
    print(f"add_check: error: {message}", file=sys.stderr)
    sys.exit(2)


def camel(check_id):
    return "".join(part.capitalize() for part in check_id.split("-"))


def insert_sorted(lines, start, stop, new_line, key):
    """Inserts new_line among lines[start:stop] (sorted by key) at its place."""
    position = stop
    for i in range(start, stop):
        if key(lines[i]) > key(new_line):
            position = i
            break
    lines.insert(position, new_line)


def add_to_registry(text, check_id, snake, cls):
    lines = text.split("\n")
    includes = [i for i, line in enumerate(lines) if line.startswith('#include "reports/checks/') and
                line.endswith('_check.hpp"')]
    if not includes:
        fail("reports/checks/check_registry.cpp: no check includes found")
    insert_sorted(lines, includes[0], includes[-1] + 1, f'#include "reports/checks/{snake}_check.hpp"',
                  lambda line: line)
    entries = [i for i, line in enumerate(lines) if re.match(r'\s*\{"[a-z-]+", &make<\w+>\},', line)]
    if not entries:
        fail("reports/checks/check_registry.cpp: no registry entries found")
    insert_sorted(lines, entries[0], entries[-1] + 1, f'    {{"{check_id}", &make<{cls}>}},',
                  lambda line: re.search(r'"([a-z-]+)"', line).group(1))
    return "\n".join(lines)


def add_source(text, file_name, pattern):
    """Adds `file_name` to the sorted run of lines matching `pattern` (a CMake source list)."""
    lines = text.split("\n")
    run = [i for i, line in enumerate(lines) if re.fullmatch(pattern, line)]
    if not run:
        fail(f"no source list matching {pattern!r}")
    indent = re.match(r"\s*", lines[run[0]]).group(0)
    insert_sorted(lines, run[0], run[-1] + 1, indent + file_name, lambda line: line.strip())
    return "\n".join(lines)


def add_table_row(text, check_id, description):
    lines = text.split("\n")
    rows = [i for i, line in enumerate(lines) if line.startswith("| [`")]
    if not rows:
        fail("docs/CHECKS.md: no table of checks found")
    row = f"| [`{check_id}`](checks/{check_id}.md) | {description} | to be written |"
    insert_sorted(lines, rows[0], rows[-1] + 1, row, lambda line: re.search(r"\[`([a-z-]+)`\]", line).group(1))
    return "\n".join(lines)


def files_for(check_id, description, cwe):
    snake = check_id.replace("-", "_")
    cls = camel(check_id) + "Check"
    tags = '{"correctness"' + (f', "external/cwe/cwe-{cwe}"' if cwe else "") + "}"
    header = f'''#pragma once
// {check_id}: {description}.
//
// docs/checks/{check_id}.md says what it finds and at which level.

#include "reports/checks/check.hpp"

namespace galias::reports {{

class {cls} final : public Check {{
public:
    [[nodiscard]] const RuleInfo& info() const override;
    void run(const CheckContext& context, std::vector<Finding>& out) const override;
}};

}}  // namespace galias::reports
'''
    source = f'''#include "reports/checks/{snake}_check.hpp"

namespace galias::reports {{

const RuleInfo& {cls}::info() const {{
    static const RuleInfo kInfo{{
        "{check_id}",
        "{camel(check_id)}",
        "{description}",
        "{description}.",
        Level::Warning,
        "medium",
        {tags},
    }};
    return kInfo;
}}

void {cls}::run(const CheckContext& context, std::vector<Finding>& out) const {{
    // Each call site (in each calling context), spread over the threads; append findings
    // to `found`. reports/checks/memory_objects.hpp has what the memory checks share.
    for_each_call(
        context, [&](const facts::CallSite& call, std::vector<Finding>& found) {{ (void)call, (void)found; }},
        out);
}}

}}  // namespace galias::reports
'''
    doc = f'''# {check_id}

**What it finds.** {description}.

**Why it matters.** What goes wrong at run time, and the weakness it is
{f"(CWE-{cwe})" if cwe else "(its CWE, if it has one)"}.

**Level.** When it is an error, a warning and a note.

**Bad**

```c
/* tests/checks/{check_id}/bad.c */
```

**Good**

```c
/* tests/checks/{check_id}/fixed.c */
```

**Options.** Enable or disable it in `.galias.toml` (`[checks]`).
'''
    test = f'''#include <gtest/gtest.h>

#include "check_test_support.hpp"

namespace galias::reports {{
namespace {{

using namespace testing;

TEST({camel(check_id)}, ReportsNothingOnAProgramWithoutCalls) {{
    FactsBuilder b;
    b.node("main::p", NodeKind::Local, "main", 3);
    RelationAliasOracle oracle(b.facts, {{}}, {{}});
    EXPECT_TRUE(run_one("{check_id}", b.facts, oracle).empty());
}}

}}  // namespace
}}  // namespace galias::reports
'''
    bad = f'''/* {check_id}: what the check finds; mark each flagged line `expect: {check_id} LEVEL`. */
int main(void) {{
    return 0;
}}
'''
    fixed = f'''/* {check_id}: the twins of bad.c, which must give no finding. */
int main(void) {{
    return 0;
}}
'''
    return snake, cls, {
        f"reports/checks/{snake}_check.hpp": header,
        f"reports/checks/{snake}_check.cpp": source,
        f"docs/checks/{check_id}.md": doc,
        f"tests/checks/{snake}_test.cpp": test,
        f"tests/checks/{check_id}/bad.c": bad,
        f"tests/checks/{check_id}/fixed.c": fixed,
    }


def main():
    parser = argparse.ArgumentParser(description="Adds a check to galias (see the module text).")
    parser.add_argument("id", help="kebab-case id, e.g. use-after-free")
    parser.add_argument("description", help="one line: what it finds")
    parser.add_argument("--cwe", type=int, help="the CWE number it finds")
    parser.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."),
                        help="the repository (default: this script's)")
    args = parser.parse_args()
    if not re.fullmatch(r"[a-z]+(-[a-z]+)*", args.id):
        fail(f"'{args.id}' is not a kebab-case id (lower-case words joined by '-')")
    if not args.description.strip() or "\n" in args.description or '"' in args.description:
        fail("the description is one line without double quotes")
    root = os.path.abspath(args.root)
    snake, cls, new_files = files_for(args.id, args.description.strip().rstrip("."), args.cwe)
    for path in new_files:
        if os.path.exists(os.path.join(root, path)):
            fail(f"{path} exists: is '{args.id}' a check already?")

    edits = {}
    def edit(path, change):
        full = os.path.join(root, path)
        try:
            with open(full) as f:
                edits[full] = change(f.read())
        except OSError as e:
            fail(f"{path}: {e.strerror}")
    edit("reports/checks/check_registry.cpp", lambda t: add_to_registry(t, args.id, snake, cls))
    edit("reports/CMakeLists.txt",
         lambda t: add_source(t, f"checks/{snake}_check.cpp", r"\s+checks/\w+\.cpp"))
    edit("tests/checks/CMakeLists.txt", lambda t: add_source(t, f"{snake}_test.cpp", r"\s+\w+_test\.cpp"))
    edit("docs/CHECKS.md", lambda t: add_table_row(t, args.id, args.description.strip().rstrip(".")))

    # Everything is computed: now write, new files first.
    for path, text in new_files.items():
        full = os.path.join(root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as f:
            f.write(text)
    for full, text in edits.items():
        with open(full, "w") as f:
            f.write(text)
    print(f"added {args.id} ({cls}):")
    for path in list(new_files) + ["reports/checks/check_registry.cpp", "reports/CMakeLists.txt",
                                   "tests/checks/CMakeLists.txt", "docs/CHECKS.md"]:
        print(f"  {path}")
    print("left to write: run() in reports/checks/" + snake + "_check.cpp, the page docs/checks/" + args.id +
          ".md and its row in docs/CHECKS.md, the unit test, and the programs of tests/checks/" + args.id +
          "/ with their `expect:` tags (then tests/checks/run_e2e.py --update writes their golden files)")


if __name__ == "__main__":
    main()
