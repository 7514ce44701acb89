import Disk
import Foundation
import Testing

@testable import EDLParser

/// Hostile and absurd input: bounded work, diagnostics, never a crash.
@Suite struct LimitsTests {
    @Test func billionLaughsIsRejectedQuickly() {
        var yaml = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            let refs = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
            yaml += "a\(level): &a\(level) [\(refs)]\n"
        }
        yaml += "cutlist: 1\ntracks: *a9\n"
        let start = Date()
        let result = ProjectParser.parse(yaml, file: testFile, directory: testDirectory, files: .disk())
        #expect(Date().timeIntervalSince(start) < 1)
        #expect(result.project == nil)
        #expect(result.diagnostics.map(\.message) == ["aliases add more than 100000 YAML nodes to the document"])
    }

    /// Each syntax error recovered from reads the file again: a large file
    /// gets as many as fit in 16 MiB of reading, not 20 (a 5 MB file with 25
    /// took half a minute).
    @Test func syntaxErrorsOfALargeFileAreBoundedByTheBytesReadAgain() {
        let line = "      - { color: red, duration: 1s }\n"
        var lines = Array(repeating: line, count: (2 << 20) / line.utf8.count + 100)  // a little over 2 MiB
        for index in stride(from: lines.count - 1, to: lines.count - 40, by: -3) { lines[index] = "      - { color: red\n" }
        let yaml = "cutlist: 1\ntracks:\n  - items:\n" + lines.joined()
        let result = ProjectParser.parse(yaml, file: "big.yaml", directory: "/p", files: .disk())
        // Seven more reads fit in 16 MiB: the first error and seven after it.
        #expect(result.diagnostics.filter { $0.message.hasPrefix("invalid YAML") }.count == 8)
    }

    @Test func aLongFileWrittenOutInFullIsNoAliasBomb() {
        // 36,000 items of 0.1 s (an hour of cuts): some 150,000 nodes, none from an alias.
        let items = String(repeating: "      - { color: red, duration: 0.1 }\n", count: 36_000)
        let result = ProjectParser.parse(
            "cutlist: 1\ntracks:\n  - items:\n" + items, file: testFile, directory: testDirectory, files: .disk())
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.prefix(1))")
        #expect(result.project?.tracks.first?.items.count == 36_000)
        // Aliases still count: one anchored item repeated 101,000 times adds too much.
        let anchored =
            "x-item: &item { color: red, duration: 0.1 }\ncutlist: 1\ntracks:\n  - items:\n"
            + String(repeating: "      - *item\n", count: 34_000)
        #expect(
            ProjectParser.parse(anchored, file: testFile, directory: testDirectory, files: .disk()).diagnostics.map(\.message)
                == [
                    "aliases add more than 100000 YAML nodes to the document"
                ])
    }

    @Test(arguments: ["flow", "block"])
    func deepNestingIsADiagnosticNotACrash(_ style: String) {
        let deep =
            style == "flow"
            ? "cutlist: 1\ntracks: " + String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000) + "\n"
            : "cutlist: 1\ntracks:\n" + (1...2000).map { String(repeating: " ", count: $0) + "- a:" }.joined(separator: "\n")
        let result = ProjectParser.parse(deep, file: testFile, directory: testDirectory, files: .disk())
        #expect(result.project == nil)
        #expect(result.diagnostics.map(\.message) == ["the document nests more than 256 levels deep"])
        // Nesting within the bound is read as usual (and refused for what it says).
        let fine = "cutlist: 1\ntracks: " + String(repeating: "[", count: 200) + String(repeating: "]", count: 200) + "\n"
        #expect(!ProjectParser.parse(fine, file: testFile, directory: testDirectory, files: .disk()).diagnostics.isEmpty)
    }

    @Test func hugeDurationIsADiagnostic() {
        let result = parse(
            MarkedSource(
                """
                cutlist: 1
                tracks:
                  - items:
                      - { color: red, duration: 1e300 }
                """))
        #expect(result.project == nil)
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics.first?.location?.line == 4)
    }

    @Test func aValueOfThousandsOfCharactersIsQuotedByItsEnds() {
        let digits = String(repeating: "9", count: 9_999)
        let result = ProjectParser.parse(
            "cutlist: 1\ntracks:\n  - items:\n      - { color: red, duration: \(digits)s }\n", file: testFile,
            directory: testDirectory, files: .disk())
        let message = result.diagnostics.first?.message ?? ""
        #expect(message.contains("'" + String(repeating: "9", count: 40) + "…(10000 characters)…"), "\(message)")
        #expect(message.utf8.count < 300, "\(message.utf8.count) bytes")
        // A word of quotes alone (found by fuzzing the subtitle readers).
        let quotes = String(repeating: "'", count: 200)
        #expect(Diagnostic.error("'\(quotes)' is not a timestamp", at: nil).message.contains("…(0 characters)…"))
    }

    @Test func numbersBeyondTheLimitAreDiagnosticsAtTheirKeys() {
        // Finite as written, but a percentage of the frame (or an ease past its
        // keyframes) would make an infinite position in the plan.
        let outOfRange = "is out of range; numbers must lie within ±1000000"
        expectErrors(
            """
            cutlist: 1
            tracks:
              - items:
                  - { text: A, duration: 1, position: bottom-right, margin: 1️⃣"1e308%" }
                  - { text: B, duration: 1, position: [2️⃣"-1e300", 0] }
                  - { text: C, duration: 1, rotation: 3️⃣1e300 }
                  - { gradient: linear, duration: 1, colors: [red, blue], angle: 4️⃣2e6 }
                  - { color: red, duration: 1, filters: [{ hue: 5️⃣1e7turn }] }
                  - color: red
                    duration: 1
                    opacity:
                      keyframes: [{ at: 0, value: 0 }, { at: 1, value: 1, ease: 6️⃣"cubic-bezier(0, 1e300, 1, 1)" }]
                  - { color: 7️⃣"rgb(1e400, 0, 0)", duration: 1 }
            """,
            [
                "1️⃣": "'1e308%' \(outOfRange)", "2️⃣": "'-1e300' \(outOfRange)", "3️⃣": "'1e300' \(outOfRange)",
                "4️⃣": "'2e6' \(outOfRange)", "5️⃣": "'1e7turn' \(outOfRange)",
                "6️⃣": "'cubic-bezier(0, 1e300, 1, 1)' \(outOfRange)", "7️⃣": "'rgb(1e400, 0, 0)' \(outOfRange)",
            ])
        // The limit itself is accepted.
        let atLimit = parse(
            MarkedSource(
                "cutlist: 1\ntracks:\n  - items: [{ text: A, duration: 1, position: [-1e6, 1000000], rotation: 1e6 }]\n"))
        #expect(atLimit.diagnostics.isEmpty, "\(atLimit.diagnostics)")
    }

    @Test func hugeOutputSizeIsADiagnostic() {
        expectErrors(
            """
            cutlist: 1
            output: { size: 1️⃣100000x100000 }
            tracks:
              - items: [{ color: red, duration: 1 }]
            """, ["1️⃣": "'100000x100000' is too large; each side must be 2 to 16384 pixels"])
    }

    @Test func errorsAreCappedAtFifty() {
        let items = (1...80).map { "      - { color: red, duration: 1, bogus\($0): 1 }" }.joined(separator: "\n")
        let result = ProjectParser.parse(
            "cutlist: 1\ntracks:\n  - items:\n" + items + "\n", file: testFile, directory: testDirectory, files: .disk())
        #expect(result.diagnostics.count == 50)
        #expect(result.droppedCount == 30)
    }

    @Test func syntaxErrorHasALocation() {
        let result = ProjectParser.parse(
            "cutlist: 1\ntracks:\n  - items: [a, b\n", file: testFile, directory: testDirectory, files: .disk())
        #expect(result.project == nil)
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics.first?.message.hasPrefix("invalid YAML") == true)
        #expect((result.diagnostics.first?.location?.line ?? 0) >= 3)
    }
}

/// YAML merge keys (SPEC 1): a style given once and merged into items.
@Suite struct MergeKeyTests {
    @Test func mergedKeysJoinAndOwnKeysWin() throws {
        let result = ProjectParser.parse(
            """
            x-title: &title { font_size: 48, color: white, duration: 2s }
            x-red: &red { color: red, font_size: 10 }
            cutlist: 1
            tracks:
              - items:
                  - text: Plain
                    <<: *title
                  - text: Own colour
                    color: yellow
                    <<: *title
                  - text: Two styles
                    <<: [*red, *title]
            """, file: testFile, directory: testDirectory, files: .disk())
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let texts = try #require(result.project?.tracks.first?.items).compactMap { item -> TextContent? in
            guard case .text(let text) = item.content else { return nil }
            return text
        }
        #expect(texts.map(\.fontSize) == [48, 48, 10])
        #expect(texts.map(\.color) == [.white, Color(red: 1, green: 1, blue: 0), Color(red: 1, green: 0, blue: 0)])
    }

    @Test func mergingSomethingOtherThanAMappingIsReported() {
        let result = ProjectParser.parse(
            "cutlist: 1\ntracks:\n  - items:\n      - { color: red, duration: 1s, <<: 5 }\n", file: testFile,
            directory: testDirectory, files: .disk())
        #expect(result.diagnostics.map(\.message).contains { $0.contains("'<<'") }, "\(result.diagnostics)")
    }
}
