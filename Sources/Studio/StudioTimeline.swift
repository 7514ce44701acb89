import Compiler
import EDLParser
import Foundation
import Interchange

/// The timeline the page draws: each track's items and transitions with their
/// times, source ranges in timecode, keys and places in the YAML.
enum StudioTimeline {
    static func tracks(of version: StudioVersion) -> [[String: Any]] {
        guard let timeline = version.timeline else { return [] }
        let fps = version.plan.output.fps
        let tc = { (time: Rational) in TimelineDiff.timecode(time, fps: fps) }
        return timeline.tracks.map { track in
            let items = timeline.items.enumerated().filter { $0.element.track == track.name && $0.element.kind != "gap" }
            return [
                "name": track.name,
                "items": items.map { index, item -> [String: Any] in
                    var entry: [String: Any] = [
                        "index": index, "kind": item.kind, "label": item.label, "id": item.id ?? NSNull(),
                        "start": item.start.approximateDouble, "end": item.end.approximateDouble,
                        "startFrame": (item.start * fps.rate).ceil, "endFrame": (item.end * fps.rate).ceil,
                        "timecode": "\(tc(item.start))–\(tc(item.end))",
                        "properties": item.properties.map { [$0.key, $0.text] },
                    ]
                    if let from = item.sourceIn, let to = item.sourceOut { entry["source"] = "\(tc(from))–\(tc(to))" }
                    if let location = item.location {
                        entry["file"] = URL(fileURLWithPath: location.file).standardizedFileURL.path
                        entry["line"] = location.line
                        entry["column"] = location.column
                        entry["place"] =
                            "\(relativePath(location.file, to: version.plan.directory)):\(location.line):\(location.column)"
                    }
                    return entry
                },
            ]
        }
    }
}
