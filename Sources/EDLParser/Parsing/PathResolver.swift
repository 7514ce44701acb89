/// Resolves paths written in a project against the project file's directory
/// (never the working directory), and refuses URLs.
struct PathResolver {
    let directory: String
    /// `directory` normalized once, not for every path of a long edit.
    private let base: String

    init(directory: String) {
        self.directory = directory
        base = Self.normalize(directory)
    }

    /// The absolute path, or a `ValueError` for a URL or an empty path.
    func resolve(_ written: String) throws(ValueError) -> String {
        if written.isEmpty { throw ValueError("a path must not be empty") }
        if written.utf8.contains(UInt8(ascii: ":")), let scheme = written.range(of: "://"),
            !written[..<scheme.lowerBound].contains("/")
        {
            throw ValueError(
                "'\(written)' is a URL; sources and outputs must be local files",
                hint: "download the file and refer to it by its path")
        }
        if written.hasPrefix("/") { return Self.normalize(written) }
        if Self.isPlainRelative(written) { return base == "/" ? base + written : base + "/" + written }
        return Self.normalize(base + "/" + written)
    }

    /// A relative path that normalizing leaves as it is: no `.`, `..` or empty component.
    static func isPlainRelative(_ path: String) -> Bool {
        path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).allSatisfy { part in
            !part.isEmpty && !part.elementsEqual(".".utf8) && !part.elementsEqual("..".utf8)
        }
    }

    /// Removes `.` and `..` components so equal paths compare equal.
    static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}

/// `path` relative to `directory` when it lies inside it, else unchanged: how
/// plans and messages name files, the same in any checkout.
public func relativePath(_ path: String, to directory: String) -> String {
    let prefix = directory.hasSuffix("/") ? directory : directory + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
}
