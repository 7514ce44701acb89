import Foundation
import Subtitles
import Yams

extension ItemReader {
    /// The largest subtitle file read: ten hours of dense cues is a few MiB.
    static let subtitleSizeLimit = 32 << 20

    /// `captions: FILE`: the subtitle file read into cues, each problem in it
    /// reported at its line with the item that uses it. `style` draws the cues.
    /// On a clip (`clip` its source), `embedded` or a stream index names a
    /// subtitle stream of the clip's file instead, read when it is probed.
    func readCaptions(
        _ node: Node, style: TextContent, _ keys: [String: ParseContext.Entry], clip: SourceReference? = nil
    ) -> Captions? {
        var highlight: CaptionHighlight?
        if let entry = keys["highlight"] {
            guard let read = readHighlight(entry.value) else { return nil }
            highlight = read
        }
        var maxChars: Int?
        if let entry = keys["max_chars"] {
            guard let count = context.integer(entry.value, "max_chars", in: 1...1000) else { return nil }
            maxChars = count
        }
        var style = style
        if let entry = keys["max_lines"] {
            guard let count = context.integer(entry.value, "max_lines", in: 1...100) else { return nil }
            style.maxLines = count
        }
        var lines = WordLines(maxChars: maxChars ?? WordLines().maxChars)
        // A character is taken as half the font size wide: grouping is done before any font is opened.
        if let width = style.maxWidth { lines.maxChars = min(lines.maxChars, max(1, Int(width / (style.fontSize / 2)))) }
        let location = context.location(of: node)
        if let stream = subtitleStream(node) {
            guard let clip else {
                context.error(
                    "'\(node.scalar?.string ?? "")' names a subtitle stream of a clip's own file; this item has no file",
                    at: node, hint: "give it to the clip: { source: talk.mp4, captions: embedded }, or name a subtitle file")
                return nil
            }
            var captions = Captions(path: clip.path, written: clip.written, cues: [], style: style, location: location)
            (captions.stream, captions.highlight) = (stream, highlight)
            return captions
        }
        guard let written = context.text(node, "captions"), let path = context.value(node, "captions", reader.paths.resolve)
        else { return nil }
        guard let format = SubtitleReader.Format(path: path) else {
            let streams = clip == nil ? [] : ["embedded"]
            context.error(
                "'\(written)' is not a subtitle file Cutlist reads", at: node,
                hint: NameSuggestions.didYouMean(written, in: streams)
                    ?? "captions are read from SRT (.srt), WebVTT (.vtt), ASS or SSA (.ass, .ssa) and words (.json) files"
                    + (clip == nil ? "" : ", or from the clip's own file with 'embedded' or a stream's index"))
            return nil
        }
        let file = reader.relativeName(path)
        let data: Data
        switch context.nesting.reader.data(path, limit: Self.subtitleSizeLimit) {
        case .success(let read): data = read
        case .failure(let problem):
            context.error(
                "subtitle file '\(written)' \(problem.description)", at: node,
                hint: problem == .missing ? "check the path; it is relative to the project file" : nil)
            return nil
        }
        let (text, reading) = SubtitleReader.read(data, format: format, file: file, lines: lines)
        if let text { context.nesting.files[file] = text }
        let user = "the captions of the item at \(location)"
        for diagnostic in reading.diagnostics {
            var diagnostic = diagnostic
            diagnostic.hint = [diagnostic.hint, user].compactMap { $0 }.joined(separator: "; ")
            context.diagnostics.append(diagnostic)
        }
        guard reading.diagnostics.isEmpty else { return nil }
        var captions = Captions(path: path, written: written, cues: reading.cues, style: style, location: location)
        captions.highlight = highlight
        if format.isScript { captions.script = text }
        captions.maxChars = maxChars
        return captions
    }

    /// `embedded` or a stream index (a whole number); nil for anything else.
    private func subtitleStream(_ node: Node) -> SubtitleStream? {
        guard let scalar = node.scalar else { return nil }
        if scalar.string == "embedded" { return .first }
        return Int(scalar.string).flatMap { $0 >= 0 ? .index($0) : nil }
    }

    /// A clip's `captions`: a file or a stream of the clip's file (`clip`), or
    /// `{ file, ...text keys }`, styled over `defaults.captions`.
    func readClipCaptions(_ node: Node, clip: SourceReference?) -> Captions? {
        let allowed = ["file"] + Self.textKeys + Self.captionsKeys
        let given = node.mapping == nil ? Node.mapping(Node.Mapping([])) : node
        let styled = reader.defaults.applied(to: given, styles: [.captions], allowed: allowed)
        guard let keys = context.entries(of: styled, in: "'captions'", allowed: allowed) else { return nil }
        var file = node
        if node.mapping != nil {
            guard let entry = keys["file"] else {
                context.error("'captions' needs 'file': the subtitle file", at: node)
                return nil
            }
            file = entry.value
        }
        let captions = readText("", keys).flatMap { readCaptions(file, style: $0, keys, clip: clip) }
        if captions?.script != nil, case .mapping(let mapping) = node { rejectTextKeys(in: mapping) }
        return captions
    }

    /// `highlight: { color, mode }`: how timed words show as they are spoken.
    private func readHighlight(_ node: Node) -> CaptionHighlight? {
        guard let keys = context.entries(of: node, in: "'highlight'", allowed: ["color", "mode", "pop"]) else { return nil }
        var highlight = CaptionHighlight(color: Color(red: 1, green: 1, blue: 0))
        if let entry = keys["color"] {
            guard let color = context.value(entry.value, "color", ValueSyntax.color) else { return nil }
            highlight.color = color
        }
        if let entry = keys["mode"] {
            guard let mode = context.word(entry.value, "mode", CaptionHighlight.Mode.self) else { return nil }
            highlight.mode = mode
        }
        if let entry = keys["pop"] {
            guard let pop = context.bool(entry.value, "pop") else { return nil }
            guard highlight.mode == .word else {
                context.error("'pop' is for 'mode: word', which shows one word at a time", at: entry.keyNode)
                return nil
            }
            highlight.pop = pop
        }
        return highlight
    }
}
