#!/usr/bin/env bash
# Renders one picture the way a browser shows it: an SVG document of
# `sudoku-dlx ... -f svg` or a page of `-f html`, screenshotted to PNG with
# headless Chromium, to look at what the tests can only parse.
#
#   scripts/render-svg.sh FILE [PNG] [WIDTH,HEIGHT]
#
# FILE is an .svg or .html file; without it, the first puzzle of
# tests/data/cases.txt is solved with -f svg into target/picture.svg. PNG
# defaults to FILE with .png in place of its extension, and the window to
# 1000,1000 (enough for a 16x16 grid). A PNG name ending in .pdf prints
# the page instead, with its page breaks, and says how many pages it took.
# Example:
#
#   sudoku-dlx solve -f html --with-solutions puzzles.txt > book.html
#   scripts/render-svg.sh book.html book.png 900,2400
#   scripts/render-svg.sh book.html book.pdf
#
# Needs Chromium (Debian: apt-get install chromium); the flags below let it
# run as root in a container with no display. The binary is
# target/debug/sudoku-dlx unless SUDOKU_DLX names another. Neither the tests
# nor CI need this script.
set -euo pipefail

cd "$(dirname "$0")/.."
bin=${SUDOKU_DLX:-target/debug/sudoku-dlx}
file=${1:-}
if [[ -z $file ]]; then
    file=target/picture.svg
    head -2 tests/data/cases.txt | "$bin" solve -f svg > "$file" || true
fi
png=${2:-${file%.*}.png}
window=${3:-1000,1000}

browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [[ -z $browser ]]; then
    echo "render-svg.sh: no chromium found (apt-get install chromium)" >&2
    exit 2
fi

# Chromium writes the screenshot relative to its own working directory and
# wants an absolute file URL.
png=$(realpath -m "$png")
url="file://$(realpath "$file")"
flags=(--headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking)
if [[ $png == *.pdf ]]; then
    "$browser" "${flags[@]}" --no-pdf-header-footer --print-to-pdf="$png" "$url" 2>/dev/null
    pages=$(grep -ao '/Count [0-9]*' "$png" | head -1 | cut -d' ' -f2)
    echo "$png: ${pages:-?} pages"
else
    "$browser" "${flags[@]}" --hide-scrollbars --window-size="$window" \
        --screenshot="$png" "$url" 2>/dev/null
    echo "$png"
fi
