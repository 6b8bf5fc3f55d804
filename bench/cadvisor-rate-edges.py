#!/usr/bin/env python3
"""How far Prometheus' rate() reads from a steady counter's true rate when the counter's samples
carry cAdvisor's uneven housekeeping times, against the slope between the window's first and last
samples that the cadvisor profile uses (core/.../metrics/MetricProfiles.java).

Usage: python3 bench/cadvisor-rate-edges.py [TRIALS] [SEED]   (defaults 20000 and 1)

A counter rising at exactly 1 per second is sampled every 10-15 s (uniform; cAdvisor's dynamic
housekeeping between its 10 s and 15 s intervals), from a random phase. For each window length,
TRIALS windows are read with rate() as Prometheus computes it (promql/functions.go,
extrapolatedRate: extrapolate to an edge only when it is closer than 1.1 average intervals, else by
half an interval, then divide by the window) and with the slope. Both should read 1.000.
"""
import random
import sys


def rate(samples, start, end):
    inside = [(t, v) for t, v in samples if start < t <= end]
    (t_first, v_first), (t_last, v_last) = inside[0], inside[-1]
    sampled = t_last - t_first
    average = sampled / (len(inside) - 1)
    to_start, to_end = t_first - start, end - t_last
    if to_start >= average * 1.1:
        to_start = average / 2
    if to_end >= average * 1.1:
        to_end = average / 2
    return (v_last - v_first) * (sampled + to_start + to_end) / sampled / (end - start)


def slope(samples, start, end):
    inside = [(t, v) for t, v in samples if start < t <= end]
    (t_first, v_first), (t_last, v_last) = inside[0], inside[-1]
    return (v_last - v_first) / (t_last - t_first)


def main():
    trials = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    random.seed(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    print("| window | rate(): lowest | rate(): share of windows < 0.99 | slope: lowest | slope: highest |")
    print("|---|---|---|---|---|")
    for window in (60, 120, 300, 600):
        rates, slopes = [], []
        for _ in range(trials):
            t, samples = random.uniform(-15, 0), []
            while t < window + 30:
                samples.append((t, t))
                t += random.uniform(10, 15)
            rates.append(rate(samples, 0, window))
            slopes.append(slope(samples, 0, window))
        low = sum(r < 0.99 for r in rates) / trials
        print(
            f"| {window} s | {min(rates):.3f} | {low:.1%} | {min(slopes):.3f} | {max(slopes):.3f} |"
        )


if __name__ == "__main__":
    main()
