/// A block of planar 32-bit float audio: `channels` × `frameCount` samples.
///
/// The samples of all channels live in one array, channel after channel,
/// each channel taking `capacity` slots:
///
///     storage: | ch 0: frameCount used … capacity | ch 1: … |
///
/// Changing `frameCount` within `capacity` never allocates, so a mixer that
/// keeps its blocks and calls ``resize(frameCount:)`` for every encoder frame
/// allocates nothing in steady state. Samples are nominally in `-1 ... 1`
/// (full scale); nothing here clamps them.
public struct AudioBlock: Sendable, Equatable {
    /// Number of planar channels (1 = mono, 2 = stereo, ...).
    public private(set) var channels: Int
    /// Number of valid frames (samples per channel).
    public private(set) var frameCount: Int
    /// Frames each channel can hold without reallocating.
    public private(set) var capacity: Int
    /// Planar samples, `capacity` slots per channel.
    private var storage: [Float]

    /// A silent block.
    /// - Parameters:
    ///   - channels: at least 1.
    ///   - frameCount: the valid frames, all zero.
    ///   - capacity: frames to reserve per channel; at least `frameCount`.
    public init(channels: Int, frameCount: Int, capacity: Int? = nil) {
        precondition(channels >= 1, "an audio block needs at least one channel")
        precondition(frameCount >= 0, "frame count must not be negative")
        let reserved = max(capacity ?? frameCount, frameCount)
        self.channels = channels
        self.frameCount = frameCount
        self.capacity = reserved
        self.storage = [Float](repeating: 0, count: channels * reserved)
    }

    /// A block holding copies of the given channels, which must have equal lengths.
    public init(channelData: [[Float]]) {
        precondition(!channelData.isEmpty, "an audio block needs at least one channel")
        let count = channelData[0].count
        precondition(channelData.allSatisfy { $0.count == count }, "channels must have equal lengths")
        self.init(channels: channelData.count, frameCount: count)
        for (index, samples) in channelData.enumerated() {
            storage.replaceSubrange(index * count..<(index + 1) * count, with: samples)
        }
    }

    /// Sets the number of valid frames. New frames are zero; frames beyond the new
    /// count are discarded. Allocates only when `frameCount` exceeds `capacity`.
    public mutating func resize(frameCount newCount: Int) {
        reshape(channels: channels, frameCount: newCount)
    }

    /// Sets channel count and frame count at once. With an unchanged channel count
    /// this is ``resize(frameCount:)``; a new channel count zeroes every sample.
    /// Allocates only when `channels × frameCount` exceeds the storage held.
    public mutating func reshape(channels newChannels: Int, frameCount newCount: Int) {
        precondition(newChannels >= 1 && newCount >= 0, "invalid block shape")
        if newChannels == channels && newCount <= capacity {
            for channel in 0..<channels where newCount > frameCount {
                let base = channel * capacity
                for index in base + frameCount..<base + newCount { storage[index] = 0 }
            }
            frameCount = newCount
        } else if newChannels == channels {
            var grown = [Float](repeating: 0, count: channels * newCount)
            for channel in 0..<channels {
                for frame in 0..<frameCount {
                    grown[channel * newCount + frame] = storage[channel * capacity + frame]
                }
            }
            storage = grown
            capacity = newCount
            frameCount = newCount
        } else {
            let newCapacity = max(newCount, storage.count / newChannels)
            if storage.count < newChannels * newCapacity {
                storage = [Float](repeating: 0, count: newChannels * newCapacity)
            } else {
                for index in storage.indices { storage[index] = 0 }
            }
            channels = newChannels
            capacity = newCapacity
            frameCount = newCount
        }
    }

    /// Sets every valid sample to zero.
    public mutating func clear() {
        for channel in 0..<channels {
            let base = channel * capacity
            for index in base..<base + frameCount { storage[index] = 0 }
        }
    }

    /// One sample.
    public subscript(channel: Int, frame: Int) -> Float {
        get {
            precondition(channel >= 0 && channel < channels && frame >= 0 && frame < frameCount)
            return storage[channel * capacity + frame]
        }
        set {
            precondition(channel >= 0 && channel < channels && frame >= 0 && frame < frameCount)
            storage[channel * capacity + frame] = newValue
        }
    }

    /// A copy of one channel's valid samples.
    public func samples(channel: Int) -> [Float] {
        precondition(channel >= 0 && channel < channels)
        let base = channel * capacity
        return Array(storage[base..<base + frameCount])
    }

    /// Reads one channel's valid samples without copying.
    public func withChannel<R>(_ channel: Int, _ body: (UnsafeBufferPointer<Float>) throws -> R) rethrows -> R {
        precondition(channel >= 0 && channel < channels)
        let base = channel * capacity
        let count = frameCount
        return try storage.withUnsafeBufferPointer { all in
            try body(UnsafeBufferPointer(rebasing: all[base..<base + count]))
        }
    }

    /// Writes one channel's valid samples in place.
    public mutating func withMutableChannel<R>(
        _ channel: Int, _ body: (UnsafeMutableBufferPointer<Float>) throws -> R
    ) rethrows -> R {
        precondition(channel >= 0 && channel < channels)
        let base = channel * capacity
        let count = frameCount
        return try storage.withUnsafeMutableBufferPointer { all in
            try body(UnsafeMutableBufferPointer(rebasing: all[base..<base + count]))
        }
    }
}
