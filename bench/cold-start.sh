#!/usr/bin/env bash
# Cold start of the README graph: wall time from process start to printed result, by the README's
# AppCDS recipe (static archive + C1 only, through bin/tatter) and plain (java -jar), with an empty
# `java -version` as the floor. The three run alternately, so a neighbour's load falls on all of them.
# Build the jar first (mvn -B -q -DskipTests package); the archive is made here, from that jar.
#
#   bench/cold-start.sh [ROUNDS [BASELINE_JAR]]   (default 21 rounds; prints wall and CPU medians and minimums)
#
# With BASELINE_JAR (a copy of an earlier build's tatter.jar), that jar runs in the same rounds, by the
# same recipe (its own archive; through java directly, which bin/tatter's exec differs from by a few ms)
# and plain, so that a change is timed before and after under the same load.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
rounds="${1:-21}"
baseline="${2:-}"
jar=frontend/target/tatter.jar
graph=examples/src/main/resources/graphs/padding.tat
feed='tokens=[[5, 2, 9], [], [7], [4, 4]]'
[ -f "$jar" ] || { echo "cold-start: $jar is missing; build it with: mvn -B -q -DskipTests package" >&2; exit 2; }
[ -z "$baseline" ] || [ -f "$baseline" ] || { echo "cold-start: baseline jar $baseline is missing" >&2; exit 2; }
# the README's recipe, step by step: archive($1 jar, $2 file prefix)
archive() {
  java -XX:DumpLoadedClassList="$2.classlist" -jar "$1" run "$graph" --feed "$feed" >/dev/null
  java -Xshare:dump -XX:SharedClassListFile="$2.classlist" -XX:SharedArchiveFile="$2.jsa" -cp "$1" >/dev/null 2>&1
  echo "archive of $1: $(wc -l < "$2.classlist") classes listed, $(du -h "$2.jsa" | cut -f1)"
}
archive "$jar" frontend/target/tatter
recipe_opts="-XX:SharedArchiveFile=frontend/target/tatter.jsa -XX:TieredStopAtLevel=1"
if [ -n "$baseline" ]; then
  archive "$baseline" frontend/target/baseline
  baseline_opts="-XX:SharedArchiveFile=frontend/target/baseline.jsa -XX:TieredStopAtLevel=1"
fi
expected="$(java -jar "$jar" run "$graph" --feed "$feed")"

# "wall cpu" seconds of one command (cpu = user + sys, less disturbed than wall by a neighbour's load);
# its output must be the expected result, so a broken run never counts
measure() {
  local out
  out="$(/usr/bin/time -f 'TIME %e %U %S' -o /tmp/cold-start.time "$@" 2>&1)"
  if [ "$1" != java ] || [ "$2" != -version ]; then
    [ "$out" = "$expected" ] || { echo "cold-start: unexpected output from $*: $out" >&2; exit 1; }
  fi
  awk '/^TIME/ { printf "%s %.2f\n", $2, $3 + $4 }' /tmp/cold-start.time
}

: > /tmp/cold-start.recipe; : > /tmp/cold-start.plain; : > /tmp/cold-start.empty
: > /tmp/cold-start.baseline-recipe; : > /tmp/cold-start.baseline-plain
for ((i = 0; i < rounds; i++)); do
  TATTER_JAVA_OPTS="$recipe_opts" measure bin/tatter run "$graph" --feed "$feed" >> /tmp/cold-start.recipe
  measure java -jar "$jar" run "$graph" --feed "$feed" >> /tmp/cold-start.plain
  measure java -version >> /tmp/cold-start.empty
  if [ -n "$baseline" ]; then
    # shellcheck disable=SC2086
    measure java $baseline_opts -jar "$baseline" run "$graph" --feed "$feed" >> /tmp/cold-start.baseline-recipe
    measure java -jar "$baseline" run "$graph" --feed "$feed" >> /tmp/cold-start.baseline-plain
  fi
done
# median and minimum of column $3 (1 wall, 2 cpu) of file $2
column() { cut -d' ' -f"$2" "$1" | sort -n | awk '{ v[NR] = $1 } END { printf "median %.2f s, min %.2f s", v[int((NR + 1) / 2)], v[1] }'; }
summary() { printf "%-28s wall %s; cpu %s (%d runs)\n" "$1" "$(column "$2" 1)" "$(column "$2" 2)" "$(wc -l < "$2")"; }
summary "recipe (bin/tatter, CDS+C1)" /tmp/cold-start.recipe
summary "plain (java -jar)" /tmp/cold-start.plain
summary "empty (java -version)" /tmp/cold-start.empty
if [ -n "$baseline" ]; then
  summary "baseline recipe (CDS+C1)" /tmp/cold-start.baseline-recipe
  summary "baseline plain (java -jar)" /tmp/cold-start.baseline-plain
fi
echo "commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- . || echo ' (with uncommitted changes)'); $(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg); $(java -version 2>&1 | head -1)"
