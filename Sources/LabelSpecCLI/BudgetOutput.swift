import JSON
import LabelPresentation
import LabelSpecIDE
import LabelSpecSupport
import LabelVocabulary

/// `budgets`' three formats (docs/translators.md, "Budgets").
enum BudgetOutput {
    /// One block per key: where it is and which labels show it, then the budget in words.
    static func text(_ budgets: [Budget]) -> String {
        var out = ""
        for b in budgets {
            var head = "\(b.table) \(quoted(b.unitID))"
            if b.labels.count > 1 {
                head += " (\(b.labels.count) labels; the tightest is \(place(b.setBy)))"
            }
            out += head + "\n"
            for use in b.labels { out += "  shown by \(place(use))\n" }
            let arguments = b.arguments.isEmpty ? "" : " (arguments: " + b.arguments.map(quoted).joined(separator: ", ") + ")"
            out += "  \(b.sourceLanguage): \(quoted(b.source))\(arguments)\n"
            out += "  " + b.sentence() + "\n"
        }
        let n = budgets.count
        out += "\(n) key\(n == 1 ? "" : "s") with a budget"
        if !budgets.isEmpty { out += " (character counts are estimates from the fonts' advances)" }
        return out + "\n"
    }

    static func place(_ use: Budget.Use) -> String { "\(use.name) at \(use.file):\(use.line)" }

    static func quoted(_ s: String) -> String { "\"" + s.debugDescription.dropFirst().dropLast() + "\"" }

    /// An array of objects, one per key and variation.
    static func json(_ budgets: [Budget], name: (String) -> String) -> String {
        func use(_ u: Budget.Use) -> JSONValue { .object([("file", .string(u.file)), ("line", .int(u.line)), ("name", .string(u.name))]) }
        let rows: [JSONValue] = budgets.map { b in
            var fields: [(String, JSONValue)] = [("table", .string(b.table))]
            if let p = b.tablePath { fields.append(("tablePath", .string(name(p)))) }
            fields.append(("key", .string(b.key)))
            fields.append(("id", .string(b.unitID)))
            if let d = b.device { fields.append(("device", .string(d))) }
            if let p = b.plural { fields.append(("plural", .string(p))) }
            if let s = b.substitution { fields.append(("substitution", .string(s))) }
            fields.append(("labels", .array(b.labels.map(use))))
            fields.append(("setBy", use(b.setBy)))
            var budget: [(String, JSONValue)] = [("width", .double(b.width))]
            if let s = b.screen { budget.append(("screen", .string(s))) }
            budget.append(("lines", .int(b.lines)))
            budget.append(("font", .string(b.font)))
            if let s = b.fontSource { budget.append(("fontSource", .string(s))) }
            budget.append(("contentSize", .string(b.contentSize.rawValue)))
            if let m = b.minimumScaleFactor { budget.append(("minimumScaleFactor", .double(m))) }
            budget.append(("effectiveWidth", .double(b.effectiveWidth)))
            fields.append(("budget", .object(budget)))
            var source: [(String, JSONValue)] = [("language", .string(b.sourceLanguage)), ("text", .string(b.source))]
            if !b.arguments.isEmpty { source.append(("arguments", .array(b.arguments.map(JSONValue.string)))) }
            if let u = b.usage { source.append(("usagePercent", .int(Int((u * 100).rounded())))) }
            source.append(("fitsUpTo", b.fitsUpTo.map { .string($0.rawValue) } ?? .null))
            fields.append(("source", .object(source)))
            fields.append(
                (
                    "estimates",
                    .object(
                        b.estimates.map { e in
                            (e.locale, .object([("characters", .int(e.characters)), ("basis", .string(e.basis))]))
                        })
                ))
            fields.append(("description", .string(b.sentence())))
            return .object(fields)
        }
        return JSONValue.array(rows).serialized(pretty: true) + "\n"
    }

    /// `key,source,description,max_characters`: what Phrase, Lokalise and Crowdin import as a
    /// key's description and character limit. The key is the XLIFF unit id; the limit the
    /// smallest estimate among `locales` (all the budget has: nil), empty without one.
    static func csv(_ budgets: [Budget], locales: [String]?) -> String {
        var out = "key,source,description,max_characters\n"
        for b in budgets {
            let said = b.estimates.filter { locales?.contains($0.locale) ?? true }
            let limit = said.map(\.characters).min().map(String.init) ?? ""
            // The key as the platform knows it, never changed; the texts guarded.
            out +=
                [field(b.unitID, guarded: false), field(b.source), field(b.sentence(locales: locales)), limit].joined(separator: ",") + "\n"
        }
        return out
    }

    /// A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break; with
    /// `guarded`, a leading `=`, `+`, `-`, `@`, TAB or CR is kept as text by a `'` before it (a
    /// spreadsheet would run it): not the key, which must match the platform's.
    static func field(_ s: String, guarded: Bool = true) -> String {
        var v = s
        if guarded, let f = v.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(f) { v = "'" + v }
        guard v.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return v }
        return "\"" + v.replacingAll("\"", "\"\"") + "\""
    }
}
