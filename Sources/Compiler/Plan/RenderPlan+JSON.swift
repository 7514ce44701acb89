import Foundation

extension RenderPlan {
    /// The plan as `render plan --json` prints it: keys sorted, pretty-printed.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let data = try encoder.encode(self)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Reads a plan written by `json()`.
    public static func fromJSON(_ text: String) throws -> RenderPlan {
        try JSONDecoder().decode(RenderPlan.self, from: Data(text.utf8))
    }
}
