import Foundation
import LabelSpecSupport
import LabelSpecSyntax

/// One site written as a LabelSpec label (`SwiftTranslation.make`).
extension SwiftTranslation {
    /// What a site's `// labelspec:` comments say.
    struct Annotations {
        var width: (text: String, offset: Int)?
        var lines: Int?
        var font: SiteFont?
        var ignore: (text: String, offset: Int)?
    }

    /// Reads comments `width EXPR`, `lines N`, `font EXPR`, `ignore CODES`, several separated by
    /// `;`; what is not one of them is a problem at its text.
    mutating func annotations(_ comments: [SiteComment]) -> Annotations {
        var out = Annotations()
        for c in comments {
            var at = c.offset
            for clause in c.text.split(separator: ";", omittingEmptySubsequences: false) {
                defer { at += clause.utf8.count + 1 }
                let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
                let lead = clause.prefix(while: blank).utf8.count
                let words = clause.drop(while: blank)
                let word = String(words.prefix { !blank($0) })
                let rest = words.dropFirst(word.count).drop(while: blank)
                let value = String(rest).trimmingCharacters(in: .whitespaces)
                // As a message quotes it: 80 characters at most.
                let quoted = value.count > 80 ? value.prefix(80) + "…" : value
                let valueAt = at + clause.utf8.count - rest.utf8.count
                let whole = (at + lead)..<(at + clause.utf8.count)
                switch word {
                case "" where clause.allSatisfy(blank): continue
                case "ignore":
                    // The codes, copied into the label's `// labelspec:ignore` (its words checked there).
                    let codes = rest.reversed().drop(while: blank).reversed()
                    out.ignore = (String(codes), valueAt)
                case "width":
                    if Self.isWidthExpression(value) {
                        out.width = (value, valueAt)
                    } else {
                        problems.append((whole, "'\(quoted)' is not a width: write points or a length such as .margins - 44"))
                    }
                case "lines":
                    if let n = Int(value), n >= 0 {
                        out.lines = n
                    } else {
                        problems.append((whole, "'\(quoted)' is not a number of lines: write an integer, 0 for no limit"))
                    }
                case "font":
                    let font = FontSyntax.read(text: value)
                    if case .code = font.base {
                        problems.append((whole, "'\(quoted)' is not a font: write a text style such as .headline, or .system(size: 15)"))
                    } else {
                        out.font = font
                    }
                default:
                    problems.append(
                        (whole, "'\(word)' is not something a labelspec comment says: write width, lines, font or ignore CODE"))
                }
            }
        }
        return out
    }

    /// Whether `text` is one width expression of the language alone (a number, `.margins - 44`,
    /// `.min(.screen, 400)`): it is then copied into the generated source, where it can open
    /// nothing and close nothing.
    static func isWidthExpression(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count <= 200,
            !text.unicodeScalars.contains(where: { "{};\"\\/".unicodeScalars.contains($0) || GeneratedSource.isControlOrBreak($0) })
        else { return false }
        let doc = SyntaxDocument("label L {\n    width: \(text)\n}\n")
        return !doc.root.hasErrors
    }

    /// Whether an ignore comment's codes can be copied as they are (else they are escaped).
    static func isPlainComment(_ text: String) -> Bool { !text.unicodeScalars.contains(where: GeneratedSource.isControlOrBreak) }

    /// The members of one label, and how it is written.
    struct Pending {
        var name: String
        /// The name `labelspec import` gives it, before it is made unique.
        var importName = ""
        var site: Range<Int>
        /// The call's name (`Text`) or the UIKit variable's, where findings go.
        var call: Range<Int>
        var members: [(String, String)] = []
        var width: (text: String, offset: Int)?
        var widthValue: String?
        var widthSource: String?
        var ignore: (text: String, offset: Int)?
    }

    mutating func emit(_ p: Pending) {
        var p = p
        if let describe {
            // `labelspec import`: a readable name, unique in the file, and where the site is.
            var name = p.importName.isEmpty ? "Text" : p.importName
            if usedNames.contains(name) {
                var n = 2
                while usedNames.contains(name + String(n)) { n += 1 }
                name += String(n)
            }
            usedNames.insert(name)
            p.name = name
            source += (source.isEmpty ? "" : "\n") + "// " + GeneratedSource.commentText(describe(p.site)) + "\n"
        }
        let start = source.utf8.count
        var label = Label(name: p.name, site: p.site, call: p.call, item: start..<start, widthSource: p.widthSource)
        if let ignore = p.ignore {
            let codes = ignore.text.split(whereSeparator: { $0 == " " || $0 == "," })
            label.ignoresDrift = codes.isEmpty || codes.contains("spec-drift")
        }
        source += "label \(p.name) {"
        if let ignore = p.ignore {
            source += " // labelspec:ignore "
            if Self.isPlainComment(ignore.text) {
                let at = source.utf8.count
                source += ignore.text
                label.copied.append((at..<source.utf8.count, ignore.offset))
            } else {
                source += GeneratedSource.commentText(ignore.text)
            }
        }
        source += "\n"
        for (name, value) in p.members { source += "    \(name): \(value)\n" }
        if let width = p.width {
            source += "    width: "
            let at = source.utf8.count
            source += width.text
            label.copied.append((at..<source.utf8.count, width.offset))
            source += "\n"
        } else if let value = p.widthValue {
            source += "    width: \(value)\n"
        } else if describe != nil {
            source += "    // no width known: measured at the screen's margins\n"
        }
        source += "}\n"
        label.item = start..<source.utf8.count
        labels.append(label)
    }

    /// The text member's value, or nil when only the app knows the text (counted).
    func textValue(_ text: SiteText?, _ context: Context) -> String? {
        switch text {
        case .key(let key, let table):
            // A key that is nothing but interpolations (`Text("\(model.name)")`) shows the values:
            // text from code, never a catalog key of its shape.
            let shape = KeyMatch.shape(key)
            if shape.specifiers > 0, !shape.text.contains(where: { $0.properties.isAlphabetic }) { return nil }
            if let found = context.key(key, table) {
                return ".localized(\(GeneratedSource.quoted(found.key)), table: \(GeneratedSource.quoted(found.table)))"
            }
            // In no table: SwiftUI shows the key as written; with interpolations, their values,
            // which only the app knows.
            return shape.specifiers > 0 ? nil : GeneratedSource.quoted(key)
        case .verbatim(let s): return GeneratedSource.quoted(s)
        case .accessor(let path):
            guard let entry = context.accessor(path) else { return nil }
            let found = context.key(entry.key, entry.table) ?? (entry.key, entry.table)
            return ".localized(\(GeneratedSource.quoted(found.key)), table: \(GeneratedSource.quoted(found.table)))"
        case .symbol(let path):
            // `.settingsTitle`, `.Onboarding.welcome`: Xcode 26's symbol of a catalog key.
            guard let found = context.symbol(path) else { return nil }
            return ".localized(\(GeneratedSource.quoted(found.key)), table: \(GeneratedSource.quoted(found.table)))"
        case .alternatives, .code, nil: return nil
        }
    }

    /// The text values of a site: one per alternative LabelSpec can read (`flag ? a : b`).
    func textValues(_ text: SiteText?, _ context: Context) -> [String] {
        if case .alternatives(let list) = text { return list.flatMap { textValues($0, context) } }
        return textValue(text, context).map { [$0] } ?? []
    }

    /// A font's LabelSpec expression; nil counts why (`counts`).
    mutating func fontValue(_ font: SiteFont, _ context: Context, _ site: Range<Int>) -> String? {
        if let e = font.expression(token: context.token) { return e }
        switch font.base {
        // A token whose `fonts` entry is not a font (said in labelspec.json): a font from code.
        case .token(let t): skip(site, context.token(t) == nil ? .unmappedToken(t) : .fontFromCode)
        default: skip(site, .fontFromCode)
        }
        return nil
    }

    /// `1`, `0.5`: a number literal as the language writes it.
    static func number(_ text: String) -> String? {
        guard let v = Double(text.replacingOccurrences(of: "_", with: "")), FontSyntax.isPlausible(v) else { return nil }
        return FontSyntax.points(v)
    }
}

extension SwiftTranslation {
    /// A label name from a site's text: the words of its key, accessor or text in UpperCamelCase
    /// (`settings.title` → `SettingsTitle`, `L10n.Legacy.delete` → `LegacyDelete`), ASCII letters
    /// and digits only, at most 40 characters; `Text` when nothing is left.
    static func importName(_ text: SiteText?) -> String {
        var words: [Substring] = []
        switch text {
        case .key(let k, _): words = k.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        case .verbatim(let v): words = Array(v.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.prefix(4))
        case .accessor(let path): words = Array(path.split(separator: ".").dropFirst())
        case .symbol(let path): words = path.split(separator: ".")
        case .alternatives(let list): return importName(list.first)
        case .code, nil: return "Text"
        }
        // Format specifiers' letters (`%lld`) are no words.
        words = words.filter { !["lld", "ld", "d", "lf", "f", "u", "llu"].contains($0) }
        var name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        name = String(name.unicodeScalars.filter { $0.isASCII && (CharacterSet.alphanumerics.contains($0)) }.prefix(40))
        if name.isEmpty { return "Text" }
        if name.first!.isNumber { name = "Text" + name }
        return name
    }
}
