import Yams

extension ProjectParser {
    static let assetKeys = ["path", "audio_stream", "video_stream"]

    /// `assets:` — `name: path` or `name: {path, audio_stream, video_stream}`.
    static func readAssets(_ node: Node, _ paths: PathResolver, _ context: ParseContext) -> [Asset] {
        guard case .mapping(let mapping) = node else {
            context.error("'assets' must be a mapping of names to paths, not \(context.describe(node))", at: node)
            return []
        }
        var assets: [Asset] = []
        for (keyNode, value) in mapping {
            guard case .scalar(let key) = keyNode else {
                context.error("an asset's name must be a plain word", at: keyNode)
                continue
            }
            let name = key.string
            if name.hasPrefix("x-") { continue }
            if assets.contains(where: { $0.name == name }) {
                context.error("asset '\(name)' is defined twice", at: keyNode)
                continue
            }
            var pathNode = value
            var asset = Asset(name: name, path: "", location: context.location(of: keyNode))
            if case .mapping = value {
                guard let entries = context.entries(of: value, in: "asset '\(name)'", allowed: assetKeys) else { continue }
                guard let path = entries["path"] else {
                    context.error("asset '\(name)' needs a 'path'", at: value)
                    context.brokenAssets.insert(name)
                    continue
                }
                pathNode = path.value
                asset.audioStream = entries["audio_stream"].flatMap { context.integer($0.value, "audio_stream", in: 0...63) }
                asset.videoStream = entries["video_stream"].flatMap { context.integer($0.value, "video_stream", in: 0...63) }
            }
            guard let path = context.value(pathNode, "path", paths.resolve) else {
                context.brokenAssets.insert(name)
                continue
            }
            asset.path = path
            assets.append(asset)
        }
        return assets
    }
}
