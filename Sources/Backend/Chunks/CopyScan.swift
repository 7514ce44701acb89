import Compiler
import EDLParser

/// What reading a video stream's packets once finds out for copying them
/// (SPEC 18): each frame's timestamp in presentation order, which frames are
/// IDR pictures that decoding can start at, how far decoding runs ahead of
/// presentation, and the stream's parameter sets. Kept in the cache beside the
/// source's content hash, so a file is read once for all renders.
struct CopyScan: Codable, Equatable, Sendable {
    var codec: VideoCodec
    var pixelFormat: String
    var size: PixelSize
    var parameterSets: [UInt8]
    var timeBase: Rational
    /// Source time 0 in seconds of the file's timeline, as the decoder counts.
    var origin: Rational
    /// Presentation timestamps, ascending: frame `i` is the packet with `timestamps[i]`.
    var timestamps: [Int64]
    /// Frames (presentation indices) that are IDR pictures and that no frame
    /// after them in decoding order is shown before.
    var keyframes: [Int]
    /// Frames decoding runs ahead of presentation at most (0 without B-frames).
    var delay: Int
    /// The colour description the stream's parameter sets carry, which encoded
    /// chunks beside its packets repeat.
    var colors: ColorDescription

    /// The compiler's view of the scan.
    var source: CopySource {
        CopySource(
            codec: codec, pixelFormat: pixelFormat, size: size, parameterSets: parameterSets,
            frameStarts: timestamps.map { Rational.seconds(timestamp: $0, timeBase: timeBase).map { $0 - origin } ?? .zero },
            keyframes: keyframes, delay: delay, colors: colors)
    }

    /// Reads the packets of `file`'s video stream; nil when they cannot be
    /// copied: not H.264 with 4-byte NAL lengths, interlaced, with pixels that
    /// are not square, a packet without a timestamp, two frames at one time.
    static func scan(_ file: FileSource) throws -> CopyScan? {
        guard let streamIndex = file.videoStream else { return nil }
        let input: InputFile
        do {
            input = try InputFile(path: file.path)
        } catch {
            throw RenderFailure("cannot read '\(file.path)': \(error)")
        }
        guard let coding = input.videoCoding(ofStream: streamIndex), coding.isH264, !coding.extradata.isEmpty,
            let record = AVCRecord(record: coding.extradata), record.lengthSize == 4,
            let timeBase = coding.timeBase, coding.isProgressive, coding.hasSquarePixels
        else { return nil }
        // Decoding order: each packet's timestamp and whether it is an IDR picture.
        var decoded: [(pts: Int64, isIDR: Bool)] = []
        let packet = try Packet()
        while try read(input, into: packet) {
            defer { packet.unref() }
            guard packet.streamIndex == streamIndex else { continue }
            guard let pts = packet.pts else { return nil }
            let types = packet.withData { NALUnits.types(lengthPrefixed: $0, lengthSize: 4) }
            guard let types else { return nil }
            decoded.append((pts, packet.isKeyframe && types.contains(5)))
        }
        let timestamps = decoded.map(\.pts).sorted()
        guard !timestamps.isEmpty, zip(timestamps, timestamps.dropFirst()).allSatisfy({ $0 < $1 }) else { return nil }
        var presented: [Int64: Int] = [:]
        for (index, pts) in timestamps.enumerated() { presented[pts] = index }
        var keyframes: [Int] = []
        var delay = 0
        var latestShown = -1
        for (order, packet) in decoded.enumerated() {
            let index = presented[packet.pts] ?? 0
            delay = max(delay, order - index)
            // An IDR starts a closed group only if nothing decoded before it shows after it.
            if packet.isIDR, index == order, latestShown < index { keyframes.append(index) }
            latestShown = max(latestShown, index)
        }
        return CopyScan(
            codec: .h264, pixelFormat: coding.pixelFormat.name,
            size: PixelSize(width: coding.width, height: coding.height),
            parameterSets: coding.extradata, timeBase: timeBase, origin: input.startTime, timestamps: timestamps,
            keyframes: keyframes, delay: delay, colors: coding.colors)
    }

    private static func read(_ input: InputFile, into packet: Packet) throws -> Bool {
        do {
            return try input.read(into: packet)
        } catch {
            throw RenderFailure("cannot read '\(input.path)': \(error)")
        }
    }
}
