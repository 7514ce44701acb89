/// Copying whole planes in from a decoder and out to an encoder.
extension YUVImage {
    /// Copies three planes laid out like an `AVFrame` in `yuv420p` (each
    /// `height(of:)` rows of `width(of:)` bytes, rows `stride` bytes apart)
    /// into this image.
    public func copyPlanes(
        from y: UnsafeRawBufferPointer, yStride: Int,
        u: UnsafeRawBufferPointer, uStride: Int,
        v: UnsafeRawBufferPointer, vStride: Int
    ) {
        copyPlane(.y, from: y, stride: yStride)
        copyPlane(.u, from: u, stride: uStride)
        copyPlane(.v, from: v, stride: vStride)
    }

    /// Copies this image's planes into three caller-owned planes (for example
    /// an encoder's `AVFrame`), rows `stride` bytes apart.
    public func copyPlanes(
        to y: UnsafeMutableRawBufferPointer, yStride: Int,
        u: UnsafeMutableRawBufferPointer, uStride: Int,
        v: UnsafeMutableRawBufferPointer, vStride: Int
    ) {
        copyPlane(.y, to: y, stride: yStride)
        copyPlane(.u, to: u, stride: uStride)
        copyPlane(.v, to: v, stride: vStride)
    }

    /// Copies every plane of `other`, which must have the same size.
    public func copyPlanes(from other: YUVImage) {
        precondition(hasSameSize(as: other), "copying a \(other.width)x\(other.height) image into \(width)x\(height)")
        guard other !== self else { return }
        for plane in Plane.allCases {
            other.withUnsafePlane(plane) { source in
                copyPlane(plane, from: UnsafeRawBufferPointer(source), stride: other.stride(of: plane))
            }
        }
    }

    /// Copies one plane in from `source`, rows `stride` bytes apart.
    public func copyPlane(_ plane: Plane, from source: UnsafeRawBufferPointer, stride sourceStride: Int) {
        let rowBytes = width(of: plane)
        let rows = height(of: plane)
        let ownStride = stride(of: plane)
        Self.checkLayout(source.count, rowBytes: rowBytes, rows: rows, stride: sourceStride)
        guard let sourceBase = source.baseAddress else { return }
        withUnsafeMutablePlane(plane) { destination in
            guard let destinationBase = destination.baseAddress else { return }
            copyRows(rows, of: rowBytes, from: sourceBase, stride: sourceStride, to: destinationBase, stride: ownStride)
        }
    }

    /// Copies one plane out to `destination`, rows `stride` bytes apart.
    public func copyPlane(_ plane: Plane, to destination: UnsafeMutableRawBufferPointer, stride destinationStride: Int) {
        let rowBytes = width(of: plane)
        let rows = height(of: plane)
        let ownStride = stride(of: plane)
        Self.checkLayout(destination.count, rowBytes: rowBytes, rows: rows, stride: destinationStride)
        guard let destinationBase = destination.baseAddress else { return }
        withUnsafePlane(plane) { source in
            guard let sourceBase = source.baseAddress else { return }
            copyRows(rows, of: rowBytes, from: sourceBase, stride: ownStride, to: destinationBase, stride: destinationStride)
        }
    }

    private static func checkLayout(_ count: Int, rowBytes: Int, rows: Int, stride: Int) {
        precondition(stride >= rowBytes, "plane stride \(stride) is shorter than a row of \(rowBytes) bytes")
        precondition(
            count >= stride * (rows - 1) + rowBytes,
            "plane buffer of \(count) bytes is too small for \(rows) rows of \(rowBytes) bytes, stride \(stride)"
        )
    }
}

/// Copies `rows` rows of `rowBytes` bytes from `source` to `destination`, rows
/// `sourceStride` and `destinationStride` bytes apart: one copy when the strides
/// agree (the bytes between rows are padding either way).
public func copyRows(
    _ rows: Int, of rowBytes: Int, from source: UnsafeRawPointer, stride sourceStride: Int,
    to destination: UnsafeMutableRawPointer, stride destinationStride: Int
) {
    guard rows > 0 else { return }
    if sourceStride == destinationStride {
        destination.copyMemory(from: source, byteCount: sourceStride * (rows - 1) + rowBytes)
        return
    }
    for row in 0..<rows {
        (destination + row * destinationStride).copyMemory(from: source + row * sourceStride, byteCount: rowBytes)
    }
}
