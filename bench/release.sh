# Sourced by the benchmark scripts: RENDER, the release `render` (built here unless RENDER is set).
if [[ -z ${RENDER:-} ]]; then
  release_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  echo "building the release binary..."
  (cd "$release_root" && { swift build -c release --product render-cli && swift build -c release --product render; } 2>&1 | tail -1)
  RENDER="$release_root/.build/release/render"
fi
