import Backend
import Foundation

/// Shows a render's progress: a bar with percent, frames per second, speed and
/// ETA on a terminal; plain lines otherwise; JSON lines for machines.
final class ProgressReporter {
    enum Style: String, CaseIterable { case auto, plain, json, none }

    private let style: Style
    private let start = Date()
    private var lastReport = Date.distantPast
    private var lastPercent = -1

    init(_ requested: Style, quiet: Bool) {
        if quiet {
            style = .none
        } else if requested == .auto {
            style = Terminal.standardErrorIsTerminal ? .auto : .plain
        } else {
            style = requested
        }
    }

    func report(_ progress: RenderProgress) {
        let now = Date()
        let finished = progress.framesDone == progress.frameCount
        let elapsed = max(now.timeIntervalSince(start), 1e-6)
        let fraction = progress.frameCount > 0 ? Double(progress.framesDone) / Double(progress.frameCount) : 1
        let percent = Int(fraction * 100)
        // Rates count the frames this render made, not those the cache or the sources gave it.
        let made = max(progress.framesDone - progress.framesReused, 0)
        let fps = Double(made) / elapsed
        let speed =
            progress.frameCount > 0 ? Double(made) / Double(progress.frameCount) * progress.totalMediaSeconds / elapsed : 0
        let eta = made > 0 ? elapsed * Double(progress.frameCount - progress.framesDone) / Double(made) : 0
        let rates =
            made > 0 || progress.framesReused == 0
            ? "\(format(fps)) fps, \(format(speed))× realtime, ETA \(clock(eta))" : "nothing to encode"

        switch style {
        case .none:
            return
        case .auto:
            guard finished || now.timeIntervalSince(lastReport) >= 0.1 else { return }
            let width = 30
            let filled = Int(fraction * Double(width))
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            Terminal.printError(
                "\r\(bar) \(pad(percent))%  \(rates.replacingOccurrences(of: ", ", with: "  "))  ",
                terminator: finished ? "\n" : "")
        case .plain:
            guard finished || (percent / 10 > lastPercent / 10 && lastPercent >= 0) || lastPercent < 0 else { return }
            lastPercent = percent
            Terminal.printError(
                "render: \(percent)% (\(progress.framesDone)/\(progress.frameCount) frames), \(rates)")
        case .json:
            guard finished || now.timeIntervalSince(lastReport) >= 0.25 else { return }
            let line =
                ("{\"frame\":\(progress.framesDone),\"frames\":\(progress.frameCount),\"percent\":\(format(fraction * 100)),"
                    + "\"fps\":\(format(fps)),\"speed\":\(format(speed)),\"eta_seconds\":\(format(eta))"
                    + (progress.chunks.map {
                        ",\"chunks\":\($0.total),\"chunks_reused\":\($0.reused),\"frames_copied\":\($0.copiedFrames)"
                    } ?? "") + "}\n")
            FileHandle.standardOutput.write(Data(line.utf8))
        }
        lastReport = now
    }

    private func format(_ value: Double) -> String { String(format: "%.1f", value) }
    private func pad(_ value: Int) -> String { String(repeating: " ", count: max(0, 3 - String(value).count)) + String(value) }
    private func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return String(format: "%d:%02d", s / 60, s % 60)
    }
}
