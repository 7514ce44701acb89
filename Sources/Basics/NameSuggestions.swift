/// The names a mistyped name most likely meant, for "did you mean" hints:
/// what the parser, the subtitle readers and the language server suggest.
public enum NameSuggestions {
    /// The known name closest to `word` by edit distance (case-insensitive
    /// Levenshtein), when close enough to be a plausible typo (distance
    /// `<= max(1, word.count / 3)`); else nil. Ties go to the earlier candidate.
    public static func closestMatch(to word: String, in candidates: [String]) -> String? {
        let target = Array(word.lowercased())
        let limit = max(1, target.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(target, Array(candidate.lowercased()))
            if distance <= limit, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// "did you mean 'x'?" (or "'x' or 'y'") for the names `word` most likely meant, or nil.
    public static func didYouMean(_ word: String, in candidates: [String]) -> String? {
        let names = meant(word, in: candidates)
        guard !names.isEmpty else { return nil }
        return "did you mean \(names.map { "'\($0)'" }.joined(separator: " or "))?"
    }

    /// Names other programs use for what a key here is called.
    private static let aliases = [
        "start": "from", "end": "to", "length": "duration", "alpha": "opacity", "transparency": "opacity",
        "gain": "volume", "font-family": "font", "middle": "center", "centre": "center",
    ]

    /// The names `word` most likely meant, best first: an alias; the same words
    /// in another order (`left-top`); the name without a `center` part
    /// (`bottom-center` is `bottom`); up to three names that add a word to it
    /// (`fade` is `fade_in` or `fade_out`); a name one slip away; the longest name
    /// it adds a word to; else the closest by edit distance.
    public static func meant(_ word: String, in candidates: [String]) -> [String] {
        func words(_ name: String) -> [Substring] {
            name.lowercased().split { $0 == "-" || $0 == "_" || $0 == " " }
        }
        func starts(_ long: String, with short: String) -> Bool {
            let long = long.lowercased()
            let short = short.lowercased()
            guard long.count > short.count, long.hasPrefix(short) else { return false }
            return "-_".contains(long[long.index(long.startIndex, offsetBy: short.count)])
        }
        if let alias = aliases[word.lowercased()], candidates.contains(alias) { return [alias] }
        let given = words(word)
        if let reordered = candidates.first(where: { words($0).sorted() == given.sorted() && $0 != word }) {
            return [reordered]
        }
        let withoutCenter = given.filter { !["center", "centre", "middle"].contains($0) }
        if withoutCenter.count < given.count, let plain = candidates.first(where: { words($0) == withoutCenter }) {
            return [plain]
        }
        // One wrong, missing or extra letter, or two swapped (`font_sise`, `font_szie`), beats a
        // shorter name it starts with (`font`): a slip of the finger is likelier than a word added.
        if word.count >= 4, let slip = closestMatch(to: word, in: candidates),
            editDistance(Array(word.lowercased()), Array(slip.lowercased())) == 1
        {
            return [slip]
        }
        let longer = candidates.filter { starts($0, with: word) }
        if (1...3).contains(longer.count) { return longer }
        if let shorter = candidates.filter({ starts(word, with: $0) }).max(by: { $0.count < $1.count }) { return [shorter] }
        return closestMatch(to: word, in: candidates).map { [$0] } ?? []
    }

    /// Edit distance where a swap of two neighbouring letters counts as one edit
    /// (optimal string alignment), so `nmae` suggests `name`.
    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
