import LabelSpecSemantics

/// `path:line:col: severity: message [code]`, the source line and a caret under the range.
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

    func render(_ items: [LocatedDiagnostic]) -> String {
        var out = ""
        for item in items {
            let d = item.diagnostic
            out += paint("\(item.file):\(item.line):\(item.column):", "1") + " "
            out += paint("\(d.severity.rawValue):", color(of: d.severity)) + " "
            out += "\(d.message) " + paint("[\(d.code.rawValue)]", "2") + "\n"
            // Long lines (a 1 MB string) are cut around the caret.
            let scalars = Array(item.sourceLine.unicodeScalars)
            let startColumn = item.column - 1
            let window = max(0, startColumn - 60)..<min(scalars.count, max(startColumn, 0) + 100)
            var shown = String(String.UnicodeScalarView(scalars[window]))
            if window.lowerBound > 0 { shown = "…" + shown }
            if window.upperBound < scalars.count { shown += "…" }
            out += "    " + shown + "\n"
            var caret = window.lowerBound > 0 ? " " : ""
            for s in scalars[window.lowerBound..<min(max(startColumn, window.lowerBound), scalars.count)] {
                caret += s == "\t" ? "\t" : " "
            }
            let width = item.endLine == item.line ? max(1, item.endColumn - item.column) : max(1, scalars.count - startColumn)
            caret += "^" + String(repeating: "~", count: min(width, 100) - 1)
            out += "    " + paint(caret, color(of: d.severity)) + "\n"
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
