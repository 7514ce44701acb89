import CFFmpeg
import Foundation
import Synchronization

/// Threads each decoder and encoder of a render may use; 0 lets libav use one
/// per core. Chosen where the render is made: a render on its own takes
/// `--jobs` (one per core by default), while chunk workers, which are the
/// parallelism themselves, give each codec one.
public struct ThreadBudget: Sendable, Hashable {
    public let perCodec: Int

    public init(perCodec: Int) { self.perCodec = max(perCodec, 0) }

    public static let perCore = ThreadBudget(perCodec: 0)
    public static let single = ThreadBudget(perCodec: 1)

    var threads: Int32 { Int32(clamping: perCodec) }

    private static let openDecoders = Atomic<Int>(0)

    /// Threads for a decoder being opened: the budget while no more decoders are
    /// open in the process than there are cores, else one (the caller's own), so
    /// that a project playing hundreds of sources at once does not start hundreds
    /// of thread pools that only compete for the same cores. Pair with `decoderClosed()`.
    func decoderOpened() -> Int32 {
        let open = Self.openDecoders.add(1, ordering: .relaxed).newValue
        return open > ProcessInfo.processInfo.activeProcessorCount ? 1 : threads
    }

    static func decoderClosed() { openDecoders.subtract(1, ordering: .relaxed) }
}

/// The FFmpeg libraries this process runs with, for `render --version`.
public enum LibraryVersions {
    /// libavcodec's version number as it reports it, for chunk fingerprints.
    static var codec: String { "libavcodec \(avcodec_version())" }

    public static var text: String {
        let version = { (number: UInt32) in "\(number >> 16).\(number >> 8 & 0xFF).\(number & 0xFF)" }
        return "libavcodec \(version(avcodec_version())), libavformat \(version(avformat_version())), "
            + "libavutil \(version(avutil_version()))"
    }
}

/// How the process allocates memory.
public enum MemoryPolicy {
    /// Encoders and decoders allocate frames of megabytes, and each chunk opens
    /// an encoder of its own. Past the first freed frame glibc would serve frames
    /// from heaps that fragment and keep the peak high; kept at its initial
    /// 128 KiB, the mmap threshold maps each frame apart and unmaps it when freed.
    /// Call once, before any encoder or decoder opens.
    public static func mapLargeBlocksApart() {
        cutlist_fix_mmap_threshold(128 << 10)
    }

    /// A language server compiles the whole project again on every edit, and
    /// each compile allocates and frees the same large arrays. Mapped apart,
    /// or returned to the system once freed, their pages would be faulted in
    /// again on each edit (a third of an edit's CPU time); kept in the heap,
    /// the next compile reuses them, and the heap stays at one compile's peak.
    /// Call once, before serving.
    public static func reuseFreedMemory() {
        cutlist_keep_freed_memory()
    }
}

/// Process-wide libav settings and the helpers every wrapper uses.
enum LibAV {
    /// libav's own log lines would interleave with the command's output; errors
    /// reach the user as `LibAVError`s instead. Evaluated once, on first use.
    static let quietLogging: Void = {
        av_log_set_level(cutlist_log_quiet())
    }()

    /// `av_strerror` text for a libav return code.
    static func errorText(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        buffer.withUnsafeMutableBufferPointer { storage in
            cutlist_error_string(code, storage.baseAddress, storage.count)
        }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Throws a `LibAVError` for a negative return code, returns it otherwise.
    @discardableResult
    static func check(_ code: Int32, _ operation: String) throws(LibAVError) -> Int32 {
        guard code >= 0 else { throw LibAVError(operation: operation, code: code) }
        return code
    }

    static let eagain = cutlist_averror_eagain()
    static let eof = cutlist_averror_eof()
    static let noPTS = cutlist_nopts_value()

    /// A C string field as a Swift string ("" for NULL).
    static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }

    /// Sets `key=value` in an `AVDictionary`, creating it when `nil`.
    static func setOption(_ dictionary: inout OpaquePointer?, _ key: String, _ value: String) throws(LibAVError) {
        try check(av_dict_set(&dictionary, key, value, 0), "av_dict_set(\(key))")
    }
}
