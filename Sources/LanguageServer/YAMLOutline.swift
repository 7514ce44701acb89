import Yams

/// Where each key and value of a document stands, read with YAML's own parser
/// (not the project's): what the cursor is on, for hover, definitions and
/// completion, even while the project has errors.
public struct YAMLOutline: Sendable {
    public enum Step: Hashable, Sendable, CustomStringConvertible {
        case key(String)
        case index(Int)

        public var description: String {
            switch self {
            case .key(let key): return key
            case .index(let index): return "[\(index)]"
            }
        }
    }

    /// A key or a scalar value: its path (a key's path ends with the key itself) and bytes.
    public struct Scalar: Sendable {
        public var path: [Step]
        public var isKey: Bool
        public var value: String
        public var bytes: Swift.Range<Int>
    }

    /// A mapping or a sequence: its path and where it starts (1-based line, scalar column, as the parser's locations).
    public struct Collection: Sendable {
        public var path: [Step]
        public var isMapping: Bool
        public var line: Int
        public var column: Int
        public var offset: Int
        public var keys: [String]
    }

    public private(set) var scalars: [Scalar] = []
    public private(set) var collections: [Collection] = []
    /// The first key, value and collection at each path, so a look-up by path
    /// costs the same in a document of ten items or of fifty thousand.
    private var keyAt: [[Step]: Int] = [:]
    private var valueAt: [[Step]: Int] = [:]
    private var collectionAt: [[Step]: Int] = [:]

    public init(_ index: LineIndex) {
        let text = String(decoding: index.bytes, as: UTF8.self)
        // Documents too large or deep are reported by the parser; here they have no outline.
        guard index.bytes.count <= 8 << 20, let root = try? Yams.compose(yaml: text) else { return }
        walk(root, path: [], index: index, depth: 0)
    }

    private mutating func walk(_ node: Node, path: [Step], index: LineIndex, depth: Int) {
        guard depth < 256 else { return }
        switch node {
        case .scalar(let scalar):
            if let mark = scalar.mark {
                if valueAt[path] == nil { valueAt[path] = scalars.count }
                scalars.append(
                    Scalar(path: path, isKey: false, value: scalar.string, bytes: Self.bytes(of: scalar, at: mark, in: index)))
            }
        case .mapping(let mapping):
            if let mark = mapping.mark {
                if collectionAt[path] == nil { collectionAt[path] = collections.count }
                collections.append(
                    Collection(
                        path: path, isMapping: true, line: mark.line, column: mark.column,
                        offset: index.offset(line: mark.line, scalarColumn: mark.column),
                        keys: mapping.keys.compactMap(\.scalar?.string)))
            }
            for (key, value) in mapping {
                guard case .scalar(let scalar) = key else { continue }
                let step = path + [.key(scalar.string)]
                if let mark = scalar.mark {
                    if keyAt[step] == nil { keyAt[step] = scalars.count }
                    scalars.append(
                        Scalar(path: step, isKey: true, value: scalar.string, bytes: Self.bytes(of: scalar, at: mark, in: index)))
                }
                walk(value, path: step, index: index, depth: depth + 1)
            }
        case .sequence(let sequence):
            if let mark = sequence.mark {
                if collectionAt[path] == nil { collectionAt[path] = collections.count }
                collections.append(
                    Collection(
                        path: path, isMapping: false, line: mark.line, column: mark.column,
                        offset: index.offset(line: mark.line, scalarColumn: mark.column), keys: []))
            }
            for (position, value) in sequence.enumerated() {
                walk(value, path: path + [.index(position)], index: index, depth: depth + 1)
            }
        }
    }

    /// The bytes a scalar is written in: a plain scalar is its value as written;
    /// a quoted one runs to its closing quote; otherwise, a token on its line.
    static func bytes(of scalar: Node.Scalar, at mark: Mark, in index: LineIndex) -> Swift.Range<Int> {
        let start = index.offset(line: mark.line, scalarColumn: mark.column)
        let written = Array(scalar.string.utf8)
        if scalar.style == .plain, start + written.count <= index.bytes.count,
            index.bytes[start..<start + written.count].elementsEqual(written)
        {
            return start..<start + written.count
        }
        return start..<tokenEnd(from: start, in: index)
    }

    /// Where the YAML token starting at `start` ends on its line: after a quoted
    /// scalar's closing quote, a flow collection's closing bracket, or a plain
    /// scalar (at `: `, ` #`, a flow indicator or the line's end).
    public static func tokenEnd(from start: Int, in index: LineIndex) -> Int {
        let bytes = index.bytes
        let line = index.position(ofOffset: start).line
        let lineEnd = index.lineRange(line).upperBound
        guard start < lineEnd else { return start }
        var i = start
        switch bytes[start] {
        case UInt8(ascii: "\""):
            i += 1
            while i < lineEnd {
                if bytes[i] == UInt8(ascii: "\\") {
                    i += 2
                    continue
                }
                if bytes[i] == UInt8(ascii: "\"") { return i + 1 }
                i += 1
            }
            return lineEnd
        case UInt8(ascii: "'"):
            i += 1
            while i < lineEnd {
                if bytes[i] == UInt8(ascii: "'") {
                    if i + 1 < lineEnd, bytes[i + 1] == UInt8(ascii: "'") {
                        i += 2
                        continue
                    }
                    return i + 1
                }
                i += 1
            }
            return lineEnd
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while i < lineEnd {
                switch bytes[i] {
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return i + 1 }
                default: break
                }
                i += 1
            }
            return lineEnd
        default:
            while i < lineEnd {
                let byte = bytes[i]
                let next = i + 1 < lineEnd ? bytes[i + 1] : UInt8(ascii: " ")
                if byte == UInt8(ascii: ":"), next == UInt8(ascii: " ") || next == UInt8(ascii: "\t") { break }
                if byte == UInt8(ascii: " "), next == UInt8(ascii: "#") { break }
                if byte == UInt8(ascii: ","), i > start, next == UInt8(ascii: " ") { break }
                if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") { break }
                i += 1
            }
            while i > start, bytes[i - 1] == UInt8(ascii: " ") || bytes[i - 1] == UInt8(ascii: "\t") { i -= 1 }
            return i
        }
    }

    /// The key or value at a byte offset (the cursor may stand just after it).
    public func scalar(at offset: Int) -> Scalar? {
        scalars.filter { $0.bytes.lowerBound <= offset && offset <= $0.bytes.upperBound }
            .min { $0.bytes.count < $1.bytes.count }
    }

    /// The innermost mapping whose path is a prefix of `path` and that is an item
    /// of a track (`…, items, [n]`).
    public func item(around path: [Step]) -> Collection? {
        var prefix = path
        while !prefix.isEmpty {
            if Self.isItem(prefix), let mapping = collection(at: prefix), mapping.isMapping { return mapping }
            prefix.removeLast()
        }
        return nil
    }

    /// Whether a path is an entry of a track's `items` (`…, items, [n]`).
    public static func isItem(_ path: [Step]) -> Bool {
        guard path.count >= 2, case .index = path[path.count - 1] else { return false }
        return path[path.count - 2] == .key("items")
    }

    public func collection(at path: [Step]) -> Collection? { collectionAt[path].map { collections[$0] } }

    /// The key scalar at exactly this path.
    public func key(at path: [Step]) -> Scalar? { keyAt[path].map { scalars[$0] } }

    /// The value scalar at exactly this path.
    public func value(at path: [Step]) -> Scalar? { valueAt[path].map { scalars[$0] } }
}
