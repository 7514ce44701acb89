import EDLParser

/// Pictures of one video stream by source time, for sample-and-hold.
///
/// `frame(at:)` returns the decoded frame whose display interval contains the
/// time: the interval of a frame runs from its timestamp to the next frame's.
/// Reading goes forward; before the first frame the first frame holds, after the
/// last the last one does.
///
///     frames   |0      |1      |2      |3 ...
///     times    0      1/25    2/25    3/25
///     frame(at: 0.05) == frame 1
///
/// A time before the current frame seeks (keyframe at or before it, then decodes
/// forward); so does a time far ahead. Memory holds two decoded frames.
///
/// Read `backwards`, the reader decodes one group of pictures at a time: when a
/// time before the current frame is asked for, it seeks to the keyframe
/// before it, decodes forward up to that time, keeps those frames and hands
/// them out latest first, then goes one group back; a later time goes on
/// forward from there (a `time` remap runs both ways). Memory holds about one group of decoded frames, for
/// any source (B-frames, open groups, a variable frame rate), and each frame
/// is decoded about once; a group larger than `backwardsBudget` is read in
/// passes, decoding more to hold less.
public final class VideoReader {
    private let stream: DecodedStream
    /// Facts about the stream being read.
    public let info: StreamInfo
    /// Times further ahead than this seek instead of decoding every frame between.
    public var seekAheadLimit = Rational(4)
    /// How many times `frame(at:)` was asked for a time before the current
    /// frame and went back: what reading one item forward never does.
    public private(set) var backwardSeeks = 0

    /// Whether times may be asked for latest first (see above).
    public let backwards: Bool
    /// Read backwards: the frames of the group held, by start, and where the
    /// last one's interval ends (nil: at the stream's end).
    private var group: [TimedFrame] = []
    private var groupEnd: Rational?
    /// The most decoded frames held at once, read backwards.
    public private(set) var mostFramesHeld = 0
    /// Read backwards, the bytes of decoded frames a group may hold (2 GiB: a
    /// 250-frame group of 1080p fits whole, one of 4K is read in passes).
    public var backwardsBudget = 2 << 30

    private var current: TimedFrame?
    private var upcoming: TimedFrame?
    /// `current` is the first frame of the stream: times before it show it too.
    private var currentIsFirst = false
    private let streamStart: Rational

    private struct TimedFrame {
        let frame: Frame
        let start: Rational
    }

    /// Opens the file's best video stream, or stream `streamIndex`.
    /// `reduction`: see `Decoder`.
    public convenience init(
        path: String, streamIndex: Int? = nil, reduction: Int = 0, threads: ThreadBudget = .perCore,
        backwards: Bool = false
    ) throws(LibAVError) {
        try self.init(
            input: InputFile(path: path), streamIndex: streamIndex, reduction: reduction, threads: threads,
            backwards: backwards)
    }

    public init(
        input: InputFile, streamIndex: Int? = nil, reduction: Int = 0, threads: ThreadBudget = .perCore,
        backwards: Bool = false
    ) throws(LibAVError) {
        self.backwards = backwards
        let chosen = streamIndex.flatMap { index in input.streams.first { $0.index == index } } ?? input.bestStream(.video)
        guard let chosen, chosen.kind == .video else {
            throw .invalid("VideoReader", "'\(input.path)' has no video stream\(streamIndex.map { " \($0)" } ?? "")")
        }
        info = chosen
        stream = try DecodedStream(input: input, streamIndex: chosen.index, reduction: reduction, threads: threads)
        streamStart = (chosen.startTime ?? stream.origin).checkedSubtract(stream.origin) ?? .zero
    }

    /// The frame shown at source time `time` (seconds from the file's start).
    public func frame(at time: Rational) throws(LibAVError) -> Frame {
        if backwards {
            if let found = held(at: time) { return found }
            guard let current, time >= current.start else { return try frame(before: time) }
            group = []
        }
        if current == nil, time > streamStart {
            // The first frame asked for: seek to it rather than decode from the file's start.
            try seek(to: time)
        } else if let current, time < current.start, !currentIsFirst {
            backwardSeeks += 1
            try seek(to: time)
        } else if let upcoming, let limit = upcoming.start.checkedAdd(seekAheadLimit), time > limit {
            try seek(to: time)
        }
        if current == nil {
            current = try nextTimed(after: nil)
            upcoming = try nextTimed(after: current)
            currentIsFirst = true
        }
        while let next = upcoming, next.start <= time {
            current = next
            currentIsFirst = false
            upcoming = try nextTimed(after: next)
        }
        guard let current else { throw .invalid("VideoReader", "'\(stream.input.path)' has no decodable video frames") }
        return current.frame
    }

    /// Read backwards: the frame shown at `time`, from the group held, or from
    /// the one before it, decoded now.
    private func frame(before time: Rational) throws(LibAVError) -> Frame {
        if let found = held(at: time) { return found }
        // From the keyframe before `time` up to it: the times asked for next are earlier.
        group = []
        try seek(to: time)
        var frames: [TimedFrame] = []
        var next = current
        var first = true
        while let frame = next, frame.start <= time {
            // A group too long for the budget is read in passes: its latest frames
            // before `time` now, the earlier ones decoded again for earlier times.
            if frames.count == Self.framesWithin(backwardsBudget, of: frame.frame) { frames.removeFirst() }
            frames.append(frame)
            next = first ? upcoming : try nextTimed(after: frame)
            first = false
        }
        groupEnd = next?.start
        group = frames.isEmpty ? current.map { [$0] } ?? [] : frames
        mostFramesHeld = max(mostFramesHeld, group.count)
        // A later time asked for next decodes on from here.
        if let last = frames.last { (current, upcoming, currentIsFirst) = (last, next, false) }
        guard let found = held(at: time) ?? group.first?.frame else {
            throw .invalid("VideoReader", "'\(stream.input.path)' has no decodable video frames")
        }
        return found
    }

    /// How many decoded frames like `frame` fit in `budget` bytes (at least two),
    /// counting 4 bytes a pixel: more than any format read here holds.
    static func framesWithin(_ budget: Int, of frame: Frame) -> Int {
        max(2, budget / max(frame.width * frame.height * 4, 1))
    }

    /// The frame of the group held that shows at `time`.
    private func held(at time: Rational) -> Frame? {
        guard let first = group.first else { return nil }
        // Before the stream's first frame, that frame holds.
        if time < first.start { return first.start <= streamStart ? first.frame : nil }
        if let groupEnd, time >= groupEnd { return nil }
        return group[group.partitionPoint { $0.start <= time } - 1].frame
    }

    /// Positions the reader so that the next `frame(at:)` for `time` decodes from the
    /// keyframe at or before it. Keyframes found after `time` (a B-frame reorder,
    /// a sparse index) make it retry further back, and so does landing where no
    /// frame decodes (an MPEG-TS has no index: a seek lands on any packet, and
    /// frames after it need a keyframe that may come only after `time`).
    public func seek(to time: Rational) throws(LibAVError) {
        var margin = Rational.zero
        var first: TimedFrame?
        var target = time
        for _ in 0..<8 {
            target = max(time.checkedSubtract(margin) ?? streamStart, streamStart)
            guard let timestamp = stream.timestamp(ofSourceTime: target) else {
                throw .invalid("VideoReader.seek", "time \(time) is out of range")
            }
            try stream.seek(toKeyframeBefore: timestamp)
            first = try nextTimed(after: nil)
            guard target > streamStart, first.map({ $0.start > time }) ?? true else { break }
            margin = margin.isZero ? Rational.one : margin + margin
        }
        current = first
        currentIsFirst = target <= streamStart
        upcoming = try nextTimed(after: first)
    }

    /// The next decoded frame with its source time; a frame without a timestamp
    /// follows its predecessor by one frame duration.
    private func nextTimed(after previous: TimedFrame?) throws(LibAVError) -> TimedFrame? {
        guard let frame = try stream.next() else { return nil }
        if let start = stream.sourceTime(of: frame) { return TimedFrame(frame: frame, start: start) }
        let step = info.frameRate.flatMap { Rational.one.checkedDivide($0) } ?? .zero
        return TimedFrame(frame: frame, start: previous.flatMap { $0.start.checkedAdd(step) } ?? streamStart)
    }
}
