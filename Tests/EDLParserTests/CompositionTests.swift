import Disk
import Foundation
import Testing

@testable import EDLParser

/// `compositions:`, `composition:` and `group:` items, and `file:` compositions (SPEC 14).
@Suite struct CompositionTests {
    static func composition(_ item: Item?) -> Composition? {
        guard case .composition(let composition)? = item?.content else { return nil }
        return composition
    }

    static func texts(_ composition: Composition?) -> [String] {
        (composition?.tracks ?? []).flatMap(\.items).compactMap { item in
            if case .text(let text) = item.content { return text.string }
            return nil
        }
    }

    @Test func eachUseReadsTheCompositionWithItsOwnVars() throws {
        let project = try #require(
            parseValid(
                """
                cutlist: 1
                vars: { show: "Tonight" }
                compositions:
                  lower_third:
                    size: 900x140
                    duration: 5s
                    vars: { name: "", role: "guest" }
                    tracks:
                      - items:
                          - { text: "${name}, ${role} (${show})", until: end }
                tracks:
                  - items:
                      - { composition: lower_third, vars: { name: Ada }, position: [480, 900] }
                      - { composition: lower_third, vars: { name: Grace, role: admiral }, from: 1s }
                """))
        let uses = items(project).map(Self.composition)
        #expect(Self.texts(uses[0]) == ["Ada, guest (Tonight)"])
        #expect(Self.texts(uses[1]) == ["Grace, admiral (Tonight)"])
        #expect(uses[0]?.size?.value == PixelSize(width: 900, height: 140))
        #expect(uses[0]?.duration?.value == seconds(5))
        #expect(items(project)[1].timing.from?.value == seconds(1))
    }

    @Test func aGroupIsAnInlineComposition() throws {
        let project = try #require(
            parseValid(
                """
                cutlist: 1
                tracks:
                  - items:
                      - { group: { tracks: [ { items: [ { color: red, duration: 1s } ] } ] }, opacity: 0.5 }
                """))
        let group = try #require(Self.composition(onlyItem(project)))
        #expect(group.name == "group")
        #expect(group.tracks.first?.items.first?.content == .color(rgb(255, 0, 0)))
        #expect(onlyItem(project)?.picture.opacity == .constant(0.5))
    }

    @Test func mistakesAreReportedWhereTheyAre() {
        expectErrors(
            """
            cutlist: 1
            compositions:
              card:
                vars: { title: "" }
                tracks:
                  - items:
                      - { text: "${title}", 1️⃣duraton: 1s }
              unused:
                tracks:
                  - items: [ { color: 2️⃣reddish, duration: 1s } ]
              empty: 3️⃣{ size: 100x100 }
            tracks:
              - items:
                  - { composition: 4️⃣crad }
                  - { composition: card, vars: { 5️⃣titel: x } }
                  - { group: { tracks: 6️⃣[] } }
            """,
            [
                "1️⃣": "unknown key 'duraton' in an item",
                "2️⃣":
                    "'reddish' is not a color; expected a CSS name such as 'red', 'transparent', '#rgb', '#rrggbb', '#rrggbbaa' or 'rgba(255, 0, 0, 0.5)'",
                "3️⃣": "composition 'empty' needs 'tracks:' (or 'file:' to use another project file)",
                "4️⃣": "unknown composition 'crad'",
                "5️⃣": "composition 'card' has no parameter 'titel'",
                "6️⃣": "'tracks' is empty; a project needs at least one track",
            ])
    }

    @Test func aCycleIsReportedAtTheItemThatClosesIt() {
        expectErrors(
            """
            cutlist: 1
            compositions:
              a:
                tracks:
                  - items: [ { composition: b } ]
              b:
                tracks:
                  - items: [ { composition: 1️⃣a } ]
            tracks:
              - items: [ { composition: a } ]
            """,
            ["1️⃣": "composition 'a' uses itself: a → b → a"])
    }

    @Test func compositionsNestSixteenLevelsAtMost() {
        func level(_ n: Int) -> String {
            "  c\(n):\n    tracks:\n      - items: [ { composition: c\(n + 1) } ]\n"
        }
        let deep =
            "cutlist: 1\ncompositions:\n" + (1...16).map(level).joined()
            + "  c17:\n    tracks:\n      - items: [ { color: red, duration: 1s } ]\n"
            + "tracks:\n  - items: [ { composition: c1 } ]\n"
        let result = ProjectParser.parse(deep, file: testFile, directory: testDirectory, files: .disk())
        #expect(result.diagnostics.map(\.message) == ["compositions nest more than 16 levels deep here"])
        #expect(result.diagnostics.first?.location?.line == 50)
        let sixteen = deep.replacingOccurrences(of: "composition: c16 }", with: "color: red, duration: 1s }")
        #expect(ProjectParser.parse(sixteen, file: testFile, directory: testDirectory, files: .disk()).diagnostics.isEmpty)
    }

    /// `levels` compositions, each using the next `uses` times (one use a line),
    /// the last holding one colour; the project uses the first once.
    static func nestedUses(levels: Int, uses: Int) -> String {
        var yaml = "cutlist: 1\ncompositions:\n"
        for level in 1..<levels {
            yaml += "  c\(level):\n    tracks:\n      - items:\n"
            yaml += String(repeating: "          - { composition: c\(level + 1) }\n", count: uses)
        }
        yaml += "  c\(levels):\n    tracks:\n      - items: [{ color: red, duration: 0.1 }]\n"
        return yaml + "tracks:\n  - items: [{ composition: c1 }]\n"
    }

    @Test func aCompositionBombIsRefusedAtTheUseThatCrossesTheBound() {
        // 10^15 colours once expanded, in 4 KB with no YAML alias.
        let start = Date()
        let result = ProjectParser.parse(
            Self.nestedUses(levels: 16, uses: 10), file: testFile, directory: testDirectory, files: .disk())
        #expect(Date().timeIntervalSince(start) < 30)
        #expect(result.project == nil)
        #expect(
            result.diagnostics.map { "\($0.location.map(String.init(describing:)) ?? ""): \($0.message)" } == [
                "\(testFile):175:28: uses of compositions add more than 50000 items to the project here "
                    + "(c1 → c2 → c3 → c4 → c5 → c6 → c7 → c8 → c9 → c10 → c11 → c12 → c13 → c14 → c15)"
            ])
        #expect(
            result.diagnostics.first?.hint
                == "each use reads its composition's items again; this many copies look like a generated or damaged file")
    }

    @Test func nestedCompositionsWithinTheBoundAreRead() throws {
        // 1,000 colours through 110 uses.
        let project = try #require(
            ProjectParser.parse(Self.nestedUses(levels: 4, uses: 10), file: testFile, directory: testDirectory, files: .disk())
                .project)
        func colours(_ items: [Item]) -> Int {
            items.reduce(0) { count, item in
                count + (Self.composition(item).map { colours($0.tracks.flatMap(\.items)) } ?? 1)
            }
        }
        #expect(colours(items(project)) == 1000)
    }

    @Test func aFileCompositionReadsAnotherProjectWithItsOwnFolderAndVars() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cutlist-composition-\(UUID())")
        let parts = folder.appendingPathComponent("parts")
        try FileManager.default.createDirectory(at: parts, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        cutlist: 1
        output: { size: 640x360, fps: 25, duration: 2s, path: ignored.mp4 }
        vars: { title: "Intro" }
        tracks:
          - items:
              - { source: logo.png, duration: 1s }
              - { text: "${title}", duration: 1s }
        """.write(to: parts.appendingPathComponent("intro.yaml"), atomically: true, encoding: .utf8)
        let text = """
            cutlist: 1
            compositions:
              intro: { file: parts/intro.yaml }
            tracks:
              - items: [ { composition: intro, vars: { title: Welcome } } ]
            """
        let result = ProjectParser.parse(text, file: "edit.yaml", directory: folder.path, files: .disk())
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let intro = try #require(Self.composition(onlyItem(result.project)))
        #expect(intro.size?.value == PixelSize(width: 640, height: 360))
        #expect(intro.fps?.value.rate == ratio(25))
        #expect(intro.duration?.value == seconds(2))
        #expect(Self.texts(intro) == ["Welcome"])
        guard case .source(let logo)? = intro.tracks.first?.items.first?.content else {
            Issue.record("the logo item is not a source")
            return
        }
        #expect(logo.path == parts.appendingPathComponent("logo.png").path)

        // Its own mistakes are reported in its own file, with its text kept for the excerpt.
        try "cutlist: 1\nvars: { title: x }\ntracks:\n  - items: [ { color: red, duraton: 1s } ]\n".write(
            to: parts.appendingPathComponent("intro.yaml"), atomically: true, encoding: .utf8)
        let broken = ProjectParser.parse(text, file: "edit.yaml", directory: folder.path, files: .disk())
        let diagnostic = try #require(broken.diagnostics.first)
        #expect(diagnostic.message == "unknown key 'duraton' in an item")
        #expect(diagnostic.location == SourceLocation(file: "parts/intro.yaml", line: 4, column: 28))
        #expect(broken.includedFiles["parts/intro.yaml"]?.hasPrefix("cutlist: 1") == true)

        let missing = ProjectParser.parse(
            text.replacingOccurrences(of: "parts/intro", with: "parts/outro"), file: "edit.yaml", directory: folder.path,
            files: .disk())
        #expect(missing.diagnostics.map(\.message) == ["the file 'parts/outro.yaml' of composition 'intro' does not exist"])
    }
}
