import Disk
import Testing

@testable import EDLParser

/// SPEC sections 1 (files) and 3 (top level).
@Suite struct FileAndTopLevelTests {
    @Test func minimalProjectHasOneTrackAndDefaults() {
        let project = parseValid(
            """
            cutlist: 1
            tracks:
              - items:
                  - { color: red, duration: 2 }
            """)
        #expect(project?.version == 1)
        #expect(project?.file == "project.yaml")
        #expect(project?.directory == "/projects/demo")
        #expect(project?.assets.isEmpty == true)
        #expect(project?.tracks.count == 1)
        #expect(project?.tracks.first?.kind == .video)
        #expect(onlyItem(project)?.content == .color(rgb(255, 0, 0)))
        #expect(onlyItem(project)?.timing.duration?.value == seconds(2))
    }

    @Test func xKeysAreIgnoredAtEveryLevel() {
        let project = parseValid(
            """
            cutlist: 1
            x-editor: { name: someone, notes: [a, b] }
            output:
              x-note: keep this
              fps: 25
            assets:
              x-unused: { whatever: 1 }
              clip: media/clip.mp4
            tracks:
              - name: main
                x-colour: blue
                items:
                  - { color: red, duration: 2, x-comment: "first shot" }
                  - source: clip
                    x-take: 3
            """)
        #expect(project?.output.fps?.value.rate == ratio(25))
        #expect(project?.assets.map(\.name) == ["clip"])
        #expect(project?.tracks.first?.name == "main")
        #expect(items(project).count == 2)
    }

    @Test func unknownKeysAreReportedWithDidYouMean() {
        let yaml = """
            cutlist: 1
            1️⃣ouput: { fps: 30 }
            tracks:
              - 2️⃣nmae: main
                items: [{ color: red, duration: 1, 3️⃣opactiy: 0.5 }]
            """
        expectErrors(
            yaml,
            [
                "1️⃣": "unknown key 'ouput' in the project",
                "2️⃣": "unknown key 'nmae' in a track",
                "3️⃣": "unknown key 'opactiy' in an item",
            ])
        expectHints(
            yaml,
            [
                "1️⃣": "did you mean 'output'?",
                // A swap of neighbouring letters counts as one edit.
                "2️⃣": "did you mean 'name'?",
                "3️⃣": "did you mean 'opacity'?",
            ])
    }

    /// A name with a word more or less than a known one suggests that one, not
    /// the nearest by letters; another program's name for a key suggests ours.
    @Test func didYouMeanFollowsWordsAndAliases() {
        let yaml = """
            cutlist: 1
            tracks:
              - items:
                  - { color: blue, duration: 1, position: 1️⃣bottom-center }
                  - { color: red, duration: 1, position: 2️⃣center-left }
                  - { source: clip.mp4, 3️⃣fade: 1s }
                  - { color: red, duration: 1, position: 4️⃣left-top, 5️⃣alpha: 0.5 }
                  - { tone: 440, duration: 1, 6️⃣length: 1 }
            """
        expectHints(
            yaml,
            [
                "1️⃣": "did you mean 'bottom'?",
                "2️⃣": "did you mean 'left'?",
                "3️⃣": "did you mean 'fade_in' or 'fade_out'?",
                "4️⃣": "did you mean 'top-left'?",
                "5️⃣": "did you mean 'opacity'?",
                "6️⃣": "did you mean 'duration'?",
            ])
    }

    @Test func duplicateKeysAreErrors() {
        expectErrors(
            """
            cutlist: 1
            tracks:
              - items:
                  - color: red
                    duration: 1
                    1️⃣duration: 2
            2️⃣tracks: []
            """,
            [
                "1️⃣": "'duration' is given twice in an item",
                "2️⃣": "'tracks' is given twice in the project",
            ])
    }

    @Test func missingVersion() {
        expectErrors(
            """
            1️⃣tracks:
              - items: [{ color: red, duration: 1 }]
            """, ["1️⃣": "missing 'cutlist: 1' (the format version) at the top of the project"])
    }

    @Test func missingTracks() {
        expectErrors(
            """
            1️⃣cutlist: 1
            output: { fps: 30 }
            """, ["1️⃣": "missing 'tracks:', the list of tracks to render"])
    }

    @Test func emptyTrackList() {
        expectErrors(
            """
            cutlist: 1
            tracks: 1️⃣[]
            """, ["1️⃣": "'tracks' is empty; a project needs at least one track"])
    }

    @Test func tracksMustBeAList() {
        expectErrors(
            """
            cutlist: 1
            tracks:
              1️⃣items: [{ color: red, duration: 1 }]
            """, ["1️⃣": "'tracks' must be a list, not a mapping"])
    }

    @Test(arguments: ["2", "1.0", "one"])
    func wrongVersion(version: String) {
        expectErrors(
            """
            cutlist: 1️⃣\(version)
            tracks:
              - items: [{ color: red, duration: 1 }]
            """, ["1️⃣": "unsupported format version '\(version)'; this renderer reads 'cutlist: 1'"])
    }

    @Test(arguments: ["", "# nothing here yet\n", "\n\n"])
    func emptyFile(text: String) {
        let result = ProjectParser.parse(text, file: testFile, directory: testDirectory, files: .disk())
        #expect(result.project == nil)
        #expect(result.diagnostics.map(\.description) == ["project.yaml:1:1: error: the file is empty"])
        #expect(result.diagnostics.first?.hint == "a project starts with 'cutlist: 1' and a list of 'tracks:'")
    }

    @Test func projectMustBeAMapping() {
        expectErrors(
            """
            1️⃣- cutlist: 1
            - tracks: []
            """, ["1️⃣": "the project must be a mapping of keys to values, not a list"])
    }

    @Test func twoDocumentsAreRejected() {
        let yaml = """
            cutlist: 1
            tracks: [{ items: [{ color: red, duration: 1 }] }]
            1️⃣---
            cutlist: 1
            tracks: [{ items: [{ color: blue, duration: 1 }] }]
            """
        expectErrors(yaml, ["1️⃣": "the file holds more than one YAML document; a project is a single document"])
        expectHints(yaml, ["1️⃣": "remove this '---' and what follows it, or move it to its own file"])
    }

    @Test func anchorsAndAliasesReuseValuesAndItems() {
        let project = parseValid(
            """
            cutlist: 1
            x-palette:
              brand: &brand "#336699"
            x-fade: &fade { transition: crossfade, duration: 0.5s }
            tracks:
              - items:
                  - { color: *brand, duration: 2 }
                  - *fade
                  - { text: "Hello", color: *brand, duration: 2 }
                  - *fade
                  - { color: *brand, duration: 2 }
            """)
        let list = items(project)
        #expect(list.count == 5)
        let brand = rgb(0x33, 0x66, 0x99)
        #expect(list[0].content == .color(brand))
        #expect(list[4].content == .color(brand))
        guard case .text(let text) = list[2].content else {
            Issue.record("expected a text item, got \(list[2].content)")
            return
        }
        #expect(text.color == brand)
        for index in [1, 3] {
            guard case .transition(let transition) = list[index].content else {
                Issue.record("expected a transition at \(index)")
                continue
            }
            #expect(transition.kind == .crossfade)
            #expect(transition.duration.value == seconds(1, 2))
        }
    }

    @Test func twoIndependentMistakesAreBothReported() {
        let yaml = """
            cutlist: 1
            output: { fps: 1️⃣fast }
            tracks:
              - items:
                  - { color: 2️⃣redd, duration: 1 }
            """
        expectErrors(
            yaml,
            [
                "1️⃣": "'fast' is not a frame rate; expected frames per second such as '30', '29.97' or '30000/1001'",
                "2️⃣":
                    "'redd' is not a color; expected a CSS name such as 'red', 'transparent', '#rgb', '#rrggbb', '#rrggbbaa' or 'rgba(255, 0, 0, 0.5)'",
            ])
        expectHints(yaml, ["2️⃣": "did you mean 'red'?"])
    }

    @Test func diagnosticNamesFileLineAndColumnWithACaret() {
        let text = "cutlist: 1\ntracks:\n  - items:\n      - { source: a.mp4, spead: 2 }\n"
        let result = ProjectParser.parse(text, file: "edits/promo.yaml", directory: testDirectory, files: .disk())
        let rendered = DiagnosticRenderer(sources: ["edits/promo.yaml": text]).render(result.diagnostics)
        #expect(
            rendered == """
                edits/promo.yaml:4:26: error: unknown key 'spead' in an item
                 4 |       - { source: a.mp4, spead: 2 }
                   |                          ^
                hint: did you mean 'speed'?
                1 error

                """)
    }

    @Test func aLongLineIsQuotedAsAnExcerptAroundTheColumn() {
        let (head, tail) = (String(repeating: "a", count: 200), String(repeating: "b", count: 200))
        let text =
            "cutlist: 1\ntracks:\n  - items:\n      - { color: red, duration: 1, x-head: \(head), opacity: 7, x-tail: \(tail) }\n"
        let result = ProjectParser.parse(text, file: "long.yaml", directory: testDirectory, files: .disk())
        let rendered = DiagnosticRenderer(sources: ["long.yaml": text]).render(result.diagnostics)
        // The value is at column 255 of 467: sixty characters before it and sixty from it, cut on both sides.
        let excerpt = String(repeating: "a", count: 49) + ", opacity: 7, x-tail: " + String(repeating: "b", count: 49)
        #expect(
            rendered == """
                long.yaml:4:255: error: 'opacity' must be between 0 and 1, not 7
                 4 | …\(excerpt)…
                   | \(String(repeating: " ", count: 61))^
                1 error

                """)
        // Lines within the width are shown whole.
        #expect(DiagnosticRenderer.excerpt(of: "short line", around: 3) == ("short line", 3))
    }

    @Test func aProjectFileOverTheSizeLimitIsOneErrorAtItsStart() {
        let text = "cutlist: 1\n" + String(repeating: "# a comment line\n", count: 500_000)
        let result = ProjectParser.parse(text, file: "big.yaml", directory: testDirectory, files: .disk())
        #expect(result.project == nil)
        #expect(
            result.diagnostics.map(\.description) == [
                "big.yaml:1:1: error: the project file is 8500011 bytes; a project file may be at most 8388608 bytes (8 MiB)"
            ])
    }
}
