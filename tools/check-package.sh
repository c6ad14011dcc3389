#!/usr/bin/env bash
# Builds the four .debs of a build tree (libgoap1, libgoap-dev, goap-sim,
# goap-studio), runs lintian on them (no error allowed) and runs the C examples
# (quotas.c, and gameloop.c: facts, a plan from now, an external action)
# against libgoap1 alone; then checks them as installed packages:
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
declare -A deb
for p in libgoap1 libgoap-dev goap-sim goap-studio; do
  deb[$p]=$(ls "$work"/out/${p}_*.deb 2>/dev/null) || fail "no $p package"
  echo "   $(basename "${deb[$p]}"): $(du -k "${deb[$p]}" | cut -f1) KiB"
done
[ "$(ls "$work"/out/*.deb | wc -l)" = 4 ] || fail "more packages than the four: $(ls "$work"/out/*.deb)"
grep -q '^Depends: .*libqt6core6' <<<"$(dpkg-deb --field "${deb[goap-sim]}")" || fail "no Qt dependency for goap-sim"
grep -q '^Depends: .*libbliss2' <<<"$(dpkg-deb --field "${deb[libgoap1]}")" \
  || fail "no bliss dependency for libgoap1 (the planner's symmetries)"
grep -q '^Depends: libgoap1 (= ' <<<"$(dpkg-deb --field "${deb[libgoap-dev]}")" || fail "libgoap-dev does not depend on libgoap1"
if command -v lintian >/dev/null; then
  echo "== lintian"
  lintian --no-tag-display-limit "${deb[@]}" >"$work/lintian.log" 2>&1 || true
  ! grep -q '^E: ' "$work/lintian.log" || { cat "$work/lintian.log"; fail "lintian reports errors"; }
  echo "   $(grep -c '^W: ' "$work/lintian.log" || true) warning(s), no error"
fi

echo "== each package holds its own files"
arch_dir=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || gcc -print-multiarch)
contents() { dpkg-deb -c "${deb[$1]}" | awk '{ print $6 }' | sed 's|^\./|/|' | grep -v '/$'; }
runtime_files=$(contents libgoap1 | grep -v '^/usr/share/doc/')
grep -qx "/usr/lib/$arch_dir/libgoap.so.1" <<<"$runtime_files" || fail "libgoap1 lacks /usr/lib/$arch_dir/libgoap.so.1"
others=$(grep -v "^/usr/lib/$arch_dir/libgoap.so.[0-9.]*$" <<<"$runtime_files" || true)
[ -z "$others" ] || fail "libgoap1 holds more than the library: $others"
soname=$(readelf -d "$build_dir"/lib/libgoap.so | sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p')
[ "$soname" = libgoap.so.1 ] || fail "libgoap's SONAME is $soname"
for f in /usr/include/goap/goap.h /usr/lib/$arch_dir/cmake/GoapSim/GoapSimConfig.cmake /usr/lib/$arch_dir/pkgconfig/goap.pc \
         /usr/lib/$arch_dir/libgoap.so /usr/lib/$arch_dir/libsimcore.a; do
  contents libgoap-dev | grep -qx "$f" || fail "libgoap-dev lacks $f"
done
for f in /usr/bin/goap-sim /usr/bin/goap-plot /usr/bin/goap-sweep-slurm /usr/share/man/man1/goap-sim.1.gz \
         /usr/share/bash-completion/completions/goap-sim /usr/share/doc/goap-sim/examples/sweep-kubernetes.yaml \
         /usr/share/goap-studio/scenarios/town.json; do
  contents goap-sim | grep -qx "$f" || fail "goap-sim lacks $f"
done
for f in /usr/bin/goap-studio /usr/share/man/man1/goap-studio.1.gz /usr/share/applications/goap-studio.desktop \
         /usr/share/icons/hicolor/scalable/apps/goap-studio.svg /usr/share/mime/packages/goap-studio.xml; do
  contents goap-studio | grep -qx "$f" || fail "goap-studio lacks $f"
done

echo "== the C example against libgoap1 alone"
runtime="$work/runtime"
dpkg-deb -x "${deb[libgoap1]}" "$runtime"
dev="$work/dev"
dpkg-deb -x "${deb[libgoap-dev]}" "$dev"
dpkg-deb -x "${deb[libgoap1]}" "$dev" # -dev's libgoap.so points at the runtime's
cc -o "$work/quotas-c" "$here/tests/consumer/quotas.c" -I"$dev/usr/include/goap" -L"$dev/usr/lib/$arch_dir" -lgoap \
  || fail "building the C example against libgoap-dev"
LD_LIBRARY_PATH="$runtime/usr/lib/$arch_dir" "$work/quotas-c" "$here/scenarios/town.json" >"$work/quotas-c.txt" \
  || fail "the C example with libgoap1 alone: $(cat "$work/quotas-c.txt")"
grep -q 'quota(s) met on day 1' "$work/quotas-c.txt" || fail "the C example printed: $(cat "$work/quotas-c.txt")"
echo "   $(grep -o '[0-9]* quota(s) met on day 1' "$work/quotas-c.txt"), libgoap1 only ($(ls "$runtime/usr/lib/$arch_dir" | tr "\n" " "))"
# The game loop: facts read and written, a plan from now, an external action
# the game finishes; it exits 0 only when its day went as it expects.
cc -o "$work/gameloop-c" "$here/tests/consumer/gameloop.c" -I"$dev/usr/include/goap" -L"$dev/usr/lib/$arch_dir" -lgoap \
  || fail "building the game loop against libgoap-dev"
LD_LIBRARY_PATH="$runtime/usr/lib/$arch_dir" "$work/gameloop-c" >"$work/gameloop-c.txt" \
  || fail "the game loop with libgoap1 alone: $(cat "$work/gameloop-c.txt")"
grep -q '^world.meat = 4 after 4 hunt(s), 1 failed$' "$work/gameloop-c.txt" || fail "the game loop printed: $(cat "$work/gameloop-c.txt")"
echo "   the game loop: $(tail -n 1 "$work/gameloop-c.txt"), libgoap1 only"

echo "== unpacking all four into a clean root"
root="$work/root"
for p in "${!deb[@]}"; do dpkg-deb -x "${deb[$p]}" "$root"; done
usr="$root/usr"

echo "== installed goap-sim on installed scenarios"
for s in "$usr"/share/goap-studio/scenarios/*.json; do
  "$usr/bin/goap-sim" validate "$s" || fail "goap-sim validate $(basename "$s")"
done
"$usr/bin/goap-sim" run "$usr/share/goap-studio/scenarios/town.json" --report "$work/report.json" >/dev/null \
  || fail "goap-sim run town.json"
version=$(QT_QPA_PLATFORM=offscreen "$usr/bin/goap-studio" --version) || fail "goap-studio --version"
grep -q '^GOAP Studio' <<<"$version" || fail "goap-studio --version printed: $version"
grep -q "R.*PATH.*\\\$ORIGIN/../lib/$arch_dir" <<<"$(readelf -d "$usr/bin/goap-sim")" || fail "goap-sim has no \$ORIGIN RPATH"
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
exported=$(nm -D --defined-only "$usr/lib/$arch_dir/libgoap.so.1" | awk '$2 == "T" { print $3 }')
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
grep -qx 'MimeType=application/x-goap-scenario;' "$usr/share/applications/goap-studio.desktop" \
  || fail "the desktop file does not open scenario files only: $(grep MimeType "$usr/share/applications/goap-studio.desktop")"
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

echo "== a C game without Qt in view: CMake C-only, and pkg-config + cc"
cmake -S "$here/tests/consumer/c-only" -B "$work/c-only" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$dev/usr" \
      -DCMAKE_DISABLE_FIND_PACKAGE_Qt6=ON >"$work/c-only.log" 2>&1 || { cat "$work/c-only.log"; fail "configuring the C-only game"; }
cmake --build "$work/c-only" >>"$work/c-only.log" 2>&1 || { cat "$work/c-only.log"; fail "building the C-only game"; }
LD_LIBRARY_PATH="$runtime/usr/lib/$arch_dir" "$work/c-only/quotas" "$here/scenarios/town.json" | cmp -s - "$work/quotas-c.txt" \
  || fail "the C-only CMake game printed something else"
PKG_CONFIG_PATH="$dev/usr/lib/$arch_dir/pkgconfig" pkg-config --exists goap || fail "pkg-config goap: not found"
# shellcheck disable=SC2046 # pkg-config's words are meant to split
cc -o "$work/quotas-pc" "$here/tests/consumer/quotas.c" $(PKG_CONFIG_PATH="$dev/usr/lib/$arch_dir/pkgconfig" pkg-config --cflags --libs goap) \
  || fail "cc with pkg-config goap"
LD_LIBRARY_PATH="$runtime/usr/lib/$arch_dir" "$work/quotas-pc" "$here/scenarios/town.json" | cmp -s - "$work/quotas-c.txt" \
  || fail "the pkg-config game printed something else"
LD_LIBRARY_PATH="$runtime/usr/lib/$arch_dir" "$work/c-only/gameloop" | cmp -s - "$work/gameloop-c.txt" \
  || fail "the C-only CMake game loop printed something else"
# shellcheck disable=SC2046
cc -o "$work/gameloop-pc" "$here/tests/consumer/gameloop.c" $(PKG_CONFIG_PATH="$dev/usr/lib/$arch_dir/pkgconfig" pkg-config --cflags --libs goap) \
  || fail "cc with pkg-config goap (the game loop)"
LD_LIBRARY_PATH="$runtime/usr/lib/$arch_dir" "$work/gameloop-pc" | cmp -s - "$work/gameloop-c.txt" \
  || fail "the pkg-config game loop printed something else"

echo "check-package: OK: libgoap1, libgoap-dev, goap-sim and goap-studio install, run and build games"
