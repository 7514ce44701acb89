import CEGL
import Compiler
import EDLParser
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Every shader a project writes, compiled and drawn once, small, in a child
/// process (`render-cli shader-check`) under limits of memory and time, before
/// anything renders: a shader that does not compile is an error at its item
/// when the project is checked, and one that crashes or runs away inside the
/// GLSL compiler ends the child, never the language server, the studio or a
/// render. Outcomes are remembered by the shader's text for the process's life,
/// so an editor's edits spawn a child only when a shader changes.
public enum ShaderCheck {
    public enum Outcome: Codable, Sendable, Equatable {
        case compiles
        /// The driver's first error, and the line it names in the text as compiled.
        case fails(message: String, line: Int?)
        /// The child ended without an answer: how.
        case crashed(String)
        /// Shaders cannot be compiled here (no EGL display), and why.
        case unavailable(String)
    }

    /// The child's address space: generous for Mesa's compiler, far below the machine.
    static let memoryLimit = 1 << 31
    /// The child's CPU time, and the wall time it is given before it is killed.
    static let cpuSeconds = 20
    static let wallSeconds = 30.0
    /// The name of the hidden command that runs the child.
    public static let command = "shader-check"

    private static let remembered = Mutex<[ShaderCode: Outcome]>([:])

    /// The errors (and a warning where shaders cannot be checked) of every
    /// shader the plan draws that a user wrote; built-in kinds are Cutlist's own.
    public static func diagnostics(for plan: RenderPlan) -> [Diagnostic] {
        var uses: [(code: ShaderCode, shader: LayerShader, fallback: SourceLocation)] = []
        var seen = Set<String>()
        for segment in plan.video {
            for layer in segment.layers {
                let programs = [(layer.shader, layer.source), (layer.transitionIn, layer.transitionIn?.transition)]
                for case (let shader?, let id?) in programs {
                    guard case .shader(let code)? = plan.source(id)?.kind, code.builtIn == nil
                    else { continue }
                    guard seen.insert("\(shader.location ?? layer.location)\n\(code.text)").inserted else { continue }
                    uses.append((code, shader, layer.location))
                }
            }
        }
        guard !uses.isEmpty else { return [] }
        let outcomes = check(uses.map(\.code))
        var diagnostics: [Diagnostic] = []
        var warned = false
        for use in uses {
            let at = use.shader.location ?? use.fallback
            switch outcomes[use.code] {
            case .fails(let message, let line)?:
                diagnostics.append(.error(compileMessage(use.shader.name, use.code, message: message, line: line), at: at))
            case .crashed(let how)?:
                diagnostics.append(
                    .error(
                        "the shader '\(use.shader.name)' could not be compiled: \(how)", at: at,
                        hint: "the GLSL compiler gave up on it: look for huge arrays, loops or macro expansions"))
            case .unavailable(let why)? where !warned:
                warned = true
                diagnostics.append(Diagnostic(.warning, "the shaders were not checked: \(why)", at: at))
            default:
                break
            }
        }
        return diagnostics
    }

    /// A compile failure as the user reads it: at the line of their file, or
    /// (a line of the code around it) with what the code must define.
    static func compileMessage(_ name: String, _ code: ShaderCode, message: String, line: Int?) -> String {
        let lines = code.text.split(separator: "\n", omittingEmptySubsequences: false).count
        guard let line, line <= lines else {
            let wrapped = code.isTransition ? " (a transition defines 'vec4 transition(vec2 uv)')" : ""
            return "the shader '\(name)' does not compile: \(message)\(wrapped)"
        }
        return "the shader '\(name)' does not compile: line \(line): \(message)"
    }

    /// What the child makes of each code, remembered ones without asking it again.
    public static func check(_ codes: [ShaderCode]) -> [ShaderCode: Outcome] {
        var result: [ShaderCode: Outcome] = [:]
        var pending: [ShaderCode] = []
        remembered.withLock { known in
            for code in codes where result[code] == nil && !pending.contains(code) {
                if let outcome = known[code] { result[code] = outcome } else { pending.append(code) }
            }
        }
        while !pending.isEmpty {
            let (answered, ending) = runChild(pending)
            for (code, outcome) in zip(pending, answered) { result[code] = outcome }
            if answered.count == pending.count { break }
            // The child ended at the first code it did not answer; the rest get a child of their own.
            result[pending[answered.count]] = ending
            pending.removeFirst(answered.count + 1)
        }
        remembered.withLock { known in
            for (code, outcome) in result {
                if case .unavailable = outcome { continue }
                known[code] = outcome
            }
        }
        return result
    }

    /// Runs one child on `codes`: the outcomes it wrote, in order, and what
    /// ended it when it did not answer them all.
    private static func runChild(_ codes: [ShaderCode]) -> ([Outcome], Outcome) {
        let helper = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("render-cli").path
        guard access(helper, X_OK) == 0 else {
            return ([], .unavailable("the shader checker '\(helper)' is missing; keep render-cli beside render"))
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cutlist-shaders-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("shaders.json")
        let output = folder.appendingPathComponent("outcomes")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try JSONEncoder().encode(codes).write(to: input)
        } catch {
            return ([], .unavailable("cannot write the shaders for the checker: \(error)"))
        }
        let child: pid_t
        switch ChildSpawn.start([helper, command, input.path], stdout: .file(output.path), stderr: .discard) {
        case .success(let started): child = started
        case .failure(let error):
            return ([], .unavailable("cannot start the shader checker: \(String(cString: strerror(error.code.rawValue)))"))
        }
        // Killed past its time, or when the process that asked is asked to stop.
        let status = ChildSpawn.wait(
            child, until: Date().addingTimeInterval(wallSeconds), interval: 0.005, stop: { Interrupt.isRequested })
        let lines = (try? String(contentsOf: output, encoding: .utf8))?.split(separator: "\n") ?? []
        let answered = lines.compactMap { try? JSONDecoder().decode(Outcome.self, from: Data($0.utf8)) }
        let signal = (status ?? 0) & 0x7f
        let ending: Outcome =
            status == nil
            ? .crashed("the GLSL compiler took longer than \(Int(wallSeconds)) s")
            : signal == SIGXCPU
                ? .crashed("the GLSL compiler took more than \(cpuSeconds) s of CPU time")
                : signal != 0
                    ? .crashed(
                        "the GLSL compiler crashed (signal \(signal)) or ran out of its \(memoryLimit >> 30) GiB of memory")
                    : .crashed("the shader checker ended without an answer (exit status \(((status ?? 0) >> 8) & 0xff))")
        return (answered, ending)
    }

    /// The child: compiles and draws each code of the JSON file at `path`, writing
    /// one outcome per line as each is known, under its limits.
    public static func serve(_ path: String) -> Int32 {
        // Within bounds of its own, also when the process that asked is gone.
        var memory = rlimit(rlim_cur: rlim_t(memoryLimit), rlim_max: rlim_t(memoryLimit))
        setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &memory)
        var cpu = rlimit(rlim_cur: rlim_t(cpuSeconds), rlim_max: rlim_t(cpuSeconds + 1))
        setrlimit(__rlimit_resource_t(RLIMIT_CPU.rawValue), &cpu)
        guard let data = FileManager.default.contents(atPath: path),
            let codes = try? JSONDecoder().decode([ShaderCode].self, from: data)
        else { return 2 }
        func say(_ outcome: Outcome) {
            guard var line = try? JSONEncoder().encode(outcome) else { return }
            line.append(10)
            FileHandle.standardOutput.write(line)
        }
        let context: ShadingContext
        do {
            context = try ShadingContext()
        } catch {
            for _ in codes { say(.unavailable("\(error)")) }
            return 0
        }
        for code in codes {
            do {
                try draw(code, in: context)
                say(.compiles)
            } catch let error as ShaderProgram.CompileError {
                say(.fails(message: error.message, line: error.line))
            } catch {
                say(.fails(message: "\(error)", line: nil))
            }
        }
        return 0
    }

    /// One small frame of `code`, so the driver compiles what a render would run.
    private static func draw(_ code: ShaderCode, in context: ShadingContext) throws {
        let side = 8
        if code.isTransition {
            let programs = try context.transitionPrograms(code.text, reads: code.reads)
            let (from, to) = (YUVImage(width: side, height: side), YUVImage(width: side, height: side))
            try context.transition(
                programs, from: from, to: to, into: YUVImage(width: side, height: side),
                uniforms: ["progress": .float(0.5), "ratio": .float(1), "time": .float(0)])
        } else {
            let program = try context.program(ShaderSource.item(code.text))
            try context.picture(
                program, into: RGBAImage(width: side, height: side),
                uniforms: ["progress": .float(0.5), "time": .float(0), "resolution": .vec2(Float(side), Float(side))])
        }
    }
}
