import EDLParser

/// What copying a source's video packets needs to know (SPEC 18), found by the
/// backend reading the stream's packets once: its format, its parameter sets,
/// when each frame starts and where decoding can start.
public struct CopySource: Hashable, Sendable, Codable {
    public var codec: VideoCodec
    /// libav's name of the pixel format (`yuv420p`, ...).
    public var pixelFormat: String
    public var size: PixelSize
    /// The stream's parameter sets as the container holds them (an `avcC`
    /// record): sources with equal ones can share one output stream.
    public var parameterSets: [UInt8]
    /// Source time (as the decoder counts it) where each frame starts, in
    /// presentation order.
    public var frameStarts: [Rational]
    /// Presentation indices of the frames decoding can start at without any
    /// earlier frame (H.264 IDR pictures), ascending.
    public var keyframes: [Int]
    /// Frames decoding runs ahead of presentation at most (0 without B-frames).
    public var delay: Int
    /// The colour description the stream's parameter sets carry.
    public var colors: ColorDescription

    public init(
        codec: VideoCodec, pixelFormat: String, size: PixelSize, parameterSets: [UInt8], frameStarts: [Rational],
        keyframes: [Int], delay: Int, colors: ColorDescription
    ) {
        self.codec = codec
        self.pixelFormat = pixelFormat
        self.size = size
        self.parameterSets = parameterSets
        self.frameStarts = frameStarts
        self.keyframes = keyframes
        self.delay = delay
        self.colors = colors
    }

    /// The frame shown at source time `time`, by the decoder's rule (sample and
    /// hold): the last frame starting at or before it, the first before that.
    func frame(at time: Rational) -> Int {
        max(frameStarts.partitionPoint { $0 <= time } - 1, 0)
    }

    /// Presentation frames `[first, end)` that whole groups of pictures inside
    /// `frames` cover: from the first keyframe at or after its start to the last
    /// keyframe (or the stream's end) at or before its end.
    func wholeGroups(within frames: Range<Int>) -> Range<Int>? {
        var ends = keyframes
        ends.append(frameStarts.count)
        guard let first = keyframes.first(where: { $0 >= frames.lowerBound }),
            let last = ends.last(where: { $0 <= frames.upperBound }), first < last
        else { return nil }
        return first..<last
    }
}

/// Output frames shown as an untouched run of one source's frames, copied
/// from it rather than rendered.
public struct CopyRun: Hashable, Sendable, Codable {
    public var frames: Range<Int64>
    public var source: SourceID
    /// The source's presentation frames, as many as `frames`.
    public var sourceFrames: Range<Int>

    public init(frames: Range<Int64>, source: SourceID, sourceFrames: Range<Int>) {
        self.frames = frames
        self.source = source
        self.sourceFrames = sourceFrames
    }
}

/// How a video stream says its samples are to be read: libav's `AVColorRange`,
/// `AVColorSpace`, `AVColorPrimaries` and `AVColorTransferCharacteristic` values.
public struct ColorDescription: Hashable, Sendable, Codable {
    public var range: UInt32
    public var space: UInt32
    public var primaries: UInt32
    public var transfer: UInt32

    public init(range: UInt32, space: UInt32, primaries: UInt32, transfer: UInt32) {
        self.range = range
        self.space = space
        self.primaries = primaries
        self.transfer = transfer
    }
}
