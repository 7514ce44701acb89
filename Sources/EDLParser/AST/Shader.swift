import Foundation

/// A GLSL ES 3.00 shader file that an item or a transition draws with, and the
/// values the project gives the uniforms it declares.
public struct ShaderFile: Hashable, Sendable, Codable {
    /// Absolute path.
    public var path: String
    /// As the user wrote it, for messages.
    public var written: String
    public var text: String
    public var uniforms: [ShaderUniform]
    /// A shader item's `inputs`: ids of the items whose pictures it reads as
    /// `input0`, `input1`, … (`inputSampler(_:)`).
    public var inputs: [Located<String>] = []
    /// The `shader:` value.
    public var location: SourceLocation

    public init(path: String, written: String, text: String, uniforms: [ShaderUniform], location: SourceLocation) {
        self.path = path
        self.written = written
        self.text = text
        self.uniforms = uniforms
        self.location = location
    }
}

/// One uniform's value: the project's (animatable), or the default its
/// declaration's comment gives (`uniform float strength; // = 0.4`).
public struct ShaderUniform: Hashable, Sendable, Codable {
    public enum Value: Hashable, Sendable, Codable {
        /// A `float`.
        case number(Animated<Double>)
        /// A `vec2`: `[x, y]`.
        case pair(Animated<Vector2>)
        /// A `vec3` (red, green, blue) or `vec4` (and straight alpha), 0 to 1.
        case color(Animated<Color>, components: Int)
        /// A declaration's default: its components, for its declared type.
        case fixed([Double], type: String)
    }

    public var name: String
    public var value: Value

    public init(name: String, value: Value) {
        self.name = name
        self.value = value
    }
}

/// A `uniform` a shader's text declares: its GLSL type and the default its
/// comment gives, in the gl-transitions convention (`// = vec2(0.0, 1.0)`).
public struct ShaderDeclaration: Hashable, Sendable {
    public var name: String
    public var type: String
    public var defaultValue: [Double]?

    /// The uniforms Cutlist sets itself, by the role of the shader.
    public static let itemUniforms = ["time", "progress", "resolution"]
    public static let transitionUniforms = ["progress", "ratio"]

    /// The sampler an item's input at `index` of `inputs` is read through.
    public static func inputSampler(_ index: Int) -> String { "input\(index)" }

    /// Every `uniform TYPE NAME;` (or `NAME, NAME;`) at the start of a line, in order.
    public static func scan(_ text: String) -> [ShaderDeclaration] {
        var found: [ShaderDeclaration] = []
        for line in text.split(whereSeparator: \.isNewline) {
            // A default in a comment: `// = 0.4`, or `/* = vec3(0.9, 0.4, 0.2) */` before the `;`.
            let block = line.range(of: "/*").flatMap { open in
                line[open.upperBound...].range(of: "*/").map {
                    (open.lowerBound, $0.upperBound, line[open.upperBound..<$0.lowerBound])
                }
            }
            var code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line
            if let (start, end, _) = block, end <= code.endIndex {
                code = Substring(String(code[..<start]) + " " + String(code[end...]))
            }
            var words = code.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
            guard words.first == "uniform" else { continue }
            words = words.dropFirst()
            // A precision qualifier may come before the type.
            if let first = words.first, ["lowp", "mediump", "highp"].contains(first) { words = words.dropFirst() }
            guard let type = words.first, let typeEnd = words.first?.endIndex else { continue }
            let names = code[typeEnd...].prefix { $0 != ";" }.split(separator: ",").map { declarator in
                String(declarator.drop { $0 == " " || $0 == "\t" }.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
            }.filter { !$0.isEmpty }
            // A comment's default (`// = 0.4`) belongs to a line that declares one name.
            var defaultValue: [Double]?
            let comment = line.range(of: "//").map { line[$0.upperBound...] } ?? block?.2
            if names.count == 1, let after = comment?.drop(while: { $0 == " " }), after.hasPrefix("=") {
                defaultValue = numbers(in: after.dropFirst())
            }
            found += names.map { ShaderDeclaration(name: $0, type: String(type), defaultValue: defaultValue) }
        }
        return found
    }

    /// The numbers of `0.4`, `vec2(0.0, 1.0)` or `true`; nil when there are none.
    private static func numbers(in text: Substring) -> [Double]? {
        let trimmed = text.drop { $0 == " " }
        if trimmed.hasPrefix("true") { return [1] }
        if trimmed.hasPrefix("false") { return [0] }
        let inner =
            trimmed.firstIndex(of: "(").map { open in trimmed[trimmed.index(after: open)...].prefix { $0 != ")" } }
            ?? trimmed.prefix { $0 != " " && $0 != ";" }
        let values = inner.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .compactMap { Double($0.hasSuffix(".") ? $0 + "0" : $0) }
        return values.isEmpty ? nil : values
    }

    /// How many components a value of `type` has, for the types a project can set.
    public static func components(of type: String) -> Int? {
        [
            "float": 1, "vec2": 2, "vec3": 3, "vec4": 4, "int": 1, "ivec2": 2, "ivec3": 3, "ivec4": 4, "bool": 1, "bvec2": 2,
            "bvec3": 3, "bvec4": 4,
        ][type]
    }

    /// Whether `type` holds integers or booleans (set as whole numbers, not animated).
    public static func isWhole(_ type: String) -> Bool {
        ["int", "ivec2", "ivec3", "ivec4", "bool", "bvec2", "bvec3", "bvec4"].contains(type)
    }
}
