import Foundation
import Testing

/// `docs/format.md`, the user's reference, and the JSON Schema name the same keys.
@Suite struct FormatReferenceTests {
    /// Every property name anywhere in the schema.
    static func schemaKeys() throws -> Set<String> {
        let data = try Data(contentsOf: URL(fileURLWithPath: SchemaTests.schemaPath))
        var keys = Set<String>()
        func walk(_ node: Any) {
            if let object = node as? [String: Any] {
                if let properties = object["properties"] as? [String: Any] { keys.formUnion(properties.keys) }
                object.values.forEach(walk)
            } else if let array = node as? [Any] {
                array.forEach(walk)
            }
        }
        walk(try JSONSerialization.jsonObject(with: data))
        return keys
    }

    /// The names in backquotes in the first cell of the reference's table rows.
    static func documentedKeys() throws -> Set<String> {
        let text = try String(
            contentsOf: SchemaTests.root.appendingPathComponent("docs/format.md"), encoding: .utf8)
        var keys = Set<String>()
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cell = line.dropFirst(2).prefix { $0 != "|" }
            for (index, part) in cell.split(separator: "`", omittingEmptySubsequences: false).enumerated() where index % 2 == 1 {
                keys.insert(String(part))
            }
        }
        return keys
    }

    @Test func everySchemaKeyIsDocumentedAndEveryDocumentedKeyIsInTheSchema() throws {
        let schema = try Self.schemaKeys()
        let documented = try Self.documentedKeys()
        #expect(schema.count > 100)
        #expect(schema.subtracting(documented).sorted() == [], "keys of the schema that docs/format.md does not describe")
        #expect(documented.subtracting(schema).sorted() == [], "keys docs/format.md describes that the schema does not have")
    }
}
