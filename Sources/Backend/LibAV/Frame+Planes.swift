import CFFmpeg

extension Frame {
    /// Calls `body` with picture plane `index` (0 = luma or packed pixels) as raw
    /// bytes, and its line size (bytes from one row to the next). The buffer covers
    /// every row of the plane; do not keep it past `body`.
    public func withPlane<R>(_ index: Int, _ body: (UnsafeMutableRawBufferPointer, _ lineSize: Int) -> R) throws(LibAVError) -> R
    {
        let planes = try planeBuffers()
        guard planes.indices.contains(index) else {
            throw LibAVError.invalid("Frame.withPlane", "the frame has no plane \(index)")
        }
        return body(planes[index].bytes, planes[index].lineSize)
    }

    /// Calls `body` with every picture plane (luma, then chroma) and its line size:
    /// how whole pictures are copied in and out. Do not keep the buffers past `body`.
    public func withPlanes<R>(_ body: ([(bytes: UnsafeMutableRawBufferPointer, lineSize: Int)]) -> R) throws(LibAVError) -> R {
        body(try planeBuffers())
    }

    private func planeBuffers() throws(LibAVError) -> [(bytes: UnsafeMutableRawBufferPointer, lineSize: Int)] {
        let lineSizes = planeLineSizes()
        var sizes = [Int](repeating: 0, count: 4)
        let strides = lineSizes.map { Int($0) }
        let status = sizes.withUnsafeMutableBufferPointer { sizeBuffer in
            strides.withUnsafeBufferPointer { strideBuffer in
                av_image_fill_plane_sizes(
                    sizeBuffer.baseAddress, pixelFormat.avPixelFormat, Int32(height), strideBuffer.baseAddress)
            }
        }
        try LibAV.check(status, "av_image_fill_plane_sizes")
        return (0..<4).compactMap { index in
            guard lineSizes[index] > 0, let base = planeBase(index) else { return nil }
            return (UnsafeMutableRawBufferPointer(start: base, count: sizes[index]), Int(lineSizes[index]))
        }
    }

    /// Calls `body` with channel `channel` of a float-planar audio frame; do not keep
    /// the buffer past `body`.
    public func withChannel<R>(_ channel: Int, _ body: (UnsafeMutableBufferPointer<Float>) -> R) throws(LibAVError) -> R {
        guard sampleFormat == .floatPlanar else {
            throw LibAVError.invalid("Frame.withChannel", "samples are \(sampleFormat), not float planar")
        }
        guard (0..<channelCount).contains(channel), let planes = pointer.pointee.extended_data, let plane = planes[channel] else {
            throw LibAVError.invalid("Frame.withChannel", "the frame has no channel \(channel)")
        }
        let samples = UnsafeMutableRawPointer(plane).bindMemory(to: Float.self, capacity: sampleCount)
        return body(UnsafeMutableBufferPointer(start: samples, count: sampleCount))
    }

    /// The byte at (`x`, `y`) of plane `index`: for tests and thumbnails.
    public func byte(plane index: Int, x: Int, y: Int) throws(LibAVError) -> UInt8 {
        try withPlane(index) { bytes, lineSize in bytes[y * lineSize + x] }
    }

    private func planeLineSizes() -> [Int32] {
        let l = pointer.pointee.linesize
        return [l.0, l.1, l.2, l.3]
    }

    private func planeBase(_ index: Int) -> UnsafeMutablePointer<UInt8>? {
        let d = pointer.pointee.data
        switch index {
        case 0: return d.0
        case 1: return d.1
        case 2: return d.2
        case 3: return d.3
        default: return nil
        }
    }
}
