import EDLParser

/// A render that failed: what went wrong and, when known, the YAML that caused it.
public struct RenderFailure: Error, CustomStringConvertible {
    public var message: String
    public var location: SourceLocation?
    public var isCancellation = false

    public init(_ message: String, at location: SourceLocation? = nil) {
        self.message = message
        self.location = location
    }

    public static let cancelled: RenderFailure = {
        var failure = RenderFailure("interrupted")
        failure.isCancellation = true
        return failure
    }()

    public var description: String { message }
}
