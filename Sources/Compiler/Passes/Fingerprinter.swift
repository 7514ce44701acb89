import EDLParser

/// Pass 9: a stable fingerprint per segment: FNV-1a (64-bit) over the canonical
/// text of its instructions, with sources named by identity (path, size,
/// modification time; generator parameters) instead of plan ids, and without
/// YAML locations, so that moving lines in the project file or adding a source
/// elsewhere leaves unchanged segments' fingerprints alone. The output settings
/// every frame depends on (size, fps, background, encoding) are included.
struct Fingerprinter {
    func apply(to plan: inout RenderPlan) {
        let writer = PlanTextWriter(plan: plan)
        let output = plan.output
        let header = "\(output.size) \(output.fps) \(output.background) \(output.video?.planText ?? "no video")"
        for index in plan.video.indices {
            let text = writer.segmentBody(plan.video[index], canonical: true).joined(separator: "\n")
            plan.video[index].fingerprint = FNV1a.hex(header + "\n" + text)
        }
    }
}

/// The 64-bit FNV-1a hash: tiny, stable across runs and machines.
enum FNV1a {
    static func hash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// Sixteen lowercase hex digits.
    static func hex(_ text: String) -> String {
        let digits = String(hash(text), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
