import EDLParser

/// Thumbnails tiled into one picture, left to right and top to bottom (see
/// `Thumbnails`).
///
///     ┌────┬────┬────┬────┐   up to `columns` per row, `gap` pixels
///     │ 1  │ 2  │ 3  │ 4  │   between tiles and around the edge, on
///     ├────┼────┼────┼────┤   a dark grey ground; every tile has the
///     │ 5  │ 6  │    │    │   size of the largest thumbnail
///     └────┴────┴────┴────┘
struct ContactSheet {
    static let columns = 4
    static let gap = 4
    static let ground = YUVColor(red: 0.13, green: 0.13, blue: 0.13)

    /// Each thumbnail as 4:2:0 planes of an even size.
    private var tiles: [YUVImage] = []

    /// Adds `frame` scaled to `size` (rounded down to even sides, at least 2).
    mutating func add(_ frame: Frame, size: PixelSize) throws {
        let width = max(2, size.width / 2 * 2)
        let height = max(2, size.height / 2 * 2)
        let scaler = try Scaler(
            sourceWidth: frame.width, sourceHeight: frame.height, sourceFormat: frame.pixelFormat,
            width: width, height: height, format: .yuv420p)
        let scaled = try scaler.scale(frame)
        let tile = YUVImage(width: width, height: height)
        try scaled.withPlanes { planes in
            guard planes.count >= 3 else { return }
            tile.copyPlanes(
                from: UnsafeRawBufferPointer(planes[0].bytes), yStride: planes[0].lineSize,
                u: UnsafeRawBufferPointer(planes[1].bytes), uStride: planes[1].lineSize,
                v: UnsafeRawBufferPointer(planes[2].bytes), vStride: planes[2].lineSize)
        }
        tiles.append(tile)
    }

    /// The sheet; `nil` when no thumbnail was added.
    func picture() -> YUVImage? {
        guard !tiles.isEmpty else { return nil }
        let cellWidth = tiles.map(\.width).max() ?? 2
        let cellHeight = tiles.map(\.height).max() ?? 2
        let columns = min(Self.columns, tiles.count)
        let rows = (tiles.count + columns - 1) / columns
        let sheet = YUVImage(
            width: Self.gap + columns * (cellWidth + Self.gap),
            height: Self.gap + rows * (cellHeight + Self.gap), color: Self.ground)
        for (number, tile) in tiles.enumerated() {
            // Centred in its cell, on even coordinates so chroma lines up.
            let x = Self.gap + (number % columns) * (cellWidth + Self.gap) + (cellWidth - tile.width) / 4 * 2
            let y = Self.gap + (number / columns) * (cellHeight + Self.gap) + (cellHeight - tile.height) / 4 * 2
            for plane in YUVImage.Plane.allCases {
                Self.copy(plane, of: tile, into: sheet, x: plane == .y ? x : x / 2, y: plane == .y ? y : y / 2)
            }
        }
        return sheet
    }

    /// Copies every row of `plane` of `tile` into `sheet` with its top-left corner at `(x, y)` of that plane.
    private static func copy(_ plane: YUVImage.Plane, of tile: YUVImage, into sheet: YUVImage, x: Int, y: Int) {
        let sheetStride = sheet.stride(of: plane)
        precondition(x + tile.width(of: plane) <= sheet.width(of: plane) && y + tile.height(of: plane) <= sheet.height(of: plane))
        tile.withUnsafePlane(plane) { source in
            sheet.withUnsafeMutablePlane(plane) { destination in
                guard let from = source.baseAddress, let to = destination.baseAddress else { return }
                copyRows(
                    tile.height(of: plane), of: tile.width(of: plane), from: from, stride: tile.stride(of: plane),
                    to: to + y * sheetStride + x, stride: sheetStride)
            }
        }
    }
}
