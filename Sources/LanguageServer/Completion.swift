import EDLParser
import Foundation

extension DocumentAnalysis {
    /// Keys the schema allows at the cursor, or the values a key takes: words
    /// from the schema, names the project defines, media files by kind.
    func completions(at position: Position) -> [CompletionItem] {
        let index = document.index
        let offset = index.offset(of: position)
        let lineStart = index.lineRange(position.line).lowerBound
        let before = String(decoding: index.bytes[lineStart..<offset], as: UTF8.self)
        if let (key, typed, colon) = Self.valueBeingTyped(before) {
            // The partial value made a whole one, so the document parses and tells where it stands.
            let line = index.lineText(position.line)
            let open = line.count { "{[".contains($0) } - line.count { "}]".contains($0) }
            let outline = Self.outline(
                index, replacing: offset - typed.utf8.count..<offset, with: "x" + String(repeating: "}", count: max(open, 0)))
            return values(for: key, typed: typed, path: outline.scalar(at: lineStart + colon - 1)?.path ?? [.key(key)], outline)
        }
        guard let (typed, inFlow) = Self.keyBeingTyped(before) else { return [] }
        // The partial key made a key (with a value and the flow mapping closed, inside one).
        let word = typed.isEmpty ? "x-completing" : typed
        var made = word + ": "
        if inFlow {
            let line = index.lineText(position.line)
            let open = line.count { "{[".contains($0) } - line.count { "}]".contains($0) }
            made += "x" + String(repeating: "}", count: max(open, 0))
        }
        let outline = Self.outline(index, replacing: offset - typed.utf8.count..<offset, with: made)
        guard let key = outline.scalar(at: offset - typed.utf8.count), key.isKey else { return [] }
        let parent = Array(key.path.dropLast())
        let existing = (outline.collection(at: parent)?.keys ?? []).filter { $0 != word }
        return Self.schema.keys(at: parent, existing: existing).map {
            CompletionItem(label: $0.name, kind: .property, detail: $0.detail)
        }
    }

    static let schema = SchemaKeys()

    static func outline(_ index: LineIndex, replacing range: Swift.Range<Int>, with text: String) -> YAMLOutline {
        var bytes = index.bytes
        bytes.replaceSubrange(range, with: Array(text.utf8))
        return YAMLOutline(LineIndex(String(decoding: bytes, as: UTF8.self)))
    }

    /// `  - dur` → `dur`, `- { source: a.mp4, fr` → `fr` in a flow mapping; nil
    /// when the cursor is not where a key is written.
    static func keyBeingTyped(_ before: String) -> (typed: String, inFlow: Bool)? {
        func isWord(_ text: Substring) -> Bool { text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" } }
        var text = Substring(before).drop { $0 == " " }
        if text.hasPrefix("- ") { text = text.dropFirst(2).drop { $0 == " " } }
        guard text.hasPrefix("{") else { return isWord(text) ? (String(text), false) : nil }
        // In a flow mapping: after its `{` or a `,` at its own depth, outside quotes.
        var depth = 0
        var quote: Character?
        var start = text.startIndex
        for index in text.indices {
            let character = text[index]
            if let open = quote {
                if character == open { quote = nil }
                continue
            }
            switch character {
            case "\"", "'": quote = character
            case "{", "[":
                depth += 1
                if character == "{" { start = text.index(after: index) }
            case "}", "]": depth -= 1
            case "," where depth >= 1: start = text.index(after: index)
            default: break
            }
        }
        let typed = text[start...].drop { $0 == " " }
        return quote == nil && depth >= 1 && isWord(typed) ? (String(typed), true) : nil
    }

    /// `  transition: cr` → (`transition`, `cr`, the colon's byte offset), also inside a flow mapping.
    static func valueBeingTyped(_ before: String) -> (key: String, typed: String, colon: Int)? {
        guard let colon = before.range(of: ": ", options: .backwards) else { return nil }
        let typed = before[colon.upperBound...].drop { $0 == " " }
        guard !typed.contains(where: { ",{}[]:".contains($0) }) else { return nil }
        let key = before[..<colon.lowerBound].reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
        guard !key.isEmpty else { return nil }
        return (String(key.reversed()), String(typed), before.utf8.distance(from: before.startIndex, to: colon.lowerBound))
    }

    private func values(for key: String, typed: String, path: [YAMLOutline.Step], _ outline: YAMLOutline) -> [CompletionItem] {
        if typed.contains("${") {
            let names = (outline.collection(at: [.key("vars")])?.keys ?? [])
            return names.map { CompletionItem(label: "${\($0)}", kind: .variable, detail: nil) }
        }
        switch key {
        case "source":
            let assets = (compilation.project?.assets ?? []).map {
                CompletionItem(label: $0.name, kind: .reference, detail: "asset")
            }
            return assets + files(MediaKind.video, .audio, .image)
        case "path" where path.first == .key("assets"):
            return files(.video, .audio, .image)
        case "composition":
            return (outline.collection(at: [.key("compositions")])?.keys ?? []).map {
                CompletionItem(label: $0, kind: .reference, detail: "composition")
            }
        case "under":
            return outline.scalars.filter {
                !$0.isKey && $0.path.last == .key("name") && $0.path.dropLast(2).last == .key("tracks")
            }
            .map { CompletionItem(label: $0.value, kind: .reference, detail: "track") }
        case "file" where path.first == .key("compositions"):
            return files(.project)
        case "font":
            return files(.font)
        case "lut":
            return files(.lut)
        default:
            return Self.schema.words(at: path).map { CompletionItem(label: $0, kind: .enumMember, detail: nil) }
        }
    }

    enum MediaKind: CaseIterable {
        case video, audio, image, lut, font, project

        var extensions: Set<String> {
            switch self {
            case .video: return ["mp4", "mov", "mkv", "webm", "avi", "m4v", "mxf", "mts", "gif"]
            case .audio: return ["wav", "mp3", "m4a", "aac", "flac", "ogg", "opus"]
            case .image: return ["png", "jpg", "jpeg", "bmp", "tif", "tiff", "heic", "heif", "svg", "webp"]
            case .lut: return ["cube"]
            case .font: return ["ttf", "otf", "ttc"]
            case .project: return ["yaml", "yml"]
            }
        }
    }

    /// Files of these kinds under the project's folder (a few levels, a bounded number), relative to it.
    private func files(_ kinds: MediaKind...) -> [CompletionItem] {
        let extensions = kinds.reduce(into: Set<String>()) { $0.formUnion($1.extensions) }
        let root = directoryURL.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var result: [CompletionItem] = []
        var visited = 0
        while let relative = walker.nextObject() as? String, visited < 5000, result.count < 500 {
            visited += 1
            if walker.level > 3 || relative.hasPrefix(".") || relative.contains("/.") {
                walker.skipDescendants()
                continue
            }
            let name = relative as NSString
            guard extensions.contains(name.pathExtension.lowercased()), root + "/" + relative != path else { continue }
            result.append(CompletionItem(label: relative, kind: .file, detail: nil))
        }
        return result.sorted { $0.label < $1.label }
    }
}
