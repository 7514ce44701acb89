extension Project {
    /// Every file the project reads, with the location of the YAML that names it:
    /// each source item's file and each font given as a path. Unused assets are
    /// included too, so a typo in one is found before it is used.
    public var referencedFiles: [Located<String>] {
        var files: [Located<String>] = []
        var seen = Set<String>()
        let all =
            tracks.flatMap { track in track.items.flatMap(\.referencedFiles) + track.filters.compactMap(\.file) }
            + assets.map { Located($0.path, at: $0.location) }
        for file in all where seen.insert(file.value).inserted { files.append(file) }
        return files
    }
}

extension Item {
    /// The files the item reads (its own and those of the items of its composition).
    public var referencedFiles: [Located<String>] {
        var files: [Located<String>] = []
        switch content {
        case .source(let source): files.append(Located(source.path, at: source.location))
        case .text(let text) where text.font.hasPrefix("/"): files.append(Located(text.font, at: location))
        case .captions(let captions): files.append(Located(captions.path, at: captions.location))
        case .composition(let composition):
            for track in composition.tracks {
                files += track.items.flatMap(\.referencedFiles) + track.filters.compactMap(\.file)
            }
        default: break
        }
        if let captions { files.append(Located(captions.path, at: captions.location)) }
        return files + picture.filters.compactMap(\.file)
    }
}
