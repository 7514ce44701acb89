import CFFmpeg

/// Owns a `SwrContext`: converts decoded audio to float planar at the mix rate
/// and channel count. A mono input plays at full level on every output channel.
public final class Resampler {
    let context: OpaquePointer
    public let inputRate: Int, inputChannels: Int, inputFormat: SampleFormat
    public let outputRate: Int, outputChannels: Int

    /// A resampler from the format, rate and layout of `frame`.
    public convenience init(matching frame: Frame, outputRate: Int, outputChannels: Int) throws(LibAVError) {
        try self.init(
            inputLayout: frame.pointer.pointee.ch_layout, inputRate: frame.sampleRate, inputFormat: frame.sampleFormat,
            outputRate: outputRate, outputChannels: outputChannels)
    }

    init(inputLayout: AVChannelLayout, inputRate: Int, inputFormat: SampleFormat, outputRate: Int, outputChannels: Int)
        throws(LibAVError)
    {
        var inLayout = AVChannelLayout()
        defer { av_channel_layout_uninit(&inLayout) }
        var sourceLayout = inputLayout
        if sourceLayout.order == AV_CHANNEL_ORDER_UNSPEC || av_channel_layout_check(&sourceLayout) == 0 {
            av_channel_layout_default(&inLayout, sourceLayout.nb_channels)
        } else {
            try LibAV.check(av_channel_layout_copy(&inLayout, &sourceLayout), "av_channel_layout_copy")
        }
        var outLayout = AVChannelLayout()
        defer { av_channel_layout_uninit(&outLayout) }
        av_channel_layout_default(&outLayout, Int32(outputChannels))

        var allocated: OpaquePointer?
        let status = swr_alloc_set_opts2(
            &allocated, &outLayout, AV_SAMPLE_FMT_FLTP, Int32(outputRate),
            &inLayout, inputFormat.avSampleFormat, Int32(inputRate), 0, nil)
        guard status >= 0, let allocated else {
            throw LibAVError(operation: "swr_alloc_set_opts2", code: status < 0 ? status : cutlist_averror_enomem())
        }
        context = allocated
        self.inputRate = inputRate
        self.inputChannels = Int(inLayout.nb_channels)
        self.inputFormat = inputFormat
        self.outputRate = outputRate
        self.outputChannels = outputChannels
        if inLayout.nb_channels == 1 {
            // swresample spreads mono at -3 dB; the spec plays it on both channels as is.
            let matrix = [Double](repeating: 1, count: outputChannels)
            try LibAV.check(swr_set_matrix(context, matrix, 1), "swr_set_matrix")
        }
        try LibAV.check(swr_init(context), "swr_init")
    }

    deinit {
        var allocated: OpaquePointer? = context
        swr_free(&allocated)
    }

    /// Whether `frame` has the rate, channel count and format this resampler takes.
    public func accepts(_ frame: Frame) -> Bool {
        frame.sampleRate == inputRate && frame.channelCount == inputChannels && frame.sampleFormat == inputFormat
    }

    /// Converts `frame`'s samples, or with nil drains what the resampler still
    /// holds, into a float-planar frame (possibly of 0 samples).
    public func convert(_ frame: Frame?) throws(LibAVError) -> Frame {
        let inputCount = Int32(frame?.sampleCount ?? 0)
        let capacity = try LibAV.check(swr_get_out_samples(context, inputCount), "swr_get_out_samples")
        let output = try Frame.audio(
            sampleCount: Int(max(capacity, 1)), channels: outputChannels, sampleRate: outputRate, format: .floatPlanar)
        let converted: Int32
        if let frame {
            let input = UnsafeMutableRawPointer(frame.pointer.pointee.extended_data)?.assumingMemoryBound(
                to: UnsafePointer<UInt8>?.self)
            converted = swr_convert(context, output.pointer.pointee.extended_data, max(capacity, 1), input, inputCount)
        } else {
            converted = swr_convert(context, output.pointer.pointee.extended_data, max(capacity, 1), nil, 0)
        }
        try LibAV.check(converted, "swr_convert")
        output.pointer.pointee.nb_samples = converted
        return output
    }
}
