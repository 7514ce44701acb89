import ArgumentParser
import Foundation

/// OpenTimelineIO's own `otioconvert`, for the formats its adapters read and
/// write (CMX 3600 EDL, Final Cut Pro 7 XML, AAF, …): run as a child that ends
/// with render, within a time limit; each failure said in one line.
enum OTIOConverter {
    /// How long `otioconvert` may take: far more than any real timeline needs.
    static let timeLimit = 120.0

    /// The formats `render export` writes through it, by extension, and what they are.
    static let written: [(suffix: String, name: String)] = [
        ("edl", "a CMX 3600 edit decision list"), ("xml", "Final Cut Pro 7 XML, which Premiere and Resolve import"),
    ]

    /// Converts `input` to `output`, each format told by its extension; `what`
    /// names the file in messages. Throws exit status 1 (could not run) or 2 (refused).
    static func convert(_ input: String, to output: String, arguments extra: [String] = [], what: String) throws {
        let outcome: ChildProcess.Outcome
        do throws(ChildProcess.Failure) {
            outcome = try ChildProcess.run(["otioconvert", "-i", input, "-o", output] + extra, timeLimit: timeLimit)
        } catch {
            Terminal.printError("error: cannot start otioconvert: \(String(cString: strerror(error.code)))")
            throw ExitCode(1)
        }
        guard let status = outcome.status else {
            Terminal.printError("error: otioconvert did not finish \(what) within \(Int(timeLimit)) s, so it was stopped")
            throw ExitCode(1)
        }
        guard status == 0 else {
            if status == 127 {
                Terminal.printError(
                    "error: \(what) needs OpenTimelineIO's otioconvert; install it with "
                        + "'pip install opentimelineio opentimelineio-plugins'")
            } else {
                let reason = outcome.errors.split(separator: "\n").last.map(String.init) ?? "exit \(status)"
                Terminal.printError("error: otioconvert failed \(what): \(reason)")
            }
            throw ExitCode(2)
        }
    }
}
