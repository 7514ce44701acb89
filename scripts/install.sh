#!/usr/bin/env bash
# Installs render (the launcher and render-cli beside it, as it needs), its man
# page and its bash, zsh and fish completions under a prefix, where the FHS puts
# them; with --uninstall, removes them. `make install` runs it with the release
# binaries and $(DESTDIR)$(PREFIX).
#   scripts/install.sh BINARIES ROOT          e.g. .build/release /usr/local
#   scripts/install.sh --uninstall ROOT
set -euo pipefail
cd "$(dirname "$0")/.."

files() {
  local root=$1
  echo "$root/bin/render" "$root/bin/render-cli" "$root/share/man/man1/render.1" \
    "$root/share/bash-completion/completions/render" "$root/share/zsh/site-functions/_render" \
    "$root/share/fish/vendor_completions.d/render.fish"
}

if [[ ${1:-} == --uninstall ]]; then
  # shellcheck disable=SC2046
  rm -f $(files "$2")
  exit 0
fi

binaries=$1
root=$2
install -d "$root/bin" "$root/share/man/man1" "$root/share/bash-completion/completions" \
  "$root/share/zsh/site-functions" "$root/share/fish/vendor_completions.d"
install -m 755 "$binaries/render" "$binaries/render-cli" "$root/bin/"
install -m 644 docs/render.1 "$root/share/man/man1/render.1"
# The completions come from the same command definitions as --help.
"$binaries/render" --generate-completion-script bash >"$root/share/bash-completion/completions/render"
"$binaries/render" --generate-completion-script zsh >"$root/share/zsh/site-functions/_render"
"$binaries/render" --generate-completion-script fish >"$root/share/fish/vendor_completions.d/render.fish"
