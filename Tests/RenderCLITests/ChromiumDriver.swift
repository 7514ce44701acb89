import Foundation
import Testing

/// Fixtures/studio/driver.py: a page in headless Chromium, used as a person
/// would through the DevTools protocol.
enum ChromiumDriver {
    /// What the page showed in `scenario` at `url`, as JSON; a failure the
    /// driver reports is recorded as an issue, with `context` beside it.
    static func run(
        _ url: String, _ scenario: String, _ options: [String: String] = [:], timeout: Int = 60,
        context: @autoclosure () -> String = ""
    ) throws -> [String: Any] {
        let driver = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Fixtures/studio/driver.py")
        var arguments = ["\(timeout + 30)", "python3", driver.path, url, scenario, "--timeout", "\(timeout)"]
        for (key, value) in options.sorted(by: { $0.key < $1.key }) { arguments += ["--\(key)", value] }
        let output = try Tool.run("timeout", arguments)
        let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any] ?? [:]
        if let failure = object["failure"] { Issue.record("\(scenario): \(failure) \(object)\n\(context())") }
        return object
    }
}
