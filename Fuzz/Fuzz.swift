// Runs one input through one of the readers of outside data, chosen by
// CUTLIST_FUZZ (`compile` when unset):
//
// - compile: a project file, parsed and compiled as `render check` does;
// - otio: an OpenTimelineIO file, imported as `render import` does, and the
//   project it writes parsed and compiled;
// - manifest: a job folder's `manifest.json`, loaded as `render chunk` and
//   `render join` load it;
// - diff: two project files (old, a NUL byte, new), compared as `render diff`
//   compares them;
// - lsp: bytes a client sends `render lsp`, read as framed messages and
//   answered (the project files they open compiled as the editor has them);
// - captions: a subtitle file, read as SRT, as WebVTT, as an ASS and SSA script
//   and as a words file.
//
// Every media file stands in as a 10 s 1080p clip with sound (a `.png`, `.jpg`
// or `.webp` as a picture). Built with `-sanitize=fuzzer -DFUZZING`
// (`scripts/fuzz.sh`) it is a libFuzzer target; built plainly, it runs the
// files given as arguments once each, which replays what the fuzzer found.
import Foundation

/// What each input is read as.
let target = FuzzTarget.chosen

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
            _ = target
            var argc = CommandLine.argc
            var argv = CommandLine.unsafeArgv
            exit(
                runFuzzer(&argc, &argv) { data, size in
                    target.run(data.map { Data(bytes: $0, count: size) } ?? Data())
                    return 0
                })
        }
    }
#else
    @main
    enum Replay {
        static func main() {
            _ = target
            for path in CommandLine.arguments.dropFirst() {
                guard let data = FileManager.default.contents(atPath: path) else {
                    FileHandle.standardError.write(Data("cannot read \(path)\n".utf8))
                    exit(1)
                }
                target.run(data)
                print("ok \(path)")
            }
        }
    }
#endif
