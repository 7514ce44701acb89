extension RandomAccessCollection where Index == Int {
    /// The index of the first element for which `isBefore` is false, in
    /// O(log n): the elements are ordered so that every one for which it holds
    /// comes first (a sorted array and "less than x", say).
    public func partitionPoint(_ isBefore: (Element) -> Bool) -> Int {
        var (low, high) = (startIndex, endIndex)
        while low < high {
            let middle = low + (high - low) / 2
            if isBefore(self[middle]) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
