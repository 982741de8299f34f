# Splits a binary's debug symbols from it, as distributions ship them (sourced by
# Scripts/install and Scripts/package):
#
#   split_debug BINARY DIR
#
# writes DIR/skyshell, stripped (code and data only, its GNU build ID kept) with a
# .gnu_debuglink naming skyshell.debug, and DIR/skyshell.debug, the symbols and line tables
# (objcopy --only-keep-debug). Sets build_id, and debug_path to where a debugger looks for
# the symbols under a debug folder: .build-id/NN/REST.debug.
split_debug() {
  local binary=$1 dir=$2
  mkdir -p "$dir"
  build_id=$(readelf -n "$binary" | awk '/Build ID:/ { print $3; exit }')
  [[ -n $build_id ]] || { echo "$tool: $binary has no build ID (build it with Scripts/build-release)" >&2; return 1; }
  objcopy --only-keep-debug --compress-debug-sections=zlib "$binary" "$dir/skyshell.debug"
  chmod 644 "$dir/skyshell.debug"
  strip --strip-all --remove-section=.comment --remove-section=.note -o "$dir/skyshell" "$binary"
  (cd "$dir" && objcopy --add-gnu-debuglink=skyshell.debug skyshell)
  debug_path=.build-id/${build_id:0:2}/${build_id:2}.debug
}

# The release binary, built when it is missing or older than the sources (sets binary).
release_binary() {
  binary=.build/release/skyshell
  if [[ ! -x $binary ]] || [[ -n $(find Sources Package.swift Scripts/build-release Scripts/data/startup-order.txt -newer "$binary" -print -quit) ]]; then
    echo "$tool: building the release binary (Scripts/build-release)"
    Scripts/build-release
  fi
}
