#!/usr/bin/env bash
# Builds the .deb of a build tree and checks it as an installed package:
# unpacked into a clean temporary root (dpkg-deb -x, no root rights needed,
# nothing touches the system), its goap-sim validates and runs every shipped
# scenario from there and needs no GUI library, its goap-plot draws a run
# (also for goap-sim run --plot), its goap-studio starts, its files name no path of the
# build machine, libgoap exports only goap_*, the MIME type parses, and a game
# project builds against the unpacked GoapSim package and runs.
#   tools/check-package.sh [BUILD_DIR]       (default: build)
# Environment: KEEP=1 keeps the temporary directory.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=$(cd "${1:-$here/build}" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/goap-package.XXXXXX")
[ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$work"' EXIT

fail() { echo "check-package: FAIL: $*" >&2; exit 1; }

echo "== cpack -G DEB"
(cd "$build_dir" && cpack -G DEB -B "$work/out" >"$work/cpack.log" 2>&1) || { cat "$work/cpack.log"; fail "cpack -G DEB failed"; }
deb=$(ls "$work"/out/goap-studio_*.deb)
echo "   $(basename "$deb"): $(du -k "$deb" | cut -f1) KiB"
control=$(dpkg-deb --field "$deb")
grep -q '^Depends: .*libqt6core6' <<<"$control" || fail "no Qt dependency in the control file"

echo "== unpacking into a clean root"
root="$work/root"
dpkg-deb -x "$deb" "$root"
usr="$root/usr"
for f in bin/goap-sim bin/goap-plot bin/goap-studio include/goap/goap.h lib/cmake/GoapSim/GoapSimConfig.cmake \
         share/applications/goap-studio.desktop share/icons/hicolor/scalable/apps/goap-studio.svg \
         share/mime/packages/goap-studio.xml share/goap-studio/scenarios/town.json; do
  [ -e "$usr/$f" ] || fail "the package lacks /usr/$f"
done
ls "$usr"/lib/libgoap.so.* >/dev/null 2>&1 || fail "the package lacks libgoap.so"

echo "== installed goap-sim on installed scenarios"
for s in "$usr"/share/goap-studio/scenarios/*.json; do
  "$usr/bin/goap-sim" validate "$s" || fail "goap-sim validate $(basename "$s")"
done
"$usr/bin/goap-sim" run "$usr/share/goap-studio/scenarios/town.json" --report "$work/report.json" >/dev/null \
  || fail "goap-sim run town.json"
version=$(QT_QPA_PLATFORM=offscreen "$usr/bin/goap-studio" --version) || fail "goap-studio --version"
grep -q '^GOAP Studio' <<<"$version" || fail "goap-studio --version printed: $version"
grep -q 'R.*PATH.*\$ORIGIN/../lib' <<<"$(readelf -d "$usr/bin/goap-sim")" || fail "goap-sim has no \$ORIGIN RPATH"
gui=$(ldd "$usr/bin/goap-sim" | grep -oE 'lib(Qt6(Gui|Widgets|PrintSupport|OpenGL|Svg)|QCustomPlot)[^ ]*' || true)
[ -z "$gui" ] || fail "the installed goap-sim needs GUI libraries: $(tr '\n' ' ' <<<"$gui")"
grep -q 'libQt6Core' <<<"$(ldd "$usr/bin/goap-sim")" || fail "ldd lists no libQt6Core for goap-sim"
echo "   goap-sim needs $(ldd "$usr/bin/goap-sim" | wc -l) libraries, no GUI one"

echo "== installed goap-plot (and goap-sim run --plot, which hands over to it)"
env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM "$usr/bin/goap-plot" "$usr/share/goap-studio/scenarios/town.json" \
  --output "$work/town.png" --size 640x480 >/dev/null 2>"$work/plot.err" || fail "goap-plot town.json: $(cat "$work/plot.err")"
[ "$(head -c 8 "$work/town.png" | od -An -tx1 | tr -d ' ')" = 89504e470d0a1a0a ] || fail "goap-plot wrote no PNG"
"$usr/bin/goap-plot" "$usr/share/goap-studio/scenarios/hospital.json" --output "$work/hospital.pdf" >/dev/null 2>&1 \
  || fail "goap-plot hospital.json --output *.pdf"
[ "$(head -c 4 "$work/hospital.pdf")" = "%PDF" ] || fail "goap-plot wrote no PDF"
env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM "$usr/bin/goap-sim" run "$usr/share/goap-studio/scenarios/town.json" \
  --plot "$work/via-sim.png" --plot-size 640x480 >/dev/null 2>"$work/plot.err" || fail "goap-sim run --plot: $(cat "$work/plot.err")"
cmp -s "$work/town.png" "$work/via-sim.png" || fail "goap-sim run --plot drew another picture than goap-plot"

echo "== relocatable, and only the C API exported"
src=$(cd "$here" && pwd)
if grep -rlaF -e "$src" -e "$build_dir" "$usr" >"$work/hits" 2>/dev/null; then
  fail "files name the build machine's paths: $(tr '\n' ' ' <"$work/hits")"
fi
if grep -qF -e "$src" -e "$build_dir" <<<"$(strings -el "$usr/bin/goap-studio" "$usr/bin/goap-sim" "$usr/bin/goap-plot")"; then
  fail "a binary names the build machine's paths (UTF-16)"
fi
exported=$(nm -D --defined-only "$usr"/lib/libgoap.so.1 | awk '$2 == "T" { print $3 }')
others=$(grep -v '^goap_' <<<"$exported" || true)
[ -z "$others" ] || fail "libgoap exports more than goap_*: $others"
echo "   libgoap exports $(wc -l <<<"$exported") functions, all goap_*"

echo "== desktop file and MIME type"
mkdir -p "$work/mime/packages"
cp "$usr/share/mime/packages/goap-studio.xml" "$work/mime/packages/"
XDG_DATA_HOME="$work" update-mime-database "$work/mime" 2>"$work/mime.err" || fail "update-mime-database: $(cat "$work/mime.err")"
[ ! -s "$work/mime.err" ] || fail "update-mime-database: $(cat "$work/mime.err")"
grep -q 'application/x-goap-scenario' "$work/mime/types" || fail "the MIME type is not registered"
if command -v gio >/dev/null; then
  # Magic, not the name: a scenario saved under any name is recognised (a
  # plain *.json name stays application/json, as globs outrank magic).
  cp "$usr/share/goap-studio/scenarios/town.json" "$work/a-scenario"
  type=$(XDG_DATA_HOME="$work" XDG_DATA_DIRS=/usr/share gio info -a standard::content-type "$work/a-scenario")
  grep -q 'application/x-goap-scenario' <<<"$type" || fail "a scenario file is not recognised: $type"
fi
grep -q '^MimeType=.*application/x-goap-scenario' "$usr/share/applications/goap-studio.desktop" \
  || fail "the desktop file does not open scenario files"
if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate "$usr/share/applications/goap-studio.desktop" || fail "desktop-file-validate"
fi

echo "== a game built against the unpacked package"
cmake -S "$here/tests/consumer" -B "$work/consumer" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_PREFIX_PATH="$usr" >"$work/consumer.log" 2>&1 || { cat "$work/consumer.log"; fail "configuring the consumer"; }
cmake --build "$work/consumer" >>"$work/consumer.log" 2>&1 || { cat "$work/consumer.log"; fail "building the consumer"; }
"$work/consumer/quotas" "$usr/share/goap-studio/scenarios/town.json" >"$work/quotas.txt" || fail "quotas"
grep -q 'quota(s) met on day 1' "$work/quotas.txt" || fail "quotas printed: $(cat "$work/quotas.txt")"
"$work/consumer/dayreport" "$usr/share/goap-studio/scenarios/town.json" | cmp -s - "$work/report.json" \
  || fail "the C++ engine's day differs from goap-sim run's"

echo "check-package: OK: $(basename "$deb") installs, runs and builds games"
