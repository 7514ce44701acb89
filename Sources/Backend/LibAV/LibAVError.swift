import CFFmpeg

/// A libav* call that failed: which operation, its negative return code, and
/// `av_strerror`'s text for that code.
public struct LibAVError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The libav function (or wrapper step) that failed, e.g. `avcodec_open2`.
    public var operation: String
    /// The negative `AVERROR` code libav returned.
    public var code: Int32
    /// `av_strerror` text for `code`, or a message of our own for failures that
    /// have no code (a missing codec, a refused URL).
    public var message: String

    public init(operation: String, code: Int32, message: String) {
        self.operation = operation
        self.code = code
        self.message = message
    }

    /// The error for libav return code `code` from `operation`.
    init(operation: String, code: Int32) {
        self.init(operation: operation, code: code, message: LibAV.errorText(code))
    }

    /// An allocation that returned NULL.
    static func outOfMemory(_ operation: String) -> LibAVError {
        LibAVError(operation: operation, code: cutlist_averror_enomem())
    }

    /// A failure with no libav code behind it.
    static func invalid(_ operation: String, _ message: String) -> LibAVError {
        LibAVError(operation: operation, code: cutlist_averror_einval(), message: message)
    }

    public var description: String { "\(operation) failed: \(message)" }
}
