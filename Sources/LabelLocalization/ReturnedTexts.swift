import LabelSpecSemantics

/// One text a translator sent back (a `<target>` of an XLIFF file): the key of a table and the
/// variation of it that the text is, in the file's locale (docs/translators.md).
public struct ReturnedText: Sendable, Equatable {
    public var key: String
    /// `variations.device`'s device (`iphone`, … `other`).
    public var device: String?
    public var plural: PluralCategory?
    /// The substitution (String Catalog) or `.stringsdict` variable the text is a form of.
    public var substitution: String?
    public var text: String

    public init(key: String, device: String? = nil, plural: PluralCategory? = nil, substitution: String? = nil, text: String) {
        (self.key, self.device, self.plural, self.substitution, self.text) = (key, device, plural, substitution, text)
    }
}

extension Catalog {
    /// A copy of the table with `texts` laid over `locale` in memory, as Xcode's import would
    /// write them into it: each text replaces the unit (or plural form, device variation,
    /// substitution form) it names, and everything else of the entry stays. The table on disk
    /// and this one are untouched; the copy keeps the table's problems, so that a namespace
    /// that reads it reports them as before.
    public func overlaying(locale: String, _ texts: [ReturnedText]) -> Catalog {
        let copy = Catalog(path: path, table: table, sourceLanguage: sourceLanguage)
        copy.entries = entries
        copy.untranslatable = untranslatable
        copy.problems = problems
        for t in texts {
            let entry = entries[LocalizationKey(t.key)]
            var l = copy.entries[LocalizationKey(t.key)]?.localizations[locale] ?? CatalogLocalization(unit: .text(""))
            let hadUnit = copy.entries[LocalizationKey(t.key)]?.localizations[locale] != nil
            if let name = t.substitution {
                var s =
                    l.substitutions[name] ?? entry?.localizations[sourceLanguage]?.substitutions[name]
                    ?? CatalogSubstitution(argNum: nil, formatSpecifier: "lld", plural: [:])
                if l.substitutions[name] == nil { s.plural = [:] }
                s.plural[t.plural ?? .other] = Self.argumentForm(t.text, s)
                l.substitutions[name] = s
                // A form that came back before its format: the format is the source's until then.
                if !hadUnit, let source = entry?.localizations[sourceLanguage]?.unit { l.unit = source }
            } else {
                l.unit = Self.setting(hadUnit ? l.unit : nil, device: t.device, plural: t.plural, to: t.text)
            }
            copy.entries.set(t.key, locale: locale, l)
        }
        return copy
    }

    /// A substitution's form as a table keeps it: the argument it formats written `%arg` (an
    /// export writes it `%lld` or `%1$lld`, a `.stringsdict` `%d`), the first such specifier.
    static func argumentForm(_ text: String, _ s: CatalogSubstitution) -> String {
        guard !text.contains("%arg") else { return text }
        let candidates = (s.argNum.map { ["%\($0)$\(s.formatSpecifier)"] } ?? []) + ["%" + s.formatSpecifier]
        for c in candidates {
            if let r = text.range(of: c) { return text.replacingCharacters(in: r, with: "%arg") }
        }
        return text
    }

    /// `unit` with the text at `device` and `plural` set (a variation made where there was none).
    static func setting(_ unit: CatalogUnit?, device: String?, plural: PluralCategory?, to text: String) -> CatalogUnit {
        if let device {
            var forms: [String: CatalogUnit] = [:]
            if case .device(let m)? = unit { forms = m }
            forms[device] = setting(forms[device], device: nil, plural: plural, to: text)
            return .device(forms)
        }
        if let plural {
            var forms: [PluralCategory: CatalogUnit] = [:]
            if case .plural(let m)? = unit { forms = m }
            forms[plural] = .text(text)
            return .plural(forms)
        }
        return .text(text)
    }
}

extension Localizations {
    /// The same tables, each that `replace` gives a copy of replaced by it (`Catalog.overlaying`):
    /// what the namespace reads, with returned translations laid over it in memory.
    public func replacing(_ replace: (Catalog) -> Catalog?) -> Localizations {
        Localizations(
            catalogs: catalogs.map { replace($0) ?? $0 }, legacyFiles: legacyFiles, unreadable: unreadable, flatRoot: flatRoot)
    }

    /// The files of a legacy table (absolute or as the namespace named them), sorted.
    public func files(of catalog: Catalog) -> [String] { (legacyFiles[catalog.table] ?? []).sorted() }

    /// The legacy table one of whose files is `path` (`de.lproj/Localizable.stringsdict`: a text
    /// variant names the file its text came from).
    public func table(ofFile path: String) -> Catalog? {
        catalogs.first { !$0.path.hasSuffix(".xcstrings") && legacyFiles[$0.table]?.contains(path) == true }
    }
}

/// A `format-mismatch` of one translation, with the variation of it that is wrong.
public struct FormatMismatch: Sendable, Equatable {
    public var device: String?
    public var plural: String?
    public var message: String
}

extension Catalog {
    /// The `format-mismatch` problems of `key`'s `locale` translation (as `CatalogReader` finds
    /// them when it reads a table), each with the device and plural form of the text.
    public func formatMismatches(_ key: String, locale: String) -> [FormatMismatch] {
        guard let entry = entries[LocalizationKey(key)] else { return [] }
        return CatalogReader.mismatches(key, entry, source: sourceLanguage).compactMap { p in
            guard p.path.count > 1, p.path[1] == locale else { return nil }
            func after(_ name: String) -> String? { p.path.firstIndex(of: name).flatMap { $0 + 1 < p.path.count ? p.path[$0 + 1] : nil } }
            return FormatMismatch(device: after("device"), plural: after("plural"), message: p.message)
        }
    }
}
