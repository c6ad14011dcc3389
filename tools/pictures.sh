#!/usr/bin/env bash
# Makes every picture README.md links (docs/images/), from the programs
# themselves: goap-studio's --screenshot (offscreen, on a 1600 x 900 screen),
# goap-plot, goap-sim's --svg, and the two editor suites that save the map as
# they leave it (GOAP_DOC_IMAGES). Run from the source tree's root with
# relative paths, so a status bar or a title names scenarios/town.json, never
# the machine's folders; each program starts with settings of its own (no
# remembered layout).
#   tools/pictures.sh [NAME.png ...]   make them all, or those named
#   tools/pictures.sh --list           the files it makes (the README test checks
#                                      every picture linked is one of them)
# tools/dev.sh pictures builds first, then runs this. Environment: BUILD_DIR.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=$(cd "${BUILD_DIR:-$here/build}" 2>/dev/null && pwd || echo "${BUILD_DIR:-$here/build}")
out=docs/images

# Every picture, in the order README shows them.
pictures=(editor-town.png wall-fill-cursor.png reachable-region.png door-closed.png door-open.png
          charts-maximized.png prefab-shop.png compare-town.png split-view.png town-morning.png
          town-afternoon.png breakpoint-baker.png town-charts.png town-chain.svg chain-dock.png
          cook-search.svg search-tree-dock.png sweep-town.png sealed-mine.png travel.png hospital.png)

if [ "${1:-}" = --list ]; then
  printf "$out/%s\n" "${pictures[@]}"
  exit 0
fi

cd "$here"
bin="$build_dir/bin"
work=$(mktemp -d "${TMPDIR:-/tmp}/goap-pictures.XXXXXX")
trap 'rm -rf "$work"' EXIT
printf '%s\n' '{"screens": [{"name": "desk", "x": 0, "y": 0, "width": 1600, "height": 900,' \
  '"logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}' >"$work/desk.json"
mkdir -m 700 "$work/runtime"

# goap-studio ARGS... on the 1600 x 900 screen, with fresh settings, saving $out/$name.
studio() {
  local home="$work/home-$name"
  mkdir -p "$home"
  HOME="$home" XDG_CONFIG_HOME="$home/config" XDG_DATA_HOME="$home/data" XDG_RUNTIME_DIR="$work/runtime" \
    QT_QPA_PLATFORM="offscreen:configfile=$work/desk.json" \
    "$bin/goap-studio" "$@" --screenshot "$out/$name" 2> >(grep -v 'does not support \(propagateSizeHints\|raise\)()' >&2)
}

# An editor suite's test functions, saving their pictures into $out.
suite() {
  local test=$1
  shift
  GOAP_DOC_IMAGES="$out" QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR="$work/runtime" \
    "$build_dir/tests/$test" "$@" >"$work/$test.log" 2>&1 || { cat "$work/$test.log"; return 1; }
}

make_picture() {
  case $name in
    editor-town.png) studio scenarios/town.json --select 'actions[8]' ;; # bakeBread
    wall-fill-cursor.png) suite test_map theToolsCursorOutlinesWhatAClickWouldCover ;;
    reachable-region.png) suite test_map theReachableRegionIsTintedForTheSelectedCharacter ;;
    door-closed.png | door-open.png) suite test_map doorsArePlacedToggledAndBlockWhenClosed ;;
    charts-maximized.png) studio scenarios/town.json --run-for 300 --raise charts --maximize ;;
    prefab-shop.png) suite test_clipboard theShopInsertedIntoTheTown ;;
    compare-town.png) studio docs/town-b.json --compare scenarios/town.json ;;
    split-view.png) studio scenarios/town.json --beside scenarios/hospital.json --run-for 300 ;;
    town-morning.png) studio scenarios/town.json --run-for 90 --inspect baker --raise eventLog ;;
    town-afternoon.png) studio scenarios/town.json --run-for 195 --inspect farmer --raise charts ;;
    breakpoint-baker.png) studio scenarios/town.json --break switch:baker --run-for 300 --inspect baker --raise breakpoints ;;
    town-charts.png) XDG_RUNTIME_DIR="$work/runtime" "$bin/goap-plot" scenarios/town.json --output "$out/$name" >/dev/null ;;
    town-chain.svg) "$bin/goap-sim" graph scenarios/town.json --svg "$out/$name" ;;
    chain-dock.png) studio scenarios/town.json --run-for 40 --raise productionChain ;;
    cook-search.svg) "$bin/goap-sim" plan scenarios/cook.json --agent cook --goal hunger --svg "$out/$name" >/dev/null ;;
    search-tree-dock.png) studio scenarios/town.json --raise searchTree ;;
    sweep-town.png) studio --sweep docs/town.sweep.json --show baker.bakeQuota.metAt ;;
    sealed-mine.png)
      # The town with one more wall, [0, 3, 5, 1], across the mine's yard.
      python3 - "$work/sealed-mine.json" <<'EOF'
import json, sys
town = json.load(open("scenarios/town.json", encoding="utf-8"))
town["map"]["walls"].append([0, 3, 5, 1])
json.dump(town, open(sys.argv[1], "w", encoding="utf-8"), indent=2)
EOF
      (cd "$work" && out="$here/$out" && studio sealed-mine.json --run-for 30 --inspect miner --raise inspector) ;;
    travel.png) studio scenarios/travel.json --run-for 3 --inspect anna ;;
    hospital.png) studio scenarios/hospital.json --run-for 37 --inspect nurse1 ;;
    *) echo "pictures: no recipe for $name" >&2; return 1 ;;
  esac
}

[ -x "$bin/goap-studio" ] || { echo "pictures: no $bin/goap-studio: build first (tools/dev.sh pictures does)" >&2; exit 1; }
wanted=("$@")
[ ${#wanted[@]} -gt 0 ] || wanted=("${pictures[@]}")
for name in "${wanted[@]}"; do
  name=$(basename "$name")
  printf '%s\n' "${pictures[@]}" | grep -qx "$name" || { echo "pictures: $name is not one of README's (--list)" >&2; exit 1; }
  make_picture
  [ -s "$out/$name" ] || { echo "pictures: $out/$name was not made" >&2; exit 1; }
  echo "$out/$name"
done
