import Foundation

/// What the server tells its pages, as typed values written as JSON: the state
/// a page draws, and the events that change it.
struct PageState: Encodable {
    var revision: Int
    var report: String
    /// What the server last said about itself; written `null` when nothing.
    var notice: String?
    var editor: String
    var editorIsLink: Bool
    var project: String
    /// The version shown: absent while there is no good one.
    var shown: Shown?

    struct Shown: Encodable {
        var version: Int
        var fps: [Int64]
        var frameCount: Int64
        var width: Int
        var height: Int
        var chunks: [PageChunk]
        var encoded: [Int]
        var tracks: [StudioTimeline.Track]
        var media: Media?
    }

    struct PageChunk: Encodable {
        var position: Int
        var start: Int64
        var end: Int64
        var fingerprint: String
        var state: String
    }

    struct Media: Encodable {
        /// The video's MIME type with its codecs.
        var video: String
        /// The sound's; written `null` when the page plays none.
        var audio: String?
        var audioFragments: [AudioFragment]?

        enum CodingKeys: String, CodingKey { case video, audio, audioFragments }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(video, forKey: .video)
            try container.encode(audio, forKey: .audio)
            try container.encodeIfPresent(audioFragments, forKey: .audioFragments)
        }
    }

    struct AudioFragment: Encodable {
        var index: Int
        /// Seconds.
        var start: Double
        var end: Double
        var key: String
    }

    enum CodingKeys: String, CodingKey {
        case revision, report, notice, editor, editorIsLink, project
    }

    /// One object: the server's fields, and the shown version's beside them.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(revision, forKey: .revision)
        try container.encode(report, forKey: .report)
        try container.encode(notice, forKey: .notice)
        try container.encode(editor, forKey: .editor)
        try container.encode(editorIsLink, forKey: .editorIsLink)
        try container.encode(project, forKey: .project)
        try shown?.encode(to: encoder)
    }
}

/// A chunk's new state (`chunk` events); `outcome` when it reached the cache.
struct ChunkMessage: Encodable {
    var version: Int
    var position: Int
    var state: String
    var outcome: String?
}

/// What the server says about itself (`notice` events); empty takes it back.
struct NoticeMessage: Encodable {
    var message: String
}

extension Encodable {
    /// As JSON text with sorted keys, as the pages read it.
    var pageJSON: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
