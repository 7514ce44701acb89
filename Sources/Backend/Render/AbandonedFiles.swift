import Foundation

/// Temporary files named `….partial-PID…` (a render's output in progress, a
/// chunk being written) whose process has ended without cleaning up: killed.
enum AbandonedFiles {
    /// Removes the entries of `folder` that `matches` accepts and that carry
    /// `.partial-PID` for a process that no longer runs.
    static func remove(in folder: String, where matches: (String) -> Bool = { _ in true }) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where matches(name) {
            guard let marker = name.range(of: ".partial-", options: .backwards),
                let pid = Int32(name[marker.upperBound...].prefix { $0.isNumber }),
                pid != getpid(), kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            try? FileManager.default.removeItem(atPath: folder + "/" + name)
        }
    }
}
