/// Sums audio blocks into one.
///
/// The output block keeps its channel count; inputs are converted as
/// ``AudioBlock/add(_:gain:)`` does (mono on every channel, several channels
/// averaged into mono). An input shorter than the output contributes to the
/// output's first frames only; the rest of the output holds the other inputs
/// (or silence). The mixer does not limit: the sum may exceed full scale, and
/// ``PeakLimiter`` follows it in the chain. A caller that wants no array per block
/// can instead clear its output block and call ``AudioBlock/add(_:gain:)`` per input.
public struct Mixer: Sendable {
    /// Output channel count.
    public let channels: Int

    /// A mixer producing `channels` channels.
    public init(channels: Int) {
        precondition(channels >= 1, "a mixer needs at least one output channel")
        self.channels = channels
    }

    /// Replaces `output`'s samples with the sum of `inputs` over `frameCount` frames.
    /// `output` is reshaped to ``channels`` × `frameCount`, reusing its storage.
    public func mix(_ inputs: [AudioBlock], frameCount: Int, into output: inout AudioBlock) {
        output.reshape(channels: channels, frameCount: frameCount)
        output.clear()
        for input in inputs {
            output.add(input)
        }
    }

    /// Replaces `output`'s samples with the sum of `inputs`, each multiplied by its gain.
    public func mix(
        _ inputs: [(block: AudioBlock, gain: Float)], frameCount: Int, into output: inout AudioBlock
    ) {
        output.reshape(channels: channels, frameCount: frameCount)
        output.clear()
        for input in inputs {
            output.add(input.block, gain: input.gain)
        }
    }

    /// The sum of `inputs` as a new block as long as the longest input.
    public func mixed(_ inputs: [AudioBlock]) -> AudioBlock {
        var output = AudioBlock(channels: channels, frameCount: 0)
        mix(inputs, frameCount: inputs.map(\.frameCount).max() ?? 0, into: &output)
        return output
    }
}
