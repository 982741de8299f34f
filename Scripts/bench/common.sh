# Shared helpers for the benchmark scripts (sourced, not run).
# Each figure is printed as a line and appended as tab-separated fields to $BENCH_RESULTS
# (figure, median, unit, anchor, ratio, target) so Scripts/bench/all can write the report.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BIN="$ROOT/.build/release/skyshell"
BENCH_RESULTS=${BENCH_RESULTS:-/dev/null}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export SKYSHELL_HOME="$WORK/home"
mkdir -p "$SKYSHELL_HOME"

# Builds the release binary unless BENCH_NO_BUILD=1 (set by Scripts/bench/all), and sets
# INSTALLED to a stripped copy of it: the binary Scripts/install and Scripts/package ship,
# which the start-up rows time.
bench_build() {
  if [[ "${BENCH_NO_BUILD:-0}" != 1 ]]; then
    "$ROOT/Scripts/setup" --bench
    "$ROOT/Scripts/build-release"
  fi
  INSTALLED=$WORK/skyshell
  strip --strip-all -o "$INSTALLED" "$BIN"
}

# hyperfine_medians RUNS CMD... : runs hyperfine over the commands, prints their medians in
# milliseconds, one per line, in order.
hyperfine_medians() {
  local runs=$1; shift
  hyperfine -N --warmup 3 --runs "$runs" --export-json "$WORK/h.json" "$@" >/dev/null 2>&1
  python3 -c 'import json,sys; [print("%.3f" % (r["median"] * 1000)) for r in json.load(open(sys.argv[1]))["results"]]' "$WORK/h.json"
}

# interleaved_medians ROUNDS RUNS [--prepare CMD] CMD... : the commands timed in turns
# (interleave.py), for the ratios of start-up and import: each command and its anchor see the
# same machine, however its speed drifts.
interleaved_medians() {
  python3 "$ROOT/Scripts/bench/interleave.py" "$@"
}

# cold_copy FROM TO: copies a binary and drops the copy's pages from the page cache, then reads
# them back with one run, as for a binary installed a while ago. (A freshly built or copied
# binary sits in the page cache in large folios and starts with cheaper page faults; the
# start-up rows measure both states.)
cold_copy() {
  cp "$1" "$2"
  python3 -c 'import os, sys
fd = os.open(sys.argv[1], os.O_RDONLY)
os.fsync(fd)
os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)' "$2"
  "$2" -c '#' >/dev/null
}

# cold_binary: prints the path of a cold copy of the installed binary.
cold_binary() {
  cold_copy "$INSTALLED" "$WORK/skyshell-cold"
  echo "$WORK/skyshell-cold"
}

# peak_mb CMD [ARGS...]: the command's peak resident memory in MB, the median of three runs
# (one run's peak moves with how its threads' work and the page cache happen to fall).
peak_mb() {
  local _ kb=()
  for _ in 1 2 3; do
    kb+=("$( { /usr/bin/time -f '%M' "$@" >/dev/null; } 2>&1 | tail -1)")
  done
  printf '%s\n' "${kb[@]}" | sort -n | sed -n 2p | awk '{ print int($1 / 1024) }'
}

# record FIGURE VALUE UNIT ANCHOR RATIO TARGET
record() {
  printf '%-44s %12s %-8s %-34s %10s   target %s\n' "$1" "$2" "$3" "$4" "$5" "$6"
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" "$5" "$6" >> "$BENCH_RESULTS"
}

# ratio A B : A / B with two decimals.
ratio() { python3 -c "print(f'{$1/$2:.2f}x')"; }
