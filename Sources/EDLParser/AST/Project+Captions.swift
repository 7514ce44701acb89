extension Project {
    /// The tracks with captions on them (`captions:` items, or clips with
    /// their own), by index.
    public var captionTracks: [Int] {
        tracks.indices.filter { index in
            tracks[index].items.contains { item in
                if case .captions = item.content { return true }
                return item.captions != nil
            }
        }
    }

    /// The index of the track named `name` when it has captions; else nil and
    /// the error to report at the name.
    public func captionTrack(named name: Located<String>) -> (index: Int?, problem: Diagnostic?) {
        let withCaptions = captionTracks.map { tracks[$0].displayName(index: $0) }
        guard let index = tracks.firstIndex(where: { $0.name == name.value }) else {
            let hint =
                NameSuggestions.didYouMean(name.value, in: tracks.compactMap(\.name))
                ?? (withCaptions.isEmpty
                    ? "give the track of the captions a 'name:'" : "tracks with captions: \(quotedList(withCaptions))")
            return (nil, .error("no track is named '\(name.value)'", at: name.location, hint: hint))
        }
        guard captionTracks.contains(index) else {
            return (
                nil,
                .error(
                    "track '\(name.value)' has no captions", at: name.location,
                    hint: withCaptions.isEmpty
                        ? "add a 'captions:' item to it, or 'captions:' to a clip"
                        : "tracks with captions: \(quotedList(withCaptions))")
            )
        }
        return (index, nil)
    }

    private func quotedList(_ names: [String]) -> String { names.map { "'\($0)'" }.joined(separator: ", ") }
}
