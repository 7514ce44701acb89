import Disk
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

    /// The cases come from folders: a wrong path would run none.
    @Test func theFixtureFoldersHoldEveryCase() {
        #expect(Self.yamlFiles(in: "examples").count == 29)
        #expect(Self.yamlFiles(in: "Tests/EDLParserTests/Fixtures/schema/valid").count == 21)
        #expect(Self.yamlFiles(in: "Tests/EDLParserTests/Fixtures/schema/invalid").count == 26)
    }

    /// Runs `python3 arguments...`; its exit status and its output and errors together.
    static func python(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    /// Runs the schema validator; true iff every file is valid.
    static func schemaAccepts(_ files: [String]) throws -> (Bool, String) {
        let (status, output) = try python(
            [root.appendingPathComponent("scripts/validate-schema.py").path, schemaPath] + files)
        return (status == 0, output)
    }

    /// Runs check-jsonschema (from PyPI; `scripts/install-deps.sh --test` installs it), a
    /// validator that shares nothing with scripts/validate-schema.py.
    static func independentValidator(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let result = try python(["-m", "check_jsonschema", "--schemafile", schemaPath] + arguments)
        #expect(!result.output.contains("No module named"), "run scripts/install-deps.sh --test")
        return result
    }

    static func parserAccepts(_ file: String) throws -> ParseResult {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        return ProjectParser.parse(
            text, file: file, directory: URL(fileURLWithPath: file).deletingLastPathComponent().path, files: .disk())
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

    @Test func independentValidatorAcceptsEveryExampleAndValidFixture() throws {
        let files =
            ["examples", "examples/media", "examples/parts", "Tests/EDLParserTests/Fixtures/schema/valid"]
            .flatMap(Self.yamlFiles(in:))
        #expect(files.count >= 40)
        let (status, output) = try Self.independentValidator(files)
        #expect(status == 0, "\(output)")
        #expect(output.contains("ok -- validation done"))
    }

    @Test func independentValidatorRejectsEveryInvalidFixture() throws {
        let files = Self.yamlFiles(in: "Tests/EDLParserTests/Fixtures/schema/invalid")
        let (status, output) = try Self.independentValidator(["--output-format", "json"] + files)
        #expect(status == 1, "\(output)")
        let report = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
        let errors = report?["errors"] as? [[String: Any]] ?? []
        let rejected = Set(errors.compactMap { $0["filename"] as? String })
        #expect(files.filter { !rejected.contains($0) } == [], "the independent validator accepts them")
    }

    @Test func independentValidatorNamesAnUnknownKey() throws {
        let file = Self.root.appendingPathComponent("Tests/EDLParserTests/Fixtures/schema/invalid/unknown-key.yaml").path
        let (status, output) = try Self.independentValidator([file])
        #expect(status == 1)
        #expect(output.contains("unknown-key.yaml::$.tracks[0].items[0]"), "\(output)")
        #expect(output.contains("'color', 'durration' do not match any of the regexes: '^x-'"), "\(output)")
    }

    /// What an editor shows for a key: it follows `$ref`s, a schema's own annotations winning over
    /// those of the schema it refers to.
    struct EditorView {
        let root: [String: Any]

        init() throws {
            let data = try Data(contentsOf: URL(fileURLWithPath: SchemaTests.schemaPath))
            root = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        }

        /// The schema at a local reference such as `#/$defs/time`.
        func schema(at reference: String) -> [String: Any]? {
            var node: Any? = root
            for part in reference.dropFirst(2).split(separator: "/") {
                node = (node as? [String: Any])?[String(part)]
            }
            return node as? [String: Any]
        }

        /// The nearest value of an annotation (`description`, `default`) along the schema's `$ref`s.
        func annotation(_ name: String, of schema: [String: Any]) -> Any? {
            if let value = schema[name] { return value }
            return (schema["$ref"] as? String).flatMap(self.schema(at:)).flatMap { annotation(name, of: $0) }
        }

        /// The words an editor offers for a value: the `enum`s along its `$ref`s and alternatives.
        func choices(of schema: [String: Any]) -> [String] {
            let own = (schema["enum"] as? [Any] ?? []).compactMap { $0 as? String }
            let referred = (schema["$ref"] as? String).flatMap(self.schema(at:)).map(choices(of:)) ?? []
            let alternatives = (schema["anyOf"] as? [[String: Any]] ?? []).flatMap(choices(of:))
            return own + referred + alternatives
        }

        /// Every key of every object in the schema, as (reference of its schema, its schema).
        func keys() -> [(String, [String: Any])] {
            var found: [(String, [String: Any])] = []
            func visit(_ node: Any, _ place: String) {
                if let list = node as? [Any] {
                    for (index, element) in list.enumerated() { visit(element, "\(place)/\(index)") }
                }
                guard let object = node as? [String: Any] else { return }
                for (key, value) in object.sorted(by: { $0.key < $1.key }) {
                    if key == "properties", let properties = value as? [String: [String: Any]] {
                        found += properties.sorted { $0.key < $1.key }.map { ("\(place)/properties/\($0.key)", $0.value) }
                    }
                    visit(value, "\(place)/\(key)")
                }
            }
            visit(root, "#")
            return found
        }
    }

    @Test func everyKeyShowsADescriptionInAnEditor() throws {
        let editor = try EditorView()
        let keys = editor.keys()
        #expect(keys.count > 300)
        let undescribed = keys.filter { (editor.annotation("description", of: $0.1) as? String ?? "").isEmpty }
        #expect(undescribed.map(\.0) == [])
    }

    /// The keys item kinds share are written once; each kind still shows them as before.
    @Test func itemKindsShowTheirSharedKeysAlike() throws {
        let editor = try EditorView()
        let kinds = ["source", "color", "text", "tone", "pattern", "gradient", "gap", "transition", "composition", "group"]
        let drawn: [String: String] = [
            "source": "contain", "color": "contain", "pattern": "contain", "gradient": "contain",
            "text": "none", "composition": "none", "group": "none",
        ]
        for kind in kinds {
            let keys = try #require(editor.schema(at: "#/$defs/\(kind)Item")?["properties"] as? [String: [String: Any]])
            let id = try #require(keys["id"])
            #expect(
                editor.annotation("description", of: id) as? String
                    == "A stable name for the item, unique in the project: `render diff` matches items by it.")
            guard let fitDefault = drawn[kind] else {
                #expect(keys["opacity"] == nil, "\(kind)")
                continue
            }
            let fit = try #require(keys["fit"])
            #expect(editor.choices(of: fit) == ["contain", "cover", "fill", "none", "contain-blur"], "\(kind)")
            #expect(editor.annotation("default", of: fit) as? String == fitDefault, "\(kind)")
            #expect(editor.choices(of: try #require(keys["flip"])) == ["horizontal", "vertical", "both"], "\(kind)")
            let opacity = try #require(keys["opacity"])
            #expect(editor.annotation("description", of: opacity) as? String == "Layer opacity, 0..1; default 1. Animatable.")
        }
        for kind in ["source", "composition", "group"] {
            let pitch = try #require(editor.schema(at: "#/$defs/\(kind)Item/properties/pitch"))
            #expect(editor.choices(of: pitch) == ["keep", "shift"])
            #expect(editor.annotation("default", of: pitch) as? String == "keep")
        }
    }
}
