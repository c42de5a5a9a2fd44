#!/bin/sh
# Build Aaron Siegel's MisereSolver (GPL, part of CGSuite) for bench/misere.py.
#
#   sh bench/miseresolver/build.sh [CGSUITE_CHECKOUT]
#
# CGSUITE_CHECKOUT is a checkout of https://github.com/aaron-siegel/cgsuite (cloned into
# bench/miseresolver/build/cgsuite when not given). Everything is written under
# bench/miseresolver/build/ (git-ignored): the sources are never copied into the repository.
# Needs python3, javac and java (17 tested).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build="$here/build"
mkdir -p "$build"
src=${1:-}
if [ -z "$src" ]; then
    src="$build/cgsuite"
    [ -d "$src" ] || git clone --depth 1 https://github.com/aaron-siegel/cgsuite "$src"
fi
if [ ! -d "$src/lib" ]; then   # a bare mirror: check the tree out into build/
    rm -rf "$build/cgsuite-tree" && mkdir -p "$build/cgsuite-tree"
    git --git-dir="$src" archive HEAD lib/core/src/main/scala/org/cgsuite/core/misere/solver \
        | tar -x -C "$build/cgsuite-tree"
    src="$build/cgsuite-tree"
fi
rm -rf "$build/src" "$build/classes"
python3 "$here/prepare.py" "$src" "$build/src"
mkdir -p "$build/classes"
javac -nowarn -d "$build/classes" $(find "$build/src" -name '*.java') 2>&1 | grep -v '^Note:' || true
test -f "$build/classes/org/cgsuite/core/misere/solver/Driver.class"
echo "built: java -cp $build/classes org.cgsuite.core.misere.solver.Driver 0.07 30"
