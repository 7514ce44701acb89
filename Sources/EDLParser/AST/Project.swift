/// A parsed project file: the typed AST that the compiler lowers to a render plan.
public struct Project: Hashable, Sendable, Codable {
    /// The project file as named on the command line (diagnostics use it).
    public var file: String
    /// Absolute directory that relative paths resolve against.
    public var directory: String
    public var version: Int
    public var output: Output
    /// Named media, in file order.
    public var assets: [Asset]
    public var tracks: [Track]

    public init(
        file: String, directory: String, version: Int = 1, output: Output = Output(),
        assets: [Asset] = [], tracks: [Track] = []
    ) {
        self.file = file
        self.directory = directory
        self.version = version
        self.output = output
        self.assets = assets
        self.tracks = tracks
    }
}

/// A named media file from `assets:`.
public struct Asset: Hashable, Sendable, Codable {
    public var name: String
    /// Absolute path.
    public var path: String
    public var audioStream: Int?
    public var videoStream: Int?
    public var location: SourceLocation

    public init(name: String, path: String, audioStream: Int? = nil, videoStream: Int? = nil, location: SourceLocation) {
        self.name = name
        self.path = path
        self.audioStream = audioStream
        self.videoStream = videoStream
        self.location = location
    }
}
