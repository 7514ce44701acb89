import Disk
import Testing

@testable import EDLParser

/// A YAML document with position markers (`1️⃣`, `2️⃣`, ...) where diagnostics are
/// expected, so tests name positions instead of counting lines and columns.
struct MarkedSource {
    static let markers = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]

    /// The document without its markers.
    let text: String
    /// Each marker's 1-based line and column (columns in Unicode scalars, as libyaml counts).
    let positions: [String: (line: Int, column: Int)]

    init(_ marked: String) {
        var text = ""
        var positions: [String: (line: Int, column: Int)] = [:]
        var line = 1
        var column = 1
        var rest = Substring(marked)
        while let character = rest.first {
            if let marker = Self.markers.first(where: { rest.hasPrefix($0) }) {
                positions[marker] = (line, column)
                rest = rest.dropFirst(marker.count)
                continue
            }
            text.append(character)
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += character.unicodeScalars.count
            }
            rest = rest.dropFirst()
        }
        self.text = text
        self.positions = positions
    }
}

let testFile = "project.yaml"
let testDirectory = "/projects/demo"

/// Parses a marked document as `/projects/demo/project.yaml`.
func parse(_ marked: MarkedSource, overrides: [String: String] = [:]) -> ParseResult {
    ProjectParser.parse(marked.text, file: testFile, directory: testDirectory, overrides: overrides, files: .disk())
}

/// Parses a document that must be valid, recording its diagnostics as a failure.
func parseValid(_ text: String, overrides: [String: String] = [:], sourceLocation: Testing.SourceLocation = #_sourceLocation)
    -> Project?
{
    let result = ProjectParser.parse(text, file: testFile, directory: testDirectory, overrides: overrides, files: .disk())
    #expect(result.diagnostics.isEmpty, "unexpected: \(result.diagnostics.map(\.description))", sourceLocation: sourceLocation)
    return result.project
}

/// Asserts that the document yields exactly the expected errors, one per marker.
func expectErrors(
    _ marked: String, _ expected: [String: String], overrides: [String: String] = [:],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let source = MarkedSource(marked)
    let result = parse(source, overrides: overrides)
    #expect(result.project == nil, "an invalid document produced a project", sourceLocation: sourceLocation)
    let actual = Set(result.diagnostics.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0): \($0.message)" })
    let wanted = Set(
        expected.map { marker, message -> String in
            let position = source.positions[marker] ?? (0, 0)
            return "\(position.line):\(position.column): \(message)"
        })
    #expect(actual == wanted, sourceLocation: sourceLocation)
}

/// The single item of a one-track, one-item document.
func onlyItem(_ project: Project?) -> Item? {
    project?.tracks.first?.items.first
}
