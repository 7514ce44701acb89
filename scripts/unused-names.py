#!/usr/bin/env python3
"""Lists names declared in Sources that no other line of Sources mentions:
UNUSED when nothing names them, TESTONLY when only Tests or Fuzz do. A name
is matched as a word, so the list is of candidates for a person to read:
enum cases matched from C constants, Codable fields written to JSON and
YAML values read by name show up and are not dead.

    python3 scripts/unused-names.py
"""
import os
import re

DECLARATION = re.compile(
    r"^\s*(?:@\w+\s+)*(?:(?:public|private|fileprivate|internal|static|final|mutating|nonisolated|override)\s+)*"
    r"(func|var|let|struct|enum|class|protocol|typealias|case)\s+([A-Za-z_]\w*)",
    re.M,
)


def swift_files(*roots):
    for root in roots:
        for folder, _, names in os.walk(root):
            for name in sorted(names):
                if name.endswith(".swift"):
                    path = os.path.join(folder, name)
                    with open(path, encoding="utf-8") as file:
                        yield path, file.read()


def main():
    sources = dict(swift_files("Sources"))
    source_text = "\n".join(sources.values())
    test_text = "\n".join(text for _, text in swift_files("Tests", "Fuzz"))
    seen = set()
    for path, text in sources.items():
        for kind, name in DECLARATION.findall(text):
            if name in seen or len(name) < 3:
                continue
            seen.add(name)
            word = re.compile(r"\b" + re.escape(name) + r"\b")
            if len(word.findall(source_text)) > 1:
                continue
            label = "TESTONLY" if word.search(test_text) else "UNUSED"
            print(f"{label:8} {kind} {name}  {path}")


if __name__ == "__main__":
    main()
