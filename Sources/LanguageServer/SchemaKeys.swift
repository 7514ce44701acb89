import EDLParser
import Foundation

/// What the project's JSON Schema allows at a path: the keys of a mapping and
/// the words a value may be, for completion.
struct SchemaKeys {
    private let root: [String: Any]

    init(json: String = ProjectSchema.json) {
        root = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any] ?? [:]
    }

    /// The schemas that describe the value at `path`, through `$ref`s and `oneOf`/`anyOf`/`allOf`.
    /// `keys` are the mapping's keys so far: of an item's kinds, only those with its kind key count.
    func schemas(at path: [YAMLOutline.Step], keys: [String] = []) -> [[String: Any]] {
        var current = expand(root)
        for step in path {
            var next: [[String: Any]] = []
            for schema in current {
                switch step {
                case .key(let key):
                    if let property = (schema["properties"] as? [String: Any])?[key] as? [String: Any] {
                        next.append(property)
                    } else if let additional = schema["additionalProperties"] as? [String: Any] {
                        next.append(additional)
                    }
                case .index:
                    if let items = schema["items"] as? [String: Any] { next.append(items) }
                }
            }
            current = next.flatMap(expand)
        }
        let kinded = current.filter { schema in
            keys.contains { ((schema["required"] as? [String]) ?? []).contains($0) }
        }
        return kinded.isEmpty ? current : kinded
    }

    func keys(at path: [YAMLOutline.Step], existing: [String]) -> [(name: String, detail: String?)] {
        var seen = Set(existing)
        var result: [(String, String?)] = []
        for schema in schemas(at: path, keys: existing) {
            for (key, value) in (schema["properties"] as? [String: Any] ?? [:]).sorted(by: { $0.key < $1.key })
            where seen.insert(key).inserted {
                result.append((key, (value as? [String: Any])?["description"] as? String))
            }
        }
        return result
    }

    func words(at path: [YAMLOutline.Step]) -> [String] {
        var seen = Set<String>()
        return schemas(at: path).flatMap { ($0["enum"] as? [Any] ?? []).compactMap { $0 as? String } }.filter {
            seen.insert($0).inserted
        }
    }

    /// Whether a plain scalar could be the value at `path`: a number only where
    /// the schema allows a number there (an unknown key allows anything).
    func accepts(_ scalar: String, at path: [YAMLOutline.Step]) -> Bool {
        guard Double(scalar) != nil else { return true }
        let types = schemas(at: path).flatMap { schema -> [String] in
            if let type = schema["type"] as? String { return [type] }
            return schema["type"] as? [String] ?? []
        }
        return types.isEmpty || types.contains("number") || types.contains("integer")
    }

    /// The schema a local reference points to (`#/$defs/layerKeys/properties/position`).
    private func resolve(_ reference: String) -> [String: Any]? {
        guard reference.hasPrefix("#/") else { return nil }
        var current: Any = root
        for part in reference.dropFirst(2).split(separator: "/") {
            let name = part.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            guard let next = (current as? [String: Any])?[name] else { return nil }
            current = next
        }
        return current as? [String: Any]
    }

    /// A schema with its references followed and its alternatives listed beside it.
    private func expand(_ schema: [String: Any]) -> [[String: Any]] {
        var result: [[String: Any]] = []
        var pending = [schema]
        var depth = 0
        while let next = pending.popLast(), depth < 64 {
            depth += 1
            if let reference = next["$ref"] as? String, let target = resolve(reference) { pending.append(target) }
            for combinator in ["oneOf", "anyOf", "allOf"] {
                pending += (next[combinator] as? [[String: Any]]) ?? []
            }
            result.append(next)
        }
        return result
    }
}
