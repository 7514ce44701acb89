import EDLParser

/// Pass 1: probe every distinct source path once, in file order. A failure is a
/// diagnostic at the first `source:` naming the path. Texts with a `crop` are
/// measured.
struct MediaProber {
    let media: any MediaInfo

    func probe(_ context: inout CompileContext) {
        var failed: Set<String> = []
        for track in context.project.tracks {
            for item in track.items where !context.failedItems.contains(item.location) {
                if case .text(let text) = item.content, item.picture.crop != nil, context.textSizes[text] == nil {
                    context.textSizes[text] = media.textSize(text)
                }
                guard case .source(let reference) = item.content else { continue }
                let path = reference.path
                guard context.facts[path] == nil, !failed.contains(path) else { continue }
                if path.contains("://") {
                    failed.insert(path)
                    context.error("'\(reference.displayName)' is a URL; sources must be local files", at: reference.location)
                    continue
                }
                do {
                    context.facts[path] = try media.facts(forPath: path)
                } catch {
                    failed.insert(path)
                    context.error("cannot read '\(reference.displayName)': \(error.message)", at: reference.location)
                }
            }
        }
    }
}
