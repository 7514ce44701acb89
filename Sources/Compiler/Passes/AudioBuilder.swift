import EDLParser

/// Pass 6: the audio stream's format, one input per item with sound (its time
/// map and gain envelope), and the tracks' ducking.
///
/// Freeze frames and still pictures are silent; a muted item or track adds no input.
struct AudioBuilder {
    let output: OutputPlan

    /// Inputs by `Placement.items` index, in placement order, plus the plan.
    func build(_ placement: Placement, sources: inout SourceTable, _ context: inout CompileContext) -> (AudioPlan, [Int: Int]) {
        let sounding = placement.items.indices.filter { hasSound(placement.items[$0], &context) }
        guard let format = format(anySound: !sounding.isEmpty, &context) else { return (AudioPlan(format: nil), [:]) }
        var inputs: [AudioInput] = []
        var byItem: [Int: Int] = [:]
        for index in sounding {
            let placed = placement.items[index]
            guard let length = placed.length, length > .zero, let source = sources.source(of: placed) else { continue }
            let range = placed.range
            byItem[index] = inputs.count
            var input = AudioInput(
                id: inputs.count, source: source, timeMap: placed.timeMap, gain: gain(placed, length: length, &context),
                range: range, samples: Self.clip(range.samples(at: format.sampleRate), format.sampleCount),
                pitch: placed.item.sound.pitch, track: placed.track, location: placed.item.location)
            input.effects = placed.item.sound.effects
            inputs.append(input)
        }
        let ducking = duckingInstructions(inputs, &context)
        let loudness = context.project.output.audio?.loudness
        let plan = AudioPlan(
            format: format, inputs: inputs, ducking: ducking, limiter: loudness == nil ? Limiter() : .loudnessNormalising,
            loudness: loudness)
        return (plan, byItem)
    }

    static func clip(_ samples: Range<Int64>, _ count: Int64) -> Range<Int64> {
        let lower = min(max(samples.lowerBound, 0), count)
        return lower..<min(max(samples.upperBound, lower), count)
    }

    private func hasSound(_ placed: PlacedItem, _ context: inout CompileContext) -> Bool {
        let track = context.project.tracks[placed.track]
        let name = track.displayName(index: placed.track)
        let audible: Bool
        switch placed.item.content {
        case .tone: audible = true
        case .composition:
            audible = placed.facts?.audio != nil && placed.timing.speed > .zero
        case .source(let reference):
            audible = placed.facts?.audio != nil && placed.timing.speed > .zero
            if track.kind == .audio, placed.facts?.audio == nil {
                context.error(
                    "'\(reference.displayName)' has no sound to play on audio track '\(name)'", at: placed.item.location)
            }
        case .color, .text, .pattern, .gradient, .shape, .captions, .shader:
            if track.kind == .audio {
                context.error(
                    "this item has no sound, so it does nothing on audio track '\(name)'", at: placed.item.location,
                    hint: "put it on a video track")
            }
            audible = false
        case .gap, .transition: audible = false
        }
        if audible, placed.item.sound.pitch == .keep, let low = Rational(1, 16), placed.timing.speed < low {
            // Stretched further than 16 times, a sound is a drone, not the recording slowed.
            context.diagnostics.append(
                Diagnostic(
                    .warning,
                    "at speed \(placed.timing.speed), below 1/16, this item's sound is left silent",
                    at: placed.item.timing.speed?.location ?? placed.item.location,
                    hint: "'pitch: shift' plays it slowed as tape would, pitch falling with the speed"))
            return false
        }
        return audible && !placed.item.sound.mute && !track.mute
    }

    private func format(anySound: Bool, _ context: inout CompileContext) -> AudioFormat? {
        let settings = context.project.output
        let container = output.container
        let wanted = container.hasVideo ? (settings.audioExplicit ? settings.audio != nil : anySound) : true
        guard wanted, container.allowsAudio else {
            if wanted, settings.audioExplicit {
                context.error(".\(container.rawValue) cannot hold audio", at: settings.location, hint: "write 'audio: none'")
            }
            return nil
        }
        let audio = settings.audio ?? AudioSettings()
        let codec = audio.codec ?? container.defaultAudioCodec ?? .aac
        if !container.audioCodecs.contains(codec) {
            context.error("'\(codec.rawValue)' audio cannot be written to .\(container.rawValue)", at: settings.location)
        }
        let span = container.hasVideo ? output.frameSpan : output.duration
        return AudioFormat(
            codec: codec, sampleRate: audio.sampleRate, channels: audio.channels, bitrate: audio.bitrate,
            sampleCount: span.ceil(times: Rational(Int64(audio.sampleRate))))
    }
}
