import EDLParser
import Foundation

/// What the project's JSON Schema allows at a path: the keys of a mapping and
/// the words a value may be, for completion and quick fixes.
struct SchemaKeys: Sendable {
    private let root: SchemaNode

    init(json: String = ProjectSchema.json) {
        root = (try? JSONDecoder().decode(SchemaNode.self, from: Data(json.utf8))) ?? SchemaNode()
    }

    /// The schemas that describe the value at `path`, through `$ref`s and `oneOf`/`anyOf`/`allOf`.
    /// `keys` are the mapping's keys so far: of an item's kinds, only those with its kind key count.
    func schemas(at path: [YAMLOutline.Step], keys: [String] = []) -> [SchemaNode] {
        var current = expand(root)
        for step in path {
            var next: [SchemaNode] = []
            for schema in current {
                switch step {
                case .key(let key):
                    if let property = schema.properties[key] {
                        next.append(property)
                    } else if let additional = schema.additionalProperties {
                        next.append(additional)
                    }
                case .index:
                    if let items = schema.items { next.append(items) }
                }
            }
            current = next.flatMap(expand)
        }
        let kinded = current.filter { schema in keys.contains { schema.required.contains($0) } }
        return kinded.isEmpty ? current : kinded
    }

    func keys(at path: [YAMLOutline.Step], existing: [String]) -> [(name: String, detail: String?)] {
        var seen = Set(existing)
        var result: [(String, String?)] = []
        for schema in schemas(at: path, keys: existing) {
            for (key, value) in schema.properties.sorted(by: { $0.key < $1.key }) where seen.insert(key).inserted {
                result.append((key, value.description))
            }
        }
        return result
    }

    func words(at path: [YAMLOutline.Step]) -> [String] {
        var seen = Set<String>()
        return schemas(at: path).flatMap(\.words).filter { seen.insert($0).inserted }
    }

    /// Whether a plain scalar could be the value at `path`: a number only where
    /// the schema allows a number there (an unknown key allows anything).
    func accepts(_ scalar: String, at path: [YAMLOutline.Step]) -> Bool {
        guard Double(scalar) != nil else { return true }
        let types = schemas(at: path).flatMap(\.types)
        return types.isEmpty || types.contains("number") || types.contains("integer")
    }

    /// The schema a local reference points to (`#/$defs/layerKeys/properties/position`).
    private func resolve(_ reference: String) -> SchemaNode? {
        guard reference.hasPrefix("#/") else { return nil }
        var parts = reference.dropFirst(2).split(separator: "/").map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }[...]
        var current = root
        while let part = parts.popFirst() {
            switch part {
            case "$defs", "properties":
                guard let name = parts.popFirst(), let next = (part == "$defs" ? current.defs : current.properties)[name]
                else { return nil }
                current = next
            case "items", "additionalProperties":
                guard let next = part == "items" ? current.items : current.additionalProperties else { return nil }
                current = next
            case "anyOf", "oneOf", "allOf":
                let list = part == "anyOf" ? current.anyOf : part == "oneOf" ? current.oneOf : current.allOf
                guard let index = parts.popFirst().flatMap({ Int($0) }), list.indices.contains(index) else { return nil }
                current = list[index]
            default:
                return nil
            }
        }
        return current
    }

    /// A schema with its references followed and its alternatives listed beside it.
    private func expand(_ schema: SchemaNode) -> [SchemaNode] {
        var result: [SchemaNode] = []
        var pending = [schema]
        var depth = 0
        while let next = pending.popLast(), depth < 64 {
            depth += 1
            if let reference = next.reference, let target = resolve(reference) { pending.append(target) }
            pending += next.oneOf + next.anyOf + next.allOf
            result.append(next)
        }
        return result
    }
}

/// The parts of a JSON Schema (draft 2020-12) that say what a project may
/// hold where: keys and their schemas, list items, alternatives, references,
/// words and types. Anything else in the schema is not read.
final class SchemaNode: Decodable, Sendable {
    let reference: String?
    let defs: [String: SchemaNode]
    let properties: [String: SchemaNode]
    /// The schema of keys not among `properties`; nil where none are allowed or said.
    let additionalProperties: SchemaNode?
    let items: SchemaNode?
    let anyOf: [SchemaNode]
    let oneOf: [SchemaNode]
    let allOf: [SchemaNode]
    let required: [String]
    /// The words of an `enum` (its other values are not words).
    let words: [String]
    /// `type`, one or several.
    let types: [String]
    let description: String?

    init() {
        (reference, description, additionalProperties, items) = (nil, nil, nil, nil)
        (defs, properties) = ([:], [:])
        (anyOf, oneOf, allOf, required, words, types) = ([], [], [], [], [], [])
    }

    enum CodingKeys: String, CodingKey {
        case reference = "$ref"
        case defs = "$defs"
        case properties, additionalProperties, items, anyOf, oneOf, allOf, required, description
        case words = "enum"
        case types = "type"
    }

    /// A string of an `enum`, or nothing for another value.
    private struct Word: Decodable {
        let text: String?
        init(from decoder: any Decoder) throws { text = try? decoder.singleValueContainer().decode(String.self) }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        reference = try container.decodeIfPresent(String.self, forKey: .reference)
        defs = try container.decodeIfPresent([String: SchemaNode].self, forKey: .defs) ?? [:]
        properties = try container.decodeIfPresent([String: SchemaNode].self, forKey: .properties) ?? [:]
        // `additionalProperties: false` says none: no schema.
        additionalProperties = try? container.decodeIfPresent(SchemaNode.self, forKey: .additionalProperties)
        items = try? container.decodeIfPresent(SchemaNode.self, forKey: .items)
        anyOf = try container.decodeIfPresent([SchemaNode].self, forKey: .anyOf) ?? []
        oneOf = try container.decodeIfPresent([SchemaNode].self, forKey: .oneOf) ?? []
        allOf = try container.decodeIfPresent([SchemaNode].self, forKey: .allOf) ?? []
        required = try container.decodeIfPresent([String].self, forKey: .required) ?? []
        words = (try container.decodeIfPresent([Word].self, forKey: .words) ?? []).compactMap(\.text)
        if let one = try? container.decode(String.self, forKey: .types) {
            types = [one]
        } else {
            types = (try? container.decodeIfPresent([String].self, forKey: .types)) ?? []
        }
        description = try? container.decodeIfPresent(String.self, forKey: .description)
    }
}
