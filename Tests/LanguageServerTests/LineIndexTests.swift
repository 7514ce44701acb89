import XCTest

@testable import LanguageServer

final class LineIndexTests: XCTestCase {
    // `字` is one UTF-16 unit and three UTF-8 bytes; `🎬` two units and four bytes.
    let text = "a: 1\r\ntext: \"字幕🎬\" # x\nsource: 🎬.mp4\rend"

    func testParserColumnsBecomeUTF16Columns() {
        let index = LineIndex(text)
        // Line 2: `text: "字幕🎬" # x`; the scalar after the emoji is `"` at scalar column 11.
        XCTAssertEqual(index.position(line: 2, scalarColumn: 11), Position(line: 1, character: 11))
        XCTAssertEqual(index.position(line: 2, scalarColumn: 12), Position(line: 1, character: 12))
        // Line 3: `source: 🎬.mp4`; the `.` after the emoji.
        XCTAssertEqual(index.position(line: 3, scalarColumn: 10), Position(line: 2, character: 10))
        XCTAssertEqual(index.position(line: 4, scalarColumn: 1), Position(line: 3, character: 0))
    }

    func testUTF8ColumnsWhenAgreed() {
        let index = LineIndex(text, encoding: .utf8)
        XCTAssertEqual(index.position(line: 2, scalarColumn: 11), Position(line: 1, character: 17))
    }

    func testPositionsRoundTripThroughOffsets() {
        let index = LineIndex(text)
        // Each offset starts a character: `字` at 13, `幕` at 16, `🎬` at 19 and 37.
        for offset in [0, 4, 6, 13, 16, 19, 23, 30, 37, 41, index.bytes.count] {
            let position = index.position(ofOffset: offset)
            XCTAssertEqual(index.offset(of: position), offset, "\(position)")
        }
    }

    func testAPositionInsideASurrogatePairOrPastTheLineStaysInTheLine() {
        let index = LineIndex(text)
        // Character 10 is between the emoji's two UTF-16 units: the emoji's start.
        XCTAssertEqual(index.offset(of: Position(line: 1, character: 10)), 6 + 13)
        XCTAssertEqual(index.offset(of: Position(line: 0, character: 99)), 4)
        XCTAssertEqual(index.offset(of: Position(line: 99, character: 0)), index.bytes.count)
    }

    func testIncrementalEditsApplyInOrder() {
        var document = Document(uri: "file:///p.yaml", version: 1, text: "字幕🎬 x\nb")
        document.apply(
            [
                TextDocumentContentChangeEvent(
                    range: Range(start: Position(line: 0, character: 4), end: Position(line: 0, character: 5)), text: "y"),
                TextDocumentContentChangeEvent(
                    range: Range(start: Position(line: 0, character: 6), end: Position(line: 1, character: 0)), text: "🎥"),
            ], version: 2)
        XCTAssertEqual(document.text, "字幕🎬yx🎥b")
        XCTAssertEqual(document.version, 2)
    }
}
