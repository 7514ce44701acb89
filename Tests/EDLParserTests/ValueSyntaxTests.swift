import Testing

@testable import EDLParser

/// `n/d` for expectations; the literals here never overflow.
private func q(_ n: Int64, _ d: Int64 = 1) -> Rational {
    Rational(n, d) ?? .zero
}

/// The error `parse` throws for `text`, or nil when it succeeds.
private func failure<T>(_ parse: (String) throws(ValueError) -> T, _ text: String) -> ValueError? {
    do throws(ValueError) {
        _ = try parse(text)
        return nil
    } catch {
        return error
    }
}

private func approximately(_ a: Double, _ b: Double, within tolerance: Double = 1e-6) -> Bool {
    abs(a - b) <= tolerance
}

/// All value kinds of SPEC section 2, one nested suite per kind.
@Suite struct ValueSyntaxTests {
    @Suite struct Decimals {
        @Test(arguments: [
            ("2", q(2)), ("-0.5", q(-1, 2)), ("1.1", q(11, 10)), ("1e3", q(1000)), ("2.5e-1", q(1, 4)),
            (".5", q(1, 2)), ("5.", q(5)), ("+7", q(7)), ("0.000", q(0)), ("1.50000000000000000000000", q(3, 2)),
            ("  42 ", q(42)), ("9223372036854775807", q(Int64.max)), ("1E2", q(100)),
        ])
        func exactDecimals(text: String, expected: Rational) throws {
            #expect(try ValueSyntax.decimal(text) == expected)
        }

        @Test func fortyTenthsAddUpExactly() throws {
            let tenth = try ValueSyntax.decimal("0.1")
            let sum = (0..<40).reduce(Rational.zero) { total, _ in total + tenth }
            #expect(sum == q(4))
        }

        @Test(arguments: [
            ("1e300", "'1e300' is too large; exact numbers must lie within about ±9.2e18"),
            (
                "123456789012345678901234567890",
                "'123456789012345678901234567890' is too large; exact numbers must lie within about ±9.2e18"
            ),
            (
                "0.1234567890123456789",
                "'0.1234567890123456789' has too many digits to keep exactly; use fewer decimal places"
            ),
            ("1e-300", "'1e-300' has too many digits to keep exactly; use fewer decimal places"),
            ("abc", "'abc' is not a number; expected a decimal such as '2', '-0.5' or '1e3'"),
            ("1.2.3", "'1.2.3' is not a number; expected a decimal such as '2', '-0.5' or '1e3'"),
            ("1e", "'1e' is not a number; expected a decimal such as '2', '-0.5' or '1e3'"),
            (".", "'.' is not a number; expected a decimal such as '2', '-0.5' or '1e3'"),
        ])
        func rejectedDecimals(text: String, message: String) {
            #expect(failure(ValueSyntax.decimal, text)?.message == message)
        }

        @Test func numbers() throws {
            #expect(try ValueSyntax.number("0.5") == 0.5)
            #expect(try ValueSyntax.number("-1e3") == -1000)
            #expect(try ValueSyntax.number(" 72 ") == 72)
            for bad in ["nan", "inf", "-inf", "0x10", "1_000", "", "12px"] {
                #expect(
                    failure(ValueSyntax.number, bad)?.message
                        == "'\(bad)' is not a number; expected a decimal such as '2', '-0.5' or '1e3'")
            }
            #expect(
                failure(ValueSyntax.number, "1e400")?.message
                    == "'1e400' is out of range; numbers must lie within ±1000000")
        }
    }

    @Suite struct Times {
        @Test(arguments: [
            ("2", seconds(2)), ("2.5", seconds(5, 2)), ("1.1", seconds(11, 10)), ("2.5s", seconds(5, 2)),
            ("250ms", seconds(1, 4)), ("1m30s", seconds(90)), ("1h2m3.5s", seconds(7447, 2)), ("1.5h", seconds(5400)),
            ("01:02:03.250", seconds(14893, 4)), ("02:03.5", seconds(247, 2)), ("90:00", seconds(5400)),
            ("1:02:03", seconds(3723)), ("00:00:10:15", seconds(10, frames: 15)), ("45f", seconds(0, frames: 45)),
            ("1s12f", seconds(1, frames: 12)), ("1e3", seconds(1000)), ("\t3s ", seconds(3)), ("0", .zero),
            ("25:00:00:30", seconds(90000, frames: 30)), ("315360000", seconds(315_360_000)),
            ("71393/30000s", seconds(71393, 30000)), ("4/2s", seconds(2)),
        ])
        func times(text: String, expected: TimeValue) throws {
            #expect(try ValueSyntax.time(text) == expected)
        }

        @Test func aFractionOfSecondsNeedsBothWholeNumbersAndItsUnit() throws {
            for text in ["1/2", "1/0s", "/2s", "1.5/2s", "1/2/3s", "1/-2s"] {
                #expect(throws: ValueError.self, "\(text)") { try ValueSyntax.time(text) }
            }
            #expect(throws: ValueError.self) { try ValueSyntax.time("315360001/1s") }
        }

        @Test func aCharacterOutsideASCIIMakesTextNotATime() {
            // Not "not a whole number of frames", which the `1.5f` before it would say.
            #expect(throws: ValueError("'1.5f→' is not a time; \(ValueSyntax.timeForms)")) { try ValueSyntax.time("1.5f→") }
            #expect(throws: ValueError("'２s' is not a time; \(ValueSyntax.timeForms)")) { try ValueSyntax.time("２s") }
        }

        @Test func smpteKeepsSecondsAndFramesApart() throws {
            let value = try ValueSyntax.time("00:00:10:15")
            #expect(value.seconds == q(10))
            #expect(value.frames == 15)
            #expect(value.resolved(at: try #require(FrameRate(q(30)))) == q(21, 2))
        }

        @Test func negativeTimesOnlyWhenAllowed() throws {
            #expect(try ValueSyntax.time("-1.5s", allowNegative: true) == seconds(-3, 2))
            #expect(try ValueSyntax.time("-00:00:01:12", allowNegative: true) == seconds(-1, frames: -12))
            #expect(try ValueSyntax.time("-0") == .zero)
            let error = failure({ text throws(ValueError) in try ValueSyntax.time(text) }, "-1s")
            #expect(error == ValueError("'-1s' is negative; a time here must be 0 or later"))
        }

        static let notATime =
            "is not a time; expected seconds (2.5), '2.5s', '250ms', '1m30s', 'HH:MM:SS.mmm', SMPTE 'HH:MM:SS:FF' or frames '45f'"

        @Test(arguments: [
            ("2.5x", "'2.5x' \(Times.notATime)"),
            ("", "'' \(Times.notATime)"),
            ("s", "'s' \(Times.notATime)"),
            ("1:2:3:4:5", "'1:2:3:4:5' \(Times.notATime)"),
            ("+2s", "'+2s' \(Times.notATime)"),
            ("1e3ms", "'1e3ms' \(Times.notATime)"),
            ("1.5.2s", "'1.5.2s' \(Times.notATime)"),
            ("1e300", "'1e300' is too long; times are limited to 10 years (315360000s)"),
            ("400000000s", "'400000000s' is too long; times are limited to 10 years (315360000s)"),
            (
                "99999999999999999999999h",
                "'99999999999999999999999h' is too long; times are limited to 10 years (315360000s)"
            ),
            (
                "999999999999999999:00:00",
                "'999999999999999999:00:00' is too long; times are limited to 10 years (315360000s)"
            ),
            (
                "0.00000000000000000001",
                "'0.00000000000000000001' is too precise to keep exactly; use fewer decimal places"
            ),
            ("00:61:00:00", "'00:61:00:00' has 61 minutes; minutes and seconds in a timecode must be below 60"),
            ("00:00:60", "'00:00:60' has 60 seconds; minutes and seconds in a timecode must be below 60"),
            ("01:00:75:00", "'01:00:75:00' has 75 seconds; minutes and seconds in a timecode must be below 60"),
            ("2.5f", "'2.5f' is not a whole number of frames; write frames as a whole number, e.g. '45f'"),
            ("30s1m", "'30s1m' is not a time; write each unit once, largest first, as in '1h2m3.5s'"),
            ("1s1s", "'1s1s' is not a time; write each unit once, largest first, as in '1h2m3.5s'"),
            ("00:00:10;15", "'00:00:10;15' is drop-frame timecode, which is not supported"),
        ])
        func rejectedTimes(text: String, message: String) {
            #expect(
                failure({ text throws(ValueError) in try ValueSyntax.time(text, allowNegative: true) }, text)?.message
                    == message
            )
        }
    }

    @Suite struct RelativeTimes {
        @Test(arguments: [
            ("end", RelativeTime(.end)),
            ("end-2s", RelativeTime(.end, offset: seconds(-2))),
            ("end - 2s", RelativeTime(.end, offset: seconds(-2))),
            ("END-0.5", RelativeTime(.end, offset: seconds(-1, 2))),
            ("end-00:00:01:12", RelativeTime(.end, offset: seconds(-1, frames: -12))),
            ("end-10f", RelativeTime(.end, offset: seconds(0, frames: -10))),
            ("1.5s", RelativeTime(.start, offset: seconds(3, 2))),
            ("0", RelativeTime(.start)),
        ])
        func relativeTimes(text: String, expected: RelativeTime) throws {
            #expect(try ValueSyntax.relativeTime(text) == expected)
        }

        @Test func endPlusIsAnErrorWithHint() {
            let error = failure(ValueSyntax.relativeTime, "end+1s")
            #expect(
                error?.message == "'end+1s' is after the item's end; keyframe and ramp times must lie within the item")
            #expect(error?.hint == "count back from the end with 'end-1s', or give a time from the item's start")
        }

        @Test func negativeSuggestsEndForm() {
            let error = failure(ValueSyntax.relativeTime, "-1s")
            #expect(error?.message == "'-1s' is before the item's start; keyframe and ramp times must be 0 or later")
            #expect(error?.hint == "to count back from the item's end, write 'end-1s'")
        }

        @Test func wordsGetDidYouMean() {
            let typo = failure(ValueSyntax.relativeTime, "emd-2s")
            #expect(
                typo?.message
                    == "'emd-2s' is not a keyframe time; expected a time from the item's start such as '2s', or 'end', 'end-2s'"
            )
            #expect(typo?.hint == "did you mean 'end'?")
            #expect(failure(ValueSyntax.relativeTime, "start")?.hint == nil)
            #expect(failure(ValueSyntax.relativeTime, "end*2") != nil)
            #expect(failure(ValueSyntax.relativeTime, "end-") != nil)
            #expect(failure(ValueSyntax.relativeTime, "end--2s") != nil)
        }

        @Test func aSlipOfTheFingerBeatsAShorterKeyItStartsWith() {
            let keys = ["font", "font_size", "fade_in", "fade_out", "duration"]
            #expect(NameSuggestions.didYouMean("font_sise", in: keys) == "did you mean 'font_size'?")
            #expect(NameSuggestions.didYouMean("font_szie", in: keys) == "did you mean 'font_size'?")
            #expect(NameSuggestions.didYouMean("font_weight", in: keys) == "did you mean 'font'?")
            #expect(NameSuggestions.didYouMean("fade", in: keys) == "did you mean 'fade_in' or 'fade_out'?")
        }
    }

    @Suite struct FrameRates {
        @Test(arguments: [
            ("30", q(30)), ("25", q(25)), ("29.97", q(30000, 1001)), ("23.976", q(24000, 1001)),
            ("23.98", q(24000, 1001)), ("59.94", q(60000, 1001)), ("29.970", q(30000, 1001)),
            ("30000/1001", q(30000, 1001)),
            ("30/1", q(30)), ("12.5", q(25, 2)), ("1000", q(1000)), (" 24 ", q(24)),
        ])
        func frameRates(text: String, expected: Rational) throws {
            #expect(try ValueSyntax.frameRate(text).rate == expected)
        }

        @Test(arguments: [
            ("0", "'0' is out of range; a frame rate must be more than 0 and at most 1000"),
            ("-30", "'-30' is out of range; a frame rate must be more than 0 and at most 1000"),
            ("1001", "'1001' is out of range; a frame rate must be more than 0 and at most 1000"),
            ("30/0", "'30/0' divides by zero; a fraction frame rate needs a positive denominator"),
            ("fast", "'fast' is not a frame rate; expected frames per second such as '30', '29.97' or '30000/1001'"),
            (
                "30/1/1",
                "'30/1/1' is not a frame rate; expected frames per second such as '30', '29.97' or '30000/1001'"
            ),
        ])
        func rejectedFrameRates(text: String, message: String) {
            #expect(failure(ValueSyntax.frameRate, text)?.message == message)
        }
    }

    @Suite struct Colors {
        @Test(arguments: [
            ("red", Color(red8: 255, green8: 0, blue8: 0)), ("Black", Color.black), ("WHITE", Color.white),
            ("rebeccapurple", Color(red8: 0x66, green8: 0x33, blue8: 0x99)),
            ("lightgoldenrodyellow", Color(red8: 0xFA, green8: 0xFA, blue8: 0xD2)),
            ("transparent", Color.transparent), ("#f80", Color(red8: 255, green8: 0x88, blue8: 0)),
            ("#FF8800", Color(red8: 255, green8: 0x88, blue8: 0)),
            ("#0000ff00", Color(red: 0, green: 0, blue: 1, alpha: 0)),
            ("rgb(255,0,0)", Color(red8: 255, green8: 0, blue8: 0)),
            ("rgba(0, 128, 255, 0.5)", Color(red8: 0, green8: 128, blue8: 255, alpha: 0.5)),
        ])
        func colors(text: String, expected: Color) throws {
            #expect(try ValueSyntax.color(text) == expected)
        }

        @Test func hexAlpha() throws {
            let color = try ValueSyntax.color("#ff000080")
            #expect(color.red == 1 && color.green == 0 && color.blue == 0)
            #expect(approximately(color.alpha, 128.0 / 255))
            #expect(approximately(try ValueSyntax.color("#f008").alpha, 136.0 / 255))
        }

        @Test func allCSSNamesAreKnown() throws {
            #expect(ValueSyntax.cssColorNames.count == 148)
            for name in ValueSyntax.cssColorNames.keys {
                #expect(try ValueSyntax.color(name).alpha == 1)
            }
            #expect(try ValueSyntax.color("grey") == ValueSyntax.color("gray"))
        }

        @Test func rejectedColors() {
            let hex = failure(ValueSyntax.color, "#ggg")
            #expect(
                hex?.message
                    == "'#ggg' is not a hex color; expected '#rgb', '#rgba', '#rrggbb' or '#rrggbbaa' with hex digits 0-9 and a-f"
            )
            #expect(
                failure(ValueSyntax.color, "#12345")?.message.hasPrefix(
                    "'#12345' is not a hex color") == true)

            let unknown = failure(ValueSyntax.color, "notacolor")
            #expect(
                unknown?.message
                    == "'notacolor' is not a color; expected a CSS name such as 'red', 'transparent', '#rgb', '#rrggbb', '#rrggbbaa' or 'rgba(255, 0, 0, 0.5)'"
            )
            #expect(unknown?.hint == nil)
            #expect(
                failure(ValueSyntax.color, "purpel")?.hint == "did you mean 'purple'?")
            #expect(
                failure(ValueSyntax.color, "Cornflowerblu")?.hint
                    == "did you mean 'cornflowerblue'?")

            #expect(
                failure(ValueSyntax.color, "rgba(255,0,0,1.5)")?.message
                    == "'rgba(255,0,0,1.5)' is out of range; red, green and blue must be 0 to 255 and alpha 0 to 1")
            #expect(
                failure(ValueSyntax.color, "rgb(256,0,0)")?.message
                    == "'rgb(256,0,0)' is out of range; red, green and blue must be 0 to 255 and alpha 0 to 1")
            #expect(
                failure(ValueSyntax.color, "rgb(1,2)")?.message
                    == "'rgb(1,2)' is not a color; expected 'rgb(255, 0, 0)' or 'rgba(255, 0, 0, 0.5)' with commas between the numbers"
            )
        }
    }

    @Suite struct Quantities {
        @Test func pixelSizes() throws {
            #expect(try ValueSyntax.pixelSize("1920x1080") == PixelSize(width: 1920, height: 1080))
            #expect(try ValueSyntax.pixelSize(" 2 X 16384 ") == PixelSize(width: 2, height: 16384))
            #expect(try ValueSyntax.pixelSize("1081x721") == PixelSize(width: 1081, height: 721))
            #expect(
                failure(ValueSyntax.pixelSize, "100000x100000")?.message
                    == "'100000x100000' is too large; each side must be 2 to 16384 pixels")
            #expect(
                failure(ValueSyntax.pixelSize, "99999999999999999999x2")?.message
                    == "'99999999999999999999x2' is too large; each side must be 2 to 16384 pixels")
            #expect(
                failure(ValueSyntax.pixelSize, "1x1")?.message
                    == "'1x1' is too small; each side must be 2 to 16384 pixels")
            for bad in ["1920*1080", "1920x", "-2x2", "1920.5x1080", "hd"] {
                #expect(
                    failure(ValueSyntax.pixelSize, bad)?.message
                        == "'\(bad)' is not a size; expected 'WIDTHxHEIGHT' in pixels, e.g. '1920x1080'")
            }
        }

        @Test(arguments: [
            ("90", 90.0), ("-45", -45.0), ("90deg", 90.0), ("1.5708rad", 90.0002104591497), ("0.25turn", 90.0),
            ("3.14159265358979 rad", 180.0), ("2TURN", 720.0),
        ])
        func angles(text: String, degrees: Double) throws {
            #expect(approximately(try ValueSyntax.angle(text), degrees, within: 1e-9))
        }

        @Test func rejectedAngles() {
            #expect(
                failure(ValueSyntax.angle, "90grad")?.message
                    == "'90grad' is not an angle; expected degrees (90), '90deg', '1.5708rad' or '0.25turn'")
            #expect(failure(ValueSyntax.angle, "deg") != nil)
            #expect(
                failure(ValueSyntax.angle, "1e308turn")?.message
                    == "'1e308turn' is out of range; numbers must lie within ±1000000")
        }

        @Test(arguments: [
            ("1.0", 1.0), ("0", 0.0), ("0.25", 0.25), ("-6dB", 0.501187), ("+3dB", 1.412538), ("-6 db", 0.501187),
            ("0dB", 1.0), ("-inf dB", 0.0), ("-infdB", 0.0), ("16", 16.0), ("+24dB", 15.848932),
        ])
        func gains(text: String, linear: Double) throws {
            #expect(approximately(try ValueSyntax.gain(text), linear))
        }

        @Test func rejectedGains() {
            let negative = failure(ValueSyntax.gain, "-6")
            #expect(negative?.message == "'-6' is a negative gain; a linear gain must be 0 to 16")
            #expect(negative?.hint == "to attenuate in decibels, write '-6dB'")
            #expect(
                failure(ValueSyntax.gain, "+30dB")?.message
                    == "'+30dB' is too loud; gain is at most 16 (about +24 dB)")
            #expect(
                failure(ValueSyntax.gain, "17")?.message
                    == "'17' is too loud; gain is at most 16 (about +24 dB)")
            #expect(
                failure(ValueSyntax.gain, "loud")?.message
                    == "'loud' is not a gain; expected a linear factor such as '1.0' or '0.5', or decibels such as '-6dB'"
            )
            #expect(failure(ValueSyntax.gain, "+inf dB") != nil)
        }

        @Test func coordinates() throws {
            #expect(try ValueSyntax.coordinate("120") == .pixels(120))
            #expect(try ValueSyntax.coordinate("120.5") == .pixels(120.5))
            #expect(try ValueSyntax.coordinate("-10") == .pixels(-10))
            #expect(try ValueSyntax.coordinate("50%") == .percent(50))
            #expect(try ValueSyntax.coordinate(" 12.5% ") == .percent(12.5))
            #expect(
                failure(ValueSyntax.coordinate, "left")?.message
                    == "'left' is not a coordinate; expected pixels such as '120' or a percentage of the output size such as '50%'"
            )
            #expect(failure(ValueSyntax.coordinate, "%") != nil)
        }

        @Test(arguments: [
            ("8M", Int64(8_000_000)), ("192k", 192_000), ("192K", 192_000), ("128000", 128_000), ("2.5M", 2_500_000),
            ("1G", 1_000_000_000), ("1.5e3k", 1_500_000),
        ])
        func bitrates(text: String, bits: Int64) throws {
            #expect(try ValueSyntax.bitrate(text) == bits)
        }

        @Test func rejectedBitrates() throws {
            #expect(
                failure(ValueSyntax.bitrate, "0")?.message
                    == "'0' is out of range; a bitrate must be more than 0")
            #expect(
                failure(ValueSyntax.bitrate, "1.0005k")?.message
                    == "'1.0005k' is not a whole number of bits per second; use fewer decimal places")
            #expect(
                failure(ValueSyntax.bitrate, "8Mbps")?.message
                    == "'8Mbps' is not a bitrate; expected bits per second such as '128000', '192k' or '8M'")
            for huge in ["99999999999G", "9e18", "10.000000001G"] {
                #expect(
                    failure(ValueSyntax.bitrate, huge)?.message
                        == "'\(huge)' is out of range; a bitrate must be more than 0 and at most 10G")
            }
            #expect(try ValueSyntax.bitrate("10G") == 10_000_000_000)
        }
    }

    @Suite struct Eases {
        @Test(arguments: [
            ("linear", Ease.linear), ("hold", .hold), ("ease-in", .easeIn), ("ease-out", .easeOut),
            ("Ease-In-Out", .easeInOut),
            ("cubic-bezier(0.25, 0.1, 0.25, 1)", .cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)),
            ("cubic-bezier(0,-0.5,1,1.5)", .cubicBezier(x1: 0, y1: -0.5, x2: 1, y2: 1.5)),
        ])
        func eases(text: String, expected: Ease) throws {
            #expect(try ValueSyntax.ease(text) == expected)
        }

        @Test func rejectedEases() {
            let typo = failure(ValueSyntax.ease, "ease-inout")
            #expect(
                typo?.message
                    == "'ease-inout' is not an ease; expected 'linear', 'hold', 'ease-in', 'ease-out', 'ease-in-out' or 'cubic-bezier(x1, y1, x2, y2)'"
            )
            #expect(typo?.hint == "did you mean 'ease-in-out'?")
            #expect(
                failure(ValueSyntax.ease, "lineer")?.hint == "did you mean 'linear'?")
            #expect(failure(ValueSyntax.ease, "bounce")?.hint == nil)
            #expect(
                failure(ValueSyntax.ease, "cubic-bezier(1.5, 0, 0.5, 1)")?.message
                    == "'cubic-bezier(1.5, 0, 0.5, 1)' has an x value outside 0 to 1; x1 and x2 of a cubic-bezier must be 0 to 1"
            )
            #expect(
                failure(ValueSyntax.ease, "cubic-bezier(0, 0, 1)")?.message
                    == "'cubic-bezier(0, 0, 1)' is not a cubic-bezier; expected four numbers, e.g. 'cubic-bezier(0.25, 0.1, 0.25, 1)'"
            )
        }
    }

    @Suite struct ClosestMatch {
        static let keys = ["duration", "from", "to", "source", "volume", "opacity"]

        @Test(arguments: [
            ("duraton", "duration" as String?), ("Volme", "volume"), ("SOURCE", "source"), ("fro", "from"),
            ("form", "from"), ("nmae", nil), ("voluem", "volume"),
            ("opactiy", "opacity"), ("t", "to"), ("banana", nil), ("", nil), ("durationxxxxx", nil),
        ])
        func closest(word: String, expected: String?) {
            #expect(NameSuggestions.closestMatch(to: word, in: Self.keys) == expected)
        }

        @Test func emptyCandidatesAndTies() {
            #expect(NameSuggestions.closestMatch(to: "red", in: []) == nil)
            #expect(NameSuggestions.closestMatch(to: "ab", in: ["ax", "ay"]) == "ax")
        }
    }

    @Test func thePartitionPointIsTheFirstElementPastThoseThatComeBefore() {
        let starts = [0, 2, 2, 5, 9]
        for value in -1...10 {
            // The same count a walk from the start finds.
            let walked = starts.prefix { $0 <= value }.count
            #expect(starts.partitionPoint { $0 <= value } == walked, "\(value)")
        }
        #expect(starts.partitionPoint { $0 < 2 } == 1)
        #expect([Int]().partitionPoint { _ in true } == 0)
        #expect(starts.dropFirst(2).partitionPoint { $0 < 9 } == 4)
    }
}
