#include "reports/html/site_assets.hpp"

namespace galias::reports::html {

std::string_view style_sheet() {
    return R"css(:root {
  --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --bg-soft: #f6f8fa;
  --error: #b91c1c; --warning: #b45309; --note: #1d4ed8; --none: #59636e;
}
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 80rem; padding: 1rem 1.5rem 3rem; color: var(--fg);
  font: 15px/1.45 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; }
h1 { font-size: 1.5rem; margin: .5rem 0; overflow-wrap: anywhere; }
h2 { font-size: 1.15rem; margin: 1.75rem 0 .5rem; border-bottom: 1px solid var(--line); padding-bottom: .25rem; }
a { color: #0969da; }
code, pre, .code { font-family: "DejaVu Sans Mono", ui-monospace, Menlo, Consolas, monospace; font-size: 13px; }
code { background: var(--bg-soft); padding: 0 .2em; border-radius: 3px; }
.meta, .muted { color: var(--muted); }
.level { display: inline-block; min-width: 4.5em; padding: 0 .4em; border-radius: 1em; font-size: .8rem;
  font-weight: 600; text-align: center; color: #fff; background: var(--none); }
.level.error { background: var(--error); } .level.warning { background: var(--warning); }
.level.note { background: var(--note); }
table { border-collapse: collapse; }
th, td { padding: .3rem .6rem; border-bottom: 1px solid var(--line); text-align: left; vertical-align: top; }
th { background: var(--bg-soft); }
table.counts td.count { text-align: right; font-variant-numeric: tabular-nums; }
#findings { width: 100%; table-layout: auto; }
#findings th[data-sort] { cursor: pointer; user-select: none; white-space: nowrap; }
#findings th[aria-sort="ascending"]::after { content: " \25B2"; }
#findings th[aria-sort="descending"]::after { content: " \25BC"; }
#findings td.n, #findings td.rule { white-space: nowrap; }
#findings td.n { text-align: right; font-variant-numeric: tabular-nums; }
#findings td.where { font-family: "DejaVu Sans Mono", ui-monospace, monospace; font-size: 13px;
  overflow-wrap: break-word; }
#findings td.message { overflow-wrap: anywhere; }
#findings tbody tr:hover { background: var(--bg-soft); }
#filters { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: end; margin: .5rem 0; }
#filters label { display: flex; flex-direction: column; font-size: .8rem; color: var(--muted); }
#filters select, #filters input[type=search] { font: inherit; font-size: .9rem; max-width: 22rem; }
#filter-levels { display: flex; gap: .2rem .8rem; flex-wrap: wrap; border: 1px solid var(--line); border-radius: 6px;
  margin: 0; padding: .1rem .6rem .3rem; }
#filter-levels legend { font-size: .8rem; color: var(--muted); padding: 0 .2rem; }
#filter-levels label { flex-direction: row; align-items: center; gap: .3rem; font-size: .9rem; color: var(--fg); }
#shown button, #pager button, #filters button { font: inherit; font-size: .85rem; }
#pager { margin: .8rem 0; text-align: center; }
nav.pages { font-size: .9rem; }
.message { font-size: 1.05rem; overflow-wrap: anywhere; }
p, li { overflow-wrap: anywhere; }
.source { border: 1px solid var(--line); border-radius: 6px; margin: .4rem 0 .8rem; overflow: hidden; }
.source .path { background: var(--bg-soft); padding: .2rem .6rem; font-size: .8rem; color: var(--muted);
  border-bottom: 1px solid var(--line); font-family: "DejaVu Sans Mono", ui-monospace, monospace;
  overflow-wrap: anywhere; }
pre.code { margin: 0; padding: .3rem 0; overflow-x: auto; tab-size: 8; }
pre.code .line { display: block; width: max-content; min-width: 100%; padding: 0 .6rem 0 0; }
pre.code .line.hit { background: #fff8c5; box-shadow: inset 3px 0 #d4a72c; }
pre.code .ln { display: inline-block; width: 4.5em; padding-right: .8em; text-align: right; color: var(--muted);
  user-select: none; }
pre.code mark { background: #ffd33d; border-radius: 2px; }
.missing { color: var(--warning); font-style: italic; }
.graph { border: 1px solid var(--line); border-radius: 6px; padding: .75rem; overflow: auto; max-height: 48rem;
  background: #fff; text-align: center; }
.graph svg { max-width: 100%; height: auto; }
.graph .node a:hover path, .graph .node.current path { stroke-width: 3; }
.graph .node.current path { stroke: #0969da; }
@media (min-width: 62rem) {
  /* The graph beside the steps, kept in view while they scroll. */
  .flow-view { display: grid; grid-template-columns: minmax(10rem, max-content) minmax(0, 1fr); gap: 1rem;
    align-items: start; }
  .flow-view .graph { position: sticky; top: .5rem; max-height: calc(100vh - 1rem); max-width: 36vw; }
  .flow-view.wide { display: block; }
  .flow-view.wide .graph { position: static; max-width: none; max-height: 48rem; margin-bottom: .8rem; }
}
.no-graph { margin-bottom: .8rem; }
ol.steps { padding-left: 2rem; margin: 0; }
ol.steps > li { margin-bottom: .6rem; }
ol.steps > li::marker { font-weight: 600; }
ol.steps > li:target, .related:target, section:target { outline: 2px solid #0969da; outline-offset: 4px; }
.kind { display: inline-block; font-size: .75rem; padding: 0 .4em; border: 1px solid var(--line);
  border-radius: 3px; color: var(--muted); margin-right: .3rem; }
.where { color: var(--muted); font-size: .85rem; }
pre.help { white-space: pre-wrap; background: var(--bg-soft); padding: .75rem; border-radius: 6px; }
pre.command { white-space: pre-wrap; word-break: break-all; background: var(--bg-soft); padding: .75rem;
  border-radius: 6px; }
footer { margin-top: 2rem; font-size: .8rem; color: var(--muted); }
)css";
}

// The index's script is one raw string literal, data rather than steps of C++:
// NOLINTNEXTLINE(readability-function-size)
std::string_view index_script() {
    return R"js("use strict";
// galias report: the index's list of findings (drawn from the JSON in the page, sorted,
// filtered and a page at a time) and, on a finding's page, the graph's node of the step
// the URL points to. Every text from the log is put in the page as text (textContent),
// never as HTML.
(function () {
  if (document.body.classList.contains("finding")) {
    findingPage();
  } else {
    indexPage();
  }

  function findingPage() {
    function mark() {
      for (const node of document.querySelectorAll(".graph .node.current")) node.classList.remove("current");
      const step = /^#(.*)step-(\d+)$/.exec(location.hash);
      if (!step) return;
      const node = document.getElementById(step[1] + "node-s" + step[2]);
      if (node) node.classList.add("current");
    }
    window.addEventListener("hashchange", mark);
    mark();
    document.body.dataset.ready = "true";
  }

  function indexPage() {
    const table = document.getElementById("findings");
    const dataElement = document.getElementById("findings-data");
    if (!table || !dataElement) return;
    const data = JSON.parse(dataElement.textContent);
    const PAGE_ROWS = 500;
    const LEVELS = ["error", "warning", "note", "none"];
    const DEFAULT_LEVELS = ["error", "warning"];
    const RANK = { error: 3, warning: 2, note: 1, none: 0 };
    const findings = data.findings.map((f) => ({
      n: f[0], level: f[1], rule: data.rules[f[2]] ?? "", file: f[3] >= 0 ? data.files[f[3]] : "",
      line: f[4], column: f[5], message: f[6],
    }));
    for (const f of findings) {
      f.where = f.file ? f.file + (f.line ? ":" + f.line + (f.column ? ":" + f.column : "") : "") : "(no location)";
      f.text = [f.level, f.rule, f.where, f.message].join(" ").toLowerCase();
    }
    const body = table.tBodies[0];
    const boxes = Array.from(document.querySelectorAll("#filter-levels input[name=level]"));
    const ruleSelect = document.getElementById("filter-rule");
    const fileSelect = document.getElementById("filter-file");
    const textInput = document.getElementById("filter-text");
    const shown = document.getElementById("shown");
    const pager = document.getElementById("pager");
    const headers = Array.from(table.tHead.querySelectorAll("th[data-sort]"));
    let state = defaults();

    function defaults() {
      return { levels: DEFAULT_LEVELS.slice(), rule: "", file: "", q: "", sort: "level", dir: "desc", page: 1 };
    }

    function readHash() {
      const params = new URLSearchParams(location.hash.slice(1));
      const s = defaults();
      const level = params.get("level");
      if (level === "all") s.levels = LEVELS.slice();
      else if (level !== null) s.levels = level.split(",").filter((l) => LEVELS.includes(l));
      s.rule = params.get("rule") || "";
      s.file = params.get("file") || "";
      s.q = params.get("q") || "";
      const sort = params.get("sort");
      if (headers.some((th) => th.dataset.sort === sort)) {
        s.sort = sort;
        s.dir = params.get("dir") === "asc" ? "asc" : "desc";
      }
      s.page = Math.max(1, parseInt(params.get("page"), 10) || 1);
      state = s;
    }

    function writeHash() {
      const params = new URLSearchParams();
      const levels = LEVELS.filter((l) => state.levels.includes(l));
      if (levels.join() !== DEFAULT_LEVELS.join())
        params.set("level", levels.length === LEVELS.length ? "all" : levels.join(","));
      if (state.rule) params.set("rule", state.rule);
      if (state.file) params.set("file", state.file);
      if (state.q) params.set("q", state.q);
      if (state.sort !== "level" || state.dir !== "desc") {
        params.set("sort", state.sort);
        params.set("dir", state.dir);
      }
      if (state.page > 1) params.set("page", String(state.page));
      const hash = params.toString();
      try {
        history.replaceState(null, "", hash ? "#" + hash : location.pathname + location.search);
      } catch (e) {
        // Some browsers refuse history changes on file: pages; the view still works.
      }
    }

    // The controls show the state; a rule or file the log does not have selects "all".
    function showState() {
      for (const box of boxes) box.checked = state.levels.includes(box.value);
      ruleSelect.value = state.rule;
      state.rule = ruleSelect.value;
      fileSelect.value = state.file;
      state.file = fileSelect.value;
      if (textInput.value !== state.q) textInput.value = state.q;
    }

    function key(f) {
      switch (state.sort) {
        case "n": return f.n;
        case "level": return RANK[f.level] ?? -1;
        case "rule": return f.rule;
        case "location": return f.file;
        default: return f.message;
      }
    }

    function compare(a, b) {
      const x = key(a);
      const y = key(b);
      let order = typeof x === "number" ? x - y : x.localeCompare(y);
      if (state.dir === "desc") order = -order;
      // Ties: by place in the code, then as in the log.
      return order || a.file.localeCompare(b.file) || a.line - b.line || a.n - b.n;
    }

    // `text` with its `code` spans as <code> elements.
    function withCode(text) {
      const parts = text.split("`");
      const nodes = [];
      parts.forEach((part, i) => {
        if (i % 2 === 1 && i < parts.length - 1) {
          const code = document.createElement("code");
          code.textContent = part;
          nodes.push(code);
        } else {
          nodes.push(document.createTextNode(i % 2 === 1 ? "`" + part : part));
        }
      });
      return nodes;
    }

    // A path with a line break allowed after each '/'.
    function breakable(text) {
      const nodes = [];
      const parts = text.split("/");
      parts.forEach((part, i) => {
        const last = i === parts.length - 1;
        nodes.push(document.createTextNode(last ? part : part + "/"));
        if (!last) nodes.push(document.createElement("wbr"));
      });
      return nodes;
    }

    function row(f) {
      const tr = document.createElement("tr");
      tr.dataset.n = String(f.n);
      tr.dataset.level = f.level;
      tr.dataset.rule = f.rule;
      tr.dataset.file = f.file;
      const cell = (className) => {
        const td = tr.insertCell();
        if (className) td.className = className;
        return td;
      };
      cell("n").textContent = String(f.n);
      const badge = document.createElement("span");
      badge.className = "level " + f.level;
      badge.textContent = f.level;
      cell("").appendChild(badge);
      cell("rule").textContent = f.rule;
      const link = document.createElement("a");
      link.href = "findings/" + f.n + ".html";
      link.append(...breakable(f.where));
      cell("where").appendChild(link);
      cell("message").append(...withCode(f.message));
      return tr;
    }

    function plural(count, word) {
      return count + " " + word + (count === 1 ? "" : "s");
    }

    function button(text, action) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = text;
      b.addEventListener("click", action);
      return b;
    }

    function render() {
      showState();
      const q = state.q.trim().toLowerCase();
      const levels = new Set(state.levels);
      const others = (f) => (!state.rule || f.rule === state.rule) && (!state.file || f.file === state.file) &&
        (!q || f.text.includes(q));
      const list = [];
      const hidden = new Map();
      for (const f of findings) {
        if (!others(f)) continue;
        if (levels.has(f.level)) list.push(f);
        else hidden.set(f.level, (hidden.get(f.level) || 0) + 1);
      }
      list.sort(compare);
      const pages = Math.max(1, Math.ceil(list.length / PAGE_ROWS));
      state.page = Math.min(state.page, pages);
      const first = (state.page - 1) * PAGE_ROWS;
      const rows = list.slice(first, first + PAGE_ROWS);
      const fragment = document.createDocumentFragment();
      for (const f of rows) fragment.appendChild(row(f));
      body.replaceChildren(fragment);
      table.dataset.matching = String(list.length);

      const parts = [];
      if (findings.length === 0) parts.push(document.createTextNode("The log has no findings."));
      else if (list.length === 0) parts.push(document.createTextNode("No finding at the levels shown matches. "));
      else if (rows.length === list.length) parts.push(document.createTextNode("Showing " + plural(list.length, "finding") + ". "));
      else parts.push(document.createTextNode("Showing " + (first + 1) + "\u2013" + (first + rows.length) + " of " + list.length + " findings. "));
      if (hidden.size > 0) {
        const words = LEVELS.filter((l) => hidden.has(l)).map((l) => plural(hidden.get(l), l === "none" ? "finding of level none" : l));
        parts.push(document.createTextNode("Not shown: " + words.join(", ") + " "));
        parts.push(button("Show " + (hidden.size === 1 && hidden.has("note") ? "notes" : "them"), () => {
          state.levels = LEVELS.filter((l) => levels.has(l) || hidden.has(l));
          state.page = 1;
          update();
        }));
        parts.push(document.createTextNode(" "));
      }
      if (list.length > 1) parts.push(document.createTextNode("Click a column to sort."));
      shown.replaceChildren(...parts);

      pager.replaceChildren();
      if (pages > 1) {
        const go = (page) => () => {
          state.page = page;
          update();
          table.scrollIntoView();
        };
        const previous = button("\u2190 previous", go(state.page - 1));
        previous.disabled = state.page === 1;
        const next = button("next \u2192", go(state.page + 1));
        next.disabled = state.page === pages;
        pager.append(previous, document.createTextNode(" page " + state.page + " of " + pages + " "), next);
      }
      for (const th of headers) {
        if (th.dataset.sort === state.sort) th.setAttribute("aria-sort", state.dir === "asc" ? "ascending" : "descending");
        else th.removeAttribute("aria-sort");
      }
    }

    function update() {
      render();
      writeHash();
    }

    for (const box of boxes) {
      box.addEventListener("change", () => {
        state.levels = boxes.filter((b) => b.checked).map((b) => b.value);
        state.page = 1;
        update();
      });
    }
    ruleSelect.addEventListener("change", () => {
      state.rule = ruleSelect.value;
      state.page = 1;
      update();
    });
    fileSelect.addEventListener("change", () => {
      state.file = fileSelect.value;
      state.page = 1;
      update();
    });
    textInput.addEventListener("input", () => {
      state.q = textInput.value;
      state.page = 1;
      update();
    });
    document.getElementById("filter-reset").addEventListener("click", () => {
      state = defaults();
      update();
    });
    for (const th of headers) {
      th.addEventListener("click", () => {
        const dir = state.sort === th.dataset.sort && state.dir === "asc" ? "desc" : "asc";
        state.sort = th.dataset.sort;
        state.dir = dir;
        update();
      });
    }
    window.addEventListener("hashchange", () => {
      readHash();
      render();
      document.getElementById("list").scrollIntoView();
    });
    readHash();
    render();
    document.body.dataset.ready = "true";
    document.body.dataset.readyMs = String(Math.round(performance.now()));
  }
})();
)js";
}

}  // namespace galias::reports::html
