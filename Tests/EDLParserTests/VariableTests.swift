import Testing

@testable import EDLParser

/// SPEC section 9: `${name}` variables and `--set`.
@Suite struct VariableTests {
    private let document = """
        cutlist: 1
        vars: { title: "Launch day", logo: media/logo.png }
        tracks:
          - items:
              - text: "${title}: ${title}!"
                duration: 2
              - source: ${logo}
                duration: 3
        """

    private func strings(_ project: Project?) -> (text: String?, source: SourceReference?) {
        var text: String?
        var source: SourceReference?
        for item in items(project) {
            switch item.content {
            case .text(let content): text = content.string
            case .source(let reference): source = reference
            default: break
            }
        }
        return (text, source)
    }

    @Test func substitutionInTextAndPaths() {
        let found = strings(parseValid(document))
        #expect(found.text == "Launch day: Launch day!")
        #expect(found.source?.path == "/projects/demo/media/logo.png")
        #expect(found.source?.written == "media/logo.png")
        #expect(found.source?.asset == nil)
    }

    @Test func setOverridesAValueAndDefinesNewOnes() {
        let found = strings(parseValid(document, overrides: ["title": "Other", "unused": "x"]))
        #expect(found.text == "Other: Other!")
        #expect(found.source?.path == "/projects/demo/media/logo.png")
        let defined = parseValid(
            """
            cutlist: 1
            tracks:
              - items: [{ text: "${who}", duration: 1 }]
            """, overrides: ["who": "Ada"])
        #expect(onlyItem(defined)?.content == .text(TextContent(string: "Ada")))
    }

    @Test func undefinedVariables() {
        let yaml = """
            cutlist: 1
            vars: { title: Hello }
            tracks:
              - items:
                  - text: 1️⃣"${titl}"
                    duration: 1
                  - source: 2️⃣media/${clip}.mp4
            """
        expectErrors(
            yaml,
            [
                "1️⃣": "undefined variable 'titl'",
                "2️⃣": "undefined variable 'clip'",
            ])
        expectHints(
            yaml,
            [
                "1️⃣": "did you mean '${title}'?",
                "2️⃣": "define it under 'vars:' or pass --set clip=VALUE",
            ])
    }

    @Test func setSatisfiesAnOtherwiseUndefinedVariable() {
        expectErrors(
            """
            cutlist: 1
            tracks:
              - items: [{ text: 1️⃣"${name}", duration: 1 }]
            """, ["1️⃣": "undefined variable 'name'"])
        let project = parseValid(
            """
            cutlist: 1
            tracks:
              - items: [{ text: "${name}", duration: 1 }]
            """, overrides: ["name": "set on the command line"])
        #expect(onlyItem(project)?.content == .text(TextContent(string: "set on the command line")))
    }

    @Test func doubleDollarWritesALiteral() {
        let project = parseValid(
            """
            cutlist: 1
            vars: { amount: 5 }
            tracks:
              - items: [{ text: "Price: $${amount} is ${amount} $", duration: 1 }]
            """)
        #expect(onlyItem(project)?.content == .text(TextContent(string: "Price: ${amount} is 5 $")))
    }

    @Test func variablesInNumbersAndTimes() {
        let project = parseValid(
            """
            cutlist: 1
            vars: { len: 2.5, rate: 29.97, shade: "#102030", half: 0.5 }
            output:
              fps: ${rate}
            tracks:
              - items:
                  - color: ${shade}
                    duration: ${len}s
                    opacity: ${half}
                  - tone: 440
                    duration: ${len}
            """)
        #expect(project?.output.fps?.value.rate == ratio(30000, 1001))
        let list = items(project)
        #expect(list.first?.content == .color(rgb(0x10, 0x20, 0x30)))
        #expect(list.map(\.timing.duration?.value) == [seconds(5, 2), seconds(5, 2)])
        #expect(list.first?.picture.opacity == .constant(0.5))
    }

    @Test func substitutedValueIsCheckedWhereItIsUsed() {
        expectErrors(
            """
            cutlist: 1
            vars: { len: long }
            tracks:
              - items:
                  - color: red
                    duration: 1️⃣${len}
            """,
            [
                "1️⃣":
                    "'long' is not a time; expected seconds (2.5), '2.5s', '250ms', '1m30s', 'HH:MM:SS.mmm', SMPTE 'HH:MM:SS:FF' or frames '45f'"
            ])
    }

    @Test func malformedReferencesAndVars() {
        let yaml = """
            cutlist: 1
            vars: { ok: 1, list: 1️⃣[1, 2] }
            tracks:
              - items: [{ text: 2️⃣"${ok", duration: 1 }]
            """
        expectErrors(
            yaml,
            [
                "1️⃣": "a variable's value must be a single value (text or number), not a list",
                "2️⃣": "'${' is not closed in '${ok'",
            ])
        expectHints(yaml, ["2️⃣": "write '${name}', or '$${' for a literal '${'"])
        expectErrors(
            """
            cutlist: 1
            vars: 1️⃣[title]
            tracks:
              - items: [{ color: red, duration: 1 }]
            """, ["1️⃣": "'vars' must be a mapping of names to values, not a list"])
    }
}
