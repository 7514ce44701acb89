import CFFmpeg
import EDLParser

/// Demuxes one stream of an input and decodes it: a forward-only sequence of
/// frames that can be repositioned with `seek`. Memory stays bounded: packets of
/// other streams are dropped as they are read.
final class DecodedStream {
    let input: InputFile
    let decoder: Decoder
    private let packet: Packet
    private var inputExhausted = false
    private var finished = false
    /// Source time 0, in seconds of the file's timeline (`InputFile.startTime`).
    let origin: Rational

    init(input: InputFile, streamIndex: Int, reduction: Int = 0, threads: ThreadBudget) throws(LibAVError) {
        self.input = input
        origin = input.startTime
        decoder = try Decoder(input: input, streamIndex: streamIndex, reduction: reduction, threads: threads)
        packet = try Packet()
    }

    var streamIndex: Int { decoder.streamIndex }
    var timeBase: Rational { decoder.timeBase }

    /// The next decoded frame; nil once the stream is fully decoded.
    func next() throws(LibAVError) -> Frame? {
        guard !finished else { return nil }
        let frame = try Frame()
        while true {
            switch try decoder.receive(into: frame) {
            case .output: return frame
            case .finished:
                finished = true
                return nil
            case .needsInput: try feed()
            }
        }
    }

    /// Sends the decoder the next packet of this stream, or end-of-stream.
    private func feed() throws(LibAVError) {
        while !inputExhausted {
            defer { packet.unref() }
            guard try input.read(into: packet) else {
                inputExhausted = true
                break
            }
            if packet.streamIndex == streamIndex {
                try decoder.send(packet)
                return
            }
        }
        try decoder.sendEndOfStream()
    }

    /// Moves to the keyframe at or before `timestamp` (stream time base) and
    /// forgets everything decoded so far.
    func seek(toKeyframeBefore timestamp: Int64) throws(LibAVError) {
        try input.seek(stream: streamIndex, toKeyframeBefore: timestamp)
        decoder.flush()
        inputExhausted = false
        finished = false
    }

    /// Source time (seconds from the file's start) of a decoded frame; nil when
    /// it carries no timestamp.
    func sourceTime(of frame: Frame) -> Rational? {
        guard let ts = frame.bestEffortTimestamp ?? frame.pts,
            let seconds = Rational.seconds(timestamp: ts, timeBase: timeBase)
        else { return nil }
        return seconds.checkedSubtract(origin)
    }

    /// The stream timestamp of source time `time`, rounded down.
    func timestamp(ofSourceTime time: Rational) -> Int64? {
        time.checkedAdd(origin)?.timestamp(in: timeBase)
    }
}
