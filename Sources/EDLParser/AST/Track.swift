/// One track: a sequence of items laid end to end, composited over the tracks before it.
public struct Track: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable { case video, audio }

    public var name: String?
    public var kind: Kind = .video
    public var items: [Item] = []
    /// Linear gain of all its items' audio.
    public var volume: Animated<Double> = .constant(1)
    /// Multiplies its items' opacity (video tracks).
    public var opacity: Animated<Double> = .constant(1)
    /// Applied to each item's picture after its own filters (SPEC 15).
    public var filters: [Filter] = []
    public var mute = false
    public var hidden = false
    public var ducking: Ducking?
    public var location: SourceLocation

    public init(location: SourceLocation) {
        self.location = location
    }

    /// `name` when given, else `track N` (1-based), for messages and plans.
    public func displayName(index: Int) -> String { name ?? "track \(index + 1)" }
}

/// Lowers a track while another track has sound (side-chain).
public struct Ducking: Hashable, Sendable, Codable {
    /// The name of the track whose sound triggers the ducking.
    public var under: Located<String>
    /// Linear gain applied while ducked.
    public var gain: Double
    public var attack: TimeValue
    public var release: TimeValue

    public init(under: Located<String>, gain: Double, attack: TimeValue, release: TimeValue) {
        self.under = under
        self.gain = gain
        self.attack = attack
        self.release = release
    }
}
