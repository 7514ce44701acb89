import Compiler
import EDLParser
import Foundation
import Synchronization

/// The facts chunk planning asks for (`ChunkFacts`), as `MediaProbe` finds
/// media facts for compiling: files' hashes and copy scans read once and
/// remembered in the cache, texts and patterns drawn, and the chunks'
/// encoder opened once per settings in a process.
final class ChunkProbe: ChunkFacts {
    private let cache: ChunkCache
    /// Made at the first text or pattern, for the plan and its compositions: fonts are set up once.
    private var text: TextRasterizer?
    /// The copy scans read, by file: what the join copies packets by.
    private(set) var scans: [FileSource: CopyScan] = [:]

    init(cache: ChunkCache) {
        self.cache = cache
    }

    func contentHash(ofFile path: String) throws -> String {
        try cache.hashes.contentHash(ofFile: path)
    }

    func pictureHash(of picture: GeneratedPicture) throws -> String {
        let text = try self.text ?? TextRasterizer()
        self.text = text
        let image: RGBAImage
        switch picture {
        case .text(let content):
            image = RGBAImage(try text.render(content))
        case .pattern(.counter, let size, let fps):
            image = try PatternPainter(size: size, text: text).counter(frame: 0, fps: fps)
        case .pattern(let pattern, let size, _):
            image = PatternPainter(size: size, text: text).still(pattern)
        }
        return "\(image.width)x\(image.height) " + image.withUnsafeBytes { ContentHash.sha256(Data($0)) }
    }

    func copySource(of file: FileSource) throws -> CopySource? {
        guard let scan = try cache.scans.scan(of: file) else { return nil }
        scans[file] = scan
        return scan.source
    }

    func chunkEncoder(_ encoding: VideoEncoding, output: OutputPlan, copy: CopyStream?) throws -> EncoderFacts {
        let settings = PictureEncoder.settings(
            encoding: encoding, output: output, threads: PictureEncoder.chunkThreads, copy: copy)
        if let known = Self.encoders.withLock({ $0[settings] }) { return known }
        let encoder = try PictureEncoder.forChunks(encoding: encoding, output: output, copy: copy).encoder
        let facts = EncoderFacts(
            name: encoder.codecName, library: LibraryVersions.codec, threads: PictureEncoder.chunkThreads,
            parameterSets: encoder.extradata)
        Self.encoders.withLock { $0[settings] = facts }
        return facts
    }

    func soundEncoder(_ format: AudioFormat) throws -> EncoderFacts {
        var settings = format
        settings.sampleCount = 0
        if let known = Self.soundEncoders.withLock({ $0[settings] }) { return known }
        let encoder = try SoundEncoder(format: format, globalHeader: true, threads: .single).encoder
        let facts = EncoderFacts(
            name: encoder.codecName, library: LibraryVersions.codec, threads: 1, parameterSets: encoder.extradata)
        Self.soundEncoders.withLock { $0[settings] = facts }
        return facts
    }

    func loudnessGain(of plan: RenderPlan) throws -> Double {
        guard let format = plan.audio.format else { return 0 }
        return try AudioRenderer.loudnessGain(plan: plan, format: format, threads: .perCore)
    }

    private static let soundEncoders = Mutex<[AudioFormat: EncoderFacts]>([:])

    /// What each chunk encoder's settings make, learnt by opening it once in
    /// the process: planning again (`--watch`, the studio) opens none.
    private static let encoders = Mutex<[VideoEncoderSettings: EncoderFacts]>([:])
}
