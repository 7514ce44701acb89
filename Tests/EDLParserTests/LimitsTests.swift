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
        let result = ProjectParser.parse(yaml, file: testFile, directory: testDirectory)
        #expect(Date().timeIntervalSince(start) < 1)
        #expect(result.project == nil)
        #expect(result.diagnostics.map(\.message) == ["the document expands to more than 100000 YAML nodes through aliases"])
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
            "cutlist: 1\ntracks:\n  - items:\n" + items + "\n", file: testFile, directory: testDirectory)
        #expect(result.diagnostics.count == 50)
        #expect(result.droppedCount == 30)
    }

    @Test func syntaxErrorHasALocation() {
        let result = ProjectParser.parse("cutlist: 1\ntracks:\n  - items: [a, b\n", file: testFile, directory: testDirectory)
        #expect(result.project == nil)
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics.first?.message.hasPrefix("invalid YAML") == true)
        #expect((result.diagnostics.first?.location?.line ?? 0) >= 3)
    }
}
