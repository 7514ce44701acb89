extension AudioBlock {
    /// Blocks are equal when their shapes and valid samples are; spare capacity
    /// does not count.
    public static func == (lhs: AudioBlock, rhs: AudioBlock) -> Bool {
        guard lhs.channels == rhs.channels, lhs.frameCount == rhs.frameCount else { return false }
        for channel in 0..<lhs.channels {
            let same = lhs.withChannel(channel) { left in
                rhs.withChannel(channel) { right in left.elementsEqual(right) }
            }
            if !same { return false }
        }
        return true
    }

    /// Replaces this block's samples with `source`'s, converted to `channels`
    /// (this block's current channel count when `nil`).
    ///
    /// - mono to N channels: the mono signal plays on every channel, at full level;
    /// - N channels to mono: the mean of the channels (`(L + R) / 2` for stereo);
    /// - otherwise channel `c` takes source channel `c`, and missing ones are silent.
    ///
    /// Allocates only when the block must grow.
    public mutating func assign(from source: AudioBlock, channels target: Int? = nil) {
        reshape(channels: target ?? channels, frameCount: source.frameCount)
        clear()
        add(source)
    }

    /// A copy of this block with `channels` channels, mixed as ``assign(from:channels:)`` does.
    public func converted(toChannels target: Int) -> AudioBlock {
        var result = AudioBlock(channels: target, frameCount: frameCount)
        result.add(self)
        return result
    }

    /// Adds `gain × other` sample by sample to this block's first
    /// `min(frameCount, other.frameCount)` frames, converting channel layouts as
    /// ``assign(from:channels:)`` does.
    public mutating func add(_ other: AudioBlock, gain: Float = 1) {
        let count = min(frameCount, other.frameCount)
        guard count > 0 else { return }
        if other.channels == 1 {
            for channel in 0..<channels {
                addChannel(channel, from: other, sourceChannel: 0, count: count, gain: gain)
            }
        } else if channels == 1 {
            let share = gain / Float(other.channels)
            for source in 0..<other.channels {
                addChannel(0, from: other, sourceChannel: source, count: count, gain: share)
            }
        } else {
            for channel in 0..<min(channels, other.channels) {
                addChannel(channel, from: other, sourceChannel: channel, count: count, gain: gain)
            }
        }
    }

    private mutating func addChannel(
        _ channel: Int, from other: AudioBlock, sourceChannel: Int, count: Int, gain: Float
    ) {
        other.withChannel(sourceChannel) { source in
            withMutableChannel(channel) { target in
                if gain == 1 {
                    for index in 0..<count { target[index] += source[index] }
                } else {
                    for index in 0..<count { target[index] += gain * source[index] }
                }
            }
        }
    }
}
