extension AudioBlock {
    /// Multiplies every sample by `gain`.
    public mutating func apply(gain: Float) {
        guard gain != 1 else { return }
        for channel in 0..<channels {
            withMutableChannel(channel) { samples in
                for index in samples.indices { samples[index] *= gain }
            }
        }
    }

    /// Multiplies frame `i` of every channel by `gains[i]`: a sample-accurate gain
    /// envelope. `gains` must hold at least `frameCount` values; extra ones are ignored.
    public mutating func apply(gains: UnsafeBufferPointer<Float>) {
        precondition(gains.count >= frameCount, "a gain is needed for every frame")
        for channel in 0..<channels {
            withMutableChannel(channel) { samples in
                for index in samples.indices { samples[index] *= gains[index] }
            }
        }
    }

    /// Multiplies frame `i` of every channel by `gains[i]`; as the buffer-pointer variant does.
    public mutating func apply(gains: [Float]) {
        gains.withUnsafeBufferPointer { apply(gains: $0) }
    }
}
