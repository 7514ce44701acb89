import XCTest

@testable import LanguageServer

final class FeatureTests: XCTestCase {
    func testAnErrorInACompositionFileIsShownInThatFile() throws {
        let editor = try ServerHarness()
        try editor.write("part.yaml", "cutlist: 1\ntracks:\n  - items:\n      - { color: red, duraton: 1s }\n")
        let published = editor.open(
            "edit.yaml",
            "cutlist: 1\ncompositions:\n  part: { file: part.yaml }\ntracks:\n  - items:\n      - { composition: part }\n")
        XCTAssertEqual(
            published,
            [
                "edit.yaml": [],
                "part.yaml": ["3:22-3:29 unknown key 'duraton' in an item\nhint: did you mean 'duration'?"],
            ])
        // Fixed in the editor (the file on disk aside), the composition file's diagnostic is taken back.
        editor.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": editor.uri("edit.yaml"), "version": 2],
                "contentChanges": [["text": "cutlist: 1\ntracks:\n  - items:\n      - { color: red, duration: 1s }\n"]],
            ])
        XCTAssertEqual(editor.publishedNow(), ["edit.yaml": [], "part.yaml": []])
    }

    func testAProjectReadsTheUnsavedBufferOfItsCompositionFile() throws {
        let editor = try ServerHarness()
        try editor.write("part.yaml", "cutlist: 1\ntracks:\n  - items:\n      - { color: red, duration: 1s }\n")
        editor.open(
            "edit.yaml",
            """
            cutlist: 1
            output: { fps: 25, size: 64x36 }
            compositions:
              part: { file: part.yaml }
            tracks:
              - items:
                  - { composition: part }
                  - { color: blue, duration: 1s }

            """)
        XCTAssertEqual(editor.inlayHints("edit.yaml", lines: 0..<9), ["6 ▶ 00:00:00:00", "7 ▶ 00:00:01:00"])
        // The composition's file open and edited, not saved: the project plays what the editor shows.
        editor.open("part.yaml", "cutlist: 1\ntracks:\n  - items:\n      - { color: red, duration: 3s }\n")
        _ = editor.publishedNow()
        XCTAssertEqual(editor.inlayHints("edit.yaml", lines: 0..<9), ["6 ▶ 00:00:00:00", "7 ▶ 00:00:03:00"])
        // An error typed in the unsaved buffer is shown in it.
        editor.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": editor.uri("part.yaml"), "version": 2],
                "contentChanges": [["text": "cutlist: 1\ntracks:\n  - items:\n      - { color: red, duraton: 3s }\n"]],
            ])
        XCTAssertEqual(
            editor.publishedNow()["part.yaml"], ["3:22-3:29 unknown key 'duraton' in an item\nhint: did you mean 'duration'?"])
        // Closed unsaved, the project reads the file on disk again.
        editor.notify("textDocument/didClose", ["textDocument": ["uri": editor.uri("part.yaml")]])
        _ = editor.publishedNow()
        XCTAssertEqual(editor.inlayHints("edit.yaml", lines: 0..<9), ["6 ▶ 00:00:00:00", "7 ▶ 00:00:01:00"])
    }

    func testEditsArePublishedOnceTheyPauseWithTheirVersion() throws {
        let editor = try ServerHarness()
        editor.open("edit.yaml", "cutlist: 1\ntracks:\n  - items:\n      - { color: red, duration: 1s }\n")
        for (version, character) in [(2, 29), (3, 30)] {
            editor.notify(
                "textDocument/didChange",
                [
                    "textDocument": ["uri": editor.uri("edit.yaml"), "version": version],
                    "contentChanges": [
                        [
                            "range": [
                                "start": ["line": 3, "character": character], "end": ["line": 3, "character": character],
                            ],
                            "text": "x",
                        ]
                    ],
                ])
        }
        editor.server.runDueWork(now: Date())
        XCTAssertNotNil(editor.server.nextDeadline, "published before the edits paused")
        XCTAssertEqual(
            editor.publishedNow(),
            ["edit.yaml": ["3:22-3:32 unknown key 'duratioxxn' in an item\nhint: did you mean 'duration'?"]])
    }

    func testAnEditAfterAPauseIsPublishedAtOnce() throws {
        let editor = try ServerHarness()
        editor.open("edit.yaml", "cutlist: 1\ntracks:\n  - items:\n      - { color: red, duration: 1s }\n")
        Thread.sleep(forTimeInterval: 0.05)  // longer than the 20 ms debounce
        editor.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": editor.uri("edit.yaml"), "version": 2],
                "contentChanges": [
                    [
                        "range": ["start": ["line": 3, "character": 29], "end": ["line": 3, "character": 29]],
                        "text": "x",
                    ]
                ],
            ])
        XCTAssertEqual(
            editor.publishedBy(Date()),
            ["edit.yaml": ["3:22-3:31 unknown key 'duratioxn' in an item\nhint: did you mean 'duration'?"]])
    }

    func testAVariablesQuickFixRenamesItInsideTheText() throws {
        let editor = try ServerHarness()
        let published = editor.open(
            "edit.yaml", "cutlist: 1\nvars: { title: Hi }\ntracks:\n  - items:\n      - { text: \"${titel} 字\", duration: 1s }\n")
        XCTAssertEqual(
            published["edit.yaml"], ["4:16-4:28 undefined variable 'titel'\nhint: did you mean '${title}'?"])
        let actions =
            editor.request(
                "textDocument/codeAction",
                [
                    "textDocument": ["uri": editor.uri("edit.yaml")],
                    "range": ["start": ["line": 4, "character": 20], "end": ["line": 4, "character": 20]],
                    "context": ["diagnostics": []],
                ]) as! [[String: Any]]
        XCTAssertEqual(actions.map { $0["title"] as! String }, ["Change 'titel' to 'title'"])
        let edit = ((actions[0]["edit"] as! [String: Any])["changes"] as! [String: [[String: Any]]])[editor.uri("edit.yaml")]!
        XCTAssertEqual(edit.map { "\(ServerHarness.text(ofRange: $0["range"]!)) \($0["newText"]!)" }, ["4:19-4:24 title"])
    }

    func testAKeysQuickFixIsASlipOfTheFingerAndNeverAKeyWhoseValueWouldNotFit() throws {
        let editor = try ServerHarness()
        func fixes(_ line: String) -> [String] {
            let name = "\(UUID().uuidString).yaml"
            editor.open(name, "cutlist: 1\ntracks:\n  - items:\n      - text: Hi\n        duration: 1s\n\(line)\n")
            let actions =
                editor.request(
                    "textDocument/codeAction",
                    [
                        "textDocument": ["uri": editor.uri(name)],
                        "range": ["start": ["line": 5, "character": 9], "end": ["line": 5, "character": 9]],
                        "context": ["diagnostics": []],
                    ]) as? [[String: Any]] ?? []
            return actions.map { $0["title"] as! String }
        }
        XCTAssertEqual(fixes("        font_sise: 72"), ["Change 'font_sise' to 'font_size'"])
        XCTAssertEqual(fixes("        font_szie: 72"), ["Change 'font_szie' to 'font_size'"])
        // 'font' takes a name or a file: 72 would check and draw in a fallback font.
        XCTAssertEqual(fixes("        font_weight: 72"), [])
        XCTAssertEqual(fixes("        font_famly: Sans"), ["Change 'font_famly' to 'font'"])
    }

    func testDefinitionsOfAssetsVariablesFilesAndTracks() throws {
        let editor = try ServerHarness()
        try editor.write("part.yaml", "cutlist: 1\ntracks:\n  - items:\n      - { color: red, duration: 1s }\n")
        editor.open(
            "edit.yaml",
            """
            cutlist: 1
            vars: { who: Ada }
            assets: { talk: talk.mp4 }
            compositions:
              part: { file: part.yaml }
            tracks:
              - name: voice
                items: [{ source: talk }]
              - ducking: { under: voice }
                items: [{ text: "${who}", duration: 1s }]

            """)
        XCTAssertEqual(editor.definition("edit.yaml", line: 7, character: 22), "edit.yaml 2:10-2:14")
        XCTAssertEqual(editor.definition("edit.yaml", line: 9, character: 23), "edit.yaml 1:8-1:11")
        XCTAssertEqual(editor.definition("edit.yaml", line: 4, character: 18), "part.yaml 0:0-0:0")
        XCTAssertEqual(editor.definition("edit.yaml", line: 8, character: 23), "edit.yaml 6:10-6:15")
        XCTAssertNil(editor.definition("edit.yaml", line: 0, character: 2))
    }

    func testHoverGivesATimesFrameAndACompositionsLengthAndSize() throws {
        let editor = try ServerHarness()
        editor.open(
            "edit.yaml",
            """
            cutlist: 1
            output: { fps: 30, size: 640x360 }
            compositions:
              card: { size: 320x180, tracks: [{ items: [{ color: red, duration: 2s }] }] }
            tracks:
              - items:
                  - { color: blue, duration: 2.5s }
                  - { composition: card }

            """)
        XCTAssertEqual(
            editor.hover("edit.yaml", line: 6, character: 34),
            """
            2.5s is frame 75 at 30 fps (00:00:02:15)

            **On the output**: 00:00:00:00 (frame 0) → 00:00:02:15 (frame 75), 2.5s (75 frames)
            """)
        XCTAssertEqual(
            editor.hover("edit.yaml", line: 7, character: 25),
            """
            **composition 'card'**: 320x180, lasts 2s (60 frames at 30 fps)

            **On the output**: 00:00:02:15 (frame 75) → 00:00:04:15 (frame 135), 2s (60 frames)
            """)
    }

    func testHoverOnAFileGivesItsCodecsRotationHDRAndAlpha() throws {
        let editor = try ServerHarness()
        let picture = ["-f", "lavfi", "-i", "testsrc2=size=64x36:rate=25:duration=1"]
        try editor.ffmpeg(
            picture + [
                "-vf", "format=yuv420p10le", "-c:v", "ffv1", "-color_trc", "smpte2084", "-color_primaries", "bt2020",
                "-colorspace", "bt2020nc", "pq.mkv",
            ])
        try editor.ffmpeg(
            picture + [
                "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=1", "-c:v", "libx264", "-c:a", "pcm_s16le",
                "upright.mov",
            ])
        // ffmpeg 5.1 writes the `rotate` tag as a display matrix when it copies, not when it encodes.
        try editor.ffmpeg(["-i", "upright.mov", "-c", "copy", "-metadata:s:v", "rotate=90", "turned.mov"])
        try editor.ffmpeg(["-f", "lavfi", "-i", "color=c=red@0.5:size=32x16", "-frames:v", "1", "-pix_fmt", "rgba", "logo.png"])
        editor.open(
            "edit.yaml",
            """
            cutlist: 1
            output: { fps: 25, size: 64x36 }
            assets: { logo: logo.png }
            tracks:
              - items:
                  - { source: pq.mkv }
                  - { source: turned.mov }
                  - { source: logo, duration: 1s }

            """)
        XCTAssertEqual(
            editor.hover("edit.yaml", line: 5, character: 18),
            """
            **'pq.mkv'**: video ffv1 64x36, 25 fps, HDR (PQ); lasts 1s

            **On the output**: 00:00:00:00 (frame 0) → 00:00:01:00 (frame 25), 1s (25 frames)

            **Source**: 0s → 1s
            """)
        XCTAssertEqual(
            editor.hover("edit.yaml", line: 6, character: 18),
            """
            **'turned.mov'**: video h264 64x36, rotated 270° (shown 36x64), 25 fps; sound pcm_s16le 48000 Hz mono; lasts 1s

            **On the output**: 00:00:01:00 (frame 25) → 00:00:02:00 (frame 50), 1s (25 frames)

            **Source**: 0s → 1s
            """)
        XCTAssertEqual(editor.hover("edit.yaml", line: 2, character: 11), "**asset 'logo'**: picture png 32x16, with alpha")
    }

    func testHoverOnAReversedItemSaysItsSourcePlaysBackwards() throws {
        let editor = try ServerHarness()
        try editor.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=64x36:rate=25:duration=2", "clip.mp4"])
        editor.open(
            "edit.yaml",
            """
            cutlist: 1
            output: { fps: 25, size: 64x36 }
            tracks:
              - items:
                  - { source: clip.mp4, from: 0.4s, to: 1.2s, speed: 2, reverse: true }

            """)
        XCTAssertEqual(
            editor.hover("edit.yaml", line: 4, character: 60),
            """
            **On the output**: 00:00:00:00 (frame 0) → 00:00:00:10 (frame 10), 0.4s (10 frames)

            **Source**: 1.2s → 0.4s at speed 2, backwards
            """)
    }

    func testHoverOnATimeKeySaysWhichSourceTimeShowsThen() throws {
        let editor = try ServerHarness()
        try editor.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=64x36:rate=25:duration=8", "clip.mp4"])
        editor.open(
            "edit.yaml",
            """
            cutlist: 1
            output: { fps: 25, size: 64x36 }
            tracks:
              - items:
                  - { color: black, duration: 1s }
                  - source: clip.mp4
                    time: [{ at: 0, value: 2s }, { at: 1s, value: 4s }, { at: 2s, value: 4s }, { at: 3s, value: 1s }]

            """)
        // On the `at: 3s` key: 3 s into the item, 4 s on the output, the source back at 1 s.
        XCTAssertEqual(
            editor.hover("edit.yaml", line: 6, character: 90),
            """
            **Source** at 3s into the item (output 00:00:04:00 (frame 100)): 1s

            3s is frame 75 at 25 fps (00:00:03:00)

            **On the output**: 00:00:01:00 (frame 25) → 00:00:04:00 (frame 100), 3s (75 frames)

            **Source**: 2s → 1s, remapped (runs backwards in places)
            """)
    }

    func testCompletionOffersTheSchemasKeysAndWordsAndTheProjectsNames() throws {
        let editor = try ServerHarness()
        let start =
            "cutlist: 1\ncompositions:\n  card: { tracks: [{ items: [{ color: red, duration: 2s }] }] }\ntracks:\n  - items:\n"
        func labels(_ line: String) -> [String] {
            let name = "\(UUID().uuidString).yaml"
            editor.open(name, start + line + "\n")
            let typed = line.split(separator: "\n").last!
            let found = editor.request(
                "textDocument/completion",
                editor.position(name, line: 4 + line.split(separator: "\n").count, character: typed.utf16.count))
            return (found as? [[String: Any]] ?? []).map { $0["label"] as! String }
        }
        let keys = labels("      - color: red\n        fi")
        XCTAssertTrue(keys.contains("fit") && keys.contains("filters") && keys.contains("duration"), "\(keys)")
        XCTAssertFalse(keys.contains("color") || keys.contains("source"), "\(keys)")
        XCTAssertTrue(labels("      - transition: cr").contains("crossfade"))
        XCTAssertEqual(labels("      - composition: "), ["card"])
        XCTAssertEqual(
            labels("      - { color: red, duration: 1s, fit: co"), ["contain", "cover", "fill", "none", "contain-blur"])
        // Keys inside a flow mapping, as the examples write items.
        let flow = labels("      - { color: red, fi")
        XCTAssertTrue(flow.contains("fit") && flow.contains("duration"), "\(flow)")
        XCTAssertFalse(flow.contains("color") || flow.contains("source"), "\(flow)")
        let nested = labels("      - { color: red, duration: 1s, position: { from: [0, 0], ")
        XCTAssertTrue(nested.contains("to") && !nested.contains("from") && !nested.contains("color"), "\(nested)")
        XCTAssertEqual(labels("      - { text: \"a, b"), [])
    }

    func testSymbolsAndInlayHintsFollowTheTracks() throws {
        let editor = try ServerHarness()
        editor.open(
            "edit.yaml",
            """
            cutlist: 1
            output: { fps: 25, size: 320x180 }
            tracks:
              - name: main
                items:
                  - { id: open, color: red, duration: 1s }
                  - { text: Hi, duration: 2s }

            """)
        let symbols =
            editor.request("textDocument/documentSymbol", ["textDocument": ["uri": editor.uri("edit.yaml")]]) as! [[String: Any]]
        XCTAssertEqual(symbols.map { $0["name"] as! String }, ["main"])
        XCTAssertEqual(((symbols[0]["children"] as! [[String: Any]]).map { $0["name"] as! String }), ["open", "text Hi"])
        XCTAssertEqual(
            editor.inlayHints("edit.yaml", lines: 0..<9),
            ["5 ▶ 00:00:00:00", "6 ▶ 00:00:01:00"])
    }

    func testUTF8PositionsWhenTheClientOffersThem() throws {
        let editor = try ServerHarness(utf8: true)
        let published = editor.open("edit.yaml", "cutlist: 1\ntracks:\n  - items:\n      - { text: \"字幕🎬\", duraton: 2s }\n")
        XCTAssertEqual(published["edit.yaml"], ["3:30-3:37 unknown key 'duraton' in an item\nhint: did you mean 'duration'?"])
    }

    func testPositionsOutOfRangeAreAnsweredOrRefusedAndTheServerGoesOn() throws {
        let editor = try ServerHarness()
        editor.open("edit.yaml", "cutlist: 1\ntracks:\n  - items:\n      - { color: red, duration: 1s }\n")
        let document = ["uri": editor.uri("edit.yaml")]
        for (line, character) in [(-1, 0), (0, -5), (-7, -7)] {
            let position = ["line": line, "character": character]
            for method in ["textDocument/completion", "textDocument/hover", "textDocument/definition"] {
                let answer = editor.request(method, ["textDocument": document, "position": position]) as? [String: Any]
                XCTAssertEqual(answer?["code"] as? Int, -32602, "\(method) at \(position)")
            }
            for method in ["textDocument/codeAction", "textDocument/inlayHint"] {
                let answer =
                    editor.request(
                        method,
                        [
                            "textDocument": document, "range": ["start": position, "end": position],
                            "context": ["diagnostics": []],
                        ])
                    as? [String: Any]
                XCTAssertEqual(answer?["code"] as? Int, -32602, "\(method) at \(position)")
            }
        }
        // Past the end and backwards ranges.
        for position in [["line": 10_000, "character": 3], ["line": 1, "character": 1_000_000]] {
            for method in ["textDocument/completion", "textDocument/hover", "textDocument/definition"] {
                _ = editor.request(method, ["textDocument": document, "position": position])
            }
        }
        let backwards = editor.request(
            "textDocument/inlayHint",
            ["textDocument": document, "range": ["start": ["line": 3, "character": 0], "end": ["line": 1, "character": 0]]])
        XCTAssertEqual((backwards as? [String: Any])?["code"] as? Int, -32602)
        // The server still answers.
        let symbols = editor.request("textDocument/documentSymbol", ["textDocument": document]) as? [[String: Any]]
        XCTAssertEqual(symbols?.count, 1)
    }

    func testItemsKeepTheirHoverAndHintsWhileOthersHaveErrors() throws {
        let editor = try ServerHarness()
        try editor.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=64x36:rate=25:duration=2", "-c:v", "libx264", "clip.mp4"])
        let published = editor.open(
            "edit.yaml",
            """
            cutlist: 1
            output: { fps: 24, size: 64x36 }
            tracks:
              - items:
                  - { source: clip.mp4, from: 0.5s, to: 9.5s }
                  - { color: red, duration: 1s }
                  - { color: green, duration: 2s, opacity: lots }
                  - { color: white, duration: 1s }
              - items:
                  - { color: blue, duration: 3s }

            """)
        XCTAssertEqual(published["edit.yaml"]?.count, 2, "\(published)")
        // The clip's `to` is past its end: the item still stands where its keys put it.
        XCTAssertEqual(
            editor.hover("edit.yaml", line: 5, character: 14),
            "**On the output**: 00:00:09:00 (frame 216) → 00:00:10:00 (frame 240), 1s (24 frames)")
        XCTAssertEqual(
            editor.hover("edit.yaml", line: 7, character: 14),
            "**On the output**: 00:00:12:00 (frame 288) → 00:00:13:00 (frame 312), 1s (24 frames)")
        XCTAssertEqual(
            editor.hover("edit.yaml", line: 9, character: 14),
            "**On the output**: 00:00:00:00 (frame 0) → 00:00:03:00 (frame 72), 3s (72 frames)")
        XCTAssertEqual(
            editor.inlayHints("edit.yaml", lines: 0..<11),
            ["4 ▶ 00:00:00:00", "5 ▶ 00:00:09:00", "6 ▶ 00:00:10:00", "7 ▶ 00:00:12:00", "9 ▶ 00:00:00:00"])
        // A source time is a frame at the source's rate (25 fps here, the output's 24).
        XCTAssertEqual(
            editor.hover("edit.yaml", line: 4, character: 45)?.components(separatedBy: "\n\n").first,
            "9.5s is frame 237 of 'clip.mp4' at 25 fps (00:00:09:12); on the output: 00:00:09:00 (frame 216)")
        editor.open(
            "fixed.yaml",
            "cutlist: 1\noutput: { fps: 24 }\ntracks:\n  - items:\n      - { source: clip.mp4, from: 0.5s, to: 1.5s }\n")
        XCTAssertEqual(
            editor.hover("fixed.yaml", line: 4, character: 35)?.components(separatedBy: "\n\n").first,
            "0.5s is frame 12 of 'clip.mp4' at 25 fps (00:00:00:12); on the output: 00:00:00:00 (frame 0)")
    }

    func testSymbolsOfTenThousandItemsComeBackInTimeLinearInTheDocument() throws {
        let editor = try ServerHarness()
        let items = (0..<10_000).map { "      - { color: red, duration: 1s, id: item\($0) }\n" }.joined()
        editor.open("edit.yaml", "cutlist: 1\noutput: { fps: 25, size: 64x36 }\ntracks:\n  - items:\n" + items)
        let started = Date()
        let symbols = editor.request("textDocument/documentSymbol", ["textDocument": ["uri": editor.uri("edit.yaml")]])
        let seconds = Date().timeIntervalSince(started)
        let children = ((symbols as? [[String: Any]])?.first?["children"] as? [[String: Any]]) ?? []
        XCTAssertEqual(children.count, 10_000)
        XCTAssertEqual(children.last?["name"] as? String, "item9999")
        // It took 9.9 s when each item's look-up scanned the whole outline.
        XCTAssertLessThan(seconds, 3, "symbols of 10,000 items took \(seconds) s")
    }
}
