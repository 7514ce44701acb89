/// The minimum of the last `length` values pushed, in amortised constant time
/// (a monotonic queue in fixed ring storage: no allocation after `init`).
struct SlidingMinimum: Sendable {
    let length: Int
    private var values: [Double]
    private var stamps: [Int64]
    private var head = 0
    private var count = 0
    private var clock: Int64 = 0

    init(length: Int) {
        precondition(length >= 1)
        self.length = length
        values = [Double](repeating: 0, count: length)
        stamps = [Int64](repeating: 0, count: length)
    }

    /// Pushes `value` and returns the minimum of it and the `length - 1` values before it.
    mutating func push(_ value: Double) -> Double {
        // Drop the front once it leaves the window (before pushing, so `length` slots suffice).
        if count > 0, stamps[head] <= clock - Int64(length) {
            head = slot(1)
            count -= 1
        }
        // Drop queued values no smaller than the new one: they can never be the minimum again.
        while count > 0, values[slot(count - 1)] >= value { count -= 1 }
        values[slot(count)] = value
        stamps[slot(count)] = clock
        count += 1
        clock += 1
        return values[head]
    }

    private func slot(_ offset: Int) -> Int {
        (head + offset) % length
    }
}
