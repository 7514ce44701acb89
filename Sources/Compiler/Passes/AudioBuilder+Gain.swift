import EDLParser

extension AudioBuilder {
    /// Item volume × fades × track volume.
    func gain(_ placed: PlacedItem, length: Rational, _ context: inout CompileContext) -> Envelope {
        let sound = placed.item.sound
        let track = context.project.tracks[placed.track]
        let local = CurveLowering(origin: placed.start, length: length)
        let timeline = CurveLowering(origin: .zero, length: output.duration)
        var gain = Envelope()
        if let volume = local.curve(sound.volume, "volume", &context, convert: { $0 }) { gain.multiply(by: volume) }
        for fade in placed.fades { gain.multiply(by: fade) }
        if let volume = timeline.curve(track.volume, "volume", &context, convert: { $0 }) { gain.multiply(by: volume) }
        return gain
    }

    /// Side-chains: each ducked track listens to the inputs of the track it names.
    func duckingInstructions(_ inputs: [AudioInput], _ context: inout CompileContext) -> [DuckingInstruction] {
        var instructions: [DuckingInstruction] = []
        let tracks = context.project.tracks
        for (index, track) in tracks.enumerated() {
            guard let ducking = track.ducking else { continue }
            let name = ducking.under.value
            guard let trigger = tracks.firstIndex(where: { $0.name == name }) else {
                let names = tracks.compactMap(\.name).map { "'\($0)'" }.joined(separator: ", ")
                context.error(
                    "no track is named '\(name)'", at: ducking.under.location,
                    hint: names.isEmpty ? "give the voice track a 'name'" : "named tracks: \(names)")
                continue
            }
            guard trigger != index else {
                context.error("a track cannot duck under itself", at: ducking.under.location)
                continue
            }
            let attack = context.length(Located(ducking.attack, at: ducking.under.location), "attack") ?? .zero
            let release = context.length(Located(ducking.release, at: ducking.under.location), "release") ?? .zero
            instructions.append(
                DuckingInstruction(
                    track: index, triggers: inputs.filter { $0.track == trigger }.map(\.id),
                    gain: ducking.gain, attack: attack, release: release, location: ducking.under.location))
        }
        return instructions
    }
}
