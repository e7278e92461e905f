#!/usr/bin/env bash
# Before/after speed check of a change: builds BASE_REV (in a temporary git worktree) and the
# current working tree (uncommitted changes included), then times W1 and W3 fused, to_tensor and
# W6 of both round-robin in one JVM (dev.tatter.bench.compare.BeforeAfter; see
# docs/BENCHMARKS.md).
#
#   bench/before-after.sh BASE_REV [ROUNDS] [FILTER] [extra BeforeAfter options...]
#
# MAVEN_REPO_LOCAL, if set, is passed to both builds as -Dmaven.repo.local. Nothing is installed:
# both builds run `mvn package` only. The temporary worktree is removed on exit, also on failure.
set -euo pipefail

if [[ $# -lt 1 ]]; then
  echo "usage: $0 BASE_REV [ROUNDS] [FILTER] [--warmup=N] [--gc=pair|sample|round|none] [--raw=CSV]" >&2
  exit 64
fi
base_rev=$1
rounds=${2:-30}
shift $(( $# >= 2 ? 2 : 1 ))

repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
base_commit=$(git -C "$repo" rev-parse --verify "$base_rev^{commit}")
head_commit=$(git -C "$repo" rev-parse HEAD)
# the after side is the working tree as it is, so say when that is not exactly HEAD
if [[ -n $(git -C "$repo" status --porcelain) ]]; then
  after_rev="$head_commit+uncommitted"
else
  after_rev=$head_commit
fi

mvn_args=(-B -q -DskipTests package)
if [[ -n ${MAVEN_REPO_LOCAL:-} ]]; then
  mvn_args+=("-Dmaven.repo.local=$MAVEN_REPO_LOCAL")
fi

tmp=$(mktemp -d /tmp/tatter-before-after.XXXXXX)
cleanup() {
  # only this script's worktree: no `git worktree prune`, which would touch other worktrees' records
  if [[ -d $tmp/before ]]; then
    git -C "$repo" worktree remove --force "$tmp/before" || true
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT

echo "before: $base_rev = $base_commit"
echo "after:  working tree of $repo = $after_rev"

git -C "$repo" worktree add --detach --quiet "$tmp/before" "$base_commit"
echo "building before ($tmp/before): mvn ${mvn_args[*]}"
(cd "$tmp/before" && mvn "${mvn_args[@]}")
# keep only the jar: the worktree goes now, so that nothing of it is left if the run is stopped
cp "$tmp/before/bench/target/benchmarks.jar" "$tmp/before-benchmarks.jar"
git -C "$repo" worktree remove --force "$tmp/before"

echo "building after ($repo): mvn ${mvn_args[*]}"
(cd "$repo" && mvn "${mvn_args[@]}")

after_jar="$repo/bench/target/benchmarks.jar"

# thread CPU time counts only the calling thread: the fused loops must not split across the
# common pool, hence the threshold; a fixed heap keeps heap resizing out of the comparison
java -Xms4g -Xmx4g -XX:+UseParallelGC -Dtatter.parallelThreshold=2147483647 \
  -cp "$after_jar" dev.tatter.bench.compare.BeforeAfter \
  "$tmp/before-benchmarks.jar" "$after_jar" "$rounds" "$@" \
  "--before-rev=$base_rev = $base_commit" "--after-rev=$after_rev"
