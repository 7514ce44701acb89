import Foundation
import XCTest

@testable import LanguageServer

final class MessageReaderTests: XCTestCase {
    private func framed(_ body: String) -> [UInt8] { Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8) }

    /// What a reader hands on when `bytes` arrive in two reads, cut at `cut`.
    private func events(_ bytes: [UInt8], cutAt cut: Int) -> [MessageReader.Event] {
        var reader = MessageReader()
        var events: [MessageReader.Event] = []
        reader.append(bytes[..<cut])
        while let event = reader.next() { events.append(event) }
        reader.append(bytes[cut...])
        while let event = reader.next() { events.append(event) }
        return events
    }

    func testMessagesSplitAcrossReadsComeOutWhole() {
        let bytes = framed(#"{"jsonrpc":"2.0","method":"initialized"}"#) + framed(#"{"id":1,"method":"é"}"#)
        for cut in 0...bytes.count {
            XCTAssertEqual(
                events(bytes, cutAt: cut),
                [
                    .message(Data(#"{"jsonrpc":"2.0","method":"initialized"}"#.utf8)),
                    .message(Data(#"{"id":1,"method":"é"}"#.utf8)),
                ],
                "cut at \(cut)")
        }
    }

    func testABadHeaderIsReportedAndTheNextMessageStillRead() {
        var reader = MessageReader()
        reader.append(Array("Content-Type: x\r\n\r\n".utf8) + Array("Content-Length: -3\r\n\r\n".utf8) + framed("{}"))
        XCTAssertEqual(reader.next(), .malformed("a header block without Content-Length"))
        XCTAssertEqual(reader.next(), .malformed("Content-Length is not a length: '-3'"))
        XCTAssertEqual(reader.next(), .message(Data("{}".utf8)))
        XCTAssertNil(reader.next())
    }

    func testAnOversizedBodyIsSkippedAsItArrives() {
        var reader = MessageReader()
        let length = MessageReader.bodyLimit + 1
        reader.append(Array("Content-Length: \(length)\r\n\r\n".utf8))
        XCTAssertEqual(
            reader.next(), .malformed("a message of \(length) bytes, over the limit of \(MessageReader.bodyLimit)"))
        reader.append([UInt8](repeating: 32, count: length))
        reader.append(framed("[]"))
        XCTAssertEqual(reader.next(), .message(Data("[]".utf8)))
    }

    func testAHeaderThatNeverEndsIsDropped() {
        var reader = MessageReader()
        reader.append([UInt8](repeating: 65, count: 5000))
        XCTAssertEqual(reader.next(), .malformed("a header block longer than 4096 bytes"))
        reader.append(framed("1"))
        XCTAssertEqual(reader.next(), .message(Data("1".utf8)))
    }

    func testALengthGivenTooShortCostsOnlyItsOwnMessage() {
        let body = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#
        var reader = MessageReader()
        reader.append(Array("Content-Length: 10\r\n\r\n\(body)".utf8) + framed("[1]") + framed("[2]"))
        XCTAssertEqual(reader.next(), .message(Data(body.utf8.prefix(10))))
        XCTAssertEqual(reader.next(), .malformed("bytes that are not a message, before the next header"))
        XCTAssertEqual(reader.next(), .message(Data("[1]".utf8)))
        XCTAssertEqual(reader.next(), .message(Data("[2]".utf8)))
    }

    func testALengthGivenTooLongDoesNotSwallowTheMessagesAfterIt() {
        let bytes = Array("Content-Length: 500\r\n\r\n{\"id\":1}".utf8) + framed("[1]") + framed("[2]")
        // However the bytes arrive, the next messages are read as soon as they are whole.
        for cut in 0...bytes.count {
            XCTAssertEqual(
                events(bytes, cutAt: cut),
                [
                    .malformed("a message shorter than its Content-Length (500 bytes)"),
                    .message(Data("[1]".utf8)), .message(Data("[2]".utf8)),
                ], "cut at \(cut)")
        }
    }

    func testAnEmptyHeaderBlockIsReportedAndReadingGoesOn() {
        // Found by fuzzing: a header block of no lines at all.
        var reader = MessageReader()
        reader.append(Array("\r\n\r\n".utf8) + framed("[3]"))
        XCTAssertEqual(reader.next(), .malformed("a header line without a colon: ''"))
        XCTAssertEqual(reader.next(), .message(Data("[3]".utf8)))
    }

    func testAHeaderQuotedInsideAMessageIsTakenAsText() {
        let body = #"{"text":"Content-Length: 3\r\n\r\nabc"}"#
        var reader = MessageReader()
        reader.append(framed(body))
        XCTAssertEqual(reader.next(), .message(Data(body.utf8)))
    }
}
