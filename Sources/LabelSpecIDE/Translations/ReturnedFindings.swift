import LabelLocalization
import LabelSpecSemantics
import LabelSpecSupport
import LabelSpecSyntax

/// Returned translations laid over a project's tables, and the findings about them placed in
/// the returned files (docs/translators.md, "Checking what comes back").
public enum ReturnedFindings {
    /// A copy of `catalog` with every returned text of `scope` laid over it in its file's
    /// locale, in the order the files were given; nil when none is for it.
    public static func overlay(_ returned: [ReturnedTranslation], on catalog: Catalog, scope: ReturnedTranslation.Scope) -> Catalog? {
        var out: Catalog?
        for r in returned {
            guard let locale = r.locale, let texts = r.texts[scope], !texts.isEmpty else { continue }
            out = (out ?? catalog).overlaying(locale: locale, texts)
        }
        return out
    }

    /// The locales whose texts came back (those measured in passes of their own).
    public static func locales(_ returned: [ReturnedTranslation]) -> [String] {
        Array(Set(returned.compactMap { $0.texts.isEmpty ? nil : $0.locale })).sorted()
    }

    /// The findings of one file checked with returned translations over its tables: the
    /// locales that came back are measured in passes of their own (`MeasuringPlan.onlyIn`), the
    /// rest in one pass without them (`leavingOut`), so that a finding about a returned text is
    /// said once, at the `<target>` it came from (with the label as a related place), and every
    /// other finding at the label, as `check` says it without returned translations.
    /// `diagnostics` checks the file with a plan; `scopes` gives where a finding's text may come
    /// from (its table, and an Interface Builder file's own translations); `related` says
    /// where the label of a finding is.
    public static func split(
        plan: MeasuringPlan, returned: [ReturnedTranslation], only: Set<String>? = nil, diagnostics: (MeasuringPlan) -> [Diagnostic],
        scopes: (FindingText) -> [ReturnedTranslation.Scope], related: (Diagnostic) -> RelatedLocation
    ) -> (own: [Diagnostic], placed: [(file: Int, diagnostic: Diagnostic)]) {
        let locales = locales(returned).filter { only?.contains($0) ?? true }
        guard !locales.isEmpty else { return (diagnostics(plan), []) }
        var own = diagnostics(plan.leavingOut(Set(locales)))
        struct Seen: Hashable {
            let code: DiagnosticCode
            let message: String
            let range: Range<Int>
        }
        let seen = Set(own.map { Seen(code: $0.code, message: $0.message, range: $0.range) })
        var placed: [(file: Int, diagnostic: Diagnostic)] = []
        for locale in locales {
            for d in diagnostics(plan.onlyIn(locale)) where !seen.contains(Seen(code: d.code, message: d.message, range: d.range)) {
                // A measured finding of another text than the locale's (a literal text, laid out
                // once in the development language here): the other pass says it, in its words.
                if [.truncates, .clipped, .nearLimit].contains(d.code), d.text?.locale != locale { continue }
                guard let t = d.text, t.locale == locale, let key = t.key, let (file, unit) = find(key, t, locale, returned, scopes(t))
                else {
                    own.append(d)
                    continue
                }
                var moved = d
                moved.range = returned[file].range(ofUnit: unit)
                moved.related = [related(d)] + d.related
                moved.fixes = []
                placed.append((file, moved))
            }
        }
        own.sort { ($0.range.lowerBound, $0.code) < ($1.range.lowerBound, $1.code) }
        return (own, placed)
    }

    private static func find(
        _ key: String, _ t: FindingText, _ locale: String, _ returned: [ReturnedTranslation], _ scopes: [ReturnedTranslation.Scope]
    ) -> (Int, Int)? {
        // The last file named wins where two have a text, as their texts were laid over the tables.
        for scope in scopes {
            for (i, r) in returned.enumerated().reversed() where r.locale == locale {
                if let u = r.unit(for: key, in: scope, plural: t.plural, device: t.device) { return (i, u) }
            }
        }
        return nil
    }

    /// A related place at `range` of a file whose bytes (and their line table, made once per
    /// file: a file may have thousands of findings) are at hand: with its line and columns.
    public static func place(_ range: Range<Int>, in bytes: [UInt8], lines: LineTable, document: String, message: String)
        -> RelatedLocation
    {
        let start = min(range.lowerBound, bytes.count)
        let line = lines.line(of: start)
        let lineStart = lines.lineStarts[line]
        let upper = min(max(range.upperBound, start), lines.lineEnd(line))
        let columns = bytes.withUnsafeBufferPointer { b in
            LineColumns.of(start..<upper, in: b, line: line, lineStart: lineStart)
        }
        return RelatedLocation(document: document, range: range, message: message, columns: columns)
    }
}
