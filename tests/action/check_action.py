#!/usr/bin/env python3
"""Static checks of the GitHub Action (action.yml) and the workflows that use it.

GitHub only finds a wrong input name, an output mapped to nothing or a shell syntax error
when the action runs on a pull request; these checks find them here:
  - action.yml is a composite action whose run steps name a shell and parse with `bash -n`;
  - the inputs the action promises exist and are described, every `inputs.X` it uses is
    declared, every `steps.ID.outputs.NAME` names an earlier step that writes NAME;
  - each `--option` the check step passes to galias is one `galias check --help` lists
    (when the galias binary is given);
  - the example workflows (examples/github-actions/*.yml) and the workflows in
    docs/github-actions.md pass only declared inputs to the action and read only declared
    outputs, and grant `security-events: write` for the SARIF upload.

Usage: check_action.py SOURCE_ROOT [GALIAS_BINARY]
"""
import pathlib
import re
import subprocess
import sys

import yaml

# The inputs the action's documentation and examples rely on.
REQUIRED_INPUTS = {"build-dir", "compile-commands-command", "fail-on", "checks", "baseline", "backend",
                   "version", "deb-url"}
REQUIRED_OUTPUTS = {"findings", "sarif"}
# Outputs of the actions the composite uses (their own action.yml, not in this tree).
KNOWN_ACTION_OUTPUTS = {"actions/cache": {"cache-hit", "cache-primary-key", "cache-matched-key"}}
EXPRESSION = re.compile(r"\$\{\{(.*?)\}\}", re.S)

failures = []


def fail(where, message):
    failures.append(f"{where}: {message}")


def expressions(node):
    """Every ${{ ... }} expression anywhere in a parsed YAML value."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield from expressions(key)
            yield from expressions(value)
    elif isinstance(node, list):
        for value in node:
            yield from expressions(value)
    elif isinstance(node, str):
        yield from (m.group(1) for m in EXPRESSION.finditer(node))


def written_outputs(script):
    """Names a run step writes to $GITHUB_OUTPUT (echo "name=..." >> "$GITHUB_OUTPUT")."""
    return {m.group(1) for line in script.splitlines() if "GITHUB_OUTPUT" in line
            for m in re.finditer(r'echo\s+"?([A-Za-z0-9_-]+)=', line)}


def check_action(root, galias):
    where = "action.yml"
    action = yaml.safe_load((root / "action.yml").read_text())
    for key in ("name", "description", "inputs", "outputs", "runs"):
        if key not in action:
            fail(where, f"no '{key}'")
    runs = action.get("runs", {})
    if runs.get("using") != "composite":
        fail(where, f"runs.using is {runs.get('using')!r}, not 'composite'")
    inputs = action.get("inputs", {})
    outputs = action.get("outputs", {})
    for name in sorted(REQUIRED_INPUTS - inputs.keys()):
        fail(where, f"input '{name}' is missing")
    for name in sorted(REQUIRED_OUTPUTS - outputs.keys()):
        fail(where, f"output '{name}' is missing")
    for kind, table in (("input", inputs), ("output", outputs)):
        for name, spec in table.items():
            if not (spec or {}).get("description"):
                fail(where, f"{kind} '{name}' has no description")

    for expression in expressions(action):
        for name in re.findall(r"\binputs\.([A-Za-z0-9_-]+)", expression):
            if name not in inputs:
                fail(where, f"'inputs.{name}' is used but not declared")

    # Step outputs: who writes what, in step order.
    steps = runs.get("steps", [])
    writes = {}
    for index, step in enumerate(steps):
        label = f"{where}: step {index + 1} ({step.get('name', step.get('uses', '?'))})"
        if ("run" in step) == ("uses" in step):
            fail(label, "needs exactly one of 'run' and 'uses'")
        if "run" in step:
            if "shell" not in step:
                fail(label, "a composite run step must name its shell")
            check_shell_syntax(label, step["run"])
        for expression in expressions(step):
            check_step_reference(label, expression, writes)
        if "id" in step:
            if "run" in step:
                writes[step["id"]] = written_outputs(step["run"])
            else:
                action_name = step["uses"].split("@")[0]
                writes[step["id"]] = KNOWN_ACTION_OUTPUTS.get(action_name)  # None: not known here
    for name, spec in outputs.items():
        value = str((spec or {}).get("value", ""))
        if not re.fullmatch(r"\$\{\{\s*steps\.[A-Za-z0-9_-]+\.outputs\.[A-Za-z0-9_-]+\s*\}\}", value):
            fail(where, f"output '{name}' is not mapped to one step output: {value!r}")
        for expression in EXPRESSION.findall(value):
            check_step_reference(f"{where}: output '{name}'", expression, writes)

    if galias:
        check_galias_options(steps, galias)
    return set(inputs), set(outputs)


def check_step_reference(label, expression, writes):
    for step_id, name in re.findall(r"\bsteps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_-]+)", expression):
        if step_id not in writes:
            fail(label, f"'steps.{step_id}' is not an earlier step with an id")
        elif writes[step_id] is not None and name not in writes[step_id]:
            fail(label, f"step '{step_id}' never writes output '{name}'")


def check_shell_syntax(label, script):
    # Expressions are substituted before bash sees the script; a word stands in for each.
    text = EXPRESSION.sub("EXPRESSION", script)
    result = subprocess.run(["bash", "-n"], input=text, text=True, capture_output=True)
    if result.returncode != 0:
        fail(label, f"bash -n: {result.stderr.strip()}")


def check_galias_options(steps, galias):
    result = subprocess.run([galias, "check", "--help"], text=True, capture_output=True)
    if result.returncode != 0:
        fail("galias check --help", f"exit {result.returncode}: {result.stderr.strip()}")
        return
    known = set(re.findall(r"(--[a-z][a-z-]*)", result.stdout))
    for step in steps:
        # The check step builds galias's command line in the bash array `args`.
        script = step.get("run", "")
        if "galias" not in script or "check" not in script:
            continue
        words = " ".join(re.findall(r"\bargs\+?=\((.*?)\)", script, re.S))
        for option in sorted(set(re.findall(r"(?<![\w-])(--[a-z][a-z-]*)", words))):
            if option not in known:
                fail(f"action.yml: step '{step.get('name')}'", f"galias check has no option {option}")


def workflow_documents(root):
    for path in sorted((root / "examples" / "github-actions").glob("*.yml")):
        yield str(path.relative_to(root)), path.read_text()
    docs = root / "docs" / "github-actions.md"
    for number, block in enumerate(re.findall(r"```yaml\n(.*?)```", docs.read_text(), re.S), 1):
        yield f"docs/github-actions.md (yaml block {number})", block


def uses_this_action(uses):
    return uses.startswith("galias/galias@") or uses in ("./", ".")


def check_workflow(where, text, inputs, outputs):
    workflow = yaml.safe_load(text)
    if not isinstance(workflow, dict) or "jobs" not in workflow:
        return False  # a fragment (GitLab CI, say), not a workflow
    # YAML 1.1 reads the key `on` as true. A block without it is a fragment of a workflow
    # (jobs only): its permissions are the surrounding workflow's, not checked here.
    complete = "on" in workflow or True in workflow
    used = False
    for job_name, job in workflow["jobs"].items():
        galias_ids = set()
        permissions = {**(workflow.get("permissions") or {}), **(job.get("permissions") or {})}
        for step in job.get("steps", []):
            if uses_this_action(step.get("uses", "")):
                used = True
                for key in step.get("with") or {}:
                    if key not in inputs:
                        fail(f"{where}: job {job_name}", f"input '{key}' is not declared in action.yml")
                if "id" in step:
                    galias_ids.add(step["id"])
                if complete and str((step.get("with") or {}).get("upload-sarif", "true")) == "true" \
                        and permissions.get("security-events") != "write":
                    fail(f"{where}: job {job_name}", "the SARIF upload needs 'security-events: write'")
            for expression in expressions(step):
                for step_id, name in re.findall(r"\bsteps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_-]+)", expression):
                    if step_id in galias_ids and name not in outputs:
                        fail(f"{where}: job {job_name}", f"output '{name}' is not declared in action.yml")
    return used


def main():
    root = pathlib.Path(sys.argv[1]).resolve()
    galias = sys.argv[2] if len(sys.argv) > 2 else None
    inputs, outputs = check_action(root, galias)
    users = 0
    for where, text in workflow_documents(root):
        try:
            users += check_workflow(where, text, inputs, outputs)
        except yaml.YAMLError as error:
            fail(where, f"not valid YAML: {error}")
    if users == 0:
        fail("examples/github-actions, docs/github-actions.md", "no workflow uses the action")
    for failure in failures:
        print(failure)
    print(f"action.yml: {len(inputs)} inputs, {len(outputs)} outputs; {users} workflows use it; "
          f"{len(failures)} problems")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
