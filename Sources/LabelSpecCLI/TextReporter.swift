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

    /// The diagnostics as text. Text from the file (the excerpt, and messages, which quote it)
    /// has its control characters escaped (`TerminalText`).
    func render(_ items: [LocatedDiagnostic]) -> String {
        var out = ""
        for item in items {
            let d = item.diagnostic
            out += paint("\(TerminalText.escape(item.file)):\(item.line):\(item.column):", "1") + " "
            out += paint("\(d.severity.rawValue):", color(of: d.severity)) + " "
            out += "\(TerminalText.escape(d.message, tabs: true)) " + paint("[\(d.code.rawValue)]", "2") + "\n"
            guard let excerpt = item.excerpt else { continue }
            // Long lines (a 1 MB string) are cut around the caret (`Excerpt`).
            out += "    " + excerpt.text + "\n"
            let caret = excerpt.caretIndent + "^" + String(repeating: "~", count: excerpt.caretWidth - 1)
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
