import Foundation
import Yams

extension ItemReader {
    static let gateKeys = ["threshold", "range", "attack", "hold", "release"]
    static let compressorKeys = ["threshold", "ratio", "knee", "attack", "release", "makeup", "detect"]
    static let limiterKeys = ["ceiling", "release"]
    static let bandKeys = ["freq", "q", "gain"]

    /// `eq`, `gate`, `compressor` and `limiter`; nil when none is given.
    func readEffects(_ keys: [String: ParseContext.Entry]) -> SoundEffects? {
        guard Self.effectKeys.contains(where: { keys[$0] != nil }) else { return nil }
        var effects = SoundEffects()
        if let entry = keys["eq"], let elements = context.elements(of: entry.value, "eq") {
            effects.eq = elements.compactMap(readBand)
        }
        if let entry = keys["gate"], let values = context.entries(of: entry.value, in: "'gate'", allowed: Self.gateKeys) {
            var gate = SoundEffects.Gate()
            level(values["threshold"], "threshold", -120...0) { gate.threshold = $0 }
            level(values["range"], "range", -120...0) { gate.range = $0 }
            seconds(values["attack"], "attack") { gate.attack = $0 }
            seconds(values["hold"], "hold") { gate.hold = $0 }
            seconds(values["release"], "release") { gate.release = $0 }
            effects.gate = gate
        }
        if let entry = keys["compressor"],
            let values = context.entries(of: entry.value, in: "'compressor'", allowed: Self.compressorKeys)
        {
            var compressor = SoundEffects.Compressor()
            level(values["threshold"], "threshold", -120...0) { compressor.threshold = $0 }
            if let ratio = values["ratio"], let value = context.number(ratio.value, "ratio", in: 1...100) {
                compressor.ratio = value
            }
            level(values["knee"], "knee", 0...48) { compressor.knee = $0 }
            seconds(values["attack"], "attack") { compressor.attack = $0 }
            seconds(values["release"], "release") { compressor.release = $0 }
            level(values["makeup"], "makeup", -48...48) { compressor.makeup = $0 }
            if let detect = values["detect"],
                let value = context.word(detect.value, "detect", SoundEffects.Compressor.Detect.self)
            {
                compressor.detect = value
            }
            effects.compressor = compressor
        }
        if let entry = keys["limiter"], let values = context.entries(of: entry.value, in: "'limiter'", allowed: Self.limiterKeys)
        {
            var limiter = SoundEffects.Limiter()
            level(values["ceiling"], "ceiling", -60...0) { limiter.ceiling = $0 }
            seconds(values["release"], "release") { limiter.release = $0 }
            effects.limiter = limiter
        }
        return effects
    }

    /// `{ highpass: 80 }`, `{ lowpass: { freq: 12000, q: 0.7 } }`, `{ peak: { freq: 3000, gain: 3dB, q: 1 } }`.
    private func readBand(_ node: Node) -> SoundEffects.Band? {
        let names = SoundEffects.Band.Kind.allCases.map(\.rawValue)
        guard let keys = context.entries(of: node, in: "an 'eq' band", allowed: names), keys.count == 1,
            let (name, entry) = keys.first, let kind = SoundEffects.Band.Kind(rawValue: name)
        else {
            context.error(
                "an 'eq' band is one filter: \(names.joined(separator: ", "))", at: node,
                hint: "for example '{ highpass: 80 }' or '{ peak: { freq: 3000, gain: 3dB } }'")
            return nil
        }
        if case .scalar = entry.value {
            // A bare number is the frequency.
            return context.number(entry.value, name, in: 10...24_000).map { SoundEffects.Band(kind: kind, frequency: $0) }
        }
        guard let values = context.entries(of: entry.value, in: "'\(name)'", allowed: Self.bandKeys) else { return nil }
        guard let freq = values["freq"], let frequency = context.number(freq.value, "freq", in: 10...24_000) else {
            if values["freq"] == nil { context.error("'\(name)' needs 'freq' in Hz", at: entry.value) }
            return nil
        }
        var band = SoundEffects.Band(kind: kind, frequency: frequency)
        if let q = values["q"], let value = context.number(q.value, "q", in: 0.05...50) { band.q = value }
        if let gain = values["gain"] {
            if kind == .highpass || kind == .lowpass {
                context.error("'gain' applies to shelves and peaks; a \(name) passes at full level", at: gain.keyNode)
            } else {
                level(gain, "gain", -48...48) { band.gain = $0 }
            }
        }
        return band
    }

    /// A level in dB (`-20dB`, or a plain number of dB) within `range`.
    private func level(_ entry: ParseContext.Entry?, _ key: String, _ range: ClosedRange<Double>, _ set: (Double) -> Void) {
        guard let entry, let text = context.text(entry.value, key) else { return }
        let number = text.lowercased().hasSuffix("db") ? String(text.dropLast(2)).trimmingCharacters(in: .whitespaces) : text
        guard let value = Double(number), range.contains(value) else {
            context.error(
                "'\(key)' is a level in dB from \(formatNumber(range.lowerBound)) to \(formatNumber(range.upperBound)), not '\(text)'",
                at: entry.value, hint: "for example '\(key): \(formatNumber(range.upperBound == 0 ? -20 : 3))dB'")
            return
        }
        set(value)
    }

    /// A time (`10ms`, `0.2s`) in seconds, at least a tenth of a millisecond.
    private func seconds(_ entry: ParseContext.Entry?, _ key: String, _ set: (Double) -> Void) {
        guard let entry, let time = context.positiveTime(entry.value, key) else { return }
        guard time.value.frames == 0 else {
            context.error("'\(key)' is a time in seconds or milliseconds, not frames", at: entry.value)
            return
        }
        set(max(time.value.seconds.approximateDouble, 0.0001))
    }
}
