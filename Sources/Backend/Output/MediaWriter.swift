import Compiler
import EDLParser

/// The encoders and the output file of one render: takes composited pictures
/// (or, when joining chunks, their encoded packets) and mixed samples, and
/// writes packets to the container as they come.
final class MediaWriter {
    private let file: OutputFile
    /// The video stream, and its encoder unless it copies chunks' packets.
    private let video: (encoder: PictureEncoder?, stream: Int)?
    /// The parameter sets of the video stream (chunks must have been encoded with them).
    let videoExtradata: [UInt8]
    /// Frames the video encoder's decoder holds back to reorder (0 without B-frames).
    let videoReorderDelay: Int
    private let audio: AudioTrackWriter?
    private let subtitles: SubtitleTrack?
    private let packet: Packet

    /// Where the bytes go: a file (the temporary one) as `output.container`, or
    /// fragmented MP4 kept in memory whatever the container (`cutFragment`
    /// takes its bytes).
    enum Destination {
        case file(String)
        case fragments(MovieFragments)
    }

    /// What the video stream takes: pictures it encodes (`writeVideo`), or the
    /// packets of chunks that `PictureEncoder.forChunks` made (`writeVideoPacket`),
    /// some copied from sources when `copy` is given: the stream's parameter
    /// sets are then theirs and the encoder's (`CopyStream`), and every packet
    /// comes with 4-byte NAL lengths.
    enum VideoInput {
        case pictures
        case chunks(copy: CopyStream?)
    }

    /// What the audio stream takes: samples it encodes (`writeAudio`), or packets
    /// `SoundEncoder`s made (`writeAudioPacket`).
    enum SoundInput {
        case samples
        case packets
    }

    /// With `subtitles`, the file has a subtitle stream of those cues.
    /// `threads` is for the encoders, but for the chunks' (`PictureEncoder.chunkThreads`).
    init(
        to destination: Destination, output: OutputPlan, audio format: AudioFormat?, video input: VideoInput = .pictures,
        sound: SoundInput = .samples, subtitles: SubtitleCues? = nil, threads: ThreadBudget
    ) throws(LibAVError) {
        var fragments: MovieFragments?
        switch destination {
        case .file(let path): file = try OutputFile(path: path, format: Self.muxer(for: output.container))
        case .fragments(let cut):
            file = try OutputFile(inMemory: "mp4")
            fragments = cut
        }
        var copyingChunks = false
        var copy: CopyStream?
        if case .chunks(let copied) = input { (copyingChunks, copy) = (true, copied) }
        packet = try Packet()
        if let encoding = output.video {
            let encoder =
                copyingChunks
                ? try PictureEncoder.forChunks(encoding: encoding, output: output, copy: copy)
                : try PictureEncoder(
                    encoding: encoding, output: output, globalHeader: file.needsGlobalHeader, threads: threads.perCodec)
            videoExtradata = encoder.encoder.extradata
            videoReorderDelay = encoder.encoder.reorderDelay
            var streamExtradata: [UInt8]?
            if let copy {
                guard let record = copy.record(encoderExtradata: videoExtradata) else {
                    throw .invalid("MediaWriter", "the encoder's parameter sets cannot join the copied sources'")
                }
                streamExtradata = record
            }
            // An encoder only describes the stream of copied chunks: it is freed at once
            // (an x264 holds some 100 MB at 1080p).
            video = (copyingChunks ? nil : encoder, try file.addStream(for: encoder.encoder, extradata: streamExtradata))
        } else {
            video = nil
            videoExtradata = []
            videoReorderDelay = 0
        }
        let file = self.file
        audio = try format.map { format throws(LibAVError) in
            try AudioTrackWriter(format: format, file: file, copying: sound == .packets, threads: threads)
        }
        self.subtitles = try subtitles.map { cues throws(LibAVError) in try SubtitleTrack(cues, file: file) }
        for entry in output.metadata { try file.setMetadata(entry.key, entry.value) }
        let isMovie = fragments != nil || [.mp4, .mov, .m4a].contains(output.container)
        try file.writeHeader(
            fastStart: output.faststart && isMovie && fragments == nil,
            movieTimescale: isMovie ? Self.movieTimescale(output: output, audio: format) : nil, fragments: fragments,
            loops: output.container == .webp)
    }

    /// An MP4/MOV movie time scale that counts both audio samples and video frames
    /// exactly. libavformat's default, 1000, rounds the audio's edit list (which
    /// skips the AAC priming) to whole milliseconds, cutting the audio short of the
    /// video: 15 frames at 29.97 fps and their 24024 samples became 24000 samples.
    static func movieTimescale(output: OutputPlan, audio: AudioFormat?) -> Int? {
        guard let audio else { return nil }
        let rate = Int64(audio.sampleRate)
        let frames = output.fps.rate.numerator
        var (a, b) = (rate, frames)
        while b != 0 { (a, b) = (b, a % b) }
        let common = rate / a * frames
        return common <= Int64(Int32.max) ? Int(common) : Int(rate)
    }

    /// Samples per audio frame the encoder takes.
    var audioFrameSize: Int { audio?.encoder.frameSize ?? 1024 }

    /// Encodes one output picture as frame `index`.
    func writeVideo(_ picture: OutputPicture, index: Int64) throws(LibAVError) {
        guard let video, let encoder = video.encoder else { return }
        try encoder.encode(picture, pts: index)
        try drain(encoder.encoder, stream: video.stream)
    }

    /// Writes an encoded packet whose timestamps count output frames.
    func writeVideoPacket(
        data: [UInt8], pts: Int64, dts: Int64, duration: Int64, isKeyframe: Bool
    ) throws(LibAVError) {
        guard let video else { return }
        try packet.fill(data: data, pts: pts, dts: dts, duration: duration, isKeyframe: isKeyframe)
        try file.write(packet, toStream: video.stream)
    }

    /// Writes a packet read from a source, at output frames `pts` and `dts`.
    func writeCopiedPacket(_ copied: Packet, pts: Int64, dts: Int64) throws(LibAVError) {
        guard let video else { return }
        copied.restamp(pts: pts, dts: dts, duration: 1)
        try file.write(copied, toStream: video.stream)
    }

    /// Encodes `count` samples (one encoder frame or fewer, at the end) starting at sample `position`.
    func writeAudio(_ block: AudioBlock, count: Int, position: Int64) throws(LibAVError) {
        guard let audio else { return }
        try audio.encoder.encode(block, count: count, pts: position)
        try drain(audio.encoder.encoder, stream: audio.stream)
    }

    /// Writes an encoded sound packet whose timestamps count output samples.
    func writeAudioPacket(data: [UInt8], pts: Int64, duration: Int64) throws(LibAVError) {
        guard let audio else { return }
        try packet.fill(data: data, pts: pts, dts: pts, duration: duration, isKeyframe: true)
        try file.write(packet, toStream: audio.stream)
        audioPackets += 1
        try afterAudioPacket?(self)
    }

    /// The parameters of the audio stream (sound packets must have been encoded with them).
    var audioExtradata: [UInt8] { audio?.encoder.encoder.extradata ?? [] }

    /// Writes the subtitle cues that start before `time` (seconds of the file):
    /// called as the pictures reach it, so the muxer need not hold them back.
    func writeSubtitles(before time: Rational) throws(LibAVError) {
        try subtitles?.write(before: time, to: file, using: packet)
    }

    /// Flushes both encoders, writes the last subtitles and the trailer.
    func finish() throws(LibAVError) {
        try flushEncoders()
        try subtitles?.write(to: file, using: packet)
        try file.finish()
    }

    /// Writes the packets the encoders still hold.
    func flushEncoders() throws(LibAVError) {
        if let video, let encoder = video.encoder {
            try encoder.encoder.sendEndOfStream()
            try drain(encoder.encoder, stream: video.stream)
        }
        if let audio, !audio.copying {
            try audio.encoder.encoder.sendEndOfStream()
            try drain(audio.encoder.encoder, stream: audio.stream)
        }
    }

    /// Fragmented output: ends the fragment (see `OutputFile.cutFragment`).
    func cutFragment() throws(LibAVError) -> (header: [UInt8], fragment: [UInt8]) {
        try file.cutFragment()
    }

    /// Audio packets written so far.
    private(set) var audioPackets = 0
    /// Runs after each audio packet is written, with the writer (to cut a fragment there).
    var afterAudioPacket: ((MediaWriter) throws(LibAVError) -> Void)?
    /// Samples of priming the audio encoder puts before the sound (AAC's 1024).
    var audioPriming: Int { audio?.encoder.encoder.priming ?? 0 }

    private func drain(_ encoder: Encoder, stream: Int) throws(LibAVError) {
        while try encoder.receive(into: packet) {
            try file.write(packet, toStream: stream)
            if stream == audio?.stream {
                audioPackets += 1
                try afterAudioPacket?(self)
            }
        }
    }

    /// libavformat's muxer name for a container.
    static func muxer(for container: Container) -> String {
        switch container {
        case .mp4: return "mp4"
        case .mov: return "mov"
        case .mkv: return "matroska"
        case .webm: return "webm"
        case .m4a: return "ipod"
        case .wav: return "wav"
        case .gif: return "gif"
        case .webp: return "webp"
        }
    }
}

extension Frame {
    /// Makes this frame share `image`'s planes (`referencePlanes(_:width:height:planes:)`).
    func referencePlanes(of image: YUVImage) throws(LibAVError) {
        try referencePlanes(
            image.planes, width: image.width, height: image.height,
            planes: YUVImage.Plane.allCases.map { (image.offset(of: $0), image.stride(of: $0)) })
    }
}

/// An output frame as the encoder takes it.
enum OutputPicture {
    /// Drawn by the compositor.
    case drawn(YUVImage)
    /// A source's decoded frame, already in the output's format (a plain cut).
    case decoded(Frame)
}

/// The video encoder and the conversion from the compositor's YUV 4:2:0 canvas.
final class PictureEncoder {
    let encoder: Encoder
    /// The picture sent, by reference: the compositor's canvas, or a decoder's
    /// frame as it is (its pixels, none of its flags).
    private let sent: Frame
    private let scaler: Scaler?

    /// The encoder of chunks and of the join that copies them, with parameter
    /// sets out of band, so every container can carry the packets. With `copy`,
    /// it encodes chunks that fit beside packets copied from sources.
    static func forChunks(encoding: VideoEncoding, output: OutputPlan, copy: CopyStream? = nil) throws(LibAVError)
        -> PictureEncoder
    {
        try PictureEncoder(encoding: encoding, output: output, globalHeader: true, threads: chunkThreads, copy: copy)
    }

    /// Threads of every chunk's encoder: a constant, not the core count or the
    /// number of workers, since x264's and x265's bytes depend on their frame
    /// threads and a chunk's bytes must not depend on the machine or on `--jobs`.
    /// Two keep both cores busy when one worker renders alone (`--jobs 1`, a
    /// task of a job array); with more workers the threads only wait their turn.
    static let chunkThreads = 2

    init(
        encoding: VideoEncoding, output: OutputPlan, globalHeader: Bool, threads: Int, copy: CopyStream? = nil
    ) throws(LibAVError) {
        let settings = Self.settings(encoding: encoding, output: output, threads: threads, copy: copy)
        let target = settings.pixelFormat
        encoder = try Encoder(video: settings, globalHeader: globalHeader)
        sent = try Frame()
        scaler =
            target == .yuv420p
            ? nil
            : try Scaler(
                sourceWidth: output.encodedSize.width, sourceHeight: output.encodedSize.height, sourceFormat: .yuv420p,
                width: output.encodedSize.width, height: output.encodedSize.height, format: target)
    }

    /// What the encoder of `encoding` is asked to make.
    static func settings(encoding: VideoEncoding, output: OutputPlan, threads: Int, copy: CopyStream?)
        -> VideoEncoderSettings
    {
        var settings = VideoEncoderSettings(
            codec: encoderName(encoding.codec), width: output.encodedSize.width, height: output.encodedSize.height,
            pixelFormat: PixelFormat(name: pixelFormat(encoding)) ?? .yuv420p, frameRate: output.fps,
            quality: quality(encoding), keyframeInterval: Int(clamping: encoding.keyframeInterval), threads: threads)
        if [.h264, .hevc].contains(encoding.codec) { settings.preset = encoding.preset }
        settings.options = encoding.options ?? [:]
        if let copy, encoding.codec == .h264 {
            settings.profile = copy.profile
            settings.x264Options = copy.x264Options
            settings.colors = copy.colors
        }
        return settings
    }

    func encode(_ picture: OutputPicture, pts: Int64) throws(LibAVError) {
        switch picture {
        case .drawn(let canvas): try sent.referencePlanes(of: canvas)
        case .decoded(let decoded): try sent.referencePixels(of: decoded)
        }
        sent.pts = pts
        // Held no longer than the encoder holds it, so the canvas is drawn on again in place.
        defer { sent.release() }
        try encoder.send(try scaler?.scale(sent) ?? sent)
    }

    static func encoderName(_ codec: VideoCodec) -> String {
        switch codec {
        case .h264: return "libx264"
        case .hevc: return "libx265"
        case .vp9: return "libvpx-vp9"
        case .prores: return "prores_ks"
        case .gif: return "gif"
        case .webp: return "libwebp_anim"
        }
    }

    static func pixelFormat(_ encoding: VideoEncoding) -> String {
        switch encoding.codec {
        case .gif: return "bgr8"
        case .webp: return "yuv420p"
        case .prores: return encoding.pixelFormat.hasPrefix("yuv444") ? "yuv444p10le" : "yuv422p10le"
        default: return encoding.pixelFormat
        }
    }

    static func quality(_ encoding: VideoEncoding) -> EncoderQuality {
        switch (encoding.codec, encoding.quality) {
        case (.prores, _), (.gif, _), (.webp, _): return .codecDefault
        case (_, .crf(let crf)): return .crf(Int(crf.rounded()))
        case (_, .bitrate(let rate)): return .bitRate(Int(clamping: rate))
        }
    }
}

/// The output's audio stream and what fills it: an encoder of mixed samples,
/// or (`copying`) packets encoded elsewhere, the encoder only describing them.
private struct AudioTrackWriter {
    let encoder: SoundEncoder
    let stream: Int
    let copying: Bool

    init(format: AudioFormat, file: OutputFile, copying: Bool, threads: ThreadBudget) throws(LibAVError) {
        encoder = try SoundEncoder(format: format, globalHeader: copying || file.needsGlobalHeader, threads: threads)
        stream = try file.addStream(for: encoder.encoder)
        self.copying = copying
    }
}

/// An audio encoder and the conversion from the mixer's float blocks.
final class SoundEncoder {
    let encoder: Encoder
    let frameSize: Int
    private let format: AudioFormat

    init(format: AudioFormat, globalHeader: Bool, threads: ThreadBudget) throws(LibAVError) {
        self.format = format
        let lossless = [.flac, .pcm].contains(format.codec)
        encoder = try Encoder(
            audio: AudioEncoderSettings(
                codec: Self.encoderName(format.codec), sampleRate: format.sampleRate,
                channels: format.channels, bitRate: lossless ? nil : Int(clamping: format.bitrate),
                threads: threads.perCodec),
            globalHeader: globalHeader)
        frameSize = encoder.frameSize ?? 1024
    }

    /// Sends `count` samples of `block` as the frame at sample `pts`.
    func encode(_ block: AudioBlock, count: Int, pts: Int64) throws(LibAVError) {
        let frame = try Frame.audio(
            sampleCount: count, channels: format.channels, sampleRate: format.sampleRate,
            format: encoder.sampleFormat)
        let channels = (0..<format.channels).map { block.samples(channel: $0) }
        try channels.withBufferPointers { pointers throws(LibAVError) in try frame.writeSamples(pointers, count: count) }
        frame.pts = pts
        try encoder.send(frame)
    }

    static func encoderName(_ codec: AudioCodec) -> String {
        switch codec {
        case .aac: return "aac"
        case .opus: return "libopus"
        case .mp3: return "libmp3lame"
        case .flac: return "flac"
        case .pcm: return "pcm_s16le"
        }
    }
}

extension Array where Element == [Float] {
    /// Calls `body` with a buffer pointer for each inner array.
    func withBufferPointers<R>(_ body: ([UnsafeBufferPointer<Float>]) throws(LibAVError) -> R) throws(LibAVError) -> R {
        func nest(_ index: Int, _ collected: [UnsafeBufferPointer<Float>]) throws(LibAVError) -> R {
            guard index < count else { return try body(collected) }
            return try self[index].withUnsafeBufferPointer { pointer throws(LibAVError) in
                try nest(index + 1, collected + [pointer])
            }
        }
        return try nest(0, [])
    }
}
