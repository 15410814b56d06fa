#!/usr/bin/env python3
"""The Auto Layout solver against kiwisolver on seeded random constraint systems.

Generates COUNT systems (mixed ==, <=, >=; required and not; some with required constraints that
contradict earlier ones; some with edit variables and suggested values, some with constraints removed), solves each with
kiwisolver (Debian's python3-kiwisolver), writes the systems and kiwi's results as JSON (--out),
runs the built `autolayout-solve` on the same systems and compares: the same refused constraints,
and every variable within 1e-6 (relative past 1).

A system's optimum must be unique for the comparison to mean anything (where equal-strength
constraints tie, kiwi's answer depends on its pivot order): every variable gets its own weak stay
at a distinct weight, strengths are drawn from a continuum, and a system is kept only when kiwi
gives the same values with its constraints added in reverse order. Half the systems use kiwi's
scalar strengths on one level (weights spanning kiwi's weak to strong); the other half use three
priority levels, which our solver orders exactly: kiwi is given weights 100x apart per level, and
a system is kept only when kiwi's answer is the same with 1000x (so the weighted sum has reached
the lexicographic optimum; past that, kiwi's fixed 1e-8 tolerance meets weights 1e9 apart and it
aborts with "The objective is unbounded", which is why our levels are exact).

    python3 Tests/solver/compare_kiwi.py [--count 600] [--seed 35] [--binary .build/debug/autolayout-solve]
"""
import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile

try:
    import kiwisolver as kiwi
except ImportError:  # a Python of its own (pyenv) beside Debian's package
    sys.path.append("/usr/lib/python3/dist-packages")
    try:
        import kiwisolver as kiwi
    except ImportError:
        sys.exit("compare_kiwi: kiwisolver is needed (Debian: apt-get install python3-kiwisolver; elsewhere: pip install kiwisolver)")

TOLERANCE = 1e-6


def generate(rng, mode):
    n = rng.randint(2, 7)
    # kiwi's removal subtracts a constraint's rows times its strength from the objective: with
    # strengths 10^7 apart the rounding left over can make it abort ("The objective is
    # unbounded"), so a system with removals keeps to kiwi's medium and weak magnitudes.
    removing = rng.random() < 0.2
    constraints = []
    # Every variable's stay: weak, each at its own weight.
    for v in range(n):
        weight = round(0.1 + 0.05 * v + rng.uniform(0, 0.04), 6)
        constraints.append({"terms": [[v, 1]], "constant": -round(rng.uniform(-50, 50), 1), "op": "==",
                            "strength": [1, weight], "stay": True})
    for _ in range(rng.randint(1, 9)):
        k = rng.randint(1, min(3, n))
        terms = [[v, rng.choice([1, -1, 2, -2, 0.5, round(rng.uniform(-3, 3), 2) or 1])] for v in rng.sample(range(n), k)]
        c = {"terms": terms, "constant": round(rng.uniform(-100, 100), 1), "op": rng.choice(["==", "<=", ">="])}
        if rng.random() < 0.45:
            c["strength"] = None
        elif mode == "single":
            c["strength"] = [1, round(rng.choice([1e3, 1] if removing else [1e6, 1e3, 1]) * rng.uniform(1, 9), 3)]
        else:
            c["strength"] = [rng.randint(2, 3), round(rng.uniform(1, 9), 3)]
        constraints.append(c)
    rng.shuffle(constraints)
    edits, suggestions = [], []
    if rng.random() < 0.3:
        for v in rng.sample(range(n), rng.randint(1, min(2, n))):
            s = [1, round(rng.uniform(1, 9) * 1e3, 3)] if mode == "single" else [rng.randint(2, 3), round(rng.uniform(1, 9), 3)]
            edits.append({"variable": v, "strength": s})
        for _ in range(rng.randint(1, 4)):
            suggestions.append([rng.choice(edits)["variable"], round(rng.uniform(-80, 80), 1)])
    # Constraints removed after all are added (a refused one's removal is skipped on both sides);
    # never a stay, which would leave its variable free to take any value in a range.
    removable = [i for i, c in enumerate(constraints) if not c.get("stay")]
    removals = rng.sample(removable, min(len(removable), rng.randint(1, 3))) if removing else []
    return {"variables": n, "constraints": constraints, "removals": removals, "edits": edits, "suggestions": suggestions}


def kiwi_strength(s, ratio):
    if s is None:
        return "required"
    level, weight = s
    return weight * ratio ** (level - 1) if ratio else weight


def kiwi_solve(system, order, ratio):
    """kiwi's values and refused constraints, the constraints added in `order`. A refused
    constraint can leave kiwi's tableau half-changed: the solver is built again without it (and
    once more at the end, so that removals and edits start from a clean tableau)."""
    xs = [kiwi.Variable(f"x{i}") for i in range(system["variables"])]

    def make(c):
        expr = sum((coef * xs[v] for v, coef in c["terms"]), c["constant"])
        cn = {"==": expr == 0, "<=": expr <= 0, ">=": expr >= 0}[c["op"]]
        return cn | kiwi_strength(c["strength"], ratio)

    accepted, refused = [], []
    solver = kiwi.Solver()
    for i in order:
        try:
            solver.addConstraint(make(system["constraints"][i]))
            accepted.append(i)
        except kiwi.UnsatisfiableConstraint:
            refused.append(i)
            solver = kiwi.Solver()
            for j in accepted:
                solver.addConstraint(make(system["constraints"][j]))
    made = {}
    for i in accepted:
        made[i] = make(system["constraints"][i])
    solver = kiwi.Solver()
    for i in accepted:
        solver.addConstraint(made[i])
    for i in system["removals"]:
        if i in made:
            solver.removeConstraint(made[i])
    for e in system["edits"]:
        solver.addEditVariable(xs[e["variable"]], kiwi_strength(e["strength"], ratio))
    for v, value in system["suggestions"]:
        solver.suggestValue(xs[v], value)
    solver.updateVariables()
    return [x.value() for x in xs], refused, accepted


def close(a, b):
    return abs(a - b) <= TOLERANCE * max(1.0, abs(a), abs(b))


def agree(a, b):
    return all(close(x, y) for x, y in zip(a, b))


def candidate(seed_base, i):
    """The i-th candidate system with kiwi's answer, or None when its optimum is not unique."""
    seed = seed_base * 1_000_003 + i
    rng = random.Random(seed)
    mode = "single" if i % 2 == 0 else "levels"
    system = generate(rng, mode)
    ratio = None if mode == "single" else 1e2
    values, refused, accepted = kiwi_solve(system, range(len(system["constraints"])), ratio)
    again, _, _ = kiwi_solve(system, list(reversed(accepted)), ratio)
    stable = agree(values, again)
    if stable and mode == "levels":
        wider, refused2, _ = kiwi_solve(system, range(len(system["constraints"])), 1e3)
        stable = agree(values, wider) and refused2 == refused
    if not stable:
        return None
    return {"seed": seed, "mode": mode, "system": system, "kiwi": {"values": values, "errors": refused}}


def references(args):
    """`args.count` candidates with kiwi's answers, computed in a child process: kiwi aborts the
    process on some numerically hard systems (an uncaught C++ InternalSolverError), and then the
    candidate it died on is skipped and a new child goes on from the next one."""
    cases, discarded, aborted, i = [], 0, 0, 0
    while len(cases) < args.count:
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(r)
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 2)
            with os.fdopen(w, "w") as out:
                j = i
                while True:
                    out.write(json.dumps(candidate(args.seed, j)) + "\n")
                    out.flush()
                    j += 1
        os.close(w)
        with os.fdopen(r) as results:
            for line in results:
                i += 1
                case = json.loads(line)
                if case is None:
                    discarded += 1
                else:
                    cases.append(case)
                if len(cases) == args.count:
                    break
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        if len(cases) < args.count:
            aborted += 1
            i += 1
    return cases, discarded, aborted


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--count", type=int, default=600)
    ap.add_argument("--seed", type=int, default=35)
    ap.add_argument("--binary", default=".build/debug/autolayout-solve")
    ap.add_argument("--out", help="where to write the systems and kiwi's results (JSON)")
    args = ap.parse_args()

    cases, discarded, aborted = references(args)
    if args.out:
        fd, tmp = tempfile.mkstemp(dir=os.path.dirname(os.path.abspath(args.out)) or ".")
        with os.fdopen(fd, "w") as f:
            json.dump(cases, f)
        os.replace(tmp, args.out)

    run = subprocess.run([args.binary], input=json.dumps([c["system"] for c in cases]), capture_output=True, text=True)
    if run.returncode != 0:
        print(f"compare_kiwi: {args.binary} failed ({run.returncode}): {run.stdout}{run.stderr}")
        return 1
    ours = json.loads(run.stdout)
    failures = 0
    for case, got in zip(cases, ours):
        want = case["kiwi"]
        if got["errors"] != want["errors"] or not agree(got["values"], want["values"]):
            failures += 1
            if failures <= 5:
                print(f"compare_kiwi: system of seed {case['seed']} ({case['mode']}) differs:")
                print(f"  system: {json.dumps(case['system'])}")
                print(f"  kiwi:   {json.dumps(want)}")
                print(f"  ours:   {json.dumps(got)}")
    refusing = sum(1 for c in cases if c["kiwi"]["errors"])
    editing = sum(1 for c in cases if c["system"]["edits"])
    removing = sum(1 for c in cases if c["system"]["removals"])
    summary = (f"{len(cases)} systems (seed {args.seed}; {refusing} with refused constraints, {editing} with edit variables, {removing} with removals, "
               f"{discarded} without a unique optimum and {aborted} on which kiwi aborted discarded)")
    if failures:
        print(f"compare_kiwi: {failures} of {summary} differ from kiwisolver")
        return 1
    print(f"compare_kiwi: {summary}: every value within {TOLERANCE} of kiwisolver's, the same constraints refused")
    return 0


if __name__ == "__main__":
    sys.exit(main())
