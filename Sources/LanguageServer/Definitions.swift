import Foundation

extension DocumentAnalysis {
    /// Where the name under the cursor is defined: an asset, a composition (its
    /// entry, or the file a `file:` names), a `${variable}`, a track `ducking.under` names.
    func definition(at position: Position) -> Location? {
        let offset = document.index.offset(of: position)
        guard let scalar = outline.scalar(at: offset) else { return nil }
        if let variable = variableName(in: scalar, at: offset) {
            return variableDefinition(variable, near: scalar.path)
        }
        guard !scalar.isKey, case .key(let key)? = scalar.path.last else { return nil }
        let parent = Array(scalar.path.dropLast())
        switch key {
        case "source":
            return location(of: outline.key(at: [.key("assets"), .key(scalar.value)]))
        case "composition":
            return location(of: outline.key(at: [.key("compositions"), .key(scalar.value)]))
        case "file" where parent.count == 2 && parent[0] == .key("compositions"):
            let file = URL(fileURLWithPath: scalar.value, relativeTo: directoryURL).standardizedFileURL.path
            guard FileManager.default.fileExists(atPath: file) else { return nil }
            let start = Position(line: 0, character: 0)
            return Location(uri: Self.uri(ofPath: file), range: Range(start: start, end: start))
        case "under" where parent.last == .key("ducking"):
            return trackDefinition(scalar.value, near: parent)
        default:
            return nil
        }
    }

    private func location(of scalar: YAMLOutline.Scalar?) -> Location? {
        guard let scalar else { return nil }
        let index = document.index
        return Location(
            uri: document.uri,
            range: Range(
                start: index.position(ofOffset: scalar.bytes.lowerBound), end: index.position(ofOffset: scalar.bytes.upperBound)))
    }

    /// The `${name}` the cursor is in, when the scalar is written plainly enough to tell.
    private func variableName(in scalar: YAMLOutline.Scalar, at offset: Int) -> String? {
        let bytes = document.index.bytes[scalar.bytes]
        var open: Int?
        for position in bytes.indices {
            if bytes[position] == UInt8(ascii: "$"), position + 1 < bytes.endIndex, bytes[position + 1] == UInt8(ascii: "{") {
                open = position
            } else if bytes[position] == UInt8(ascii: "}"), let start = open {
                if start <= offset, offset <= position {
                    return String(decoding: bytes[(start + 2)..<position], as: UTF8.self)
                }
                open = nil
            }
        }
        return nil
    }

    /// A variable's definition: in the composition the cursor is in, else in the project's `vars`.
    private func variableDefinition(_ name: String, near path: [YAMLOutline.Step]) -> Location? {
        if path.count >= 2, path[0] == .key("compositions"),
            let own = outline.key(at: [path[0], path[1], .key("vars"), .key(name)])
        {
            return location(of: own)
        }
        return location(of: outline.key(at: [.key("vars"), .key(name)]))
    }

    /// The `name:` of the track called `name` among the tracks around `path` (the project's or a composition's).
    private func trackDefinition(_ name: String, near path: [YAMLOutline.Step]) -> Location? {
        guard let tracks = path.lastIndex(of: .key("tracks")) else { return nil }
        let prefix = Array(path[...tracks])
        return location(
            of: outline.scalars.first {
                !$0.isKey && $0.value == name && $0.path.count == prefix.count + 2
                    && Array($0.path.prefix(prefix.count)) == prefix
                    && $0.path.last == .key("name")
            })
    }
}
