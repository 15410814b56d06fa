import SwiftSources

/// What `check` says of the Swift files' sites after its findings (docs/swift-sources.md).
enum SwiftSummary {
    /// `Swift: 120 text sites, 14 checked; not checked: 90 without a line limit, …`.
    static func line(_ c: SiteCounts) -> String {
        func n(_ k: Int, _ one: String, _ many: String) -> String { "\(k) \(k == 1 ? one : many)" }
        var reasons: [String] = []
        if c.describedBySpec > 0 { reasons.append("\(c.describedBySpec) described by a spec (measured there)") }
        if c.noConstraint > 0 { reasons.append("\(c.noConstraint) that cannot truncate (no line limit, fixedSize or ViewThatFits)") }
        if c.textFromCode > 0 { reasons.append("\(c.textFromCode) with text from code") }
        if c.fontFromEnvironment > 0 { reasons.append("\(c.fontFromEnvironment) with the font from the environment") }
        let unmapped = c.unmappedTokens.values.reduce(0, +)
        if unmapped > 0 { reasons.append("\(unmapped) with an unmapped font token") }
        if c.fontFromCode > 0 { reasons.append("\(c.fontFromCode) with a font from code") }
        if c.noText > 0 { reasons.append("\(c.noText) showing no title") }
        if c.systemDrawn > 0 { reasons.append("\(c.systemDrawn) drawn by the system (menus, alerts, titles, toolbars)") }
        if c.linesFromCode > 0 {
            reasons.append("\(n(c.linesFromCode, "UIKit label", "UIKit labels")) whose lines may be set elsewhere")
        }
        if c.dynamicTypeCapped > 0 { reasons.append("\(c.dynamicTypeCapped) with Dynamic Type capped below a size measured") }
        var out = "Swift: " + n(c.found, "text site", "text sites") + ", \(c.checked) checked"
        if !reasons.isEmpty { out += "; not checked: " + reasons.joined(separator: ", ") }
        return out
    }

    /// One line per unmapped token, most used first: how many sites it leaves unmeasured and how
    /// to map it.
    static func unmappedTokens(_ c: SiteCounts) -> [String] {
        c.unmappedTokens.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { token, count in
            "font token '\(token)' is not mapped (\(count) site\(count == 1 ? "" : "s") not measured): add it to \"fonts\" in labelspec.json, e.g. \"fonts\": {\"\(token)\": \".body\"}"
        }
    }
}
