#!/usr/bin/env python3
"""Prints every probe of a local capacity search as one markdown table row.

Usage: python3 bench/capacity-table.py DIR   (DIR holds capacity.json and probes/, as written by
`streamgauge run --local` of a spec with spec.capacity, e.g. ~/.cache/streamgauge/bench-capacity/1)

Columns: how long the probe's app took to catch up with its input before the warmup
(summary.catchUp, or status.loadStartedAt to warmupStartedAt before it existed) and its lag then
with the lag's trend at the catch-up's end, the app's input lag at
the window's start (summary.throughput.inputLagAtStart) and its slope over the window, the records
consumed per second, p99, the app's CPU and its CPU per record consumed (not per input record, as
summary.efficiency is: an app behind consumes less than its input), the machine's speed
before the probe (the search's calibration, local searches) and the verdict with its reasons.

Then one row per probed rate: its verdicts (passed, failed, inconclusive), and over its probes whose
windows began level (the backlogAtStart check held) the median and range of p99 and of the lag slope against
their bounds (spec.capacity.latencyP99MaxMs; spec.checks.maxLagGrowthShare of the rate) — how far
from its bounds a rate is, and how far one fresh app scatters from the next.
"""
import statistics
import json
import re
import sys
from datetime import datetime
from pathlib import Path


def instant(text):
    # Python 3.9's fromisoformat takes at most microseconds and no "Z".
    text = re.sub(r"(\.\d{6})\d*", r"\1", text.replace("Z", "+00:00"))
    return datetime.fromisoformat(text)


def number(value, digits=0):
    return "-" if value is None else f"{value:,.{digits}f}"


def warming_up_message(status):
    for transition in status.get("phaseHistory", []):
        if transition.get("phase") == "WarmingUp":
            return transition.get("message", "")
    return ""


def result_of(probe, directory):
    return json.loads((directory / probe["name"] / "result.json").read_text())


def row(index, probe, directory):
    result = result_of(probe, directory)
    status = result["status"]
    summary = status.get("summary") or {}
    throughput = summary.get("throughput") or {}
    caught = "-"
    catch_up = summary.get("catchUp") or status.get("catchUp")
    if catch_up and catch_up.get("seconds") is not None:
        trend = catch_up.get("lagTrendPerSec")
        caught = "{:.0f} s, {} (lag {}{})".format(
            catch_up["seconds"],
            "caught up" if catch_up.get("caughtUp") else "did not catch up",
            number(catch_up.get("lag")),
            "" if trend is None else ", {} {}/s".format(
                "falling" if trend < 0 else "growing", number(abs(trend))
            ),
        )
    elif status.get("loadStartedAt") and status.get("warmupStartedAt"):
        waited = instant(status["warmupStartedAt"]) - instant(status["loadStartedAt"])
        message = warming_up_message(status)
        lag = re.search(r"input lag ([\d,]+)", message)
        outcome = "caught up" if "caught up after" in message else "did not catch up"
        caught = f"{waited.total_seconds():.0f} s, {outcome}" + (
            f" (lag {lag.group(1)})" if lag else ""
        )
    why = probe.get("why") or ["?"]
    if probe["passed"]:
        verdict = "pass"
    elif probe.get("inconclusive"):
        verdict = "; ".join(why)  # starts with "inconclusive: "
    else:
        verdict = "fail: " + "; ".join(why)
    consumed = throughput.get("consumedPerSec")
    cores = summary.get("cpuCores")
    per_record = 1e6 * cores / consumed if cores is not None and consumed else None
    return "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |".format(
        index,
        number(probe["ratePerSecond"]),
        probe["step"],
        caught,
        number(throughput.get("inputLagAtStart")),
        number(throughput.get("inputLagGrowthPerSec")),
        number(throughput.get("consumedPerSec")),
        number(probe.get("p99Ms")),
        number(probe.get("cpuCores"), 2),
        number(per_record, 1),
        number(probe.get("machineSpeed"), 2),
        verdict.replace("|", "\\|"),
    )


def spread(values, bound):
    """median (min-max) of values, and the median over the bound as a percentage."""
    if not values:
        return "-"
    median = statistics.median(values)
    text = number(median)
    if len(values) > 1:
        text += f" ({number(min(values))} to {number(max(values))})"
    return text if not bound or median <= 0 else f"{text}; {100 * median / bound:.0f} %"


def began_level(summary):
    """Whether the window began level: its backlogAtStart check held (or was not judged)."""
    for check in summary.get("checks") or []:
        if check.get("name") == "backlogAtStart":
            return check.get("passed") is not False
    return True


def rate_rows(probes, directory, p99_bound):
    by_rate = {}
    for probe in probes:
        if probe.get("passed") is None:
            continue  # still running, or never judged
        by_rate.setdefault(probe["ratePerSecond"], []).append(probe)
    for rate in sorted(by_rate):
        ended = by_rate[rate]
        slopes, p99s = [], []
        share = None
        for probe in ended:
            result = result_of(probe, directory)
            summary = result["status"].get("summary") or {}
            if not began_level(summary):
                continue
            throughput = summary.get("throughput") or {}
            share = (result.get("spec", {}).get("checks") or {}).get("maxLagGrowthShare", share)
            if throughput.get("inputLagGrowthPerSec") is not None:
                slopes.append(throughput["inputLagGrowthPerSec"])
            if probe.get("p99Ms") is not None:
                p99s.append(probe["p99Ms"])
        passed = sum(1 for p in ended if p.get("passed"))
        inconclusive = sum(1 for p in ended if p.get("inconclusive"))
        print(
            "| {} | {} of {} passed{}; {} began level | {} | {} |".format(
                number(rate),
                passed,
                len(ended) - inconclusive,
                f", {inconclusive} inconclusive" if inconclusive else "",
                len(p99s),
                spread(p99s, p99_bound),
                spread(slopes, None if share is None else share * rate),
            )
        )


def main():
    directory = Path(sys.argv[1])
    document = json.loads((directory / "capacity.json").read_text())
    capacity = document["capacity"]
    print(
        "| # | rate (records/s) | step | catch-up before the warmup | input lag at the window's"
        " start | lag slope (records/s) | consumed/s | p99 (ms) | app CPU (cores) | app CPU per"
        " record consumed (µs) | machine speed | verdict |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for index, probe in enumerate(capacity["probes"], start=1):
        print(row(index, probe, directory))
    print(
        "\n| rate (records/s) | verdicts | p99 of the level windows, ms: median (range);"
        " median of the bound | lag slope of the level windows, records/s: median (range);"
        " median of the bound |"
    )
    print("|---|---|---|---|")
    rate_rows(capacity["probes"], directory, document.get("latencyP99MaxMs"))
    for limit in capacity["limits"]:
        print(
            "\nCPU limit {}: {} [{}, {}]; the app used {} of its limit there".format(
                limit.get("cpuLimit"),
                limit.get("outcome"),
                number(limit.get("lastPassPerSecond")),
                number(limit.get("firstFailPerSecond")),
                number(limit.get("cpuLimitUsedAtCeiling"), 2),
            )
        )
    speeds = [p["machineSpeed"] for p in capacity["probes"] if p.get("machineSpeed") is not None]
    if speeds:
        print(
            "Machine speed (millions of words counted per second, before each probe):"
            " median {} ({} to {}) over {} probes".format(
                number(statistics.median(speeds), 2),
                number(min(speeds), 2),
                number(max(speeds), 2),
                len(speeds),
            )
        )


if __name__ == "__main__":
    main()
