/// A planar multi-channel FIFO of samples addressed by absolute stream index.
///
/// Samples dropped from the front are only forgotten logically; the storage is
/// compacted once the dead prefix is both large and at least half of it, so
/// dropping and appending cost amortised constant time per sample and the
/// storage stops growing once the stream runs at a steady pace.
struct SampleQueue: Sendable {
    let channels: Int
    /// Absolute index of the first sample held.
    private(set) var start: Int64 = 0
    private var data: [[Float]]
    private var offset = 0

    init(channels: Int) {
        self.channels = channels
        data = [[Float]](repeating: [], count: channels)
    }

    /// Number of frames held.
    var count: Int { data[0].count - offset }
    /// Absolute index one past the last sample held.
    var end: Int64 { start + Int64(count) }

    /// Appends `frames` of `block`, converting its channel layout as `AudioBlock.add` does.
    mutating func append(_ block: AudioBlock, frames: Range<Int>) {
        guard !frames.isEmpty else { return }
        if block.channels == channels {
            for channel in 0..<channels {
                block.withChannel(channel) { data[channel].append(contentsOf: $0[frames]) }
            }
        } else {
            var converted = AudioBlock(channels: channels, frameCount: frames.count)
            converted.add(
                AudioBlock(
                    channelData: (0..<block.channels).map {
                        Array(block.samples(channel: $0)[frames])
                    }))
            append(converted, frames: 0..<frames.count)
        }
    }

    /// Appends `count` frames from the front of each of `channelData`.
    mutating func append(_ channelData: [[Float]], count: Int) {
        for channel in 0..<channels {
            data[channel].append(contentsOf: channelData[channel][0..<count])
        }
    }

    /// Appends `count` silent frames.
    mutating func appendSilence(_ count: Int) {
        guard count > 0 else { return }
        for channel in 0..<channels {
            data[channel].append(contentsOf: repeatElement(0, count: count))
        }
    }

    /// Forgets every sample before absolute index `index`.
    mutating func drop(before index: Int64) {
        let removed = Int(min(max(index - start, 0), Int64(count)))
        offset += removed
        start += Int64(removed)
        if offset >= 4096 && offset * 2 >= data[0].count {
            for channel in 0..<channels { data[channel].removeFirst(offset) }
            offset = 0
        }
    }

    /// Moves up to `maxFrames` frames from the front into `block`, reshaped to hold them.
    mutating func pop(into block: inout AudioBlock, maxFrames: Int) -> Int {
        let taken = max(0, min(maxFrames, count))
        block.reshape(channels: channels, frameCount: taken)
        for channel in 0..<channels {
            let base = offset
            data[channel].withUnsafeBufferPointer { source in
                block.withMutableChannel(channel) { target in
                    for index in 0..<taken { target[index] = source[base + index] }
                }
            }
        }
        drop(before: start + Int64(taken))
        return taken
    }

    /// Reads channel `channel`; `body` gets the storage and the position in it of
    /// absolute index `start`, so absolute index `i` is at `base + (i - start)`.
    func withChannel<R>(_ channel: Int, _ body: (UnsafeBufferPointer<Float>, _ base: Int) -> R) -> R {
        data[channel].withUnsafeBufferPointer { body($0, offset) }
    }
}
