import EDLParser

/// State shared by the passes of one compile: the project, what probing found,
/// the output frame rate once known, and the diagnostics collected so far.
package struct CompileContext {
    /// Read-only but for the cues of clips' subtitle streams, which `MediaProber` fills in.
    package var project: Project
    package var diagnostics = DiagnosticList()
    /// Probe results by absolute path; only looked up, never iterated for output.
    var facts: [String: MediaFacts] = [:]
    /// The drawn size of each text that has a `crop`, to check the crop against.
    var textSizes: [TextContent: PixelSize] = [:]
    /// The output frame rate (frame-based times need it); 30 until resolved.
    var fps = FrameRate.thirty
    /// The output's size, resolved with the frame rate (compositions default to it).
    var size = OutputResolver.defaultSize
    /// The composition's name when the project is one (its messages say so).
    var composition: String?
    /// Each composition an item uses, compiled (SPEC 14).
    var compositions: [Composition: RenderPlan] = [:]
    /// Items with an error of their own, by location: left out without a second error.
    var failedItems: Set<SourceLocation> = []

    package init(project: Project) {
        self.project = project
    }

    package var hasErrors: Bool { diagnostics.hasErrors }

    mutating func error(_ message: String, at location: SourceLocation?, hint: String? = nil) {
        diagnostics.error(message, at: location, hint: hint)
    }

    func facts(of reference: SourceReference) -> MediaFacts? { facts[reference.path] }

    /// Exact seconds of a time as written, at the output fps. Reports overflow and
    /// a SMPTE frames field that is not below the frame rate.
    mutating func seconds(_ value: Located<TimeValue>, _ key: String) -> Rational? {
        let time = value.value
        if time.frames > 0, !time.seconds.isZero, time.frames >= fps.rate.ceil {
            error(
                "the frames field of '\(key)' (\(time.frames)) must be below the frame rate (\(fps))",
                at: value.location, hint: "timecode is HH:MM:SS:FF with FF counting frames within one second")
            return nil
        }
        guard let seconds = time.resolved(at: fps), seconds.magnitudeFits else {
            error(
                "'\(key)' (\(time)) is too large or too precise", at: value.location,
                hint: "times are kept exactly; use at most nanosecond precision and under a million hours")
            return nil
        }
        return seconds
    }

    /// `a + b` for timeline positions, reporting overflow at `location`.
    mutating func sum(_ a: Rational, _ b: Rational, at location: SourceLocation) -> Rational? {
        guard let result = a.checkedAdd(b), result.magnitudeFits else {
            error(
                "this item's place on the timeline cannot be computed exactly (the times are too large or too precise)",
                at: location)
            return nil
        }
        return result
    }

    /// Like `seconds(_:_:)` for a time that must not be negative.
    mutating func length(_ value: Located<TimeValue>, _ key: String) -> Rational? {
        guard let seconds = seconds(value, key) else { return nil }
        if seconds.isNegative {
            error("'\(key)' (\(value.value)) must not be negative", at: value.location)
            return nil
        }
        return seconds
    }
}

extension FrameRate {
    package static let thirty: FrameRate = {
        guard let rate = FrameRate(Rational(30)) else { preconditionFailure("30 is a positive rate") }
        return rate
    }()
}

/// How messages print a time: `2.5s`, or `about 2.38s` when not whole milliseconds.
func show(_ seconds: Rational) -> String { TimeValue.readable(seconds) }
