# The prefix and staging root of Scripts/install and Scripts/uninstall (GNU's PREFIX and
# DESTDIR conventions), sourced by both. Sets prefix, destdir and root; leaves the arguments
# it does not know in `rest`. The caller names itself in `tool`.
if [[ $(id -u) -eq 0 ]]; then prefix=${PREFIX:-/usr/local}; else prefix=${PREFIX:-$HOME/.local}; fi
destdir=${DESTDIR:-}
rest=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --prefix) prefix=${2:?--prefix needs a directory}; shift 2 ;;
    --prefix=*) prefix=${1#*=}; shift ;;
    --destdir) destdir=${2:?--destdir needs a directory}; shift 2 ;;
    --destdir=*) destdir=${1#*=}; shift ;;
    *) rest+=("$1"); shift ;;
  esac
done
[[ $prefix == /* ]] || { echo "$tool: the prefix must be an absolute path, not '$prefix'" >&2; exit 64; }
prefix=${prefix%/}
root=$destdir$prefix
