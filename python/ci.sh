#!/usr/bin/env bash
# The Python package's checks, run at the end of .ci/run: formatting of
# its crate, then `pip install ./python` into a virtual environment with
# the test dependencies from PyPI, and its pytest suite,
# which compares the answers with those of $SUDOKU_DLX_BINARY (.ci/run
# passes the binary its tests built) or else target/release/sudoku-dlx
# (built here if missing).
#
# The crate's lints, `cargo clippy -- -D warnings` in python/, are left to
# the one who commits: they would cost some 30 s of the 3 minutes.
#
# The environment is kept in target/python-venv between runs; set
# SUDOKU_DLX_VENV to use another, PYTHON to use another interpreter.
set -euo pipefail
cd "$(dirname "$0")"

# Runs a step and says how long it took: the whole script is kept under
# 3 minutes on 2 cores.
timed() {
    local start=$SECONDS
    "$@"
    echo "python/ci.sh: $((SECONDS - start)) s: $*" >&2
}

timed cargo fmt --check

python=${PYTHON:-python3.11}
venv=${SUDOKU_DLX_VENV:-../target/python-venv}
if [[ ! -x "$venv/bin/python" ]]; then
    "$python" -m venv "$venv"
fi
timed "$venv/bin/python" -m pip install --quiet --upgrade pip
timed "$venv/bin/python" -m pip install --quiet pytest pandas 'dask[distributed]'
# The package itself, built by maturin (fetched from PyPI by pip) as any
# user's `pip install ./python` builds it, but in the quicker profile
# `ci-python` of Cargo.toml.
MATURIN_PEP517_ARGS="--profile ci-python" \
    timed "$venv/bin/python" -m pip install --quiet --force-reinstall --no-deps .

# A binary built already is used as it is: building another would cost a
# minute or two.
if [[ -z "${SUDOKU_DLX_BINARY:-}" && ! -x ../target/release/sudoku-dlx ]]; then
    timed cargo build --release --bin sudoku-dlx --manifest-path ../Cargo.toml
fi
timed "$venv/bin/python" -m pytest -q -p no:cacheprovider tests
