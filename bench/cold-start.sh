#!/usr/bin/env bash
# Cold start of the README graph: wall time from process start to printed result, by the README's
# AppCDS recipe (static archive + C1 only, through bin/tatter) and plain (java -jar), with an empty
# `java -version` as the floor. The three run alternately, so a neighbour's load falls on all of them.
# Build the jar first (mvn -B -q -DskipTests package); the archive is made here, from that jar.
#
#   bench/cold-start.sh [ROUNDS]     (default 21 rounds; prints medians and minimums in seconds)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
rounds="${1:-21}"
jar=frontend/target/tatter.jar
graph=examples/src/main/resources/graphs/padding.tat
feed='tokens=[[5, 2, 9], [], [7], [4, 4]]'
[ -f "$jar" ] || { echo "cold-start: $jar is missing; build it with: mvn -B -q -DskipTests package" >&2; exit 2; }
# the README's recipe, step by step
java -XX:DumpLoadedClassList=frontend/target/tatter.classlist -jar "$jar" run "$graph" --feed "$feed" >/dev/null
java -Xshare:dump -XX:SharedClassListFile=frontend/target/tatter.classlist \
    -XX:SharedArchiveFile=frontend/target/tatter.jsa -cp "$jar" >/dev/null 2>&1
echo "archive: $(wc -l < frontend/target/tatter.classlist) classes listed, $(du -h frontend/target/tatter.jsa | cut -f1)"
recipe_opts="-XX:SharedArchiveFile=frontend/target/tatter.jsa -XX:TieredStopAtLevel=1"
expected="$(java -jar "$jar" run "$graph" --feed "$feed")"

# wall seconds of one command; its output must be the expected result, so a broken run never counts
seconds() {
  local start end out
  start=$(date +%s%N)
  out="$("$@" 2>&1)"
  end=$(date +%s%N)
  if [ "$1" != java ] || [ "$2" != -version ]; then
    [ "$out" = "$expected" ] || { echo "cold-start: unexpected output from $*: $out" >&2; exit 1; }
  fi
  awk -v ns=$((end - start)) 'BEGIN { printf "%.3f\n", ns / 1e9 }'
}

: > /tmp/cold-start.recipe; : > /tmp/cold-start.plain; : > /tmp/cold-start.empty
for ((i = 0; i < rounds; i++)); do
  TATTER_JAVA_OPTS="$recipe_opts" seconds bin/tatter run "$graph" --feed "$feed" >> /tmp/cold-start.recipe
  seconds java -jar "$jar" run "$graph" --feed "$feed" >> /tmp/cold-start.plain
  seconds java -version >> /tmp/cold-start.empty
done
summary() { sort -n "$2" | awk -v name="$1" '{ v[NR] = $1 } END { printf "%-28s median %.3f s  min %.3f s  max %.3f s  (%d runs)\n", name, v[int((NR + 1) / 2)], v[1], v[NR], NR }'; }
summary "recipe (bin/tatter, CDS+C1)" /tmp/cold-start.recipe
summary "plain (java -jar)" /tmp/cold-start.plain
summary "empty (java -version)" /tmp/cold-start.empty
echo "commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- . || echo ' (with uncommitted changes)'); $(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg); $(java -version 2>&1 | head -1)"
