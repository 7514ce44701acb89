/// A text layer that cannot be rasterised: a missing font file, a font
/// FreeType cannot read, or a library that failed to start.
public struct TextError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Lowercase, quoting the user's values, saying what went wrong.
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
