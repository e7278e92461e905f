# Shell functions the bench scripts share; sourced (not run) by report.sh and side-by-side.sh.

# build_benchmarks_jar WITH_TF: builds bench/target/benchmarks.jar (and the modules it needs)
# with Maven, skipping tests. WITH_TF=1 tries TF Java first (-Ptf) and, when that build fails
# (no TF Java in the Maven repository, say), builds without TF, so the jar then has no TF
# drivers and the caller's TF check finds none; WITH_TF=0 builds without TF. MAVEN_ARGS holds
# extra Maven arguments, e.g. "-o -Dmaven.repo.local=/path". Maven's output goes to stderr.
build_benchmarks_jar() {
  local with_tf=$1
  local maven_args
  read -r -a maven_args <<< "${MAVEN_ARGS:-}"
  if [[ $with_tf == 1 ]]; then
    echo "building with TF Java (-Ptf): mvn -B -q -DskipTests -Ptf -pl bench -am package ${maven_args[*]}" >&2
    if mvn -B -q -DskipTests -Ptf -pl bench -am package "${maven_args[@]}" >&2; then
      return 0
    fi
    echo "the -Ptf build failed: building without TF (no TF columns)" >&2
  fi
  echo "building: mvn -B -q -DskipTests -pl bench -am package ${maven_args[*]}" >&2
  mvn -B -q -DskipTests -pl bench -am package "${maven_args[@]}" >&2
}
