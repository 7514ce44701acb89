import EDLParser

/// The instruction graph a project compiles to: the contract between the
/// compiler and the backend. A pure value: segments are independent, so they
/// can be rendered in parallel or reused when their fingerprint is unchanged.
public struct RenderPlan: Hashable, Sendable, Codable {
    public var output: OutputPlan
    /// Decoders and generators, indexed by `SourceID.index`.
    public var sources: [SourcePlan]
    /// Contiguous segments covering frames `0 ..< output.frameCount`.
    public var video: [Segment]
    public var audio: AudioPlan
    /// The captions written as a subtitle stream, when the output asks for one.
    public var subtitles: SubtitlePlan?
    /// The project file's directory: plans print paths relative to it, so the
    /// same project gives the same text in any checkout.
    public var directory: String

    public init(output: OutputPlan, sources: [SourcePlan], video: [Segment], audio: AudioPlan, directory: String = "/") {
        self.output = output
        self.directory = directory
        self.sources = sources
        self.video = video
        self.audio = audio
    }

    /// Every file the plan reads, media and LUTs, those of its compositions too.
    public var inputFiles: [String] {
        sources.flatMap { source -> [String] in
            switch source.kind {
            case .file(let file): return [file.path]
            case .lut(let path): return [path]
            case .composition(_, let plan): return plan.inputFiles
            case .color, .pattern, .gradient, .shape, .tone, .text, .shader, .captionScript: return []
            }
        }
    }

    public func source(_ id: SourceID) -> SourcePlan? {
        sources.indices.contains(id.index) ? sources[id.index] : nil
    }

    /// A broken invariant of the plan.
    public struct Violation: Error, Hashable, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Checks the invariants the backend relies on: segments contiguous and
    /// covering every frame `0 ..< frameCount`, sources numbered in order, every
    /// source id resolving, audio inputs inside the output's samples.
    public func verify() throws(Violation) {
        var next: Int64 = 0
        for segment in video {
            guard segment.frames.lowerBound == next else {
                throw Violation(description: "segment \(segment.frames) does not start at frame \(next)")
            }
            guard !segment.frames.isEmpty else { throw Violation(description: "empty segment at frame \(next)") }
            next = segment.frames.upperBound
            for layer in segment.layers where source(layer.source) == nil {
                throw Violation(description: "layer at \(layer.location) uses unknown source \(layer.source)")
            }
        }
        guard next == output.frameCount else {
            throw Violation(description: "segments end at frame \(next), not \(output.frameCount)")
        }
        for (index, source) in sources.enumerated() where source.id.index != index {
            throw Violation(description: "source \(source.id) is listed at position \(index)")
        }
        try verifyAudio()
    }

    private func verifyAudio() throws(Violation) {
        let sampleCount = audio.format?.sampleCount ?? 0
        for (index, input) in audio.inputs.enumerated() {
            guard input.id == index, source(input.source) != nil else {
                throw Violation(description: "audio input \(index) at \(input.location) has a bad id or source")
            }
            guard input.samples.lowerBound >= 0, input.samples.upperBound <= sampleCount else {
                throw Violation(description: "audio input \(index) covers samples \(input.samples) outside 0..<\(sampleCount)")
            }
        }
        for duck in audio.ducking where duck.triggers.contains(where: { !audio.inputs.indices.contains($0) }) {
            throw Violation(description: "ducking at \(duck.location) names an unknown input")
        }
    }
}
