#!/bin/sh
# Screenshots of the large view (README's "Large view"): a fixed table from a seeded game
# (seed 1, the player's turn on the flop), drawn by the view's own process in a real xterm
# on a private Xvfb display, at two sizes and in each theme; the window is captured with
# xwd and kept as a small PNG in docs/view/.
#
#   apt-get install -y xvfb xterm x11-apps    (and ImageMagick's convert)
#   sh scripts/view_screenshots.sh [PYTHON]
set -eu
cd "$(dirname "$0")/.."
PYTHON="${1:-python3}"
OUT=docs/view
WORK="$(mktemp -d)"
DISPLAY_NUMBER=:97
mkdir -p "$OUT"

# The table: the first view of seed 1 where the player chooses on the flop, in Spanish.
"$PYTHON" - "$WORK/table.json" <<'PY'
import sys
from audiopoker.view.sample_table import seeded_views
from audiopoker.view.table_view import encode
view = next(v for v in seeded_views(1, 6, 5, "es") if v.choices is not None and v.street >= 1)
open(sys.argv[1], "wb").write(encode(view))
PY

Xvfb "$DISPLAY_NUMBER" -screen 0 1800x1400x24 -nolisten tcp >/dev/null 2>&1 &
XVFB=$!
trap 'kill "$XVFB" 2>/dev/null; rm -rf "$WORK"' EXIT
sleep 1

# Two sizes: a small window in a small font, and a large one in a large font (a zoomed
# terminal: the cells, and so the cards, grow).
for size in "small 64x22 13" "large 84x30 22"; do
    set -- $size
    name=$1 geometry=$2 font=$3
    for theme in dark light contrast; do
        title="audiopoker-view-$name-$theme"
        DISPLAY="$DISPLAY_NUMBER" xterm -T "$title" -geometry "$geometry" \
            -fa "DejaVu Sans Mono" -fs "$font" -bg black -fg white -b 0 -bw 0 \
            -e "$PYTHON" -m audiopoker.view.viewer --show "$WORK/table.json" --theme "$theme" &
        TERM_PID=$!
        sleep 2
        DISPLAY="$DISPLAY_NUMBER" xwd -silent -name "$title" > "$WORK/shot.xwd"
        convert "xwd:$WORK/shot.xwd" +dither -colors 64 -strip "PNG8:$OUT/view-$name-$theme.png"
        kill "$TERM_PID" 2>/dev/null || true
        wait "$TERM_PID" 2>/dev/null || true
    done
done
ls -l "$OUT"
