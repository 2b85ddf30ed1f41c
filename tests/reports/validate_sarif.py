#!/usr/bin/env python3
"""Validates SARIF logs: the official SARIF 2.1.0 JSON schema (Draft 4, a copy is kept
next to this script) and the requirements of GitHub code scanning's ingestion:
rules with help text, results with ruleId and message, one location with a
repository-relative URI (uriBaseId %SRCROOT%) and a region with startLine,
partialFingerprints.primaryLocationLineHash, related-location links that resolve, and the
per-run limits.

usage: validate_sarif.py [--min-files N] PATH...   (files, or folders searched for *.sarif)
Exit status 0 when every log passes, 1 otherwise.
"""
import argparse
import json
import os
import re
import sys

import jsonschema

HERE = os.path.dirname(os.path.abspath(__file__))
SCHEMA_PATH = os.path.join(HERE, "sarif-schema-2.1.0.json")
LINK = re.compile(r"\[[^\]]*\]\((\d+)\)")


def load_schema():
    with open(SCHEMA_PATH, encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft4Validator.check_schema(schema)
    return jsonschema.Draft4Validator(schema)


def github_problems(log):
    """The ingestion requirements GitHub documents, as a list of messages."""
    problems = []
    if log.get("version") != "2.1.0":
        problems.append("version is not 2.1.0")
    runs = log.get("runs") or []
    if not runs:
        problems.append("no runs")
    for r, run in enumerate(runs):
        driver = run.get("tool", {}).get("driver", {})
        if not driver.get("name"):
            problems.append(f"runs[{r}]: tool.driver.name missing")
        rules = driver.get("rules", [])
        ids = [rule.get("id") for rule in rules]
        for rule in rules:
            rid = rule.get("id")
            for key in ("shortDescription", "fullDescription", "help"):
                if not rule.get(key, {}).get("text"):
                    problems.append(f"rule {rid}: {key}.text missing")
            if not re.fullmatch(r"[a-z]+(-[a-z]+)*", rid or ""):
                problems.append(f"rule {rid}: id is not kebab-case")
        results = run.get("results", [])
        if len(results) > 25000:
            problems.append(f"runs[{r}]: {len(results)} results (limit 25000)")
        base_ids = run.get("originalUriBaseIds", {})
        for i, res in enumerate(results):
            where = f"runs[{r}].results[{i}]"
            rid = res.get("ruleId")
            if rid not in ids:
                problems.append(f"{where}: ruleId {rid!r} is not among the driver's rules")
            elif "ruleIndex" in res and ids[res["ruleIndex"]] != rid:
                problems.append(f"{where}: ruleIndex does not point at {rid}")
            text = res.get("message", {}).get("text")
            if not text:
                problems.append(f"{where}: message.text missing")
            locations = res.get("locations") or []
            if len(locations) != 1:
                problems.append(f"{where}: expected exactly one location, got {len(locations)}")
            for loc in locations:
                phys = loc.get("physicalLocation", {})
                art = phys.get("artifactLocation", {})
                uri = art.get("uri", "")
                if not uri or uri.startswith("/") or "://" in uri:
                    problems.append(f"{where}: uri {uri!r} is not repository-relative")
                if art.get("uriBaseId") != "%SRCROOT%":
                    problems.append(f"{where}: uriBaseId is not %SRCROOT%")
                elif "%SRCROOT%" not in base_ids:
                    problems.append(f"{where}: %SRCROOT% not declared in originalUriBaseIds")
                region = phys.get("region", {})
                if not isinstance(region.get("startLine"), int) or region["startLine"] < 1:
                    problems.append(f"{where}: region.startLine missing")
                for key in ("startColumn", "endLine", "endColumn"):
                    if key not in region:
                        problems.append(f"{where}: region.{key} missing")
                if region.get("endLine", 0) == region.get("startLine") and \
                        region.get("endColumn", 0) <= region.get("startColumn", 0):
                    problems.append(f"{where}: empty region")
            if not res.get("partialFingerprints", {}).get("primaryLocationLineHash"):
                problems.append(f"{where}: partialFingerprints.primaryLocationLineHash missing")
            related_ids = {rl.get("id") for rl in res.get("relatedLocations", [])}
            for link in LINK.findall(text or ""):
                if int(link) not in related_ids:
                    problems.append(f"{where}: message links to [{link}] but no related location has that id")
            for flow in res.get("codeFlows", []):
                for thread in flow.get("threadFlows", []):
                    if not thread.get("locations"):
                        problems.append(f"{where}: empty threadFlow")
                    if len(thread.get("locations", [])) > 10000:
                        problems.append(f"{where}: threadFlow longer than 10000 locations")
    return problems


def collect(paths):
    files = []
    for path in paths:
        if os.path.isdir(path):
            for root, _, names in os.walk(path):
                files += [os.path.join(root, n) for n in sorted(names) if n.endswith(".sarif")]
        else:
            files.append(path)
    return sorted(files)


def validate_file(validator, path):
    with open(path, encoding="utf-8") as f:
        log = json.load(f)
    problems = [f"schema: {'/'.join(map(str, e.absolute_path))}: {e.message}"
                for e in validator.iter_errors(log)]
    problems += [f"github: {p}" for p in github_problems(log)]
    return problems


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--min-files", type=int, default=1)
    parser.add_argument("paths", nargs="+")
    args = parser.parse_args()
    validator = load_schema()
    files = collect(args.paths)
    if len(files) < args.min_files:
        print(f"expected at least {args.min_files} SARIF files, found {len(files)}", file=sys.stderr)
        return 1
    failed = 0
    for path in files:
        problems = validate_file(validator, path)
        if problems:
            failed += 1
            print(f"FAIL {path}")
            for p in problems[:50]:
                print(f"  {p}")
        else:
            print(f"ok   {path}")
    print(f"{len(files) - failed}/{len(files)} SARIF logs valid")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
