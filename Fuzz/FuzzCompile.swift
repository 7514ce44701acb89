// Parses and compiles one project per input, the way `render check` does, with
// every media file standing in as a 10 s 1080p clip with sound (a `.png`,
// `.jpg` or `.webp` as a picture). Built with `-sanitize=fuzzer -DFUZZING`
// (`scripts/fuzz.sh`) it is a libFuzzer target; built plainly, it runs the
// files given as arguments once each, which replays what the fuzzer found.
import Compiler
import EDLParser
import Foundation

struct StandInMedia: MediaInfo {
    func facts(forPath path: String) throws(MediaProbeError) -> MediaFacts {
        let size = PixelSize(width: 1920, height: 1080)
        if [".png", ".jpg", ".webp"].contains(where: path.lowercased().hasSuffix) {
            return MediaFacts(duration: nil, video: VideoFacts(size: size, frameRate: nil, isStillImage: true), audio: nil)
        }
        let length = Rational(10)
        return MediaFacts(
            duration: length, video: VideoFacts(size: size, frameRate: FrameRate(Rational(30)), duration: length),
            audio: AudioFacts(streamIndex: 1, sampleRate: 48_000, channels: 2, duration: length))
    }
}

func compile(_ bytes: UnsafeBufferPointer<UInt8>) {
    let text = String(decoding: bytes, as: UTF8.self)
    guard let project = ProjectParser.parse(text, file: "fuzz.yaml", directory: "/fuzz").project else { return }
    let result = Compiler(media: StandInMedia()).compile(project)
    _ = result.plan?.text
}

#if FUZZING
    /// libFuzzer's entry point for a program that has its own `main`.
    @_silgen_name("LLVMFuzzerRunDriver")
    func runFuzzer(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ body: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    @main
    enum Fuzz {
        static func main() {
            var argc = CommandLine.argc
            var argv = CommandLine.unsafeArgv
            exit(
                runFuzzer(&argc, &argv) { data, size in
                    compile(UnsafeBufferPointer(start: data, count: size))
                    return 0
                })
        }
    }
#else
    @main
    enum Replay {
        static func main() {
            for path in CommandLine.arguments.dropFirst() {
                guard let data = FileManager.default.contents(atPath: path) else {
                    FileHandle.standardError.write(Data("cannot read \(path)\n".utf8))
                    exit(1)
                }
                data.withUnsafeBytes { compile($0.bindMemory(to: UInt8.self)) }
                print("ok \(path)")
            }
        }
    }
#endif
