#!/usr/bin/env python3
"""Runs a composite action's steps as the GitHub runner would, for Tests/integrations/run.sh.

action.yml is read; its inputs get their defaults, then the values given. Each step's `if:` is
evaluated as the runner does (a condition without a status function is `success() && …`;
success() is false once a step failed, always() is true), `${{ inputs.X }}` and
`${{ steps.ID.outputs.X }}` are filled in in its `env:` and `with:`, and its `run:` script is run
by `bash --noprofile --norc -eo pipefail` (the runner's `shell: bash`) in the current folder with
GITHUB_ACTION_PATH, GITHUB_PATH, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY and RUNNER_TEMP set. A step
that sets outputs writes NAME=VALUE lines to GITHUB_OUTPUT. The `uses:` steps are stood in for:
actions/upload-artifact@v4 (the path must hold files unless if-no-files-found allows none; the
files are listed; outputs artifact-id and artifact-url) and github/codeql-action/upload-sarif@v3
(the file must exist).

Usage:
  action_runner.py ACTION --work DIR --inputs JSON --step NAME
      runs that one step (its `if:` not asked), its output on stdout and stderr, exit its status;
  action_runner.py ACTION --work DIR --inputs JSON [--pretend NAME …]
      runs every step in order (the --pretend ones count as succeeded without running) and
      prints JSON: {"steps": [{name, id, outcome, outputs, log}], "uploads": [...], "summary": text}.
"""
import argparse
import json
import os
import re
import subprocess
import sys

import yaml

EXPR = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")
TOKEN = re.compile(r"\s*(\(|\)|&&|\|\||!=|==|!|'(?:[^']|'')*'|[A-Za-z_][\w.-]*\(\)|[A-Za-z_][\w.-]*|\d+)")


class Runner:
    def __init__(self, action_path, work, given):
        self.action = yaml.safe_load(open(action_path))
        self.action_dir = os.path.dirname(os.path.abspath(action_path))
        self.work = work
        self.inputs = {k: str(v.get("default", "")) for k, v in self.action.get("inputs", {}).items()}
        for k, v in given.items():
            if k not in self.inputs:
                raise SystemExit(f"action_runner: action.yml has no input '{k}'")
            self.inputs[k] = v
        self.steps = {}  # id → {"outcome", "outputs"}
        self.failed = False
        self.uploads = []
        self.summary = os.path.join(work, "step_summary.md")
        open(self.summary, "a").close()

    # ------------------------------------------------------------------ expressions
    def value(self, name):
        parts = name.split(".")
        if parts[0] == "inputs" and len(parts) == 2:
            if parts[1] not in self.inputs:
                raise SystemExit(f"action_runner: unknown input in an expression: {name}")
            return self.inputs[parts[1]]
        if parts[0] == "steps" and len(parts) >= 3:
            step = self.steps.get(parts[1], {"outcome": "", "outputs": {}})
            if parts[2] in ("outcome", "conclusion") and len(parts) == 3:
                return step["outcome"]
            if parts[2] == "outputs" and len(parts) == 4:
                return step["outputs"].get(parts[3], "")
        raise SystemExit(f"action_runner: cannot evaluate '{name}'")

    def condition(self, text):
        text = text.strip()
        m = EXPR.fullmatch(text)
        if m:
            text = m.group(1)
        if not re.search(r"\b(always|success|failure|cancelled)\(\)", text):
            text = "success() && (" + text + ")"
        out, pos = [], 0
        while pos < len(text):
            m = TOKEN.match(text, pos)
            if not m:
                raise SystemExit(f"action_runner: cannot parse the condition '{text}' at {pos}")
            t = m.group(1)
            pos = m.end()
            if t in ("(", ")", "==", "!="):
                out.append(t)
            elif t == "&&":
                out.append(" and ")
            elif t == "||":
                out.append(" or ")
            elif t == "!":
                out.append(" not ")
            elif t.startswith("'"):
                out.append(repr(t[1:-1].replace("''", "'")))
            elif t == "always()":
                out.append("True")
            elif t == "success()":
                out.append(repr(not self.failed))
            elif t == "failure()":
                out.append(repr(self.failed))
            elif t == "cancelled()":
                out.append("False")
            elif t in ("true", "false"):
                out.append(repr(t == "true"))
            else:
                out.append(repr(self.value(t)))
        return bool(eval("".join(out), {"__builtins__": {}}, {}))

    def fill(self, text):
        return EXPR.sub(lambda m: self.value(m.group(1)), str(text))

    # ------------------------------------------------------------------ steps
    def run_script(self, step, capture):
        out_file = os.path.join(self.work, "github_output")
        open(out_file, "w").close()
        env = dict(os.environ)
        env.update({k: self.fill(v) for k, v in step.get("env", {}).items()})
        env.update({
            "GITHUB_ACTION_PATH": self.action_dir,
            "GITHUB_PATH": os.path.join(self.work, "github_path"),
            "GITHUB_OUTPUT": out_file,
            "GITHUB_STEP_SUMMARY": self.summary,
            "RUNNER_TEMP": self.work,
        })
        script = os.path.join(self.work, "step.sh")
        with open(script, "w") as f:
            f.write(step["run"])
        r = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", script], env=env,
                           stdout=subprocess.PIPE if capture else None, stderr=subprocess.STDOUT if capture else None, text=True)
        outputs = {}
        for line in open(out_file).read().splitlines():
            if "=" in line:
                k, v = line.split("=", 1)
                outputs[k] = v
        return r.returncode, (r.stdout or ""), outputs

    def stand_in(self, step):
        uses = step["uses"]
        w = {k: self.fill(v) for k, v in step.get("with", {}).items()}
        if uses == "actions/upload-artifact@v4":
            path = w.get("path", "")
            files = []
            if os.path.isdir(path):
                for root, _, names in os.walk(path):
                    files += [os.path.relpath(os.path.join(root, n), path) for n in names]
            elif os.path.isfile(path):
                files = [os.path.basename(path)]
            if not files and w.get("if-no-files-found", "warn") == "error":
                return 1, f"No files were found with the provided path: {path}. No artifacts will be uploaded.\n", {}
            n = len(self.uploads) + 1
            self.uploads.append({"name": w.get("name", "artifact"), "path": path, "files": sorted(files)})
            return 0, "", {"artifact-id": str(n), "artifact-url": f"https://github.com/owner/repo/actions/runs/1/artifacts/{n}"}
        if uses == "github/codeql-action/upload-sarif@v3":
            ok = os.path.isfile(w.get("sarif_file", ""))
            self.uploads.append({"sarif": w.get("sarif_file")})
            return (0 if ok else 1), ("" if ok else "no SARIF file\n"), {}
        return 1, f"action_runner: no stand-in for {uses}\n", {}

    def run_all(self, pretend):
        report = []
        for step in self.action["runs"]["steps"]:
            entry = {"name": step["name"], "id": step.get("id"), "outcome": "skipped", "outputs": {}, "log": ""}
            if step["name"] in pretend:
                entry["outcome"] = "success"
            elif self.condition(step.get("if", "success()")):
                status, log, outputs = self.run_script(step, True) if "run" in step else self.stand_in(step)
                entry.update(outcome="success" if status == 0 else "failure", outputs=outputs, log=log)
                if status != 0:
                    self.failed = True
            if step.get("id"):
                self.steps[step["id"]] = {"outcome": entry["outcome"], "outputs": entry["outputs"]}
            report.append(entry)
        return {"steps": report, "uploads": self.uploads, "summary": open(self.summary).read()}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("action")
    ap.add_argument("--work", required=True)
    ap.add_argument("--inputs", default="{}")
    ap.add_argument("--step")
    ap.add_argument("--pretend", action="append", default=[])
    a = ap.parse_args()
    runner = Runner(a.action, a.work, json.loads(a.inputs))
    if a.step:
        step = next((s for s in runner.action["runs"]["steps"] if s["name"] == a.step), None)
        if step is None:
            raise SystemExit(f"action_runner: no step '{a.step}'")
        status, _, _ = runner.run_script(step, False)
        sys.exit(status)
    print(json.dumps(runner.run_all(set(a.pretend))))


if __name__ == "__main__":
    main()
