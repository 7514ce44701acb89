import Foundation

/// Temporary files named `….partial-HOST-PID-RANDOM…` (a render's output in
/// progress, a chunk being written) whose process has ended without cleaning
/// up: killed. Job folders and outputs may sit on storage that many machines
/// share, and a process id means something only on the machine that runs it.
enum AbandonedFiles {
    /// The machine's name in temporary names: `$CUTLIST_HOST` when set (for a
    /// container or a test standing in for another machine), else the host
    /// name; anything but letters, digits and dots becomes `_`.
    static let host: String = {
        var name = [UInt8](repeating: 0, count: 256)
        let system =
            gethostname(&name, name.count - 1) == 0 ? String(decoding: name.prefix { $0 != 0 }, as: UTF8.self) : "localhost"
        let given = ProcessInfo.processInfo.environment["CUTLIST_HOST"].flatMap { $0.isEmpty ? nil : $0 } ?? system
        return String(given.map { $0.isLetter || $0.isNumber || $0 == "." ? $0 : "_" })
    }()

    /// Another machine's temporary files are taken for abandoned once untouched this long.
    static let foreignAge: TimeInterval = 24 * 60 * 60

    /// A fresh `partial-HOST-PID-RANDOM` for a temporary file's name.
    static func temporaryTag() -> String {
        "partial-\(host)-\(getpid())-\(String(UInt32.random(in: .min ... .max), radix: 16))"
    }

    /// Removes the entries of `folder` that `matches` accepts and that carry a
    /// temporary tag: this machine's once their process no longer runs, other
    /// machines' (and untagged ones of earlier versions) once untouched for `foreignAge`.
    static func remove(in folder: String, where matches: (String) -> Bool = { _ in true }) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where matches(name) {
            guard let marker = name.range(of: ".partial-", options: .backwards) else { continue }
            let path = folder + "/" + name
            let fields = name[marker.upperBound...].split(separator: "-", maxSplits: 2)
            if fields.count == 3, fields[0] == host, let pid = Int32(fields[1]) {
                guard pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            } else {
                var info = stat()
                guard stat(path, &info) == 0, Date().timeIntervalSince1970 - Double(info.st_mtim.tv_sec) > foreignAge
                else { continue }
            }
            try? FileManager.default.removeItem(atPath: path)
        }
    }
}
