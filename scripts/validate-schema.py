#!/usr/bin/env python3
"""Validate Cutlist project files against the JSON Schema.

usage: validate-schema.py [--expect-invalid] SCHEMA FILE...

Prints `OK file` or `INVALID file: <path>: <message>` per file (the most
specific error), then a count. Exits 0 iff every file is valid, or with
--expect-invalid iff every file is invalid. An unreadable file always fails.
"""
import json
import sys

import yaml
from jsonschema import Draft202012Validator
from jsonschema.exceptions import relevance


def wrong_shape(error):
    """Whether the error says the value has another form altogether."""
    if error.relative_path:
        return False
    if error.validator in ("anyOf", "oneOf"):
        return all(map(wrong_shape, error.context))
    return error.validator in ("type", "const", "enum", "pattern")


def misfit(errors):
    """How badly a oneOf/anyOf branch fits: wrong form, missing keys, error count."""
    missing = sum(e.validator == "required" and not e.relative_path for e in errors)
    return (any(map(wrong_shape, errors)), missing, len(errors))


def first_error(validator, doc):
    """The most useful error: inside oneOf/anyOf, follow the branch that fits best
    (for items, the one whose kind key is present), not the whole alternative."""
    error = max(validator.iter_errors(doc), key=relevance, default=None)
    while error is not None and error.context:
        if not isinstance(error.instance, (dict, list)) and "description" in error.schema:
            break  # a scalar of the wrong form: say which form is expected
        branches = {}
        for e in error.context:
            branches.setdefault(e.relative_schema_path[0], []).append(e)

        fits_best = min(sorted(branches.items()), key=lambda branch: misfit(branch[1]))[1]
        error = max(fits_best, key=relevance)
    return error


def describe(error):
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        known = error.schema.get("properties", {})
        unknown = [k for k in error.instance if k not in known and not str(k).startswith("x-")]
        if unknown:
            return f"{error.json_path}: unknown key {', '.join(map(repr, unknown))}"
    if error.validator in ("anyOf", "oneOf") and "description" in error.schema:
        return f"{error.json_path}: {error.instance!r} is not valid here: {error.schema['description']}"
    if error.validator == "not" and "required" in error.validator_value:
        return f"{error.json_path}: {' and '.join(error.validator_value['required'])} must not be given together"
    return f"{error.json_path}: {error.message}"


def main(argv):
    expect_invalid = "--expect-invalid" in argv
    args = [a for a in argv if a != "--expect-invalid"]
    if len(args) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    with open(args[0], encoding="utf-8") as f:
        schema = json.load(f)
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    failures = 0
    for name in args[1:]:
        try:
            with open(name, encoding="utf-8") as f:
                doc = yaml.safe_load(f)
        except OSError as e:
            print(f"ERROR {name}: {e}")
            failures += 1
            continue
        except yaml.YAMLError as e:
            problem = "not YAML: " + " ".join(str(e).split())
        else:
            error = first_error(validator, doc)
            problem = error and describe(error)
        print(f"INVALID {name}: {problem}" if problem else f"OK {name}")
        failures += (problem is None) if expect_invalid else (problem is not None)
    expected = "invalid" if expect_invalid else "valid"
    print(f"{len(args) - 1 - failures}/{len(args) - 1} files {expected} as expected")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
