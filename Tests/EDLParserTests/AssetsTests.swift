import Testing

@testable import EDLParser

/// SPEC section 5: `assets:` and how `source:` finds its file.
@Suite struct AssetsTests {
    @Test func shortAndLongForms() {
        let project = parseValid(
            """
            cutlist: 1
            assets:
              intro: media/intro.mov
              logo: { path: media/logo.png }
              talk: { path: /footage/talk.mp4, audio_stream: 1, video_stream: 0 }
            tracks:
              - items:
                  - source: intro
                  - source: talk
                  - { source: logo, duration: 3 }
            """)
        #expect(project?.assets.map(\.name) == ["intro", "logo", "talk"])
        #expect(
            project?.assets.map(\.path) == [
                "/projects/demo/media/intro.mov", "/projects/demo/media/logo.png", "/footage/talk.mp4",
            ])
        #expect(project?.assets.last?.audioStream == 1)
        #expect(project?.assets.last?.videoStream == 0)
        #expect(project?.assets.first?.location.line == 3)
        let sources = items(project).compactMap { item -> SourceReference? in
            if case .source(let source) = item.content { return source }
            return nil
        }
        #expect(sources.map(\.asset) == ["intro", "talk", "logo"])
        #expect(sources.map(\.path) == ["/projects/demo/media/intro.mov", "/footage/talk.mp4", "/projects/demo/media/logo.png"])
        #expect(sources[1].audioStream == 1)
        #expect(sources[0].location.line == 8)
        #expect(sources[0].location.column == 17)
    }

    @Test func relativePathsResolveAgainstTheProjectDirectory() {
        let project = parseValid(
            """
            cutlist: 1
            tracks:
              - items:
                  - source: clip.mp4
                  - source: ./media/../media/b-roll.mp4
                  - source: ../shared/music.wav
                  - source: /abs/path/x.mov
            """)
        let paths = items(project).compactMap { item -> String? in
            if case .source(let source) = item.content { return source.path }
            return nil
        }
        #expect(
            paths == [
                "/projects/demo/clip.mp4", "/projects/demo/media/b-roll.mp4", "/projects/shared/music.wav", "/abs/path/x.mov",
            ])
        #expect(project?.referencedFiles.map(\.value) == paths)
    }

    /// A path with no `.`, `..` or empty part is joined to the folder as it is; others are normalized whole.
    @Test func pathsJoinTheNormalizedFolder() throws {
        #expect(try PathResolver(directory: "/").resolve("clip.mp4") == "/clip.mp4")
        #expect(try PathResolver(directory: "/a/./b/../c/").resolve("d/e.mp4") == "/a/c/d/e.mp4")
        #expect(try PathResolver(directory: "/a/b").resolve("d//e.mp4") == "/a/b/d/e.mp4")
        #expect(try PathResolver(directory: "/a/b").resolve("../../../e.mp4") == "/e.mp4")
        #expect(try PathResolver(directory: "/a/b").resolve("d/.") == "/a/b/d")
    }

    @Test func unknownAssetWithHint() {
        let yaml = """
            cutlist: 1
            assets:
              intro: media/intro.mov
              outro: media/outro.mov
            tracks:
              - items:
                  - source: 1️⃣ntro
                  - source: 2️⃣credits
            """
        expectErrors(
            yaml,
            [
                "1️⃣": "unknown asset 'ntro'",
                "2️⃣": "unknown asset 'credits'",
            ])
        expectHints(
            yaml,
            [
                "1️⃣": "did you mean 'intro'?",
                "2️⃣": "known assets: intro, outro",
            ])
    }

    @Test func unknownAssetWithoutAnyAssets() {
        let yaml = """
            cutlist: 1
            tracks:
              - items: [{ source: 1️⃣clip }]
            """
        expectErrors(yaml, ["1️⃣": "unknown asset 'clip'"])
        expectHints(yaml, ["1️⃣": "define it under 'assets:', or write a path such as './clip.mp4'"])
    }

    @Test func urlSourcesAreRejected() {
        let yaml = """
            cutlist: 1
            assets:
              remote: 1️⃣https://example.com/intro.mp4
            output: { path: 2️⃣"s3://bucket/out.mp4" }
            tracks:
              - items:
                  - source: 3️⃣http://example.com/clip.mp4
            """
        expectErrors(
            yaml,
            [
                "1️⃣": "'https://example.com/intro.mp4' is a URL; sources and outputs must be local files",
                "2️⃣": "'s3://bucket/out.mp4' is a URL; sources and outputs must be local files",
                "3️⃣": "'http://example.com/clip.mp4' is a URL; sources and outputs must be local files",
            ])
        expectHints(
            yaml,
            [
                "1️⃣": "download the file and refer to it by its path",
                "2️⃣": "download the file and refer to it by its path",
                "3️⃣": "download the file and refer to it by its path",
            ])
    }

    @Test func longFormNeedsAPathAndKnownKeys() {
        let yaml = """
            cutlist: 1
            assets:
              logo: 1️⃣{ 4️⃣file: media/logo.png }
              talk: { path: talk.mp4, 2️⃣audio_steam: 1 }
              music: { path: music.wav, audio_stream: 3️⃣-1 }
            tracks:
              - items: [{ color: red, duration: 1 }]
            """
        expectErrors(
            yaml,
            [
                "1️⃣": "asset 'logo' needs a 'path'",
                "4️⃣": "unknown key 'file' in asset 'logo'",
                "2️⃣": "unknown key 'audio_steam' in asset 'talk'",
                "3️⃣": "'audio_stream' must be between 0 and 63, not -1",
            ])
        expectHints(
            yaml,
            [
                "4️⃣": "asset 'logo' takes: path, audio_stream, video_stream",
                "2️⃣": "did you mean 'audio_stream'?",
            ])
    }

    @Test func assetsMustBeAMappingAndNamesUnique() {
        expectErrors(
            """
            cutlist: 1
            assets: 1️⃣[media/a.mp4, media/b.mp4]
            tracks:
              - items: [{ color: red, duration: 1 }]
            """, ["1️⃣": "'assets' must be a mapping of names to paths, not a list"])
        expectErrors(
            """
            cutlist: 1
            assets:
              a: media/a.mp4
              1️⃣a: media/b.mp4
            tracks:
              - items: [{ color: red, duration: 1 }]
            """, ["1️⃣": "asset 'a' is defined twice"])
    }

    @Test func aBrokenAssetIsReportedOnceNotAgainWhereItIsUsed() {
        expectErrors(
            """
            cutlist: 1
            assets: { remote: 1️⃣"rtmp://127.0.0.1:9/live" }
            tracks:
              - items:
                  - source: remote
            """, ["1️⃣": "'rtmp://127.0.0.1:9/live' is a URL; sources and outputs must be local files"])
    }
}
