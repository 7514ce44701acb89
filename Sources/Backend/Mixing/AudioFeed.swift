import Compiler
import EDLParser

/// The sound of an output window, mixed as the video advances and handed to the
/// writer in encoder-sized frames, so the muxer interleaves without buffering.
final class AudioFeed: SoundFeed {
    private let renderer: AudioRenderer?
    private let fps: Rational
    private let sampleRate: Int64
    private let total: Int64
    private var written: Int64 = 0

    /// `threads` is for the sources' decoders.
    init(plan: RenderPlan, window: Range<Int64>, threads: ThreadBudget) throws {
        fps = plan.output.fps.rate
        guard let format = plan.audio.format else {
            renderer = nil
            sampleRate = 1
            total = 0
            return
        }
        let span = Self.samples(of: window, fps: plan.output.fps, format: format)
        // Normalising measures the whole output first, whatever the window, so a
        // part renders as it sounds in the whole.
        let gain = try AudioRenderer.loudnessGain(plan: plan, format: format, threads: threads)
        renderer = try AudioRenderer(
            plan: plan, format: format, from: span.lowerBound, gain: Float(GainCurve.linear(decibels: gain)),
            threads: threads)
        sampleRate = Int64(format.sampleRate)
        total = Int64(span.count)
    }

    /// The output samples that go with output frames `window`.
    static func samples(of window: Range<Int64>, fps: FrameRate, format: AudioFormat) -> Range<Int64> {
        TimeRange(start: Rational(window.lowerBound) / fps.rate, end: Rational(window.upperBound) / fps.rate)
            .samples(at: format.sampleRate)
    }

    /// Writes the sound that goes with the window's first `frames` frames.
    func write(throughFrames frames: Int64, to writer: MediaWriter) throws {
        let end = Rational(frames) / fps * Rational(sampleRate)
        try write(until: min(end.ceil, total), to: writer)
    }

    /// Writes the rest of the window's sound.
    func finish(_ writer: MediaWriter) throws {
        try write(until: total, to: writer)
    }

    private func write(until target: Int64, to writer: MediaWriter) throws {
        guard let renderer else { return }
        let size = Int64(writer.audioFrameSize)
        while written < target {
            let count = Int(min(size, total - written))
            guard count > 0 else { return }
            if count < size && target < total { return }
            try writer.writeAudio(try renderer.render(count: count), count: count, position: written)
            written += Int64(count)
        }
    }
}

/// What writes an output's sound beside its video, as the video advances.
protocol SoundFeed {
    /// Writes the sound that goes with the output's first `frames` frames.
    func write(throughFrames frames: Int64, to writer: MediaWriter) throws
    /// Writes the rest of the sound.
    func finish(_ writer: MediaWriter) throws
}
