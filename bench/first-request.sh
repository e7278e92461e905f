#!/usr/bin/env bash
# First requests of a server against its steady ones: each sample is a fresh JVM that builds a graph,
# makes a Runner, optionally warms it up, then serves requests (dev.tatter.bench.FirstRequest), by the
# server recipe of the README (an AppCDS archive of the server's classes, made here by one training run,
# plus Runner.warmUp) and without it; configurations alternate round by round, so that a neighbour's
# load falls on all of them. Prints a markdown section (medians over the rounds) with figure lines for
# bench/report.sh's goals: the first 32-sentence request within 2x the steady latency, the first large
# run (100,000 sentences; the 2.4M-token pooling graph) within 1.5x the steady one.
#
#   bench/first-request.sh [ROUNDS [--tiny]]     (build bench/target/benchmarks.jar first)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
rounds="${1:-5}"
tiny="${2:-}"
jar=bench/target/benchmarks.jar
[ -f "$jar" ] || { echo "first-request: $jar is missing (mvn -B -q -DskipTests -pl bench -am package)" >&2; exit 2; }
heap=(-Xms3g -Xmx3g -XX:+UseParallelGC)
[ -z "$tiny" ] || heap=(-Xms1g -Xmx1g -XX:+UseParallelGC)
out=bench/target/first-request
mkdir -p "$out"
: > "$out/samples.txt"
load0=$(cut -d' ' -f1-3 /proc/loadavg)
# the recipe's archive: one training run of the server (its classes loaded, then dumped at exit)
java "${heap[@]}" -XX:ArchiveClassesAtExit="$out/server.jsa" -cp "$jar" dev.tatter.bench.FirstRequest nlp warm \
  > /dev/null 2>&1
cds=(-XX:SharedArchiveFile="$out/server.jsa")
configs=("nlp cold" "nlp warm" "nlp-cds warm" "nlp-large cold" "nlp-large warm")
[ -n "$tiny" ] || configs+=("pooling cold" "pooling warm")
for ((r = 0; r < rounds; r++)); do
  for c in "${configs[@]}"; do
    read -r workload mode <<< "$c"
    flags=("${heap[@]}")
    if [ "$workload" = nlp-cds ]; then
      workload=nlp
      flags+=("${cds[@]}")
    fi
    line=$(java "${flags[@]}" -cp "$jar" dev.tatter.bench.FirstRequest "$workload" "$mode" ${tiny:+--tiny} 2>/dev/null | tail -1)
    echo "${c// /_} $line" >> "$out/samples.txt"
  done
done
python3 - "$out/samples.txt" "$rounds" "$load0" "$(cut -d' ' -f1-3 /proc/loadavg)" "$(git rev-parse --short HEAD)" <<'PY'
import sys, statistics
path, rounds, load0, load1, commit = sys.argv[1:]
rows = {}
for line in open(path):
    f = line.split()
    if len(f) < 3:
        continue
    kv = dict(zip(f[3::2], f[4::2]))
    rows.setdefault(f[0], []).append(kv)
def med(xs, key):
    v = [float(x[key]) for x in xs if key in x]
    return statistics.median(v) if v else float("nan")
names = {"nlp_cold": "NLP, 32 sentences, cold", "nlp_warm": "NLP, 32 sentences, Runner.warmUp()",
         "nlp-cds_warm": "NLP, 32 sentences, AppCDS + warmUp() (the recipe)",
         "nlp-large_cold": "NLP, 100,000 sentences, cold", "nlp-large_warm": "NLP, 100,000 sentences, warmUp()",
         "pooling_cold": "pooling, 2.4M tokens, cold", "pooling_warm": "pooling, 2.4M tokens, warmUp()"}
print("#### First requests against steady ones\n")
print(f"`bench/first-request.sh {rounds}` (a fresh JVM per sample, `-Xms3g -Xmx3g -XX:+UseParallelGC`), medians of "
      f"{rounds} rounds; commit {commit}; load average {load0} at the start, {load1} at the end.\n")
print("| server start | JVM start to ready ms | warm-up ms (runs) | first request ms | steady median ms | first / steady |")
print("|---|---:|---:|---:|---:|---:|")
for key, label in names.items():
    xs = rows.get(key)
    if not xs:
        continue
    ratio = med(xs, "first_over_steady")
    print(f"| {label} | {med(xs, 'ready_ms'):.0f} | {med(xs, 'warmup_ms'):.0f} ({med(xs, 'warmup_runs'):.0f}) | "
          f"{med(xs, 'first_ms'):.2f} | {med(xs, 'steady_median_ms'):.2f} | {ratio:.2f} |")
print()
print("Steady: the median of requests 101 to 400 (NLP, 32 sentences) or of the runs after the first (large). "
      "The warm-up runs synthetic feeds of the placeholders' types (`Runner.warmUp()`) until the JIT is quiet.\n")
if "nlp-cds_warm" in rows:
    print(f"<!-- figure first-request-over-steady {med(rows['nlp-cds_warm'], 'first_over_steady'):.4g} -->")
large = [med(rows[k], "first_over_steady") for k in ("nlp-large_warm", "pooling_warm") if k in rows]
if large:
    print(f"<!-- figure first-large-over-steady {max(large):.4g} -->")
PY
