#!/bin/sh
# Lists which of Backend's folders use which other folder's types, and fails
# when folders use each other in a loop (A uses B and B uses A, directly or
# through others): each folder is a layer that the ones above it build on.
# Also fails when the parser, the compiler, Workspace or LanguageServer import Backend,
# when the parser opens a file itself, and when the leaf modules (Basics, the
# vocabulary; Subtitles, the subtitle files' readers and writers) import more than
# Foundation and Basics.
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
# The modules that compile a project for the terminal, the studio and the editor
# link no backend: its facts and checks are given to them (MediaInfo, PlanChecks).
if grep -lE '^(@testable )?import Backend$' Sources/Workspace/*.swift Sources/LanguageServer/*.swift Sources/EDLParser/*/*.swift Sources/Compiler/*.swift Sources/Compiler/*/*.swift 2>/dev/null; then
    echo "error: the files above import Backend; the parser, the compiler, Workspace and LanguageServer do not" >&2
    exit 1
fi
# The leaves build on Foundation alone (and Subtitles on Basics).
if grep -nE '^(@testable |@_exported )?import ' Sources/Basics/*.swift Sources/Subtitles/*.swift | grep -vE 'import (Foundation|Basics)$'; then
    echo "error: the imports above make a leaf module depend on more than Foundation and Basics" >&2
    exit 1
fi
# The parser reads no file itself: it asks the reader it is given (ProjectFiles), whose disk is the Disk module.
if grep -nE 'FileManager|Data\(contentsOf|String\(contentsOf|\bfopen\(|[^.a-zA-Z_]open\(|\bstat\(' Sources/EDLParser/*/*.swift Sources/Subtitles/*.swift; then
    echo "error: the parser opens files above; it reads through ProjectFiles (the Disk module's reader)" >&2
    exit 1
fi
