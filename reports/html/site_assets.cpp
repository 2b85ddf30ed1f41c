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
h1 { font-size: 1.5rem; margin: .5rem 0; }
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
#findings { width: 100%; }
#findings th[data-sort] { cursor: pointer; user-select: none; white-space: nowrap; }
#findings th[aria-sort="ascending"]::after { content: " \25B2"; }
#findings th[aria-sort="descending"]::after { content: " \25BC"; }
#findings td.n, #findings td.where { white-space: nowrap; }
#findings td.where { font-family: "DejaVu Sans Mono", ui-monospace, monospace; font-size: 13px; }
#findings tbody tr:hover { background: var(--bg-soft); }
#filters { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: end; margin: .5rem 0; }
#filters label { display: flex; flex-direction: column; font-size: .8rem; color: var(--muted); }
#filters select, #filters input { font: inherit; font-size: .9rem; max-width: 22rem; }
nav.pages { font-size: .9rem; }
.message { font-size: 1.05rem; }
.source { border: 1px solid var(--line); border-radius: 6px; margin: .4rem 0 .8rem; overflow: hidden; }
.source .path { background: var(--bg-soft); padding: .2rem .6rem; font-size: .8rem; color: var(--muted);
  border-bottom: 1px solid var(--line); font-family: "DejaVu Sans Mono", ui-monospace, monospace; }
pre.code { margin: 0; padding: .3rem 0; overflow-x: auto; tab-size: 8; }
pre.code .line { display: block; padding: 0 .6rem 0 0; }
pre.code .line.hit { background: #fff8c5; }
pre.code .ln { display: inline-block; width: 4.5em; padding-right: .8em; text-align: right; color: var(--muted);
  user-select: none; }
pre.code mark { background: #ffd33d; border-radius: 2px; }
.missing { color: var(--warning); font-style: italic; }
.graph { border: 1px solid var(--line); border-radius: 6px; padding: .75rem; overflow: auto; max-height: 48rem;
  background: #fff; text-align: center; }
.graph svg { max-width: 100%; height: auto; }
ol.steps { padding-left: 1.5rem; }
ol.steps > li { margin-bottom: .6rem; }
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

std::string_view index_script() {
    return R"js("use strict";
(function () {
  const table = document.getElementById("findings");
  if (!table) return;
  const body = table.tBodies[0];
  const rows = Array.from(body.rows);
  const lowered = rows.map((row) => row.textContent.toLowerCase());
  const controls = {
    rule: document.getElementById("filter-rule"),
    level: document.getElementById("filter-level"),
    file: document.getElementById("filter-file"),
    q: document.getElementById("filter-text"),
  };
  const shownCount = document.getElementById("shown-count");
  const headers = Array.from(table.tHead.querySelectorAll("th[data-sort]"));
  const rank = { error: 3, warning: 2, note: 1, none: 0 };
  const defaultSort = { key: "level", dir: "desc" };
  let sort = Object.assign({}, defaultSort);

  function value(row, key) {
    switch (key) {
      case "n": return Number(row.dataset.n);
      case "level": return rank[row.dataset.level] ?? 0;
      case "rule": return row.dataset.rule;
      case "location": return row.dataset.file;
      default: return row.cells[4].textContent;
    }
  }

  function compare(a, b) {
    const x = value(a, sort.key);
    const y = value(b, sort.key);
    let order = typeof x === "number" ? x - y : x.localeCompare(y);
    if (sort.dir === "desc") order = -order;
    if (order !== 0) return order;
    // Ties: by place in the code, then as in the log.
    return a.dataset.file.localeCompare(b.dataset.file) ||
      Number(a.dataset.line) - Number(b.dataset.line) || Number(a.dataset.n) - Number(b.dataset.n);
  }

  function applySort() {
    body.append(...rows.slice().sort(compare));
    for (const th of headers) {
      if (th.dataset.sort === sort.key) th.setAttribute("aria-sort", sort.dir === "asc" ? "ascending" : "descending");
      else th.removeAttribute("aria-sort");
    }
  }

  function applyFilter() {
    const rule = controls.rule.value;
    const level = controls.level.value;
    const file = controls.file.value;
    const text = controls.q.value.trim().toLowerCase();
    let shown = 0;
    rows.forEach((row, i) => {
      const visible = (!rule || row.dataset.rule === rule) && (!level || row.dataset.level === level) &&
        (!file || row.dataset.file === file) && (!text || lowered[i].includes(text));
      row.hidden = !visible;
      if (visible) shown++;
    });
    shownCount.textContent = String(shown);
  }

  function writeHash() {
    const params = new URLSearchParams();
    for (const [name, control] of Object.entries(controls)) if (control.value) params.set(name, control.value);
    if (sort.key !== defaultSort.key || sort.dir !== defaultSort.dir) {
      params.set("sort", sort.key);
      params.set("dir", sort.dir);
    }
    const hash = params.toString();
    try {
      history.replaceState(null, "", hash ? "#" + hash : location.pathname + location.search);
    } catch (e) {
      // Some browsers refuse history changes on file: pages; the view still works.
    }
  }

  function readHash() {
    const params = new URLSearchParams(location.hash.slice(1));
    for (const [name, control] of Object.entries(controls)) control.value = params.get(name) || "";
    const key = params.get("sort");
    sort = headers.some((th) => th.dataset.sort === key)
      ? { key: key, dir: params.get("dir") === "asc" ? "asc" : "desc" }
      : Object.assign({}, defaultSort);
  }

  for (const control of Object.values(controls)) {
    control.addEventListener(control.tagName === "INPUT" ? "input" : "change", () => {
      applyFilter();
      writeHash();
    });
  }
  for (const th of headers) {
    th.addEventListener("click", () => {
      const dir = sort.key === th.dataset.sort && sort.dir === "asc" ? "desc" : "asc";
      sort = { key: th.dataset.sort, dir: dir };
      applySort();
      writeHash();
    });
  }
  document.getElementById("filters").addEventListener("reset", () => {
    setTimeout(() => {
      applyFilter();
      writeHash();
    });
  });
  window.addEventListener("hashchange", () => {
    readHash();
    applySort();
    applyFilter();
  });
  readHash();
  applySort();
  applyFilter();
  document.body.dataset.ready = "true";
})();
)js";
}

}  // namespace galias::reports::html
