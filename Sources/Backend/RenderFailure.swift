import EDLParser
import Synchronization

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

    /// The failure placed at `location`; a cancellation stays one, unplaced.
    public func placed(at location: SourceLocation?) -> RenderFailure {
        guard !isCancellation else { return self }
        var placed = self
        placed.location = location
        return placed
    }

    /// `error` as the failure of an item's picture at `location`; a cancellation stays one.
    static func picture(_ error: Error, at location: SourceLocation?) -> RenderFailure {
        if let failure = error as? RenderFailure, failure.isCancellation { return failure }
        return RenderFailure("cannot read the picture of this item: \(error)", at: location)
    }
}

/// The signal (SIGINT, SIGTERM) that asked this process to stop, 0 for none:
/// stored by the command line's handler (an atomic store is all a handler may
/// do), read where one piece of work is long (a shader's bands of rows).
public enum Interrupt {
    public static let received = Atomic<Int32>(0)
    public static var isRequested: Bool { received.load(ordering: .relaxed) != 0 }
}
