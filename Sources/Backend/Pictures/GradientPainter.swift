import EDLParser
import Foundation

/// Paints `gradient:` items (SPEC 15) as premultiplied RGBA. Colours are
/// interpolated premultiplied, as CSS does, so a stop fading to transparent
/// does not darken on the way.
enum GradientPainter {
    static func paint(_ gradient: Gradient, width: Int, height: Int) -> RGBAImage {
        let image = RGBAImage(width: width, height: height)
        let (w, h) = (Double(width), Double(height))
        // Each pixel's place along the gradient, 0 at its start and 1 at its end.
        let place: (Double, Double) -> Double
        switch gradient.shape {
        case .linear:
            // Through the centre; long enough that the corners get the end colours.
            let radians = gradient.angle * .pi / 180
            let (dx, dy) = (cos(radians), sin(radians))
            let length = max(abs(w * dx) + abs(h * dy), 1)
            place = { x, y in ((x - w / 2) * dx + (y - h / 2) * dy) / length + 0.5 }
        case .radial:
            let cx = gradient.center?.x.pixels(of: w) ?? w / 2
            let cy = gradient.center?.y.pixels(of: h) ?? h / 2
            let farthest = [(0.0, 0.0), (w, 0), (0, h), (w, h)].map {
                ((cx - $0.0) * (cx - $0.0) + (cy - $0.1) * (cy - $0.1)).squareRoot()
            }
            let radius = max(gradient.radius ?? farthest.max() ?? 1, .leastNonzeroMagnitude)
            place = { x, y in ((x - cx) * (x - cx) + (y - cy) * (y - cy)).squareRoot() / radius }
        }
        // The ramp in 4096 steps: finer than 8-bit colour can show on any frame.
        let steps = 4096
        let ramp = Ramp(gradient.stops)
        let table = (0...steps).flatMap { ramp.color(at: Double($0) / Double(steps)) }
        image.withUnsafeMutableBytes { bytes in
            for row in 0..<height {
                let y = Double(row) + 0.5
                for column in 0..<width {
                    let step = Int((min(max(place(Double(column) + 0.5, y), 0), 1) * Double(steps)).rounded())
                    let offset = (row * width + column) * 4
                    for channel in 0..<4 { bytes[offset + channel] = table[step * 4 + channel] }
                }
            }
        }
        return image
    }

    /// The stops as premultiplied 0...255 components, looked up by place.
    private struct Ramp {
        let places: [Double]
        let colors: [[Double]]

        init(_ stops: [Gradient.Stop]) {
            places = stops.map(\.at)
            colors = stops.map { stop in
                let c = stop.color
                return [c.red * c.alpha * 255, c.green * c.alpha * 255, c.blue * c.alpha * 255, c.alpha * 255]
            }
        }

        func color(at place: Double) -> [UInt8] {
            let upper = places.firstIndex { $0 > place } ?? places.count
            let (a, b) = (colors[max(upper - 1, 0)], colors[min(upper, colors.count - 1)])
            var t = 0.0
            if upper > 0, upper < places.count, places[upper] > places[upper - 1] {
                t = (place - places[upper - 1]) / (places[upper] - places[upper - 1])
            }
            return (0..<4).map { UInt8((a[$0] + (b[$0] - a[$0]) * t).rounded()) }
        }
    }
}
