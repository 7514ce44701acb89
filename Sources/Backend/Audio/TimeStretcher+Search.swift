extension TimeStretcher {
    /// The input position within ±``searchRadius`` of `nominal` whose first `hop`
    /// samples best match the natural continuation of the previous segment
    /// (the `hop` samples after its own first half), by normalised
    /// cross-correlation summed over channels. Coarse pass: every 4th position,
    /// every 4th sample; fine pass: ±3 positions around the coarse winner, every
    /// sample. Ties keep the earlier position, so the choice is deterministic.
    func bestPosition(near nominal: Int64) -> Int64 {
        let template = previousPosition + Int64(hop)
        let lowest = max(nominal - Int64(searchRadius), input.start)
        let highest = min(nominal + Int64(searchRadius), lastPosition(frameIndex))
        guard lowest < highest else { return max(nominal, input.start) }
        var best = lowest
        var bestScore = -Double.infinity
        var candidate = lowest
        while candidate <= highest {
            let score = similarity(at: candidate, template: template, stride: 4)
            if score > bestScore {
                bestScore = score
                best = candidate
            }
            candidate += 4
        }
        let coarse = best
        bestScore = -Double.infinity
        for candidate in max(lowest, coarse - 3)...min(highest, coarse + 3) {
            let score = similarity(at: candidate, template: template, stride: 1)
            if score > bestScore {
                bestScore = score
                best = candidate
            }
        }
        return best
    }

    /// Correlation of the `hop` samples at `candidate` with those at `template`,
    /// divided by the candidate's energy's square root (the template's energy is
    /// the same for every candidate), sampling every `stride`-th sample.
    private func similarity(at candidate: Int64, template: Int64, stride: Int) -> Double {
        var correlation = 0.0
        var energy = 0.0
        for channel in 0..<channels {
            input.withChannel(channel) { samples, base in
                let first = base + Int(candidate - input.start)
                let reference = base + Int(template - input.start)
                var index = 0
                while index < hop {
                    let value = Double(samples[first + index])
                    correlation += value * Double(samples[reference + index])
                    energy += value * value
                    index += stride
                }
            }
        }
        return correlation / (energy + 1e-9).squareRoot()
    }
}
