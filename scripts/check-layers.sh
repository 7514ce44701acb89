#!/bin/sh
# Lists which of Backend's folders use which other folder's types, and fails
# when folders use each other in a loop (A uses B and B uses A, directly or
# through others): each folder is a layer that the ones above it build on.
set -eu
cd "$(dirname "$0")/.."
root=Sources/Backend
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The types each folder declares at the top level of its files.
for dir in "$root"/*/; do
    name=$(basename "$dir")
    find "$dir" -name '*.swift' -exec cat {} + |
        sed -nE 's/^(public |private |fileprivate )?(final )?(struct|enum|class|protocol|actor|typealias) ([A-Za-z_][A-Za-z0-9_]*).*/\4/p' \
        | sort -u >"$work/$name.types"
done
# Each folder's code without comments, and the other folders' types it names.
for dir in "$root"/*/; do
    from=$(basename "$dir")
    find "$dir" -name '*.swift' -exec cat {} + | sed 's://.*$::' >"$work/$from.code"
    for types in "$work"/*.types; do
        to=$(basename "$types" .types)
        [ "$to" = "$from" ] && continue
        [ -s "$types" ] || continue
        used=$(grep -owF -f "$types" "$work/$from.code" | sort -u | tr '\n' ' ' || true)
        [ -n "$used" ] || continue
        echo "$from -> $to: $used"
        echo "$from $to" >>"$work/edges"
    done
done
touch "$work/edges"
if ! tsort "$work/edges" >/dev/null 2>"$work/loop"; then
    echo "error: Backend's folders use each other in a loop:" >&2
    grep -v 'input contains a loop' "$work/loop" | sed 's/^tsort: /  /' >&2
    exit 1
fi
