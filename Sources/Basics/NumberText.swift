/// Shortest decimal text of a number, with no trailing `.0`: stable plan output.
public func formatNumber(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
}
