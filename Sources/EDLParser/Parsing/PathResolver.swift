/// Resolves paths written in a project against the project file's directory
/// (never the working directory), and refuses URLs.
struct PathResolver {
    let directory: String

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
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        return Self.normalize(base + written)
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
