import Foundation
import LabelLocalization
import LabelPresentation
import LabelSpecIDE
import LabelSpecSupport
import LabelVocabulary
import XLIFF

/// `budgets --xcloc`: each unit of an exported XLIFF file that a label shows gets a note with
/// its budget (and `maxwidth`, `weblate-flags` when asked), every other byte kept; `--strip`
/// takes them out again (docs/translators.md, "Budgets into an .xcloc").
enum XclocAnnotation {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Annotates (or strips) one file and writes it in place when it changed; the line said.
    static func annotate(
        _ file: ReturnedSource, budgets: [String: [Budget]], tables: ReturnedTranslation.Tables, maxwidth: Bool, weblate: Bool,
        strip: Bool
    ) -> Result<String, Failure> {
        let original = file.bytes
        let read: XLIFFDocument
        switch XLIFFDocument.read(original) {
        case .success(let d): read = d
        case .failure(let p):
            return .failure(
                Failure(
                    description: "cannot annotate '\(file.path)': Xcode cannot import this file: \(p.message) (run 'labelspec check' on it)"
                ))
        }
        let removed = XLIFFAnnotation.strip(read)
        let stripped = ByteSplices.apply(removed, to: original)
        var result = stripped
        var line: String
        if strip {
            let n = read.units.filter { $0.notes.contains(where: XLIFFAnnotation.isOurs) }.count
            line = "\(file.path): removed the budgets of \(n) unit\(n == 1 ? "" : "s")"
        } else {
            guard case .success(let d) = XLIFFDocument.read(stripped) else {
                return .failure(Failure(description: "cannot annotate '\(file.path)'"))
            }
            let returned = ReturnedTranslation(path: file.path, document: d, xclocLocale: file.xclocLocale, tables: tables)
            guard let locale = returned.locale else {
                return .failure(Failure(description: "cannot annotate '\(file.path)': no <file> says its target-language"))
            }
            var splices: [ByteSplice] = []
            var annotated = 0
            var kept = 0
            var unestimated = 0
            for (unit, scope, id) in returned.identified {
                guard let (budget, note) = choose(budgets, scope: scope, id: id, locale: locale) else { continue }
                var attributes: [(name: String, value: String)] = []
                let leaf = id.substitution != nil && budget.substitution == nil
                // `maxwidth` and `size-unit` go together: a unit with either keeps its own (a
                // `maxwidth` alone is in pixels; ours would change what it means).
                let own = d.units[unit].tagAttributes.contains { $0.name == "maxwidth" || $0.name == "size-unit" }
                if maxwidth, !leaf, budget.lines > 0, let e = budget.estimate(locale) {
                    if own { kept += 1 } else { attributes += [("maxwidth", String(e.characters)), ("size-unit", "char")] }
                }
                if weblate, budget.lines > 0 { attributes.append(("weblate-flags", flags(budget))) }
                guard let made = XLIFFAnnotation.annotate(d, unit: unit, note: note, attributes: attributes) else { continue }
                splices += made.splices
                annotated += 1
                if made.added.count < attributes.count { kept += 1 }
                if maxwidth, budget.lines > 0, budget.estimate(locale) == nil { unestimated += 1 }
            }
            result = ByteSplices.apply(splices, to: stripped)
            let n = d.units.count
            line = "\(file.path): budgets for \(annotated) of \(n) unit\(n == 1 ? "" : "s") (\(locale))"
            if n > annotated { line += "; \(n - annotated) shown by no label checked" }
            if kept > 0 { line += "; \(kept) kept their own maxwidth or weblate-flags" }
            if unestimated > 0 { line += "; \(unestimated) without a character estimate for \(locale), so without maxwidth" }
        }
        if result == original { return .success(line + "; unchanged") }
        if access(file.path, W_OK) != 0 {
            return .failure(Failure(description: "cannot write '\(file.path)': it is read-only; the file is unchanged"))
        }
        // Written only over the bytes that were read: an export written meanwhile is not lost.
        if case .success(let now) = ProjectFiles.readFile(file.path), now != original {
            return .failure(Failure(description: "cannot write '\(file.path)': it changed while budgets ran; run it again"))
        }
        if let why = AtomicWrite.replace(file.path, with: result) {
            return .failure(Failure(description: "cannot write '\(file.path)': \(why); the file is unchanged"))
        }
        return .success(line)
    }

    /// The budget a unit gets, with the note's text: its own variation's; for a substitution's
    /// form, or a text whose forms each have one, the tightest of the key's, said so.
    static func choose(_ budgets: [String: [Budget]], scope: ReturnedTranslation.Scope, id: UnitID, locale: String) -> (Budget, String)? {
        let rows = (budgets[id.key] ?? []).filter { b in
            switch scope {
            case .table(let path): return b.tablePath == path && b.interfaceBuilder == nil
            case .interfaceBuilder(let path): return b.interfaceBuilder == path
            }
        }
        guard !rows.isEmpty else { return nil }
        func tightest(_ r: [Budget]) -> Budget? { r.min { $0.room < $1.room } }
        let say = { (b: Budget) in b.sentence(locales: [locale]) }
        if let exact = rows.first(where: { $0.device == id.device && $0.plural == id.plural && $0.substitution == id.substitution }) {
            return (exact, say(exact))
        }
        if id.substitution != nil, let b = tightest(rows) {
            return (b, "A form of %#@\(id.substitution!)@ inside \(BudgetOutput.quoted(id.key)): the whole text must fit. " + say(b))
        }
        if let b = tightest(rows.filter { $0.device == id.device }) ?? tightest(rows) {
            return (b, (b.plural != nil && id.plural == nil ? "Each of its forms must fit. " : "") + say(b))
        }
        return nil
    }

    /// Weblate's flags: the box in pixels at 1× (points) and lines, and the font Weblate is
    /// given (docs/translators.md, "Weblate").
    static func flags(_ b: Budget) -> String {
        // The face in parts (`Budget.face`), never read back from its name: the stand-ins
        // LabelSpec measures Apple's fonts with (docs/measurement.md, "Stand-ins"), a custom
        // family by its name.
        let family =
            b.face.map { $0.family == "SF Pro Display" ? "Inter_Display" : $0.isSystem ? "Inter" : familyName($0.family) } ?? "Inter"
        let bold = (b.face?.weight.heaviness ?? 0) >= FontWeight.semibold.heaviness
        let size = b.face.map { LayoutSummary.points($0.points) } ?? "17"
        return
            "max-size:\(Int(b.effectiveWidth.rounded(.down))):\(b.lines), font-family:\(family), font-size:\(size), font-weight:\(bold ? "bold" : "normal")"
    }

    /// A font group's name as a flag takes it: letters, digits, `-` and `_` (a space, comma or
    /// colon would end the flag).
    private static func familyName(_ family: String) -> String {
        String(family.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" })
    }
}
