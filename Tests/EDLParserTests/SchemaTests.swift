import Foundation
import Testing

@testable import EDLParser

/// The JSON Schema, the examples and the parser agree.
@Suite struct SchemaTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let schemaPath = root.appendingPathComponent("schema/cutlist.schema.json").path

    static func yamlFiles(in folder: String) -> [String] {
        let directory = root.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted().map { directory.appendingPathComponent($0).path }
    }

    /// Runs the schema validator; true iff every file is valid.
    static func schemaAccepts(_ files: [String]) throws -> (Bool, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", root.appendingPathComponent("scripts/validate-schema.py").path, schemaPath] + files
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus == 0, output)
    }

    static func parserAccepts(_ file: String) throws -> ParseResult {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        return ProjectParser.parse(text, file: file, directory: URL(fileURLWithPath: file).deletingLastPathComponent().path)
    }

    @Test func renderSchemaPrintsTheCommittedSchema() throws {
        let file = try String(contentsOfFile: Self.schemaPath, encoding: .utf8)
        #expect(ProjectSchema.json == file, "run `make schema` after editing schema/cutlist.schema.json")
        let object = try JSONSerialization.jsonObject(with: Data(ProjectSchema.json.utf8)) as? [String: Any]
        #expect(object?["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
    }

    /// The keys the schema lets each group of `defaults:` hold are those the parser takes.
    @Test func defaultsTakeTheSameKeysInSchemaAndParser() throws {
        let schema = try #require(
            JSONSerialization.jsonObject(with: Data(ProjectSchema.json.utf8)) as? [String: Any])
        let properties = (schema["properties"] as? [String: Any]).flatMap { $0["defaults"] as? [String: Any] }
        let styles = try #require(properties?["properties"] as? [String: [String: Any]])
        #expect(Set(styles.keys) == Set(Defaults.Style.allCases.map(\.rawValue)))
        for style in Defaults.Style.allCases {
            let names = (styles[style.rawValue]?["propertyNames"] as? [String: Any])?["enum"] as? [String]
            #expect(Set(names ?? []) == Set(style.keys), "defaults.\(style.rawValue)")
        }
    }

    @Test func everyExampleIsValidForSchemaAndParser() throws {
        let examples = Self.yamlFiles(in: "examples")
        #expect(examples.count >= 5)
        let (valid, output) = try Self.schemaAccepts(examples)
        #expect(valid, "\(output)")
        for example in examples {
            let result = try Self.parserAccepts(example)
            #expect(result.diagnostics.isEmpty, "\(example): \(result.diagnostics.map(\.description))")
        }
    }

    @Test(arguments: yamlFiles(in: "Tests/EDLParserTests/Fixtures/schema/valid"))
    func schemaAndParserAcceptValidDocument(_ file: String) throws {
        let (valid, output) = try Self.schemaAccepts([file])
        #expect(valid, "\(output)")
        let result = try Self.parserAccepts(file)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description))")
    }

    @Test(arguments: yamlFiles(in: "Tests/EDLParserTests/Fixtures/schema/invalid"))
    func schemaAndParserRejectInvalidDocument(_ file: String) throws {
        let (valid, _) = try Self.schemaAccepts([file])
        #expect(!valid, "the schema accepts it")
        let result = try Self.parserAccepts(file)
        #expect(result.project == nil, "the parser accepts it")
    }
}
