import Testing

/// What a listener hears in the ducking example.
@Suite("Example audio")
struct ExampleAudioTests {
    @Test("ducking.yaml lowers the music by at least 10 dB while the voice speaks, and lets it back up in the pause")
    func ducking() async throws {
        let output = ExampleOutput(try await ExampleWorkspace.shared.rendered("ducking"))
        // The voice (880 Hz) speaks over 1..2.5 s and 3.5..5.5 s; the music's root is 220 Hz.
        let before = try output.level(of: 220, from: 0.25, to: 0.75)
        let during = try output.level(of: 220, from: 1.75, to: 2.25)
        let pause = try output.level(of: 220, from: 3.0, to: 3.5)
        let voice = try output.level(of: 880, from: 1.75, to: 2.25)
        #expect(before > -30 && voice > -30, "music \(before) dB, voice \(voice) dB")
        #expect(during <= before - 10, "music under the voice: \(during) dB vs \(before) dB before")
        #expect(pause > before - 3, "music in the pause: \(pause) dB vs \(before) dB")
    }
}
