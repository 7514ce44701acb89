import Testing

@testable import Backend

/// The shading path itself: the compositor's planes through a transition and
/// back, a shader item's picture, and a compile error's line.
@Suite struct ShadingContextTests {
    /// A picture whose every pixel differs from its neighbours.
    static func noise(width: Int, height: Int, seed: UInt32) -> YUVImage {
        let image = YUVImage(width: width, height: height)
        var state = seed
        for plane in YUVImage.Plane.allCases {
            let (low, high): (UInt32, UInt32) = plane == .y ? (16, 235) : (16, 240)
            image.withUnsafeMutablePlane(plane) { bytes in
                for index in bytes.indices {
                    state = state &* 1_664_525 &+ 1_013_904_223
                    bytes[index] = UInt8(low + (state >> 16) % (high - low + 1))
                }
            }
        }
        return image
    }

    static func planes(_ image: YUVImage) -> [[UInt8]] {
        YUVImage.Plane.allCases.map { plane in
            var rows: [UInt8] = []
            image.withUnsafePlane(plane) { bytes in
                for row in 0..<image.height(of: plane) {
                    let start = row * image.stride(of: plane)
                    rows += bytes[start..<start + image.width(of: plane)]
                }
            }
            return rows
        }
    }

    /// Code values that differ between two pictures of one size.
    static func differences(_ a: YUVImage, _ b: YUVImage) -> Int {
        zip(planes(a), planes(b)).map { zip($0, $1).filter { $0 != $1 }.count }.reduce(0, +)
    }

    @Test func aTransitionThatReturnsEitherPictureGivesItsCodeValuesBack() throws {
        let context = try ShadingContext()
        let (from, to) = (Self.noise(width: 67, height: 35, seed: 1), Self.noise(width: 67, height: 35, seed: 2))
        let output = YUVImage(width: 67, height: 35)
        let programs = try context.transitionPrograms(
            "vec4 transition(vec2 uv) { return progress < 0.5 ? getFromColor(uv) : getToColor(uv); }")
        try context.transition(programs, from: from, to: to, into: output, uniforms: ["progress": .float(0)])
        #expect(Self.differences(output, from) == 0)
        try context.transition(programs, from: from, to: to, into: output, uniforms: ["progress": .float(1)])
        #expect(Self.differences(output, to) == 0)
    }

    @Test func aTransitionSeesTheTopOfThePictureAtTheTopOfUV() throws {
        let context = try ShadingContext()
        let from = YUVImage(width: 8, height: 8, color: .black)
        let output = YUVImage(width: 8, height: 8)
        let programs = try context.transitionPrograms(
            "vec4 transition(vec2 uv) { return vec4(vec3(uv.y > 0.5 ? 1.0 : 0.0), 1.0); }")
        try context.transition(programs, from: from, to: from, into: output, uniforms: [:])
        #expect(output.pixel(x: 3, y: 0) == .white)
        #expect(output.pixel(x: 3, y: 7) == .black)
    }

    @Test func aPictureIsReadTopRowFirstWithItsAlphaPremultiplied() throws {
        let context = try ShadingContext()
        let program = try context.program(
            """
            #version 300 es
            precision highp float;
            uniform vec2 resolution;
            out vec4 color;
            void main() { color = gl_FragCoord.y > resolution.y / 2.0 ? vec4(1.0, 0.0, 0.0, 0.5) : vec4(0.0, 0.0, 1.0, 1.0); }
            """)
        let image = RGBAImage(width: 4, height: 4)
        try context.picture(program, into: image, uniforms: ["resolution": .vec2(4, 4)])
        #expect(image.pixel(x: 1, y: 0) == (128, 0, 0, 128))
        #expect(image.pixel(x: 1, y: 3) == (0, 0, 255, 255))
    }

    @Test func aCompileErrorNamesTheLineOfTheUsersText() throws {
        let context = try ShadingContext()
        do {
            _ = try context.transitionPrograms("vec4 transition(vec2 uv) {\n  return getFromColor(uv)\n}\n")
            Issue.record("compiled")
        } catch let error as ShaderProgram.CompileError {
            #expect(error.line == 3)
            #expect(error.message.contains("syntax error"))
        }
    }
}
