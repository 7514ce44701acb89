import ArgumentParser
import Backend
import Compiler
import EDLParser

/// The values of command-line options, parsed once by the argument parser as
/// it reads them (`@Option(transform:)`): a bad value is a usage error that
/// names the option and says what it takes.
enum OptionValue {
    /// What the argument parser prints after "The value 'X' is invalid for '--option <value>': ".
    struct Problem: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// A time, in frames (`45f`) resolved once the frame rate is known.
    static func time(_ text: String) throws -> TimeValue {
        try value { () throws(ValueError) in try ValueSyntax.time(text) }
    }

    /// Comma-separated times.
    static func times(_ text: String) throws -> [TimeValue] {
        try text.split(separator: ",").map { try time(String($0)) }
    }

    /// `FROM..TO`, ending after it starts (checked here when both are in
    /// seconds, else once the frame rate is known).
    static func span(_ text: String) throws -> TimeSpan {
        let parts = text.components(separatedBy: "..")
        guard parts.count == 2 else { throw Problem("expected FROM..TO, e.g. 10s..20s") }
        let span = TimeSpan(start: try time(parts[0]), end: try time(parts[1]))
        if !span.start.isFrameBased, !span.end.isFrameBased, span.start.seconds >= span.end.seconds {
            throw Problem("the range must end after it starts")
        }
        return span
    }

    /// `WxH`.
    static func size(_ text: String) throws -> PixelSize {
        try value { () throws(ValueError) in try ValueSyntax.pixelSize(text) }
    }

    static func frameRate(_ text: String) throws -> FrameRate {
        try value { () throws(ValueError) in try ValueSyntax.frameRate(text) }
    }

    /// A number of bytes: `2GiB`, `500MiB`, `1G`.
    static func bytes(_ text: String) throws -> Int64 {
        guard let bytes = ByteCount.parse(text) else { throw Problem("expected a size such as 2GiB, 500MiB or 1G") }
        return bytes
    }

    private static func value<T>(_ body: () throws(ValueError) -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw Problem(error.message)
        }
    }
}

/// `--range`'s two ends.
struct TimeSpan {
    var start: TimeValue
    var end: TimeValue

    var description: String { "\(start)..\(end)" }
}

extension ProgressReporter.Style: ExpressibleByArgument {}
