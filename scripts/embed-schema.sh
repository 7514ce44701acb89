#!/usr/bin/env bash
# Writes Sources/EDLParser/ProjectSchema.swift from schema/cutlist.schema.json, so that
# `render schema` prints the schema without needing the file at run time.
set -euo pipefail
cd "$(dirname "$0")/.."
{
  echo '// swift-format-ignore-file'
  echo '// Generated from schema/cutlist.schema.json by scripts/embed-schema.sh (`make schema`); do not edit.'
  echo ''
  echo '/// The JSON Schema (draft 2020-12) of the project format, as `render schema` prints it.'
  echo 'public enum ProjectSchema {'
  echo '    public static let json = #"""'
  cat schema/cutlist.schema.json
  echo '"""# + "\n"'
  echo '}'
} > Sources/EDLParser/ProjectSchema.swift
