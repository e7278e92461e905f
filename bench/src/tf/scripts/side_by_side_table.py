#!/usr/bin/env python3
"""Prints the side-by-side table (markdown) from TfSideBySide's JMH JSON result.

Usage: python3 bench/src/tf/scripts/side_by_side_table.py bench/target/tf-side-by-side.json

Per workload and engine: the median of the measured iterations, JMH's 99.9% error of the mean,
and the ratios that issue 8's goals are stated in: TF's faster configuration over Tatter (how
many times faster Tatter is) and Tatter over the hand-written loop.
"""
import json
import statistics
import sys

GOALS = {
    "w1_elementwise": "≥5× TF, ≤1.3× hand",
    "w2_toTensor": "≥3× TF",
    "w3_rowSums": "≥3× TF",
    "w4a_valueRowids": "≥3× TF",
    "w4b_rowSplitsFromValueRowids": "≥3× TF",
    "w5a_sparseTimesDense": "≥3× TF",
    "w5b_sparseDenseMatmul": "faster than TF",
    "w6_sessionOverhead": "< 1 µs",
}


def main(path):
    runs = json.load(open(path))
    table = {}
    for run in runs:
        name = run["benchmark"].rsplit(".", 1)[1]
        engine = run["params"]["engine"]
        metric = run["primaryMetric"]
        raw = [x for fork in metric["rawData"] for x in fork]
        table.setdefault(name, {})[engine] = (statistics.median(raw), metric["scoreError"], metric["scoreUnit"])
    print("| workload | TF default | TF 1 thread | Tatter | hand loop | TF best / Tatter | Tatter / hand | goal |")
    print("|---|---|---|---|---|---|---|---|")
    for name in GOALS:
        if name not in table:
            continue
        row = table[name]

        def cell(engine):
            if engine not in row:
                return "—"
            median, error, unit = row[engine]
            return f"{median:.4g} ± {error:.2g} {unit.replace('/op', '')}"

        best_tf = min(row[e][0] for e in ("tf", "tf1") if e in row) if ("tf" in row or "tf1" in row) else None
        tatter = row.get("tatter", (None,))[0]
        hand = row.get("hand", (None,))[0]
        vs_tf = f"{best_tf / tatter:.2f}×" if best_tf and tatter else "—"
        vs_hand = f"{tatter / hand:.2f}×" if tatter and hand else "—"
        print(f"| {name} | {cell('tf')} | {cell('tf1')} | {cell('tatter')} | {cell('hand')} | {vs_tf} | {vs_hand} | {GOALS[name]} |")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "bench/target/tf-side-by-side.json")
