import Testing

@testable import EDLParser

/// SPEC section 4: `output:`.
@Suite struct OutputTests {
    @Test func defaultsWhenOutputIsAbsent() {
        let output = parseValid(
            """
            cutlist: 1
            tracks:
              - items: [{ color: red, duration: 1 }]
            """)?.output
        #expect(output?.path == nil)
        #expect(output?.size == nil)
        #expect(output?.fps == nil)
        #expect(output?.duration == nil)
        #expect(output?.background == .black)
        #expect(output?.video.codec == nil)
        #expect(output?.video.quality == .crf(20))
        #expect(output?.video.preset == "medium")
        #expect(output?.video.pixelFormat == "yuv420p")
        #expect(output?.video.keyframeInterval == seconds(2))
        #expect(output?.audio == AudioSettings())
        #expect(output?.audio?.bitrate == 192_000)
        #expect(output?.audio?.sampleRate == 48_000)
        #expect(output?.audio?.channels == 2)
        #expect(output?.audioExplicit == false)
        #expect(output?.faststart == true)
        #expect(output?.metadata.isEmpty == true)
    }

    @Test func everyKeyGiven() {
        let output = parseValid(
            """
            cutlist: 1
            output:
              path: out/final.mov
              size: 1280x720
              fps: 25
              duration: 1m
              background: white
              video: { codec: prores, bitrate: 8M, preset: slow, pixel_format: yuv422p10le, keyframe_interval: 1s }
              audio: { codec: pcm_s16le, bitrate: 128k, sample_rate: 44100, channels: 1 }
              faststart: false
              metadata: { title: Launch day, comment: "cut 3" }
            tracks:
              - items: [{ color: red, duration: 1 }]
            """)?.output
        #expect(output?.path?.value == "/projects/demo/out/final.mov")
        #expect(output?.size?.value == PixelSize(width: 1280, height: 720))
        #expect(output?.fps?.value.rate == ratio(25))
        #expect(output?.duration?.value == seconds(60))
        #expect(output?.background == .white)
        #expect(output?.video.codec == .prores)
        #expect(output?.video.quality == .bitrate(8_000_000))
        #expect(output?.video.preset == "slow")
        #expect(output?.video.pixelFormat == "yuv422p10le")
        #expect(output?.video.keyframeInterval == seconds(1))
        #expect(output?.audio?.codec == .pcm)
        #expect(output?.audio?.bitrate == 128_000)
        #expect(output?.audio?.sampleRate == 44_100)
        #expect(output?.audio?.channels == 1)
        #expect(output?.audioExplicit == true)
        #expect(output?.faststart == false)
        #expect(
            output?.metadata == [MetadataEntry(key: "title", value: "Launch day"), MetadataEntry(key: "comment", value: "cut 3")])
    }

    @Test func oddSizeForYUV420() {
        let yaml = """
            cutlist: 1
            output: { size: 1️⃣1921x1080 }
            tracks:
              - items: [{ color: red, duration: 1 }]
            """
        expectErrors(yaml, ["1️⃣": "output size 1921x1080 has an odd side; yuv420p needs even width and height"])
        expectHints(yaml, ["1️⃣": "try 1922x1080"])
    }

    @Test func oddSizeIsFineForYUV444() {
        let output = parseValid(
            """
            cutlist: 1
            output: { size: [641, 481], video: { pixel_format: yuv444p } }
            tracks:
              - items: [{ color: red, duration: 1 }]
            """)?.output
        #expect(output?.size?.value == PixelSize(width: 641, height: 481))
        #expect(output?.video.pixelFormat == "yuv444p")
    }

    @Test func crfAndBitrateTogether() {
        expectErrors(
            """
            cutlist: 1
            output:
              video:
                crf: 18
                1️⃣bitrate: 8M
            tracks:
              - items: [{ color: red, duration: 1 }]
            """, ["1️⃣": "'crf' and 'bitrate' cannot both be set"])
    }

    @Test func crfRangeAndBadBitrate() {
        expectErrors(
            """
            cutlist: 1
            output:
              video: { crf: 1️⃣70 }
              audio: { bitrate: 2️⃣lots }
            tracks:
              - items: [{ color: red, duration: 1 }]
            """,
            [
                "1️⃣": "'crf' must be between 0 and 63, not 70",
                "2️⃣": "'lots' is not a bitrate; expected bits per second such as '128000', '192k' or '8M'",
            ])
    }

    @Test func videoCodecTheContainerCannotHold() {
        let yaml = """
            cutlist: 1
            output:
              path: out.webm
              video: 1️⃣{ codec: h264 }
            tracks:
              - items: [{ color: red, duration: 1 }]
            """
        expectErrors(yaml, ["1️⃣": "a .webm file cannot hold h264 video"])
        expectHints(yaml, ["1️⃣": "use one of: vp9"])
    }

    @Test func audioCodecTheContainerCannotHold() {
        let yaml = """
            cutlist: 1
            output:
              path: out.wav
              video: 1️⃣{ codec: h264 }
              audio: 2️⃣{ codec: aac }
            tracks:
              - items: [{ tone: 440, duration: 1 }]
            """
        expectErrors(
            yaml,
            [
                "1️⃣": "a .wav file holds no video",
                "2️⃣": "a .wav file cannot hold aac audio",
            ])
        expectHints(yaml, ["2️⃣": "use one of: pcm_s16le"])
    }

    @Test func unknownContainerAndCodecNames() {
        let yaml = """
            cutlist: 1
            output:
              path: 1️⃣out.avi
              video: { codec: 2️⃣h265 }
            tracks:
              - items: [{ color: red, duration: 1 }]
            """
        expectErrors(
            yaml,
            [
                "1️⃣": "'out.avi' has no known container extension",
                "2️⃣": "'h265' is not a valid 'codec'",
            ])
        expectHints(
            yaml,
            [
                "1️⃣": "use one of: .mp4 .mov .mkv .webm .m4a .wav .gif .webp",
                "2️⃣": "did you mean 'h264'?",
            ])
    }

    @Test func audioNone() {
        let output = parseValid(
            """
            cutlist: 1
            output: { path: silent.mp4, audio: none }
            tracks:
              - items: [{ source: media/clip.mp4 }]
            """)?.output
        #expect(output?.audio == nil)
        #expect(output?.audioExplicit == true)
        #expect(output?.path?.value == "/projects/demo/silent.mp4")
    }

    @Test func audioMustBeNoneOrAMapping() {
        expectErrors(
            """
            cutlist: 1
            output: { audio: 1️⃣off }
            tracks:
              - items: [{ color: red, duration: 1 }]
            """, ["1️⃣": "'audio' must be 'none' or a mapping of audio settings, not 'off'"])
    }

    @Test func audioChannelsAndSampleRate() {
        expectErrors(
            """
            cutlist: 1
            output:
              audio:
                channels: 1️⃣6
                sample_rate: 2️⃣44.1
            tracks:
              - items: [{ color: red, duration: 1 }]
            """,
            [
                "1️⃣": "'channels' must be between 1 and 2, not 6",
                "2️⃣": "'sample_rate' must be a whole number, not 44.1",
            ])
    }

    @Test func loudnessIsATargetInLUFS() throws {
        let project = parseValid(
            """
            cutlist: 1
            output: { audio: { loudness: -16 } }
            tracks:
              - items: [{ color: red, duration: 1 }]
            """)
        #expect(project?.output.audio?.loudness == -16)
        expectErrors(
            """
            cutlist: 1
            output: { audio: { loudness: 1️⃣-3 } }
            tracks:
              - items: [{ color: red, duration: 1 }]
            """, ["1️⃣": "'loudness' must be between -70 and -5, not -3"])
    }

    @Test func metadataMustBeAMapping() {
        expectErrors(
            """
            cutlist: 1
            output:
              metadata: 1️⃣[title, comment]
            tracks:
              - items: [{ color: red, duration: 1 }]
            """, ["1️⃣": "'metadata' must be a mapping of tags to text, not a list"])
    }

    @Test func badPreset() {
        let yaml = """
            cutlist: 1
            output:
              video: { preset: 1️⃣medum, pixel_format: 2️⃣rgb24 }
            tracks:
              - items: [{ color: red, duration: 1 }]
            """
        expectErrors(
            yaml,
            [
                "1️⃣": "'medum' is not an encoder preset",
                "2️⃣": "'rgb24' is not a supported pixel format",
            ])
        expectHints(
            yaml,
            [
                "1️⃣": "did you mean 'medium'?",
                "2️⃣": "expected one of: yuv420p, yuv422p, yuv444p, yuv420p10le, yuv422p10le, yuv444p10le",
            ])
    }

    @Test func outputDurationAndKeyframeIntervalMustBePositive() {
        expectErrors(
            """
            cutlist: 1
            output:
              duration: 1️⃣0s
              video: { keyframe_interval: 2️⃣0 }
              faststart: 3️⃣yes
            tracks:
              - items: [{ color: red, duration: 1 }]
            """,
            [
                "1️⃣": "'duration' must be longer than zero",
                "2️⃣": "'keyframe_interval' must be longer than zero",
                "3️⃣": "'faststart' must be true or false, not 'yes'",
            ])
    }
}
