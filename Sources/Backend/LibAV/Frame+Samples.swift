import CFFmpeg

extension Frame {
    /// Writes `count` samples per channel from planar float input into this audio
    /// frame, converting to the frame's sample format (float or 16/32-bit integer,
    /// planar or interleaved). Floats are clipped to [-1, 1] for integer formats.
    public func writeSamples(_ channels: [UnsafeBufferPointer<Float>], count: Int) throws(LibAVError) {
        let format = av_get_packed_sample_fmt(sampleFormat.avSampleFormat)
        let planar = av_sample_fmt_is_planar(sampleFormat.avSampleFormat) != 0
        guard let planes = pointer.pointee.extended_data, channels.count == channelCount, count <= sampleCount else {
            throw .invalid("Frame.writeSamples", "\(channels.count) channels of \(count) samples do not fit this frame")
        }
        for (index, source) in channels.enumerated() {
            guard let plane = planes[planar ? index : 0] else {
                throw .invalid("Frame.writeSamples", "no plane for channel \(index)")
            }
            let step = planar ? 1 : channelCount
            let offset = planar ? 0 : index
            switch format {
            case AV_SAMPLE_FMT_FLT:
                let out = UnsafeMutableRawPointer(plane).assumingMemoryBound(to: Float.self)
                for i in 0..<count { out[i * step + offset] = source[i] }
            case AV_SAMPLE_FMT_S16:
                let out = UnsafeMutableRawPointer(plane).assumingMemoryBound(to: Int16.self)
                for i in 0..<count { out[i * step + offset] = Int16((min(max(source[i], -1), 1) * 32767).rounded()) }
            case AV_SAMPLE_FMT_S32:
                let out = UnsafeMutableRawPointer(plane).assumingMemoryBound(to: Int32.self)
                for i in 0..<count {
                    out[i * step + offset] = Int32((Double(min(max(source[i], -1), 1)) * 2_147_483_647).rounded())
                }
            default:
                throw .invalid("Frame.writeSamples", "sample format \(sampleFormat) is not supported")
            }
        }
    }
}
