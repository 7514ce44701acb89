import ArgumentParser
import Backend
import Compiler
import EDLParser
import Foundation

/// `render thumbnails`: exact frames of a media file at chosen times, as PNGs,
/// one file each (`-o DIR`) and/or tiled into one picture (`--contact-sheet FILE`).
struct ThumbnailsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thumbnails",
        abstract: "Write the frames of a video at given times as PNG files, scaled within a maximum size.",
        discussion: "Give -o DIR for one PNG per thumbnail, --contact-sheet FILE for one PNG of them all, or both.")

    @Argument(help: "A video file (for example a rendered output).")
    var input: String

    @Option(help: ArgumentHelp("Comma-separated times.", valueName: "T1,T2,..."), transform: OptionValue.times)
    var at: [TimeValue]?

    @Option(help: "A thumbnail every this often, from the start.", transform: OptionValue.time)
    var every: TimeValue?

    @Option(
        name: .customLong("max-size"),
        help: ArgumentHelp("The largest thumbnail size; the aspect ratio is kept.", valueName: "WxH"),
        transform: OptionValue.size)
    var maxSize = PixelSize(width: 320, height: 180)

    @Option(name: .shortAndLong, help: "The folder to write one PNG per thumbnail into (created if missing).")
    var output: String?

    @Option(
        name: .customLong("contact-sheet"),
        help: ArgumentHelp("Also tile the thumbnails, four to a row, into this PNG file.", valueName: "FILE"))
    var contactSheet: String?

    func validate() throws {
        guard (at == nil) != (every == nil) else { throw ValidationError("give either --at or --every") }
        guard output != nil || contactSheet != nil else {
            throw ValidationError("give -o DIR for one PNG per thumbnail, --contact-sheet FILE for one PNG of them all, or both")
        }
        if let contactSheet { try PictureFile.refuseOtherThanPNG(contactSheet, option: "--contact-sheet") }
    }

    func run() throws {
        let path = URL(fileURLWithPath: input).standardizedFileURL.path
        let facts = try probe(path)
        guard facts.video != nil else {
            Terminal.printError("error: '\(input)' has no video stream; thumbnails need a picture")
            throw ExitCode(2)
        }
        let duration = facts.duration ?? .zero
        let times = try thumbnailTimes(duration: duration, fps: facts.video?.frameRate)
        if let output { try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true) }
        do {
            let thumbnails = Thumbnails(video: path, maxSize: maxSize)
            let sheetWritten = try thumbnails.write(at: times, into: output, contactSheet: contactSheet) { name, time in
                print("\(name) \(TimeValue.format(time))")
            }
            if let contactSheet, sheetWritten { print("\(contactSheet) \(times.count) thumbnails") }
        } catch {
            Terminal.printError("error: \(Terminal.describe(error))")
            throw ExitCode(1)
        }
    }

    private func probe(_ path: String) throws -> MediaFacts {
        do throws(MediaProbeError) {
            return try MediaProbe().facts(forPath: path)
        } catch {
            Terminal.printError("error: \(error.message)")
            throw ExitCode(2)
        }
    }

    /// The times asked for, frames (`45f`) counted at the video's rate `fps`.
    private func thumbnailTimes(duration: Rational, fps: FrameRate?) throws -> [Rational] {
        // A video with no constant rate has no frame to count by.
        let resolved = { (time: TimeValue) in time.isFrameBased ? fps.flatMap(time.resolved(at:)) : time.seconds }
        if let every {
            let step = resolved(every) ?? .zero
            guard step > .zero else { throw ValidationError("--every must be longer than zero") }
            var times: [Rational] = []
            var time = Rational.zero
            while time < duration && times.count < 10_000 {
                times.append(time)
                time = time + step
            }
            return times
        }
        return try (at ?? []).map { given in
            guard let time = resolved(given), time < duration else {
                throw ValidationError(
                    "--at \(given) is past the end of '\(input)', which lasts \(TimeValue.format(duration))")
            }
            return time
        }
    }
}
