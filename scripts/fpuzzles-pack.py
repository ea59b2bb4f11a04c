#!/usr/bin/env python3
"""Packs f-puzzles exports, one JSON object per line on standard input, into
the base64 strings the f-puzzles site shares (lz-string's compressToBase64),
one per line on standard output. Comment lines (#) pass through.

Made the test data tests/data/fpuzzles-base64.txt from tests/data/fpuzzles.json
with an implementation of lz-string independent of the one sudoku-dlx reads
them with:

    pip install lzstring
    python3 scripts/fpuzzles-pack.py < tests/data/fpuzzles.json > tests/data/fpuzzles-base64.txt
"""
import sys

import lzstring


def main():
    packer = lzstring.LZString()
    for line in sys.stdin:
        line = line.strip()
        if not line or line.startswith("#"):
            print(line)
        else:
            print(packer.compressToBase64(line))


if __name__ == "__main__":
    main()
