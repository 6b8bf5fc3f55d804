#!/usr/bin/env python3
"""Where `make test`'s time goes: the test classes that took longest, from the JUnit reports.

Reads every module's target/surefire-reports and target/failsafe-reports (what the last Maven
run of each class left there) and prints a Markdown table of the classes at or above --min
seconds, slowest first, with their tests' times, then the total of every class.

usage: bench/test-times.py [--min SECONDS] [--cases] [REPO_DIR]
"""

import argparse
import glob
import os
import xml.etree.ElementTree as ElementTree


def suites(repo):
    """Each test class with its cases, by the class each case names.

    Where test classes run beside each other (the cli module's E2Es), Surefire writes some cases
    into another class's report file; a class whose cases are all in its own file gets that
    file's time (its setup included), one whose cases were written elsewhere the sum of its
    cases' times, marked so.
    """
    reports = {}
    cases = {}
    for path in sorted(glob.glob(os.path.join(repo, "*", "target", "*-reports", "TEST-*.xml"))):
        root = ElementTree.parse(path).getroot()
        module = os.path.relpath(path, repo).split(os.sep)[0]
        reports[root.get("name")] = (module, float(root.get("time", "0")))
        for c in root.iter("testcase"):
            name = c.get("classname") or root.get("name")
            cases.setdefault(name, []).append((c.get("name"), float(c.get("time", "0")), root.get("name")))
    for name, (module, seconds) in reports.items():
        own = cases.get(name, [])
        elsewhere = any(report != name for _, _, report in own)
        if elsewhere:
            seconds = sum(t for _, t, _ in own)
        yield module, name + (" *" if elsewhere else ""), seconds, [(n, t) for n, t, _ in own]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("repo", nargs="?", default=os.path.dirname(os.path.dirname(__file__)) or ".")
    parser.add_argument("--min", type=float, default=20.0, help="leave out faster classes")
    parser.add_argument("--cases", action="store_true", help="list each slow class's tests")
    args = parser.parse_args()
    found = sorted(suites(args.repo), key=lambda s: -s[2])
    if not found:
        raise SystemExit("test-times: no JUnit reports under %s/*/target: run make test first" % args.repo)
    print("| module | class | tests | seconds |")
    print("|---|---|---:|---:|")
    for module, name, seconds, cases in found:
        if seconds < args.min:
            continue
        print("| %s | %s | %d | %.0f |" % (module, name.rsplit(".", 1)[-1], len(cases), seconds))
        if args.cases:
            quick = [c for c in cases if c[1] < 1.0]
            for case, case_seconds in sorted(cases, key=lambda c: -c[1]):
                if case_seconds >= 1.0:
                    print("| | · %s | | %.0f |" % (case, case_seconds))
            if quick:
                print("| | · %d more, each under 1 s | | %.0f |" % (len(quick), sum(c[1] for c in quick)))
    total = sum(s[2] for s in found)
    print("\n%d classes, %.0f s (%.1f min) in all; %.0f s in the %d shown" % (
        len(found), total, total / 60,
        sum(s[2] for s in found if s[2] >= args.min),
        sum(1 for s in found if s[2] >= args.min)))
    if any(s[1].endswith(" *") for s in found):
        print("* ran beside other classes (its cases' times summed, its setup not counted); the"
              " classes' times overlap there, so their total is more than the wall time")


if __name__ == "__main__":
    main()
