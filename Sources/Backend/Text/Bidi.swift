/// A small subset of the Unicode bidirectional algorithm: enough to put
/// Arabic and Hebrew right-to-left, keep Latin and digits left-to-right
/// inside them, and give spaces and punctuation their neighbours' direction.
/// (No explicit embeddings, no mirrored brackets.)
enum Bidi {
    enum Strength { case leftToRight, rightToLeft, neutral }

    static func strength(of scalar: Unicode.Scalar) -> Strength {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF:
            return .rightToLeft
        default:
            let properties = scalar.properties
            if properties.isAlphabetic || properties.numericType != nil { return .leftToRight }
            return .neutral
        }
    }

    /// Embedding levels per cluster: even left-to-right, odd right-to-left.
    /// The paragraph takes the direction of its first strong character.
    static func levels(of paragraph: Paragraph) -> [Int] {
        let strengths = paragraph.clusters.indices.map { strength(of: paragraph.base(of: $0)) }
        let paragraphRTL = strengths.first { $0 != .neutral } == .rightToLeft
        let paragraphStrength: Strength = paragraphRTL ? .rightToLeft : .leftToRight
        var resolved = strengths
        var previous = paragraphStrength
        var i = 0
        while i < resolved.count {
            guard resolved[i] == .neutral else {
                previous = resolved[i]
                i += 1
                continue
            }
            var end = i
            while end < resolved.count, resolved[end] == .neutral { end += 1 }
            let next = end < resolved.count ? resolved[end] : paragraphStrength
            let direction = previous == next ? next : paragraphStrength
            for j in i..<end { resolved[j] = direction }
            i = end
        }
        return resolved.map { strength in
            switch (paragraphRTL, strength) {
            case (false, .rightToLeft): return 1
            case (true, .leftToRight): return 2
            case (true, _): return 1
            default: return 0
            }
        }
    }

    /// Visual order of items with the given levels (rule L2): from the highest
    /// level down to the lowest odd one, reverse every stretch at or above it.
    static func visualOrder(levels: [Int]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), let lowest = levels.min() else { return order }
        let lowestOdd = lowest % 2 == 1 ? lowest : lowest + 1
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= level else {
                    i += 1
                    continue
                }
                var end = i
                while end < order.count, levels[order[end]] >= level { end += 1 }
                order[i..<end].reverse()
                i = end
            }
            level -= 1
        }
        return order
    }
}
