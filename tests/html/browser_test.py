#!/usr/bin/env python3
"""The HTML report in a real browser: galias writes reports, headless Chromium opens them,
and the test reads the DOM as it is after the pages' scripts ran (--dump-dom).

usage: browser_test.py GALIAS [--graphs ON|OFF] [--check-case DIR] [--screenshots DIR]
       (run from the repository root)

1. A SARIF log written here (five findings: errors, a warning, notes; a code flow of one
   chain, one of two chains meeting at the finding; `<script>` and `<img onerror>` in
   messages, a rule id, the tool's name and a file name) -> `galias report --html`:
   - the index opens on errors and warnings, says how many notes it hides, lists every
     finding with #level=all and the notes alone with #level=note;
   - its filters work when used as a user would (filter_harness.html drives the page in a
     frame: level boxes, rule and file lists, text, sorting, reset, "show notes");
   - a finding's page draws its code flow as an SVG with one node per step, numbered as
     the listed steps, plus the meeting point where the flow does not end in it; each
     node links to its step; each step shows its source line highlighted;
   - nothing of the log became markup: no element or script the log carried is there.
   With --graphs OFF (galias built without Graphviz) the pages must say why they have no
   graph instead.
2. --check-case DIR: `galias check --html` and `galias analyze --html` on DIR/bad.c; the
   index lists exactly the findings of DIR/bad.expected.
3. --screenshots DIR: index.png and finding.png of the report of 2 (else of 1), for the
   documentation (docs/images/).

Exits 77 (CTest's SKIP_RETURN_CODE) when no Chromium is installed (Debian: apt-get install
chromium; or name one in $GALIAS_CHROMIUM).
"""
import argparse
import html.parser
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse

SKIP = 77
HERE = os.path.dirname(os.path.abspath(__file__))
FAILURES = []


def check(name, condition, detail=""):
    print(("ok   " if condition else "FAIL ") + name, flush=True)
    if not condition:
        FAILURES.append(name)
        if detail:
            print("     " + str(detail).replace("\n", "\n     "), flush=True)
    return condition


# --- the browser ----------------------------------------------------------------------

def find_chromium():
    named = os.environ.get("GALIAS_CHROMIUM")
    if named:
        return shutil.which(named) or (named if os.access(named, os.X_OK) else None)
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            return path
    return None


class Browser:
    def __init__(self, binary, profile):
        self.binary = binary
        self.profile = profile

    def run(self, *args, url):
        # No sandbox (CI runs as root), no GPU, no /dev/shm (a container's is small).
        command = [self.binary, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                   "--no-first-run", "--allow-file-access-from-files", "--hide-scrollbars",
                   f"--user-data-dir={self.profile}", *args, url]
        for attempt in range(2):
            try:
                p = subprocess.run(command, capture_output=True, text=True, timeout=180)
            except subprocess.TimeoutExpired:
                p = None
            if p is not None and p.returncode == 0:
                return p.stdout
        raise RuntimeError(f"chromium failed on {url}: " + (p.stderr[-2000:] if p else "timed out"))

    def dom(self, path, fragment=""):
        """The page's DOM after its scripts ran."""
        return self.run("--virtual-time-budget=10000", "--dump-dom", url=file_url(path) + fragment)

    def screenshot(self, path, out, width, height, fragment=""):
        self.run(f"--screenshot={out}", f"--window-size={width},{height}", url=file_url(path) + fragment)


def file_url(path):
    return "file://" + urllib.parse.quote(os.path.abspath(path))


# --- a small DOM ----------------------------------------------------------------------

class Node:
    def __init__(self, tag, attrs, parent):
        self.tag, self.attrs, self.parent, self.children = tag, dict(attrs), parent, []

    def text(self):
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def classes(self):
        return (self.attrs.get("class") or "").split()

    def all(self, tag=None, cls=None, pred=None):
        for child in self.children:
            if isinstance(child, Node):
                if ((tag is None or child.tag == tag) and (cls is None or cls in child.classes()) and
                        (pred is None or pred(child))):
                    yield child
                yield from child.all(tag, cls, pred)

    def by_id(self, id_):
        return next(self.all(pred=lambda n: n.attrs.get("id") == id_), None)


VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class TreeBuilder(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", {}, None)
        self.at = self.root

    def handle_starttag(self, tag, attrs):
        node = Node(tag, attrs, self.at)
        self.at.children.append(node)
        if tag not in VOID:
            self.at = node

    def handle_startendtag(self, tag, attrs):
        self.at.children.append(Node(tag, attrs, self.at))

    def handle_endtag(self, tag):
        at = self.at
        while at is not None and at.tag != tag:
            at = at.parent
        if at is not None and at.parent is not None:
            self.at = at.parent

    def handle_data(self, data):
        self.at.children.append(data)


def parse(text):
    builder = TreeBuilder()
    builder.feed(text)
    builder.close()
    return builder.root


# --- the hand-written log -------------------------------------------------------------

LIST_C = """#include <stdlib.h>
struct node { struct node *next; char *data; };
void drop(struct node *n) {
    char *d = n->data;
    free(n->data);
    d[0] = 0;
}
void copy(char *b, int k) {
    char *dst = b + k;
    memcpy(dst, b, 8);
}
void twice(char *p) {
    free(p);
    free(p);
}
"""
EVIL_NAME = 'evil/<img src=x onerror="document.body.dataset.pwned=1">&amp;<script>.c'
EVIL_C = '/* </pre><script>document.body.dataset.pwned=2</script> */\nint f(char *p) { return *p; }\n'


def loc(uri, line, column, end_column, message=None, id_=None):
    out = {"physicalLocation": {"artifactLocation": {"uri": uri, "uriBaseId": "%SRCROOT%"},
                                "region": {"startLine": line, "startColumn": column, "endColumn": end_column}}}
    if message is not None:
        out["message"] = {"text": message}
    if id_ is not None:
        out["id"] = id_
    return out


def flow(*steps):
    return [{"message": {"text": "how the two pointers come to alias"},
             "threadFlows": [{"locations": [{"location": step} for step in steps]}]}]


def hand_written_log(source_root):
    evil = urllib.parse.quote(EVIL_NAME)
    results = [
        {"ruleId": "use-after-free", "level": "error",
         "message": {"text": "the block `d` points to is used after `free` [released](1) it"},
         "locations": [loc("list.c", 6, 5, 6)],
         "relatedLocations": [loc("list.c", 5, 5, 18, "the block is released here", 1)],
         "codeFlows": flow(loc("list.c", 4, 15, 16, "source: the value `struct:node.data`"),
                           loc("list.c", 4, 15, 16, "`struct:node.data` flows into `d`"),
                           loc("list.c", 5, 5, 18, "released here"),
                           loc("list.c", 6, 5, 6, "used here"))},
        {"ruleId": "overlapping-copy", "level": "warning",
         "message": {"text": "source and destination of `memcpy` may overlap: `dst` gets its value [here](1)"},
         "locations": [loc("list.c", 10, 5, 11)],
         "relatedLocations": [loc("list.c", 9, 17, 18, "`dst` gets its value here", 1)],
         "codeFlows": flow(loc("list.c", 8, 18, 19, "source: the value `b`"),
                           loc("list.c", 9, 17, 18, "`b` flows into `dst`"),
                           loc("list.c", 10, 17, 18, "`b` flows into `$arg2`"))},
        {"ruleId": "double-free", "level": "note",
         "message": {"text": "the block `p` points to is released again (through memory many objects share)"},
         "locations": [loc("list.c", 14, 5, 9)]},
        {"ruleId": "use-after-free", "level": "note",
         "message": {"text": "the block `<script>document.body.dataset.pwned=3</script>` points to <img src=x "
                             "onerror=\"document.body.dataset.pwned=4\"> is used after it was released " + "y" * 300},
         "locations": [loc(evil, 2, 25, 27)],
         "codeFlows": flow(loc(evil, 2, 14, 15, "source: the value `&<script>x</script>`"),
                           loc(evil, 2, 14, 15, "`&<script>x</script>` flows into `p\\\"<b>`"))},
        {"ruleId": "alias-assertion<img src=x onerror=\"document.body.dataset.pwned=5\">", "level": "error",
         "message": {"text": "`<b>a</b>` and `b` may alias"},
         "locations": [loc("list.c", 13, 5, 9)]},
    ]
    return {"version": "2.1.0", "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "runs": [{"tool": {"driver": {"name": "galias<script>document.body.dataset.pwned=6</script>", "version": "test",
                                          "rules": [{"id": "use-after-free",
                                                     "shortDescription": {"text": "a use after a release"},
                                                     "helpUri": "javascript:document.body.dataset.pwned=7"}]}},
                      "originalUriBaseIds": {"%SRCROOT%": {"uri": file_url(source_root) + "/"}},
                      "invocations": [{"executionSuccessful": True,
                                       "commandLine": "galias check -p '<script>document.body.dataset.pwned=8</script>'"}],
                      "results": results}]}


def steps_of(result):
    return [entry["location"] for entry in result["codeFlows"][0]["threadFlows"][0]["locations"]]


# --- what the pages must show ---------------------------------------------------------

RANK = {"error": 3, "warning": 2, "note": 1, "none": 0}


def default_order(findings):
    """(number, level, file, line) in the index's default order: most severe first, then by place."""
    return [f[0] for f in sorted(findings, key=lambda f: (-RANK[f[1]], f[2], f[3], f[0]))]


def check_no_injection(name, dom_text, allowed_scripts):
    root = parse(dom_text)
    scripts = [n.attrs.get("src") or n.attrs.get("type") or "inline" for n in root.all("script")]
    check(f"{name}: only the report's scripts", scripts == allowed_scripts, scripts)
    check(f"{name}: no element from the log", not list(root.all("img")) and not list(root.all("b")),
          [n.tag for n in root.all(pred=lambda n: n.tag in ("img", "b"))])
    body = next(root.all("body"))
    check(f"{name}: no script of the log ran", "data-pwned" not in body.attrs, body.attrs)
    return root


def index_rows(root):
    table = root.by_id("findings")
    return [int(tr.attrs["data-n"]) for tr in table.all("tr") if "data-n" in tr.attrs]


def check_index(browser, name, index, findings, hidden_notes=True):
    """`findings`: (number, level, file, line) of every finding of the log."""
    worth = [f for f in findings if f[1] in ("error", "warning")]
    notes = [f for f in findings if f[1] == "note"]
    start = time.monotonic()
    root = parse(browser.dom(index))
    check(f"{name}: index opens ({time.monotonic() - start:.1f} s with the browser's start)",
          root.by_id("findings") is not None and
          next(root.all("body")).attrs.get("data-ready") == "true")
    check(f"{name}: index opens on errors and warnings", index_rows(root) == default_order(worth),
          (index_rows(root), default_order(worth)))
    shown = root.by_id("shown").text()
    if notes and hidden_notes:
        check(f"{name}: index says the notes are hidden", f"Not shown: {len(notes)} note" in shown, shown)
    all_rows = index_rows(parse(browser.dom(index, "#level=all")))
    check(f"{name}: #level=all lists every finding ({len(findings)})", sorted(all_rows) == sorted(f[0] for f in findings),
          all_rows)
    note_rows = index_rows(parse(browser.dom(index, "#level=note")))
    check(f"{name}: #level=note lists the notes", sorted(note_rows) == sorted(f[0] for f in notes), note_rows)
    return root


def check_filters(browser, name, report_dir, findings):
    """Drives the index with filter_harness.html, as a user would."""
    harness = os.path.join(os.path.dirname(report_dir), "harness.html")
    shutil.copy(os.path.join(HERE, "filter_harness.html"), harness)
    root = parse(browser.dom(harness, "#" + os.path.basename(report_dir) + "/index.html"))
    raw = root.by_id("result").text()
    try:
        result = json.loads(raw)
    except ValueError:
        check(f"{name}: filter harness ran", False, raw[:2000])
        return
    if not check(f"{name}: filter harness ran", "error" not in result and result.get("ready") == "true",
                 result.get("error")):
        return
    steps = result["steps"]
    numbers = {f[0]: f for f in findings}
    worth = [f for f in findings if f[1] in ("error", "warning")]
    uaf = [f[0] for f in findings if f[4] == "use-after-free"]
    check(f"{name}: filter: default", steps["default"]["rows"] == default_order(worth), steps["default"])
    check(f"{name}: filter: the note box adds the notes",
          steps["notes"]["rows"] == default_order([f for f in findings if f[1] != "none"]) and
          "level=error%2Cwarning%2Cnote" in steps["notes"]["hash"], steps["notes"])
    check(f"{name}: filter: by rule", sorted(steps["rule"]["rows"]) == sorted(uaf) and
          steps["rule"]["rules"] == ["use-after-free"] and "rule=use-after-free" in steps["rule"]["hash"],
          steps["rule"])
    released = [n for n in steps["rule"]["rows"] if "released" in numbers[n][5].lower()]
    check(f"{name}: filter: by text (any case)", sorted(steps["text"]["rows"]) == sorted(released), steps["text"])
    all_numbers = sorted(f[0] for f in findings if f[1] != "none")
    check(f"{name}: sort by number", steps["sort-n"]["rows"] == all_numbers and "sort=n" in steps["sort-n"]["hash"],
          steps["sort-n"])
    check(f"{name}: sort by number, descending", steps["sort-n-again"]["rows"] == all_numbers[::-1],
          steps["sort-n-again"])
    check(f"{name}: reset", steps["reset"]["rows"] == default_order(worth) and steps["reset"]["hash"] == "",
          steps["reset"])
    in_file = [f for f in worth if f[2] == result["file"]]
    check(f"{name}: filter: by file", steps["file"]["rows"] == default_order(in_file), (result["file"], steps["file"]))
    if any(f[1] == "note" for f in findings):
        check(f"{name}: the show-notes button shows them", result["showButton"] == "Show notes" and
              sorted(steps["show-button"]["rows"]) == all_numbers, (result["showButton"], steps["show-button"]))
    links = steps["notes"]["links"]
    check(f"{name}: rows link to their pages",
          links == [f"findings/{n}.html" for n in steps["notes"]["rows"]], links)


def check_finding_page(browser, name, page, steps, meets_apart, graphs, source_lines):
    """`steps`: the flow's step count; `meets_apart`: whether the graph has a node for the
    finding besides the steps; `source_lines`: the line of each step."""
    root = parse(browser.dom(page))
    items = [li for li in root.all("li") if re.fullmatch(r"step-\d+", li.attrs.get("id", ""))]
    check(f"{name}: {steps} steps listed", [li.attrs["id"] for li in items] == [f"step-{i}" for i in range(1, steps + 1)],
          [li.attrs.get("id") for li in items])
    for i, (li, line) in enumerate(zip(items, source_lines), 1):
        hits = [span for span in li.all("span", "hit")]
        hit_lines = [next(s.all("span", "ln")).text() for s in hits]
        check(f"{name}: step {i} shows line {line} highlighted", hit_lines == [str(line)], hit_lines)
    svgs = list(root.all("svg"))
    if not graphs:
        check(f"{name}: no graph, and the page says why", not svgs and "needs Graphviz" in root.text())
        return root
    if not check(f"{name}: the code flow is an SVG", len(svgs) == 1):
        return root
    nodes = [g for g in svgs[0].all("g", "node")]
    ids = [g.attrs.get("id") for g in nodes]
    expected = [f"node-s{i}" for i in range(1, steps + 1)] + (["node-finding"] if meets_apart else [])
    check(f"{name}: the graph has a node per step{' and the meeting point' if meets_apart else ''}",
          ids == expected, ids)
    numbers = []
    for g in nodes:
        first = next(g.all("text"), None)
        m = re.match(r"(\d+)\. ", first.text() if first is not None else "")
        numbers.append(int(m.group(1)) if m else None)
    check(f"{name}: the nodes are numbered as the steps",
          numbers == list(range(1, steps + 1)) + ([None] if meets_apart else []), numbers)
    targets = [next(g.all("a")).attrs.get("xlink:href") for g in nodes]
    check(f"{name}: each node links to its step",
          targets == [f"#step-{i}" for i in range(1, steps + 1)] + (["#location"] if meets_apart else []), targets)
    edges = list(svgs[0].all("g", "edge"))
    check(f"{name}: the graph has edges", len(edges) >= len(nodes) - 1, len(edges))
    return root


def run(args, cwd=None):
    p = subprocess.run(args, capture_output=True, text=True, cwd=cwd)
    return p.returncode, p.stdout, p.stderr


def hand_written_case(galias, browser, tmp, graphs):
    src = os.path.join(tmp, "src")
    os.makedirs(os.path.join(src, os.path.dirname(EVIL_NAME)), exist_ok=True)
    with open(os.path.join(src, "list.c"), "w") as f:
        f.write(LIST_C)
    with open(os.path.join(src, EVIL_NAME), "w") as f:
        f.write(EVIL_C)
    log = hand_written_log(src)
    log_path = os.path.join(tmp, "hand.sarif")
    with open(log_path, "w") as f:
        json.dump(log, f, indent=1)
    out = os.path.join(tmp, "hand-report")
    code, _, err = run([galias, "report", "--html", out, log_path])
    if not check("report: galias report --html exits 0", code == 0, err):
        return
    check("report: it says where the report is", "HTML report:" in err and "5 findings, 6 pages" in err, err)
    results = log["runs"][0]["results"]
    findings = []
    for n, r in enumerate(results, 1):
        uri = urllib.parse.unquote(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"])
        line = r["locations"][0]["physicalLocation"]["region"]["startLine"]
        findings.append((n, r["level"], uri, line, r["ruleId"], re.sub(r"\[([^]]*)\]\(\d+\)", r"\1", r["message"]["text"])))
    index = os.path.join(out, "index.html")
    root = check_index(browser, "report", index, findings)
    check_no_injection("report: index", browser.dom(index, "#level=all"), ["application/json", "report.js"])
    check("report: index shows the rule id as text",
          'alias-assertion<img src=x onerror="document.body.dataset.pwned=5">' in root.text())
    check_filters(browser, "report", out, findings)

    first = check_finding_page(browser, "report: finding 1", os.path.join(out, "findings", "1.html"), 4, False,
                               graphs, [s["physicalLocation"]["region"]["startLine"] for s in steps_of(results[0])])
    links = [a.attrs.get("href") for a in first.all("a")]
    check("report: finding 1 links back to the index and on to finding 2",
          "../index.html" in links and "2.html" in links, links)
    check_finding_page(browser, "report: finding 2 (two chains)", os.path.join(out, "findings", "2.html"), 3, True,
                       graphs, [8, 9, 10])
    evil_page = browser.dom(os.path.join(out, "findings", "4.html"))
    evil = check_no_injection("report: finding 4", evil_page, ["../report.js"])
    text = evil.text()
    check("report: finding 4 shows the log's markup as text",
          "<script>document.body.dataset.pwned=3</script>" in text and EVIL_NAME in text and
          "</pre><script>document.body.dataset.pwned=2" in text,
          text[:600])
    if graphs:
        svg_text = next(evil.all("svg")).text()
        check("report: finding 4's graph shows its labels as text", "&<script>x</script>" in svg_text and
              'p\\"<b>' in svg_text, svg_text)
    page1 = parse(browser.dom(os.path.join(out, "findings", "1.html")))
    helps = [a.attrs.get("href") for a in page1.all("a")]
    check("report: no javascript: link from the log", not any((h or "").startswith("javascript:") for h in helps), helps)
    return out


def expected_findings(case):
    """(number unknown, level, file, line, rule, message) from the case's bad.expected."""
    out = []
    pattern = re.compile(r"^(\S+?):(\d+):(\d+): (\w+) \[([\w-]+)\] (.*)$")
    with open(os.path.join(case, "bad.expected")) as f:
        for line in f:
            m = pattern.match(line.strip())
            if m:
                out.append((m.group(4), int(m.group(2)), m.group(5), m.group(6)))
    return out


def check_case(galias, browser, tmp, case, graphs):
    root_dir = os.getcwd()
    source = os.path.abspath(os.path.join(case, "bad.c"))
    build = os.path.join(tmp, "case-build")
    os.makedirs(build)
    include = os.path.join(root_dir, "tests", "checks", "include")
    with open(os.path.join(build, "compile_commands.json"), "w") as f:
        json.dump([{"directory": os.path.dirname(source), "file": source,
                    "arguments": ["cc", "-std=c11", "-I", include, "-c", source, "-o", "/dev/null"]}], f)
    config = os.path.join(build, "empty.toml")
    open(config, "w").close()
    expected = expected_findings(case)
    reports = {}
    for command, codes in (("check", (0, 1)), ("analyze", (0,))):
        # Run from the temporary directory with names relative to it: the index shows the
        # log's name as given (the screenshots are made of this report).
        out = os.path.join(tmp, f"{command}-report")
        sarif = os.path.join(tmp, f"{command}.sarif")
        # `check` logs notes only when a summary level is named (docs/CHECKS.md, "Levels in
        # CI"); its default is tried below.
        levels = ["--summary-level", "note"] if command == "check" else []
        code, _, err = run([galias, command, "-p", build, "--config", config, "--source-root", root_dir,
                            "--sarif", os.path.basename(sarif), "--html", os.path.basename(out), "--format", "json",
                            "-o", os.devnull, *levels], cwd=tmp)
        if not check(f"{command}: galias {command} --html ran", code in codes and os.path.exists(
                os.path.join(out, "index.html")), f"exit {code}\n{err}"):
            continue
        with open(sarif) as f:
            results = json.load(f)["runs"][0]["results"]
        findings = []
        for n, r in enumerate(results, 1):
            physical = r["locations"][0]["physicalLocation"]
            findings.append((n, r["level"], physical["artifactLocation"]["uri"], physical["region"]["startLine"],
                             r["ruleId"], re.sub(r"\[([^]]*)\]\(\d+\)", r"\1", r["message"]["text"])))
        got = sorted((f[1], f[3], f[4]) for f in findings)
        want = sorted((e[0], e[1], e[2]) for e in expected)
        check(f"{command}: the log has the findings of {os.path.relpath(case, root_dir)}/bad.expected", got == want,
              (got, want))
        check_index(browser, command, os.path.join(out, "index.html"), findings)
        if command == "check":
            check_filters(browser, command, out, findings)
        with_flow = [n for n, r in enumerate(results, 1) if r.get("codeFlows")]
        for n in with_flow[:2]:
            steps = steps_of(results[n - 1])
            last = steps[-1]["physicalLocation"]["region"]["startLine"]
            ends_at_finding = last == findings[n - 1][3]
            check_finding_page(browser, f"{command}: finding {n}", os.path.join(out, "findings", f"{n}.html"),
                               len(steps), not ends_at_finding, graphs,
                               [s["physicalLocation"]["region"]["startLine"] for s in steps])
        reports[command] = (out, results)
        if command == "check":
            check_default_levels(galias, browser, tmp, build, config, root_dir, findings)
    return reports.get("check")


def check_default_levels(galias, browser, tmp, build, config, root_dir, findings):
    """`check` without a summary level: its log leaves the notes out, its HTML report has them."""
    out = os.path.join(tmp, "check-default-report")
    sarif = os.path.join(tmp, "check-default.sarif")
    code, _, err = run([galias, "check", "-p", build, "--config", config, "--source-root", root_dir, "--sarif",
                        sarif, "--html", out, "--format", "json", "-o", os.devnull], cwd=tmp)
    if not check("check (default levels): ran", code in (0, 1) and os.path.exists(sarif), f"exit {code}\n{err}"):
        return
    with open(sarif) as f:
        levels = sorted(r["level"] for r in json.load(f)["runs"][0]["results"])
    want = sorted(f[1] for f in findings if f[1] != "note")
    check("check (default levels): the log leaves the notes out", levels == want, (levels, want))
    check_index(browser, "check (default levels)", os.path.join(out, "index.html"), findings)


def screenshots(browser, directory, report, results):
    os.makedirs(directory, exist_ok=True)
    index_png = os.path.join(directory, "html-report-index.png")
    browser.screenshot(os.path.join(report, "index.html"), index_png, 1100, 760)
    # The page of the error with the longest code flow.
    best = max(range(len(results)), key=lambda i: (results[i].get("level") == "error",
                                                   len(steps_of(results[i])) if results[i].get("codeFlows") else 0))
    finding_png = os.path.join(directory, "html-report-finding.png")
    browser.screenshot(os.path.join(report, "findings", f"{best + 1}.html"), finding_png, 1100, 900)
    for png in (index_png, finding_png):
        size = os.path.getsize(png)
        check(f"screenshot {os.path.basename(png)} ({size // 1024} KB) is under 200 KB", size < 200 * 1024)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("galias")
    parser.add_argument("--graphs", default="ON")
    parser.add_argument("--check-case")
    parser.add_argument("--screenshots")
    args = parser.parse_args()
    chromium = find_chromium()
    if chromium is None:
        print("SKIP: no Chromium found (chromium, chromium-browser, google-chrome, or $GALIAS_CHROMIUM); "
              "Debian: apt-get install chromium (scripts/install-deps.sh installs it)")
        return SKIP
    graphs = args.graphs.upper() in ("ON", "TRUE", "1", "YES")
    galias = os.path.abspath(args.galias)
    with tempfile.TemporaryDirectory(prefix="galias-html-browser-") as tmp:
        browser = Browser(chromium, os.path.join(tmp, "profile"))
        print(f"browser: {chromium}; graphs {'expected' if graphs else 'not built'}", flush=True)
        hand = hand_written_case(galias, browser, tmp, graphs)
        case_report = check_case(galias, browser, tmp, args.check_case, graphs) if args.check_case else None
        if args.screenshots:
            if case_report:
                screenshots(browser, args.screenshots, *case_report)
            elif hand:
                with open(os.path.join(tmp, "hand.sarif")) as f:
                    screenshots(browser, args.screenshots, hand, json.load(f)["runs"][0]["results"])
    if FAILURES:
        print(f"{len(FAILURES)} failed: " + ", ".join(FAILURES))
        return 1
    print("all passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
