import Testing

@testable import Backend

@Suite("Audio blocks")
struct AudioBlockTests {
    @Test func monoUpmixPlaysOnBothChannels() {
        let mono = AudioBlock(channelData: [[0.5, -0.25, 1]])
        let stereo = mono.converted(toChannels: 2)
        #expect(stereo.samples(channel: 0) == [0.5, -0.25, 1])
        #expect(stereo.samples(channel: 1) == [0.5, -0.25, 1])
    }

    @Test func stereoDownmixAverages() {
        let stereo = AudioBlock(channelData: [[1, 0.5], [0, -0.5]])
        #expect(stereo.converted(toChannels: 1).samples(channel: 0) == [0.5, 0])
    }

    @Test func resizeWithinCapacityKeepsStorageAndZeroesNewFrames() {
        var block = AudioBlock(channels: 2, frameCount: 4, capacity: 1024)
        block[1, 3] = 0.75
        block.resize(frameCount: 2)
        block.resize(frameCount: 4)
        #expect(block.capacity == 1024)
        #expect(block[1, 3] == 0)
        block.resize(frameCount: 2000)
        #expect(block.frameCount == 2000 && block.capacity == 2000)
    }

    @Test func equalityIgnoresSpareCapacity() {
        var roomy = AudioBlock(channels: 1, frameCount: 2, capacity: 64)
        roomy[0, 0] = 1
        #expect(roomy == AudioBlock(channelData: [[1, 0]]))
    }

    @Test func addingSumsInputsOfDifferentLayouts() {
        let mono = AudioBlock(channelData: [[0.25, 0.25, 0.25]])
        let stereo = AudioBlock(channelData: [[0.5, 0.5], [-0.5, -0.5]])
        var output = AudioBlock(channels: 2, frameCount: 3)
        output.add(mono)
        output.add(stereo)
        #expect(output.samples(channel: 0) == [0.75, 0.75, 0.25])
        #expect(output.samples(channel: 1) == [-0.25, -0.25, 0.25])
    }
}
