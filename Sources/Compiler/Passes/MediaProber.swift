import EDLParser
import Subtitles

/// Pass 1: probe every distinct source path once, in file order. A failure is a
/// diagnostic at the first `source:` naming the path. Texts with a `crop` are
/// measured. A clip's `captions: embedded` (or a stream index) is given its
/// subtitle stream's cues, or an error at the key.
struct MediaProber {
    let media: any MediaInfo

    func probe(_ context: inout CompileContext) {
        var failed: Set<String> = []
        for (trackIndex, track) in context.project.tracks.enumerated() {
            for (itemIndex, item) in track.items.enumerated() where !context.failedItems.contains(item.location) {
                if case .text(let text) = item.content, item.picture.crop != nil, context.textSizes[text] == nil {
                    context.textSizes[text] = media.textSize(text)
                }
                guard case .source(let reference) = item.content else { continue }
                probe(reference, failed: &failed, &context)
                if let captions = item.captions, let stream = captions.stream, !failed.contains(reference.path) {
                    let cues = readCues(stream, of: reference, at: captions.location, &context)
                    context.project.tracks[trackIndex].items[itemIndex].captions?.cues = cues
                }
            }
        }
    }

    private func probe(_ reference: SourceReference, failed: inout Set<String>, _ context: inout CompileContext) {
        let path = reference.path
        guard context.facts[path] == nil, !failed.contains(path) else { return }
        if path.contains("://") {
            failed.insert(path)
            context.error("'\(reference.displayName)' is a URL; sources must be local files", at: reference.location)
            return
        }
        do {
            context.facts[path] = try media.facts(forPath: path)
        } catch {
            failed.insert(path)
            context.error("cannot read '\(reference.displayName)': \(error.message)", at: reference.location)
        }
    }

    /// The stream's cues; an error at the `captions` key (`location`) when it cannot be read.
    private func readCues(
        _ stream: SubtitleStream, of reference: SourceReference, at location: SourceLocation,
        _ context: inout CompileContext
    ) -> [CaptionCue] {
        do {
            return try media.subtitleCues(forPath: reference.path, stream: stream)
        } catch {
            context.error("cannot read the captions of '\(reference.displayName)': \(error.message)", at: location)
            return []
        }
    }
}
