import Compiler
import EDLParser

/// Reads a copy chunk's packets from its source (SPEC 18), in decoding order,
/// one at a time: from the IDR picture that starts the run to the packet
/// before the next run's IDR, each checked to be one of the run's frames.
struct SourcePackets {
    let file: FileSource
    let scan: CopyScan
    let inputs: OpenInputs

    /// Calls `body` with each packet of `run` and the frame it shows, counted
    /// from the run's first.
    func read(_ run: CopyRun, _ body: (Packet, Int) throws -> Void) throws {
        guard let streamIndex = file.videoStream, run.sourceFrames.upperBound <= scan.timestamps.count,
            !run.sourceFrames.isEmpty
        else { throw failure("its frames are not in the file") }
        let first = scan.timestamps[run.sourceFrames.lowerBound]
        let next = run.sourceFrames.upperBound < scan.timestamps.count ? scan.timestamps[run.sourceFrames.upperBound] : nil
        let packet = try Packet()
        var count = 0
        do {
            let input = try inputs.input(file.path)
            try input.seek(stream: streamIndex, toKeyframeBefore: first)
            var started = false
            while try input.read(into: packet) {
                defer { packet.unref() }
                guard packet.streamIndex == streamIndex, let pts = packet.pts else { continue }
                if !started {
                    guard pts == first, packet.isKeyframe else { continue }
                    started = true
                }
                if pts == next { break }
                guard let frame = frame(of: pts), run.sourceFrames.contains(frame) else {
                    throw failure("a packet of another frame comes before its end")
                }
                try body(packet, frame - run.sourceFrames.lowerBound)
                count += 1
            }
        } catch let error as LibAVError {
            throw failure("\(error)")
        }
        guard count == run.sourceFrames.count else {
            throw failure("it holds \(count) pictures, not \(run.sourceFrames.count)")
        }
    }

    private func frame(of pts: Int64) -> Int? {
        let index = scan.timestamps.partitionPoint { $0 < pts }
        return index < scan.timestamps.count && scan.timestamps[index] == pts ? index : nil
    }

    private func failure(_ reason: String) -> RenderFailure {
        RenderFailure("cannot copy the frames of '\(file.path)': \(reason); has the file changed?")
    }
}

/// The sources a join copies packets from, kept open between their runs:
/// opening a file probes its streams, decoding pictures, which costs more
/// than reading a run. The last few used stay open, so a project of many
/// sources holds few files.
final class OpenInputs {
    private var recent: [(path: String, input: InputFile)] = []
    private let limit = 8

    func input(_ path: String) throws(LibAVError) -> InputFile {
        if let index = recent.firstIndex(where: { $0.path == path }) {
            let found = recent.remove(at: index)
            recent.append(found)
            return found.input
        }
        let input = try InputFile(path: path)
        if recent.count == limit { recent.removeFirst() }
        recent.append((path, input))
        return input
    }
}
