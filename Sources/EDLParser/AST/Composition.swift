/// A timeline drawn as one layer with its mixed sound (SPEC 14): a
/// `composition:` item, an inline `group:`, or another project file, read with
/// the item's parameters substituted.
public struct Composition: Hashable, Sendable, Codable {
    /// How messages and plans name it: the composition's name, `group`, or the file as written.
    public var name: String
    /// Default: the output's size.
    public var size: Located<PixelSize>?
    /// A file composition's own `output.fps`; default: the output's rate.
    public var fps: Located<FrameRate>?
    /// Default: its own tracks' length.
    public var duration: Located<TimeValue>?
    public var tracks: [Track]
    /// Where it is defined.
    public var location: SourceLocation

    public init(name: String, tracks: [Track] = [], location: SourceLocation) {
        self.name = name
        self.tracks = tracks
        self.location = location
    }
}
