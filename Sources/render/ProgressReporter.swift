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
        let fps = Double(progress.framesDone) / elapsed
        let speed = progress.mediaSeconds / elapsed
        let eta = fraction > 0 ? elapsed * (1 - fraction) / fraction : 0
        switch style {
        case .none:
            return
        case .auto:
            guard finished || now.timeIntervalSince(lastReport) >= 0.1 else { return }
            let width = 30
            let filled = Int(fraction * Double(width))
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            Terminal.printError(
                "\r\(bar) \(pad(percent))%  \(format(fps)) fps  \(format(speed))× realtime  ETA \(clock(eta))  ",
                terminator: finished ? "\n" : "")
        case .plain:
            guard finished || (percent / 10 > lastPercent / 10 && lastPercent >= 0) || lastPercent < 0 else { return }
            lastPercent = percent
            Terminal.printError(
                "render: \(percent)% (\(progress.framesDone)/\(progress.frameCount) frames), "
                    + "\(format(fps)) fps, \(format(speed))× realtime, ETA \(clock(eta))")
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
