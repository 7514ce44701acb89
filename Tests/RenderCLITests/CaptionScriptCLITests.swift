import Foundation
import Testing

/// ASS captions from the command line: a file that is not a script is said so
/// with its name and the item that uses it, and a script checks and renders.
@Suite struct CaptionScriptCLITests {
    static let project = """
        cutlist: 1
        output: { path: out.mp4, size: 160x90, fps: 25 }
        tracks:
          - items:
              - { captions: talk.ass }

        """

    @Test func aFileThatIsNotAScriptIsAnErrorWithItsName() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("talk.ass", "1\n00:00:01,000 --> 00:00:02,000\nHello\n")
        try space.write("edit.yaml", Self.project)
        let result = try space.render("check", "edit.yaml")
        #expect(result.status == 2, "\(result)")
        #expect(
            result.stderr == """
                talk.ass:1:1: error: 'talk.ass' is not an ASS or SSA script: it must start with '[Script Info]'
                 1 | 1
                   | ^
                hint: an ASS or SSA script starts with the section '[Script Info]'; SRT and WebVTT files end in '.srt' and '.vtt'; the captions of the item at edit.yaml:5:21
                1 error

                """)
    }

    @Test func aScriptChecksAndRenders() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write(
            "talk.ass",
            "[Script Info]\nScriptType: v4.00+\n\n[Events]\n"
                + "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\n"
                + "Dialogue: 0,0:00:00.00,0:00:01.00,Default,,0,0,0,,Hello\n")
        try space.write("edit.yaml", Self.project)
        let check = try space.render("check", "edit.yaml")
        #expect(check.status == 0 && check.stdout == "edit.yaml: ok (1 track, 1 item)\n", "\(check)")
        let render = try space.render("edit.yaml", "--quiet")
        #expect(render.status == 0, "\(render)")
        #expect(space.data("out.mp4") != nil)
    }
}
