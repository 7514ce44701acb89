import EDLParser
import Foundation

/// One item as a diff sees it: where it plays and what of its source.
public struct TimelineItem: Sendable, Equatable {
    public var id: String?
    /// The track's name (or `track N`).
    public var track: String
    /// How the item is named in the report: its file, text or colour.
    public var label: String
    public var start: Rational
    public var end: Rational
    /// Source in- and out-points (media items).
    public var sourceIn: Rational?
    public var sourceOut: Rational?
    public var speed: Rational
    /// Its other keys as written (picture, sound, the kind's own), by name.
    public var properties: [String: String]
}

extension Compiler {
    /// The project's items on the timeline, track by track, for `render diff`.
    public func timelineItems(_ project: Project) -> (items: [TimelineItem]?, output: OutputPlan?, diagnostics: [Diagnostic]) {
        var context = CompileContext(project: project)
        guard let (placement, output) = place(&context), !context.hasErrors else { return (nil, nil, context.diagnostics.sorted) }
        let items = placement.items.compactMap { placed -> TimelineItem? in
            guard let end = placed.end else { return nil }
            let track = project.tracks[placed.track].displayName(index: placed.track)
            var item = TimelineItem(
                id: placed.item.id?.value, track: track, label: Self.label(placed.item), start: placed.start, end: end,
                speed: placed.timing.speed, properties: Self.properties(placed.item))
            if case .source = placed.item.content, placed.timing.speed > .zero {
                item.sourceIn = placed.timing.from
                item.sourceOut = placed.timing.from + (end - placed.start) * placed.timing.speed
            }
            return item
        }
        return (items, output, context.diagnostics.sorted)
    }

    static func label(_ item: Item) -> String {
        switch item.content {
        case .source(let reference): return "'\(reference.displayName)'"
        case .color(let color): return "colour \(color)"
        case .text(let text): return "text \(quoted(text.string))"
        case .tone(let frequency): return "tone \(formatNumber(frequency)) Hz"
        case .pattern(let pattern): return "pattern \(pattern.rawValue)"
        case .gradient(let gradient): return "\(gradient.shape.rawValue) gradient"
        case .composition(let composition): return "composition '\(composition.name)'"
        case .gap, .transition: return "?"
        }
    }

    /// Every field of the item's picture and sound, and what it plays, as text
    /// without places in the YAML (moving a line changes nothing).
    static func properties(_ item: Item) -> [String: String] {
        let content: String
        switch item.content {
        case .source(let reference):
            content =
                "\(reference.path) \(String(describing: reference.audioStream)) \(String(describing: reference.videoStream))"
        case .composition(let composition): content = composition.name
        default: content = "\(item.content)"
        }
        var properties = ["content": content]
        for (owner, value) in [("picture", item.picture as Any), ("sound", item.sound as Any)] {
            for child in Mirror(reflecting: value).children {
                guard let name = child.label else { continue }
                properties["\(owner).\(name)"] = String(describing: child.value).replacingOccurrences(
                    of: #"location: [^,)\]]+"#, with: "", options: .regularExpression)
            }
        }
        return properties
    }
}

/// What changed between two versions of an edit, in an editor's words (`render diff`).
public struct TimelineDiff: Sendable {
    public var lines: [String] = []
    public var isEmpty: Bool { lines.isEmpty }

    /// Items match by `id`, else track by track by a longest common subsequence
    /// of their labels (what they play), so an insert or a removal does not make
    /// every later item look changed.
    public init(old: [TimelineItem], new: [TimelineItem], fps: FrameRate) {
        var matched: [(Int, Int)] = []
        var usedOld = Set<Int>()
        var usedNew = Set<Int>()
        let oldByID = Dictionary(old.indices.compactMap { i in old[i].id.map { ($0, i) } }, uniquingKeysWith: min)
        for (j, item) in new.enumerated() {
            guard let id = item.id, let i = oldByID[id] else { continue }
            matched.append((i, j))
            usedOld.insert(i)
            usedNew.insert(j)
        }
        let tracks = (old.map(\.track) + new.map(\.track)).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        for track in tracks {
            let a = old.indices.filter { old[$0].track == track && !usedOld.contains($0) }
            let b = new.indices.filter { new[$0].track == track && !usedNew.contains($0) }
            for (x, y) in Self.commonSubsequence(a.map { old[$0].label }, b.map { new[$0].label }) {
                matched.append((a[x], b[y]))
                usedOld.insert(a[x])
                usedNew.insert(b[y])
            }
        }
        let tc = { (t: Rational) in Self.timecode(t, fps: fps) }
        var entries: [(Rational, String)] = []
        for (i, item) in old.enumerated() where !usedOld.contains(i) {
            entries.append((item.start, "- removed \(item.label) from \(item.track) at \(tc(item.start))–\(tc(item.end))"))
        }
        for (j, item) in new.enumerated() where !usedNew.contains(j) {
            entries.append((item.start, "+ added \(item.label) to \(item.track) at \(tc(item.start))–\(tc(item.end))"))
        }
        for (i, j) in matched {
            let (was, now) = (old[i], new[j])
            var changes: [String] = []
            if was.track != now.track { changes.append("moved from \(was.track) to \(now.track)") }
            if was.sourceIn != now.sourceIn, let a = was.sourceIn, let b = now.sourceIn {
                changes.append("trimmed in \(tc(a)) → \(tc(b))")
            }
            if was.sourceOut != now.sourceOut, let a = was.sourceOut, let b = now.sourceOut {
                changes.append("trimmed out \(tc(a)) → \(tc(b))")
            }
            if was.speed != now.speed { changes.append("retimed ×\(was.speed) → ×\(now.speed)") }
            if was.sourceIn == nil, was.end - was.start != now.end - now.start {
                changes.append("lasts \(TimeValue.readable(was.end - was.start)) → \(TimeValue.readable(now.end - now.start))")
            }
            let changed = Set(was.properties.keys).union(now.properties.keys).sorted().filter {
                was.properties[$0] != now.properties[$0]
            }
            if !changed.isEmpty {
                changes.append(
                    "changed " + changed.map { $0.split(separator: ".").last.map(String.init) ?? $0 }.joined(separator: ", "))
            }
            if was.start != now.start {
                changes.append("moved \(tc(was.start)) → \(tc(now.start))")
            }
            // An item that only moved because an earlier one changed length is news only when alone.
            guard !changes.isEmpty else { continue }
            let name = now.id.map { "\(now.label) (\($0))" } ?? now.label
            entries.append((now.start, "~ \(name) at \(tc(now.start)): " + changes.joined(separator: "; ")))
        }
        lines = entries.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// `HH:MM:SS:FF` at the output's rate (non-drop, counted at its whole rate).
    public static func timecode(_ seconds: Rational, fps: FrameRate) -> String {
        let nominal = max(fps.rate.ceil, 1)
        let frame = (seconds * fps.rate).rounded
        let (totalSeconds, frames) = (frame / nominal, frame % nominal)
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(two(totalSeconds / 3600)):\(two(totalSeconds / 60 % 60)):\(two(totalSeconds % 60)):\(two(frames))"
    }

    /// Index pairs of a longest common subsequence of `a` and `b`.
    static func commonSubsequence(_ a: [String], _ b: [String]) -> [(Int, Int)] {
        // Equal heads and tails match as they are: the table is only as large as the edited middle.
        var head = 0
        while head < min(a.count, b.count), a[head] == b[head] { head += 1 }
        var tail = 0
        while tail < min(a.count, b.count) - head, a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
        let middle = middleSubsequence(Array(a[head..<(a.count - tail)]), Array(b[head..<(b.count - tail)]))
        return (0..<head).map { ($0, $0) } + middle.map { ($0.0 + head, $0.1 + head) }
            + (0..<tail).reversed().map { (a.count - 1 - $0, b.count - 1 - $0) }
    }

    private static func middleSubsequence(_ a: [String], _ b: [String]) -> [(Int, Int)] {
        let (n, m) = (a.count, b.count)
        guard n > 0, m > 0 else { return [] }
        var lengths = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lengths[i][j] = a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var pairs: [(Int, Int)] = []
        var (i, j) = (0, 0)
        while i < n, j < m {
            if a[i] == b[j] {
                pairs.append((i, j))
                (i, j) = (i + 1, j + 1)
            } else if lengths[i + 1][j] >= lengths[i][j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return pairs
    }
}
