import Compiler
import Foundation

/// What each source of a plan is by content, for chunk fingerprints: a file by
/// the SHA-256 of its bytes (so a project moved to another folder or machine
/// finds its chunks), a text or a generated picture by the SHA-256 of its
/// rendered pixels (so the fonts fontconfig actually picks are covered), other
/// generators by their parameters, a composition by what its pictures are made of.
enum SourceIdentity {
    static func identities(of plan: RenderPlan, cache: ChunkCache) throws -> [String] {
        try identities(of: plan, cache: cache, text: try TextRasterizer())
    }

    /// `text` serves the plan and every composition in it: fonts are set up once.
    private static func identities(of plan: RenderPlan, cache: ChunkCache, text: TextRasterizer) throws -> [String] {
        let patterns = PatternPainter(size: plan.output.size, text: text)
        return try plan.sources.map { source in
            switch source.kind {
            case .file(let file):
                let stream = file.videoStream.map { " video#\($0)" } ?? ""
                return "file sha256 \(try cache.contentHash(ofFile: file.path))\(stream)"
            case .text(let content):
                return "text " + hash(RGBAImage(try text.render(content)))
            case .pattern(.counter):
                return "pattern counter " + hash(try patterns.counter(frame: 0, fps: plan.output.fps))
            case .pattern(let pattern):
                return "pattern \(pattern.rawValue) " + hash(patterns.still(pattern))
            case .lut(let path):
                return "lut sha256 \(try cache.contentHash(ofFile: path))"
            case .composition(_, let nested):
                let inner = try identities(of: nested, cache: cache, text: text)
                return "composition " + nested.pictureFingerprint(identities: inner)
            case .color, .tone, .gradient:
                return "generator " + Fingerprint.sha256(source.kind)
            }
        }
    }

    private static func hash(_ image: RGBAImage) -> String {
        "\(image.width)x\(image.height) " + image.withUnsafeBytes { ContentHash.sha256(Data($0)) }
    }
}
