import EDLParser

/// What changed between two versions of an edit, in an editor's words (`render diff`).
public struct TimelineDiff: Sendable {
    public var lines: [String] = []
    public var isEmpty: Bool { lines.isEmpty }

    /// Items match by `id`; else, on each track in order: the same content
    /// (file and source range, text, colour), then the same label (a trimmed
    /// clip), then the same label out of order (a reordered clip), then the same
    /// kind at an overlapping time (a reworded title, another transition).
    public init(old: EditTimeline, new: EditTimeline, fps: FrameRate) {
        let tc = { (t: Rational) in Self.timecode(t, fps: fps) }
        var entries: [(start: Rational, line: String)] = []
        for track in new.tracks {
            guard let was = old.tracks.first(where: { $0.name == track.name }) else { continue }
            let changes = Self.changes(was.properties, track.properties)
            if !changes.isEmpty { entries.append((.zero, "~ \(track.name): " + changes.joined(separator: "; "))) }
        }
        let (a, b) = (old.items, new.items)
        var matched: [(Int, Int)] = []
        var usedOld = Set<Int>()
        var usedNew = Set<Int>()
        func match(_ pairs: [(Int, Int)]) {
            for (i, j) in pairs {
                matched.append((i, j))
                usedOld.insert(i)
                usedNew.insert(j)
            }
        }
        let oldByID = Dictionary(a.indices.compactMap { i in a[i].id.map { ($0, i) } }, uniquingKeysWith: min)
        match(b.indices.compactMap { j in b[j].id.flatMap { oldByID[$0] }.map { ($0, j) } })
        let tracks = (a.map(\.track) + b.map(\.track)).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        for track in tracks {
            func left() -> ([Int], [Int]) {
                (
                    a.indices.filter { a[$0].track == track && !usedOld.contains($0) },
                    b.indices.filter { b[$0].track == track && !usedNew.contains($0) }
                )
            }
            func inOrder(_ key: (TimelineItem) -> String) {
                let (x, y) = left()
                match(CommonSubsequence.pairs(x.map { key(a[$0]) }, y.map { key(b[$0]) }).map { (x[$0.0], y[$0.1]) })
            }
            inOrder { "\($0.label) \(String(describing: $0.sourceIn)) \(String(describing: $0.sourceOut))" }
            inOrder(\.label)
            var reordered: [String: [Int]] = [:]
            let (x, y) = left()
            for i in x.reversed() { reordered[a[i].label, default: []].append(i) }
            match(y.compactMap { j in reordered[b[j].label]?.popLast().map { ($0, j) } })
            let (p, q) = left()
            match(
                CommonSubsequence.pairs(p.map { a[$0].kind }, q.map { b[$0].kind }).map { (p[$0.0], q[$0.1]) }.filter {
                    a[$0.0].start < b[$0.1].end && b[$0.1].start < a[$0.0].end
                })
        }
        for (i, item) in a.enumerated() where !usedOld.contains(i) {
            entries.append((item.start, "- removed \(item.label) from \(item.track) at \(tc(item.start))–\(tc(item.end))"))
        }
        for (j, item) in b.enumerated() where !usedNew.contains(j) {
            entries.append((item.start, "+ added \(item.label) to \(item.track) at \(tc(item.start))–\(tc(item.end))"))
        }
        for (i, j) in matched {
            let (was, now) = (a[i], b[j])
            var changes: [String] = []
            if was.track != now.track { changes.append("moved from \(was.track) to \(now.track)") }
            // Ranges compared as played forwards; a change of direction is said on its own.
            let (wasPlayed, nowPlayed) = (was.playedForwards, now.playedForwards)
            if let wasPlayed, let nowPlayed, wasPlayed.backwards != nowPlayed.backwards {
                changes.append(nowPlayed.backwards ? "reversed" : "plays forwards again")
            }
            if let (wasIn, wasOut, _) = wasPlayed, let (nowIn, nowOut, _) = nowPlayed, wasIn != nowIn,
                nowIn - wasIn == nowOut - wasOut
            {
                // In and out moved together: the same length of the source, further on or back.
                changes.append("slipped \(tc(wasIn))–\(tc(wasOut)) → \(tc(nowIn))–\(tc(nowOut))")
            } else {
                if wasPlayed?.in != nowPlayed?.in, let from = wasPlayed?.in, let to = nowPlayed?.in {
                    changes.append("trimmed in \(tc(from)) → \(tc(to))")
                }
                if wasPlayed?.out != nowPlayed?.out, let from = wasPlayed?.out, let to = nowPlayed?.out {
                    changes.append("trimmed out \(tc(from)) → \(tc(to))")
                }
            }
            if was.changesRate != now.changesRate || (!now.changesRate && was.speed != now.speed) {
                let rate = { (item: TimelineItem) in item.changesRate ? "a changing speed" : "×\(item.speed)" }
                changes.append("retimed \(rate(was)) → \(rate(now))")
            }
            if was.sourceIn == nil, was.end - was.start != now.end - now.start {
                changes.append("lasts \(TimeValue.readable(was.end - was.start)) → \(TimeValue.readable(now.end - now.start))")
            }
            changes += Self.changes(was.properties, now.properties)
            if was.start != now.start {
                changes.append("moved \(tc(was.start)) → \(tc(now.start))")
            }
            guard !changes.isEmpty else { continue }
            let name = now.id.map { "\(now.label) (\($0))" } ?? now.label
            entries.append((now.start, "~ \(name) at \(tc(now.start)): " + changes.joined(separator: "; ")))
        }
        lines = entries.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(
            \.element.line)
    }

    /// `KEY OLD → NEW` for each key whose value changed, in the new version's
    /// order; a key left out (its default) is `not set`.
    static func changes(_ old: [TimelineProperty], _ new: [TimelineProperty]) -> [String] {
        let was = Dictionary(old.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let now = Dictionary(new.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let keys = new.map(\.key) + old.map(\.key).filter { now[$0] == nil }
        return keys.compactMap { key in
            let (from, to) = (was[key], now[key])
            guard from?.value != to?.value else { return nil }
            if case .timeline = (to ?? from)?.value { return "its contents changed" }
            return "\(key) \(from?.text ?? "not set") → \(to?.text ?? "not set")"
        }
    }

    /// `HH:MM:SS:FF` at the output's rate (non-drop, counted at its whole rate).
    public static func timecode(_ seconds: Rational, fps: FrameRate) -> String {
        let nominal = max(fps.rate.ceil, 1)
        let frame = (seconds * fps.rate).rounded
        let (totalSeconds, frames) = (frame / nominal, frame % nominal)
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(two(totalSeconds / 3600)):\(two(totalSeconds / 60 % 60)):\(two(totalSeconds % 60)):\(two(frames))"
    }
}

extension TimelineItem {
    /// The source range it plays, as its in and out points forwards, and
    /// whether it plays them backwards.
    var playedForwards: (in: Rational, out: Rational, backwards: Bool)? {
        guard let sourceIn, let sourceOut else { return nil }
        return sourceOut < sourceIn ? (sourceOut, sourceIn, true) : (sourceIn, sourceOut, false)
    }
}
