import CEGL
import Compiler

/// An OpenGL ES 3 context with no window (EGL's surfaceless platform): a GPU's
/// where the machine has one, Mesa's llvmpipe on the CPU otherwise. Each
/// compositor makes its own at its first shader, so renders without shaders
/// never open EGL, and a worker's context is used by that worker alone.
final class ShadingContext {
    private let display: EGLDisplay
    private let context: EGLContext
    /// Compiled programs by their full source text.
    private var programs: [String: ShaderProgram] = [:]
    /// A picture's or a transition's Y target.
    private var framebuffer: GLuint = 0
    /// A transition's U and V targets, drawn by one pass.
    private var chromaFramebuffer: GLuint = 0
    /// Render targets and input textures, kept while their size and format stay.
    private var textures: [TextureKey: GLuint] = [:]
    private var readback: [UInt8] = []
    /// The two pictures' Y planes side by side, and their U and V planes, as uploaded.
    private var lumaPairs: [UInt16] = []
    private var chromaQuads: [UInt32] = []

    private struct TextureKey: Hashable {
        var role: String
        var width: Int
        var height: Int
    }

    /// What to install when no display opens: the message a project with shaders gets.
    static let missingDriver =
        "shaders need OpenGL ES 3 through EGL, and no EGL display could be opened: install a GPU's EGL driver "
        + "or Mesa's (Debian: libegl1 libgles2 libegl-mesa0 libgl1-mesa-dri)"

    init() throws {
        guard
            let display = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), EGLNativeDisplayType(bitPattern: 0), nil),
            eglInitialize(display, nil, nil) == EGL_TRUE
        else { throw RenderFailure(Self.missingDriver + " (EGL error \(Self.eglError()))") }
        self.display = display
        let wanted: [EGLint] = [EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_SURFACE_TYPE, 0, EGL_NONE]
        var config: EGLConfig?
        var count: EGLint = 0
        guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGL_TRUE,
            eglChooseConfig(display, wanted, &config, 1, &count) == EGL_TRUE, count > 0
        else { throw RenderFailure(Self.missingDriver + " (no OpenGL ES 3 configuration)") }
        let attributes: [EGLint] = [EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE]
        guard let context = eglCreateContext(display, config, nil, attributes) else {
            throw RenderFailure(Self.missingDriver + " (no OpenGL ES 3 context: EGL error \(Self.eglError()))")
        }
        self.context = context
        try makeCurrent()
        glGenFramebuffers(1, &framebuffer)
        glGenFramebuffers(1, &chromaFramebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), chromaFramebuffer)
        let targets = [GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_COLOR_ATTACHMENT1)]
        glDrawBuffers(2, targets)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
    }

    deinit {
        if eglGetCurrentContext() == context {
            eglMakeCurrent(display, nil, nil, nil)
        }
        eglDestroyContext(display, context)
    }

    private static func eglError() -> String { "0x" + String(eglGetError(), radix: 16) }

    /// Binds the context to the calling thread, where another was bound.
    private func makeCurrent() throws {
        guard eglGetCurrentContext() != context else { return }
        guard eglMakeCurrent(display, nil, nil, context) == EGL_TRUE else {
            throw RenderFailure("cannot use the OpenGL ES context (EGL error \(Self.eglError()))")
        }
    }

    /// The program made of `fragment`, compiled once.
    func program(_ fragment: String) throws -> ShaderProgram {
        try makeCurrent()
        if let program = programs[fragment] { return program }
        let program = try ShaderProgram(fragment: fragment)
        programs[fragment] = program
        return program
    }

    /// A texture for `role` at a size, allocated when first asked for at that size.
    private func texture(_ role: String, width: Int, height: Int, format: GLenum) -> GLuint {
        let key = TextureKey(role: role, width: width, height: height)
        if let texture = textures[key] { return texture }
        for (old, name) in textures where old.role == role {
            var name = name
            glDeleteTextures(1, &name)
            textures[old] = nil
        }
        var name: GLuint = 0
        glGenTextures(1, &name)
        glBindTexture(GLenum(GL_TEXTURE_2D), name)
        glTexStorage2D(GLenum(GL_TEXTURE_2D), 1, format, GLsizei(width), GLsizei(height))
        for parameter in [GL_TEXTURE_MIN_FILTER, GL_TEXTURE_MAG_FILTER] {
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(parameter), GL_LINEAR)
        }
        for parameter in [GL_TEXTURE_WRAP_S, GL_TEXTURE_WRAP_T] {
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(parameter), GL_CLAMP_TO_EDGE)
        }
        textures[key] = name
        return name
    }

    /// How long a frame's drawing may go on, and how long one band of its rows
    /// should take: between bands the drawing stops when past the deadline or
    /// asked to (`Interrupt`), so neither waits for a whole frame.
    struct Limits {
        var deadline: ContinuousClock.Instant
        var band: Duration

        /// For a check's small frame: no deadline to speak of.
        static var none: Limits { Limits(deadline: .now + .seconds(86_400), band: .seconds(86_400)) }
    }

    /// A frame's drawing went past its deadline and was stopped.
    struct PastDeadline: Error {}

    /// Runs `program` over `targets` of `width × height` (attached to
    /// `framebuffer` in order), its samplers bound to `inputs` in order, in
    /// bands of rows each waited for: the first a few rows, the next sized by
    /// how long that took to last about `limits.band`.
    private func draw(
        _ program: ShaderProgram, width: Int, height: Int, into targets: [GLuint], of framebuffer: GLuint,
        inputs: [GLuint], uniforms: [String: ShaderValue], limits: Limits
    ) throws {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        for (index, target) in targets.enumerated() {
            glFramebufferTexture2D(
                GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0 + Int32(index)), GLenum(GL_TEXTURE_2D), target, 0)
        }
        glViewport(0, 0, GLsizei(width), GLsizei(height))
        glUseProgram(program.name)
        for (unit, texture) in inputs.enumerated() {
            glActiveTexture(GLenum(GL_TEXTURE0 + Int32(unit)))
            glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        }
        try program.set(uniforms)
        // What a shader discards is the same on every frame and every worker.
        glClearColor(0, 0, 0, 0)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glEnable(GLenum(GL_SCISSOR_TEST))
        defer { glDisable(GLenum(GL_SCISSOR_TEST)) }
        let clock = ContinuousClock()
        var row = 0
        var rows = max(1, height / 256)
        while row < height {
            let band = min(rows, height - row)
            let started = clock.now
            glScissor(0, GLint(row), GLsizei(width), GLsizei(band))
            glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
            let error = glGetError()
            guard error == GL_NO_ERROR else {
                throw RenderFailure("OpenGL ES failed drawing a shader (error 0x\(String(error, radix: 16)))")
            }
            row += band
            guard row < height else { break }
            glFinish()
            if Interrupt.isRequested { throw RenderFailure.cancelled }
            let now = clock.now
            if now > limits.deadline { throw PastDeadline() }
            let took = max((now - started) / .microseconds(1), 1)
            rows = min(max(Int(Double(band) * (limits.band / .microseconds(1)) / took), 1), height)
        }
    }

    /// A shader item's picture: `program` drawn at `width × height`, `inputs`
    /// bound to texture units 0, 1, …, its straight alpha premultiplied by the
    /// blend, read back top row first into `image`.
    func picture(
        _ program: ShaderProgram, into image: RGBAImage, uniforms: [String: ShaderValue], inputs: [ShaderTexels] = [],
        limits: Limits = .none
    ) throws {
        try makeCurrent()
        let (width, height) = (image.width, image.height)
        var textures: [GLuint] = []
        for (index, input) in inputs.enumerated() {
            let name = texture("input \(index)", width: input.width, height: input.height, format: GLenum(GL_RGBA8))
            glBindTexture(GLenum(GL_TEXTURE_2D), name)
            glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
            input.bytes.withUnsafeBytes {
                glTexSubImage2D(
                    GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(input.width), GLsizei(input.height), GLenum(GL_RGBA),
                    GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
            }
            textures.append(name)
        }
        glEnable(GLenum(GL_BLEND))
        glBlendFuncSeparate(GLenum(GL_SRC_ALPHA), GLenum(GL_ZERO), GLenum(GL_ONE), GLenum(GL_ZERO))
        defer { glDisable(GLenum(GL_BLEND)) }
        let target = texture("picture", width: width, height: height, format: GLenum(GL_RGBA8))
        try draw(
            program, width: width, height: height, into: [target], of: framebuffer, inputs: textures, uniforms: uniforms,
            limits: limits)
        let rowBytes = width * 4
        if readback.count < rowBytes * height { readback = [UInt8](repeating: 0, count: rowBytes * height) }
        glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), 0)
        readback.withUnsafeMutableBytes {
            glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
        }
        // OpenGL's first row is the picture's bottom one.
        image.withUnsafeMutableBytes { pixels in
            readback.withUnsafeBytes { rows in
                guard let source = rows.baseAddress, let destination = pixels.baseAddress else { return }
                for row in 0..<height {
                    destination.advanced(by: row * rowBytes).copyMemory(
                        from: source.advanced(by: (height - 1 - row) * rowBytes), byteCount: rowBytes)
                }
            }
        }
    }

    /// A transition's two programs (see `ShaderSource.transition`), compiled once.
    struct TransitionPrograms {
        let luma: ShaderProgram
        let chroma: ShaderProgram
    }

    /// The programs of a gl-transitions body, the first compile error naming the luma pass's.
    func transitionPrograms(_ body: String, reads: TransitionShaders.Reads = .init()) throws -> TransitionPrograms {
        try TransitionPrograms(
            luma: program(ShaderSource.transition(body, pass: .luma, reads: reads)),
            chroma: program(ShaderSource.transition(body, pass: .chroma, reads: reads)))
    }

    /// A transition's frame: `programs` over the planes of `from` and `to`; one
    /// pass draws Y and one U and V, each at its plane's size, and each target is
    /// read straight into its plane of `into`.
    func transition(
        _ programs: TransitionPrograms, from: YUVImage, to: YUVImage, into output: YUVImage,
        uniforms: [String: ShaderValue], limits: Limits = .none
    ) throws {
        try makeCurrent()
        let inputs = upload(from, to)
        var passUniforms = uniforms
        for (unit, sampler) in ShaderSource.samplerUniforms.enumerated() { passUniforms[sampler] = .int(unit) }
        let (width, height) = (output.width, output.height)
        let (chromaWidth, chromaHeight) = (output.chromaWidth, output.chromaHeight)
        let luma = texture("target y", width: width, height: height, format: GLenum(GL_R8))
        passUniforms[ShaderSource.sizeUniform] = .vec2(Float(width), Float(height))
        try draw(
            programs.luma, width: width, height: height, into: [luma], of: framebuffer, inputs: inputs, uniforms: passUniforms,
            limits: limits)
        let chroma = [YUVImage.Plane.u, .v].map {
            texture("target \($0)", width: chromaWidth, height: chromaHeight, format: GLenum(GL_R8))
        }
        passUniforms[ShaderSource.sizeUniform] = .vec2(Float(chromaWidth), Float(chromaHeight))
        try draw(
            programs.chroma, width: chromaWidth, height: chromaHeight, into: chroma, of: chromaFramebuffer, inputs: inputs,
            uniforms: passUniforms, limits: limits)
        // Both passes are queued before the first read waits for them.
        try read(.y, of: framebuffer, attachment: 0, into: output)
        try read(.u, of: chromaFramebuffer, attachment: 0, into: output)
        try read(.v, of: chromaFramebuffer, attachment: 1, into: output)
    }

    /// Two images' planes as two textures: both Y planes side by side, then the U
    /// and V of `from` and of `to` at chroma size. A shader reads both pictures at
    /// one point in two fetches (the compiler merges the same lookups of
    /// `getFromColor` and `getToColor`): fetches are what a draw costs on llvmpipe.
    private func upload(_ from: YUVImage, _ to: YUVImage) -> [GLuint] {
        let (width, height) = (from.width, from.height)
        if lumaPairs.count < width * height { lumaPairs = [UInt16](repeating: 0, count: width * height) }
        from.withUnsafePlane(.y) { a in
            to.withUnsafePlane(.y) { b in
                lumaPairs.withUnsafeMutableBufferPointer { pairs in
                    // Little-endian: `from` is the first byte, the texture's red channel.
                    for row in 0..<height {
                        let (aRow, bRow, pairRow) = (row * from.lumaStride, row * to.lumaStride, row * width)
                        for x in 0..<width { pairs[pairRow + x] = UInt16(a[aRow + x]) | UInt16(b[bRow + x]) << 8 }
                    }
                }
            }
        }
        let luma = texture("luma", width: width, height: height, format: GLenum(GL_RG8))
        glBindTexture(GLenum(GL_TEXTURE_2D), luma)
        glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
        lumaPairs.withUnsafeBytes {
            glTexSubImage2D(
                GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RG), GLenum(GL_UNSIGNED_BYTE),
                $0.baseAddress)
        }
        let (chromaWidth, chromaHeight) = (from.chromaWidth, from.chromaHeight)
        if chromaQuads.count < chromaWidth * chromaHeight {
            chromaQuads = [UInt32](repeating: 0, count: chromaWidth * chromaHeight)
        }
        from.withUnsafePlane(.u) { fromU in
            from.withUnsafePlane(.v) { fromV in
                to.withUnsafePlane(.u) { toU in
                    to.withUnsafePlane(.v) { toV in
                        chromaQuads.withUnsafeMutableBufferPointer { quads in
                            // Red, green, blue, alpha: U and V of `from`, then of `to`.
                            for row in 0..<chromaHeight {
                                let (a, b, quadRow) = (row * from.chromaStride, row * to.chromaStride, row * chromaWidth)
                                for x in 0..<chromaWidth {
                                    quads[quadRow + x] =
                                        UInt32(fromU[a + x]) | UInt32(fromV[a + x]) << 8 | UInt32(toU[b + x]) << 16
                                        | UInt32(toV[b + x]) << 24
                                }
                            }
                        }
                    }
                }
            }
        }
        let chroma = texture("chroma", width: chromaWidth, height: chromaHeight, format: GLenum(GL_RGBA8))
        glBindTexture(GLenum(GL_TEXTURE_2D), chroma)
        chromaQuads.withUnsafeBytes {
            glTexSubImage2D(
                GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(chromaWidth), GLsizei(chromaHeight), GLenum(GL_RGBA),
                GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
        }
        return [luma, chroma]
    }

    /// Reads a one-channel target of `framebuffer` into `plane` of `image`.
    private func read(_ plane: YUVImage.Plane, of framebuffer: GLuint, attachment: Int32, into image: YUVImage) throws {
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), framebuffer)
        glReadBuffer(GLenum(GL_COLOR_ATTACHMENT0 + attachment))
        var readFormat: GLint = 0
        glGetIntegerv(GLenum(GL_IMPLEMENTATION_COLOR_READ_FORMAT), &readFormat)
        guard readFormat == GL_RED else {
            throw RenderFailure("this OpenGL ES driver cannot read one-channel pictures back (GL_RED)")
        }
        glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), GLint(image.stride(of: plane)))
        image.withUnsafeMutablePlane(plane) {
            glReadPixels(
                0, 0, GLsizei(image.width(of: plane)), GLsizei(image.height(of: plane)), GLenum(GL_RED),
                GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
        }
    }
}

/// A uniform's value as set on a program.
enum ShaderValue: Hashable {
    case float(Float)
    case int(Int)
    /// An `ivec2` to `ivec4`, or a `bvec2` to `bvec4` (0 and 1).
    case ints([Int])
    case vec2(Float, Float)
    case vec3(Float, Float, Float)
    case vec4(Float, Float, Float, Float)
}
