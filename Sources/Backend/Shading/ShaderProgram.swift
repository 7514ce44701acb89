import CEGL

/// A linked program: one triangle covering the target, and a fragment shader.
final class ShaderProgram {
    let name: GLuint
    /// Active uniforms by name: location and GL type.
    private(set) var uniforms: [String: (location: GLint, type: GLenum)] = [:]

    /// The vertex stage every program shares: a triangle past the target's corners.
    private static let vertex = """
        #version 300 es
        void main() {
            vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
            gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
        }
        """

    /// A compile failure: the driver's message for the first error and the
    /// source line it names (1-based, in the text as compiled).
    struct CompileError: Error {
        var message: String
        var line: Int?
    }

    init(fragment: String) throws {
        let vertexShader = try Self.compile(Self.vertex, GLenum(GL_VERTEX_SHADER))
        defer { glDeleteShader(vertexShader) }
        let fragmentShader = try Self.compile(fragment, GLenum(GL_FRAGMENT_SHADER))
        defer { glDeleteShader(fragmentShader) }
        name = glCreateProgram()
        glAttachShader(name, vertexShader)
        glAttachShader(name, fragmentShader)
        glLinkProgram(name)
        var linked: GLint = 0
        glGetProgramiv(name, GLenum(GL_LINK_STATUS), &linked)
        guard linked == GL_TRUE else {
            let log = Self.log {
                glGetProgramiv(name, GLenum(GL_INFO_LOG_LENGTH), $0)
            } read: {
                glGetProgramInfoLog(name, $0, nil, $1)
            }
            glDeleteProgram(name)
            throw Self.firstError(in: log)
        }
        var count: GLint = 0
        glGetProgramiv(name, GLenum(GL_ACTIVE_UNIFORMS), &count)
        for index in 0..<GLuint(max(count, 0)) {
            var buffer = [GLchar](repeating: 0, count: 256)
            var length: GLsizei = 0
            var size: GLint = 0
            var type: GLenum = 0
            glGetActiveUniform(name, index, 256, &length, &size, &type, &buffer)
            let uniform = String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            uniforms[uniform] = (glGetUniformLocation(name, buffer), type)
        }
    }

    deinit { glDeleteProgram(name) }

    private static func compile(_ source: String, _ kind: GLenum) throws -> GLuint {
        let shader = glCreateShader(kind)
        source.withCString { text in
            var pointer: UnsafePointer<GLchar>? = text
            glShaderSource(shader, 1, &pointer, nil)
        }
        glCompileShader(shader)
        var compiled: GLint = 0
        glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &compiled)
        guard compiled == GL_TRUE else {
            let log = Self.log {
                glGetShaderiv(shader, GLenum(GL_INFO_LOG_LENGTH), $0)
            } read: {
                glGetShaderInfoLog(shader, $0, nil, $1)
            }
            glDeleteShader(shader)
            throw firstError(in: log)
        }
        return shader
    }

    private static func log(
        length: (UnsafeMutablePointer<GLint>) -> Void, read: (GLsizei, UnsafeMutablePointer<GLchar>) -> Void
    ) -> String {
        var count: GLint = 0
        length(&count)
        var buffer = [GLchar](repeating: 0, count: Int(max(count, 1)))
        read(GLsizei(buffer.count), &buffer)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The first error of a driver's log. Mesa writes `0:12(5): error: …`;
    /// other drivers `ERROR: 0:12: …`.
    static func firstError(in log: String) -> CompileError {
        let lines = log.split(whereSeparator: \.isNewline).map(String.init)
        let error = lines.first { $0.contains("error") || $0.contains("ERROR") } ?? lines.first ?? "no message"
        var rest = Substring(error)
        if rest.hasPrefix("ERROR: ") { rest = rest.dropFirst(7) }
        // `0:LINE` then `(COLUMN)` or `:`.
        guard let colon = rest.firstIndex(of: ":"), rest[..<colon].allSatisfy(\.isNumber) else {
            return CompileError(message: error.trimmingSpaces, line: nil)
        }
        let afterSource = rest[rest.index(after: colon)...]
        let digits = afterSource.prefix(while: \.isNumber)
        guard let line = Int(digits) else { return CompileError(message: error.trimmingSpaces, line: nil) }
        var message = afterSource.dropFirst(digits.count)
        if message.hasPrefix("(") { message = message.drop { $0 != ")" }.dropFirst() }
        message = message.drop { $0 == ":" || $0 == " " }
        if message.hasPrefix("error: ") { message = message.dropFirst(7) }
        return CompileError(message: String(message).trimmingSpaces, line: line)
    }

    /// Sets the values of the uniforms the program uses; the others are left.
    func set(_ values: [String: ShaderValue]) throws {
        for (uniform, value) in values {
            guard let location = uniforms[uniform]?.location else { continue }
            switch value {
            case .float(let x): glUniform1f(location, x)
            case .int(let x): glUniform1i(location, GLint(x))
            case .ints(let v) where v.count == 2: glUniform2i(location, GLint(v[0]), GLint(v[1]))
            case .ints(let v) where v.count == 3: glUniform3i(location, GLint(v[0]), GLint(v[1]), GLint(v[2]))
            case .ints(let v): glUniform4i(location, GLint(v[0]), GLint(v[1]), GLint(v[2]), GLint(v[3]))
            case .vec2(let x, let y): glUniform2f(location, x, y)
            case .vec3(let x, let y, let z): glUniform3f(location, x, y, z)
            case .vec4(let x, let y, let z, let w): glUniform4f(location, x, y, z, w)
            }
        }
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
