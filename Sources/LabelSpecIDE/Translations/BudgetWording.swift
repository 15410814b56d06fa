import LabelPresentation
import LabelVocabulary

/// A budget in words, as a translator's note, a table's description and `budgets` say it
/// (docs/translators.md, "Budgets").
extension Budget {
    /// `Fits 180 pt × 1 line, SF Pro Text Semibold 17 pt (.headline at .large) on iPhone SE (3rd
    /// generation); English uses 71 % and fits up to .extraExtraLarge; about 26 characters in
    /// German (estimate).` `locales`: the estimates said (all: nil).
    public func sentence(locales: [String]? = nil) -> String {
        let points = LayoutSummary.points
        var room: String
        if lines == 0 {
            room = "Wraps at \(points(width)) pt, as many lines as the text needs"
        } else {
            room = "Fits \(points(width)) pt × \(lines) line\(lines == 1 ? "" : "s")"
        }
        if let m = minimumScaleFactor {
            room += " (shrinks to \(Int((m * 100).rounded())) %: \(points(effectiveWidth)) pt at full size)"
        }
        room += ", " + font + (fontSource.map { " (\($0))" } ?? "")
        if let screen { room += " on \(screen)" }
        var parts = [room]
        let language = ScriptSamples.name(of: sourceLanguage)
        var source: [String] = []
        if let usage {
            let percent = Int((usage * 100).rounded())
            source.append(percent > 100 ? "\(language) needs \(percent) % (it does not fit)" : "\(language) uses \(percent) %")
        }
        if let fitsUpTo {
            source.append(
                fixedSize || fitsUpTo == .accessibilityExtraExtraExtraLarge
                    ? "fits at every text size" : "fits up to \(fitsUpTo.displayName)")
        } else if usage.map({ $0 <= 1 }) ?? true {
            source.append("does not fit at \(contentSize.displayName)")
        }
        if !source.isEmpty {
            var s = source[0]
            if source.count > 1 { s += " and " + source[1] }
            if usage == nil { s = "\(language) " + s }
            parts.append(s)
        }
        let said = estimates.filter { locales?.contains($0.locale) ?? true }
        if !said.isEmpty {
            let list = said.enumerated().map { i, e in
                i == 0
                    ? "about \(e.characters) characters in \(ScriptSamples.name(of: e.locale))"
                    : "\(e.characters) in \(ScriptSamples.name(of: e.locale))"
            }
            parts.append(list.joined(separator: ", ") + (said.count == 1 ? " (estimate)" : " (estimates)"))
        }
        return parts.joined(separator: "; ") + "."
    }

    /// The XLIFF unit id Xcode gives the text (`key|==|plural.one`, `key|==|device.ipad`): what
    /// a translation platform knows it as. A text of several substitutions is its key's.
    public var unitID: String {
        if stringsdict {
            guard let plural, let substitution else { return "/\(key):dict/NSStringLocalizedFormatKey:dict/:string" }
            return "/\(key):dict/\(substitution):dict/\(plural):dict/:string"
        }
        var path: [String] = []
        if let device { path.append("device.\(device)") }
        if let substitution, let plural {
            path = ["substitutions", substitution.contains(".") ? "@\(substitution)@" : substitution, "plural", plural]
        } else if let plural, !plural.contains(":") {
            path.append("plural.\(plural)")
        }
        return path.isEmpty ? key : key + "|==|" + path.joined(separator: ".")
    }
}
