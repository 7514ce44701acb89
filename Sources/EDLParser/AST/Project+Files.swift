extension Project {
    /// Every file the project reads, with the location of the YAML that names it:
    /// each source item's file and each font given as a path. Unused assets are
    /// included too, so a typo in one is found before it is used.
    public var referencedFiles: [Located<String>] {
        var files: [Located<String>] = []
        var seen = Set<String>()
        func add(_ path: String, _ location: SourceLocation) {
            if seen.insert(path).inserted { files.append(Located(path, at: location)) }
        }
        func walk(_ tracks: [Track]) {
            for track in tracks {
                for item in track.items {
                    switch item.content {
                    case .source(let source): add(source.path, source.location)
                    case .text(let text) where text.font.hasPrefix("/"): add(text.font, item.location)
                    case .composition(let composition): walk(composition.tracks)
                    default: break
                    }
                    for case let file? in item.picture.filters.map(\.file) { add(file.value, file.location) }
                }
                for case let file? in track.filters.map(\.file) { add(file.value, file.location) }
            }
        }
        walk(tracks)
        for asset in assets { add(asset.path, asset.location) }
        return files
    }
}
