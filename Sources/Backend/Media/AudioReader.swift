import EDLParser

/// Samples of one audio stream, decoded and resampled to float planar at a fixed
/// rate and channel count, addressed by exact sample position.
///
/// Position `p` is the sample at source time `p / sampleRate` (seconds from the
/// file's start). Positions are counted, not re-derived from each packet's
/// timestamp, so consecutive reads join without a gap or overlap. Reading goes
/// forward; a position before what was read, or far ahead, seeks once. Before
/// the stream's first sample and past its last the reader returns silence.
public final class AudioReader {
    public let sampleRate: Int
    public let channels: Int
    /// Facts about the stream being read.
    public let info: StreamInfo
    /// Decode this long before a seek target, so codecs with overlapping frames
    /// (AAC, Opus) have warmed up by the first sample returned.
    public var preroll = Rational(1, 5) ?? .zero
    /// Positions further ahead than this many seconds seek instead of decoding through.
    public var seekAheadLimit = Rational(4)

    private let stream: DecodedStream
    private var resampler: Resampler?
    /// Samples from `bufferStart`, one array per output channel.
    private var buffer: [[Float]]
    private var bufferStart: Int64 = 0
    private var positioned = false
    private var sourceEnded = false
    private let streamStart: Rational

    /// Opens the file's best audio stream, or stream `streamIndex`.
    public convenience init(
        path: String, streamIndex: Int? = nil, sampleRate: Int, channels: Int, threads: ThreadBudget = .perCore
    ) throws(LibAVError) {
        try self.init(
            input: InputFile(path: path), streamIndex: streamIndex, sampleRate: sampleRate, channels: channels,
            threads: threads)
    }

    public init(
        input: InputFile, streamIndex: Int? = nil, sampleRate: Int, channels: Int, threads: ThreadBudget = .perCore
    ) throws(LibAVError) {
        let chosen = streamIndex.flatMap { index in input.streams.first { $0.index == index } } ?? input.bestStream(.audio)
        guard let chosen, chosen.kind == .audio else {
            throw .invalid("AudioReader", "'\(input.path)' has no audio stream\(streamIndex.map { " \($0)" } ?? "")")
        }
        guard sampleRate > 0, channels > 0 else {
            throw .invalid("AudioReader", "\(sampleRate) Hz, \(channels) channels is not an output format")
        }
        info = chosen
        self.sampleRate = sampleRate
        self.channels = channels
        stream = try DecodedStream(input: input, streamIndex: chosen.index, threads: threads)
        streamStart = (chosen.startTime ?? stream.origin).checkedSubtract(stream.origin) ?? .zero
        buffer = Array(repeating: [], count: channels)
    }

    private var bufferEnd: Int64 { bufferStart + Int64(buffer[0].count) }

    /// Exactly `count` samples per channel starting at sample `position`.
    public func samples(from position: Int64, count: Int) throws(LibAVError) -> [[Float]] {
        precondition(count >= 0, "sample count must not be negative")
        let aheadLimit = (seekAheadLimit * Rational(Int64(sampleRate))).floor
        if !positioned || position < bufferStart || position > bufferEnd + aheadLimit {
            try reposition(at: position)
        }
        let end = position + Int64(count)
        while bufferEnd < end, !sourceEnded { try decodeMore() }
        let result = buffer.map { channel in
            (position..<end).map { p in
                let i = p - bufferStart
                return i >= 0 && i < Int64(channel.count) ? channel[Int(i)] : 0
            }
        }
        discard(before: end)
        return result
    }

    /// Seeks (unless the position is near the stream's start and nothing was read)
    /// so that decoding resumes a little before `position`.
    private func reposition(at position: Int64) throws(LibAVError) {
        let time = Rational(position, Int64(sampleRate)) ?? .zero
        var margin = preroll
        for attempt in 0..<8 {
            let target = max(time.checkedSubtract(margin) ?? streamStart, streamStart)
            if attempt > 0 || positioned || target > streamStart {
                guard let timestamp = stream.timestamp(ofSourceTime: target) else {
                    throw .invalid("AudioReader.seek", "position \(position) is out of range")
                }
                try stream.seek(toKeyframeBefore: timestamp)
            }
            restart()
            try decodeMore()
            if bufferStart <= position || target <= streamStart || sourceEnded { break }
            margin = margin + margin + Rational.one
        }
        positioned = true
    }

    private func restart() {
        resampler = nil
        buffer = Array(repeating: [], count: channels)
        sourceEnded = false
        bufferStart = Int64.min
    }

    /// Decodes one frame and appends its resampled samples; at the end of the
    /// stream drains the resampler instead.
    private func decodeMore() throws(LibAVError) {
        guard let frame = try stream.next() else {
            if let resampler { try append(resampler.convert(nil)) }
            sourceEnded = true
            if bufferStart == Int64.min { bufferStart = 0 }
            return
        }
        if bufferStart == Int64.min {
            let start = stream.sourceTime(of: frame) ?? streamStart
            bufferStart = (start * Rational(Int64(sampleRate))).rounded
        }
        if let current = resampler, !current.accepts(frame) {
            try append(current.convert(nil))
            resampler = nil
        }
        let active: Resampler
        if let resampler {
            active = resampler
        } else {
            active = try Resampler(matching: frame, outputRate: sampleRate, outputChannels: channels)
            resampler = active
        }
        try append(active.convert(frame))
    }

    private func append(_ frame: Frame) throws(LibAVError) {
        for channel in 0..<channels {
            try frame.withChannel(channel) { samples in buffer[channel].append(contentsOf: samples) }
        }
    }

    /// Drops samples before `position`: reading only goes forward.
    private func discard(before position: Int64) {
        let drop = Int(min(max(position - bufferStart, 0), Int64(buffer[0].count)))
        guard drop > 0 else { return }
        for channel in buffer.indices { buffer[channel].removeFirst(drop) }
        bufferStart += Int64(drop)
    }
}
