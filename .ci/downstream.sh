#!/usr/bin/env bash
# The README's install line, then a separate Maven project (.ci/downstream) that depends on Tatter
# by its documented coordinates only, compiled and run against what was installed.
#
# Both builds use a throwaway local repository under target/, never the user's: the user's local
# repository (TATTER_M2_CACHE, default ~/.m2/repository) is only read, as a file:// remote that
# saves downloading the third-party jars again; Maven Central stays the fallback.
set -euo pipefail
cd "$(dirname "$0")/.."
cache="${TATTER_M2_CACHE:-$HOME/.m2/repository}"
work="$PWD/target/downstream"
repo="$work/m2"
rm -rf "$work"
mkdir -p "$work"
cat > "$work/settings.xml" <<XML
<settings>
  <profiles>
    <profile>
      <id>read-the-user-cache</id>
      <repositories>
        <repository><id>user-cache</id><url>file://$cache</url>
          <releases><checksumPolicy>ignore</checksumPolicy></releases><snapshots><enabled>false</enabled></snapshots></repository>
      </repositories>
      <pluginRepositories>
        <pluginRepository><id>user-cache</id><url>file://$cache</url>
          <releases><checksumPolicy>ignore</checksumPolicy></releases><snapshots><enabled>false</enabled></snapshots></pluginRepository>
      </pluginRepositories>
    </profile>
  </profiles>
  <activeProfiles><activeProfile>read-the-user-cache</activeProfile></activeProfiles>
</settings>
XML
mvn_() { mvn -B -q -Dstyle.color=never -s "$work/settings.xml" -Dmaven.repo.local="$repo" "$@"; }

# the README's install line (tests already ran in CI's verify)
mvn_ -DskipTests install
for a in tatter-bom tatter-runtime tatter-ir tatter-optimizer tatter-codegen tatter-frontend tatter-arrow tatter-spark; do
  test -d "$repo/dev/tatter/$a" || { echo "downstream: $a was not installed" >&2; exit 1; }
done
for a in tatter-examples tatter-bench; do
  test ! -e "$repo/dev/tatter/$a" || { echo "downstream: $a was installed" >&2; exit 1; }
done
ls "$repo"/dev/tatter/tatter-frontend/*/tatter-frontend-*-sources.jar >/dev/null

cp -r .ci/downstream "$work/project"
# Maven 3.8 writes colour resets even with -q and style.color=never: strip them and blank lines
out="$(mvn_ -f "$work/project/pom.xml" compile exec:java | sed -e 's/\x1b\[[0-9;]*m//g' -e '/^$/d')"
expected='[[2.0, 4.0, 6.0], [], [-1.0, 9.0], [1.0]]
[3, 0, 2, 1]
[[2.0, 4.0, 6.0], [-1.0, -1.0, -1.0], [-1.0, 9.0, -1.0], [1.0, -1.0, -1.0]]'
if [ "$out" != "$expected" ]; then
  printf 'downstream: the README example printed\n%s\nexpected\n%s\n' "$out" "$expected" >&2
  exit 1
fi
parsed="$(mvn_ -f "$work/project/pom.xml" exec:java -Dexec.mainClass=example.ParsedGraph | sed -e 's/\x1b\[[0-9;]*m//g' -e '/^$/d')"
if [ "$parsed" != $'[2, 4, 6]\n[1.0, 2.0]\nhost ANTLR runtime 4.7.2' ]; then
  printf 'downstream: the parsed graph beside ANTLR 4.7.2 printed\n%s\n' "$parsed" >&2
  exit 1
fi
if unzip -l "$repo"/dev/tatter/tatter-ir/*/tatter-ir-*[0-9T].jar | grep -q ' org/antlr/'; then
  echo "downstream: tatter-ir holds unrelocated ANTLR classes" >&2
  exit 1
fi
if grep -q '<artifactId>antlr4-runtime</artifactId>' "$repo"/dev/tatter/tatter-ir/*/tatter-ir-*.pom; then
  echo "downstream: the installed tatter-ir pom still depends on antlr4-runtime" >&2
  exit 1
fi
version="$(java -jar frontend/target/tatter.jar --version | head -1)"
case "$version" in "tatter "*SNAPSHOT*|"tatter "[0-9]*) ;; *) echo "downstream: tatter --version printed '$version'" >&2; exit 1;; esac
echo "downstream: the README example ran against the installed artifacts ($version)"
