#!/usr/bin/env bash
# The Debian package, from a clean Release build, checked with lintian:
#   scripts/package.sh            -> build-deb/bocage_<version>_<arch>.deb
# Installs what is missing (the quick start's packages, and lintian), builds
# in build-deb/ from nothing, packs with CPack and runs lintian, which must
# report no error and no warning (the exit status says so).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/quickstart.sh deps
if ! command -v lintian >/dev/null; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get install -y --no-install-recommends lintian
fi
rm -rf build-deb
cmake -S . -B build-deb -DCMAKE_BUILD_TYPE=Release -DBOCAGE_TESTS=OFF -DCMAKE_INSTALL_PREFIX=/usr
cmake --build build-deb -j"$(nproc)"
(cd build-deb && cpack -G DEB)
deb=$(ls build-deb/bocage_*.deb)
echo "package: $deb"
# Errors and warnings fail; informational tags are printed only.
lintian --fail-on error,warning --info "$deb"
echo "lintian: no error, no warning"
