# Sourced by the benchmark scripts: RENDER, the release `render` (built here unless RENDER is set),
# and valgrind_render.
if [[ -z ${RENDER:-} ]]; then
  release_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  echo "building the release binary..."
  (cd "$release_root" && { swift build -c release --product render-cli && swift build -c release --product render; } 2>&1 | tail -1)
  RENDER="$release_root/.build/release/render"
fi

# For the valgrind scripts: a copy of `render` in folder $1 that valgrind can read
# (it cannot read this toolchain's debug info; the symbol table is enough).
valgrind_render() {
  command -v valgrind >/dev/null || { echo "error: valgrind is missing (apt-get install valgrind)" >&2; exit 2; }
  mkdir -p "$1"
  cp "$(dirname "$RENDER")/render-cli" "$1/render"  # the program itself, not the launcher that starts it
  strip -g "$1/render"
}
