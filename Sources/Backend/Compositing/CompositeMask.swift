/// A shape, in output pixels, outside which a layer is hidden: how wipes and
/// circle transitions reveal the incoming picture.
///
/// The edge is soft over one pixel: a pixel whose centre lies exactly on the
/// edge is drawn at half strength.
public enum CompositeMask: Hashable, Sendable {
    /// Keeps `x0 ..< x1` by `y0 ..< y1` (continuous output coordinates).
    case rectangle(x0: Double, y0: Double, x1: Double, y1: Double)
    /// Keeps the disc of `radius` around `(cx, cy)`.
    case circle(cx: Double, cy: Double, radius: Double)

    /// The mask's bounding box grown by the soft edge, in output pixels.
    var bounds: (x0: Double, y0: Double, x1: Double, y1: Double) {
        switch self {
        case .rectangle(let x0, let y0, let x1, let y1):
            return (min(x0, x1) - 1, min(y0, y1) - 1, max(x0, x1) + 1, max(y0, y1) + 1)
        case .circle(let cx, let cy, let radius):
            let r = abs(radius) + 1
            return (cx - r, cy - r, cx + r, cy + r)
        }
    }
}
