import CFFmpeg

/// Bytes in one reference-counted libav buffer, so that a frame sent to an
/// encoder shares them instead of copying them (`Frame.referencePlanes(of:)`).
/// Writing while another holder still reads them writes to a copy of their own.
final class SharedBytes {
    private(set) var reference: UnsafeMutablePointer<AVBufferRef>
    /// The first byte, for reading.
    private(set) var base: UnsafeMutablePointer<UInt8>

    /// `count` uninitialised bytes. Memory running out stops the program, as
    /// it does for an array.
    init(count: Int) {
        guard let reference = av_buffer_alloc(count), let base = reference.pointee.data else {
            fatalError("out of memory for a buffer of \(count) bytes")
        }
        self.reference = reference
        self.base = base
    }

    deinit {
        var reference: UnsafeMutablePointer<AVBufferRef>? = reference
        av_buffer_unref(&reference)
    }

    /// The first byte, for writing: copied first if another holder still reads them.
    func writable() -> UnsafeMutablePointer<UInt8> {
        guard av_buffer_is_writable(reference) == 0 else { return base }
        var shared: UnsafeMutablePointer<AVBufferRef>? = reference
        guard av_buffer_make_writable(&shared) >= 0, let own = shared, let base = own.pointee.data else {
            fatalError("out of memory for a copy of a buffer of \(reference.pointee.size) bytes")
        }
        (reference, self.base) = (own, base)
        return base
    }
}
