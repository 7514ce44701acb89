import Compiler
import EDLParser
import Foundation
import Interchange

/// The timeline the page draws: each track's items and transitions with their
/// times, source ranges in timecode, keys and places in the YAML.
enum StudioTimeline {
    struct Track: Encodable {
        var name: String
        var items: [Item]
    }

    struct Item: Encodable {
        /// Its number on the whole timeline, by which the page names it to the server.
        var index: Int
        var kind: String
        var label: String
        var id: String?
        /// Seconds.
        var start: Double
        var end: Double
        var startFrame: Int64
        var endFrame: Int64
        var timecode: String
        /// Each key and its value as the project writes them.
        var properties: [[String]]
        /// Its source range in timecode.
        var source: String?
        /// True when its source plays backwards (the page marks it); nil otherwise.
        var reversed: Bool?
        /// Where a changing speed ramps, freezes or runs backwards: kind and seconds from the item's start.
        var retiming: [Stretch]?
        /// Where the project writes it: the file's absolute path, line and column, and `file:line:column` to show.
        var file: String?
        var line: Int?
        var column: Int?
        var place: String?
    }

    struct Stretch: Encodable {
        var kind: String
        var start: Double
        var end: Double
    }

    static func tracks(of version: StudioVersion) -> [Track] {
        guard let timeline = version.timeline else { return [] }
        let fps = version.plan.output.fps
        let tc = { (time: Rational) in TimelineDiff.timecode(time, fps: fps) }
        return timeline.tracks.map { track in
            let items = timeline.items.enumerated().filter { $0.element.track == track.name && $0.element.kind != "gap" }
            return Track(
                name: track.name,
                items: items.map { index, item in
                    var entry = Item(
                        index: index, kind: item.kind, label: item.label, id: item.id, start: item.start.approximateDouble,
                        end: item.end.approximateDouble, startFrame: (item.start * fps.rate).ceil,
                        endFrame: (item.end * fps.rate).ceil, timecode: "\(tc(item.start))–\(tc(item.end))",
                        properties: item.properties.map { [$0.key, $0.text] })
                    if let from = item.sourceIn, let to = item.sourceOut {
                        entry.source = "\(tc(from))–\(tc(to))"
                        if to < from { entry.reversed = true }
                    }
                    if !item.retiming.isEmpty {
                        entry.retiming = item.retiming.map {
                            Stretch(kind: $0.kind.rawValue, start: $0.start.approximateDouble, end: $0.end.approximateDouble)
                        }
                    }
                    if let location = item.location {
                        entry.file = URL(fileURLWithPath: location.file).standardizedFileURL.path
                        entry.line = location.line
                        entry.column = location.column
                        entry.place =
                            "\(relativePath(location.file, to: version.plan.directory)):\(location.line):\(location.column)"
                    }
                    return entry
                })
        }
    }
}
