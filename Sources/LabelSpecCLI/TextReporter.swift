import LabelSpecSemantics

/// `path:line:col: severity: message [code]`, the source line and a caret under the range, and
/// a `note:` line for each other place the diagnostic points at (indented, so that tools that
/// read `path:line:col: severity:` lines do not take it for a diagnostic).
///
/// With colour (a terminal, `--color always`) the output is also aligned: the locations of a
/// batch are padded to the widest, severities to `warning:`, so messages start in one column;
/// the location is bold, the severity coloured, the code dim. Without colour it is exactly the
/// plain format that tools parse.
struct TextReporter {
    let useColor: Bool

    private func paint(_ s: String, _ code: String) -> String { useColor ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }

    private func color(of severity: Severity) -> String {
        switch severity {
        case .error: return "1;31"
        case .warning: return "1;33"
        case .information: return "1;34"
        case .hint: return "1;36"
        }
    }

    /// The diagnostics as text. Text from the file (the excerpt, and messages, which quote it)
    /// has its control characters escaped (`TerminalText`).
    func render(_ items: [LocatedDiagnostic]) -> String {
        var out = ""
        let locations = items.map { "\(TerminalText.escape($0.file)):\($0.line):\($0.column):" }
        let width = useColor ? locations.map(\.count).max() ?? 0 : 0
        let severityWidth = useColor ? "warning:".count : 0
        for (item, location) in zip(items, locations) {
            let d = item.diagnostic
            out += paint(location, "1") + String(repeating: " ", count: max(0, width - location.count)) + " "
            let severity = "\(d.severity.rawValue):"
            out += paint(severity, color(of: d.severity)) + String(repeating: " ", count: max(0, severityWidth - severity.count)) + " "
            out += "\(TerminalText.escape(d.message, tabs: true)) " + paint("[\(d.code.rawValue)]", "2") + "\n"
            guard let excerpt = item.excerpt else { continue }
            // Long lines (a 1 MB string) are cut around the caret (`Excerpt`).
            out += "    " + excerpt.text + "\n"
            let caret = excerpt.caretIndent + "^" + String(repeating: "~", count: excerpt.caretWidth - 1)
            out += "    " + paint(caret, color(of: d.severity)) + "\n"
            for place in item.related {
                out +=
                    "    " + paint("note:", "1;36") + " \(TerminalText.escape(place.message, tabs: true)) at "
                    + "\(TerminalText.escape(place.file)):\(place.line):\(place.column)\n"
            }
        }
        return out
    }

    func summary(files: Int, counts: [Severity: Int]) -> String {
        let errors = counts[.error, default: 0]
        let warnings = counts[.warning, default: 0]
        let infos = counts[.information, default: 0]
        let hints = counts[.hint, default: 0]
        var parts = ["\(errors) error\(errors == 1 ? "" : "s")", "\(warnings) warning\(warnings == 1 ? "" : "s")"]
        if infos > 0 { parts.append("\(infos) note\(infos == 1 ? "" : "s")") }
        if hints > 0 { parts.append("\(hints) hint\(hints == 1 ? "" : "s")") }
        return "Checked \(files) file\(files == 1 ? "" : "s"): " + parts.joined(separator: ", ")
    }
}
