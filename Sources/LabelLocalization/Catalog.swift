import LabelSpecSemantics
import LabelSpecSupport
import LabelSpecSyntax

/// A CLDR plural category, in CLDR's order.
public enum PluralCategory: String, Sendable, CaseIterable, Comparable {
    case zero, one, two, few, many, other

    public static func < (a: PluralCategory, b: PluralCategory) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// What one locale of a catalog entry says: a string, or variations of it. Not `indirect`: the
/// variations nest through dictionaries, and a text needs no box of its own (one allocation
/// less per key of a large `.strings` table).
public enum CatalogUnit: Sendable, Equatable {
    /// `stringUnit.value`.
    case text(String)
    /// `variations.plural`: one unit per category, in CLDR's order.
    case plural([PluralCategory: CatalogUnit])
    /// `variations.device`: one unit per device, by the key the catalog writes (a
    /// `CatalogDevice`'s name; a key that names none is kept, its texts checked and shown, and
    /// never measured: `TextVariants` looks units up by `CatalogDevice`).
    case device([String: CatalogUnit])
}

/// `substitutions.NAME` of a localization: the argument it formats and its plural forms, each
/// with `%arg` standing for the argument.
public struct CatalogSubstitution: Sendable, Equatable {
    /// 1-based; nil when the catalog does not say (an `invalid-catalog` problem).
    public var argNum: Int?
    /// The specifier without `%`: `lld`, `@`, `.1f`.
    public var formatSpecifier: String
    public var plural: [PluralCategory: String]

    public init(argNum: Int?, formatSpecifier: String, plural: [PluralCategory: String]) {
        self.argNum = argNum
        self.formatSpecifier = formatSpecifier
        self.plural = plural
    }
}

/// One locale of an entry.
public struct CatalogLocalization: Sendable, Equatable {
    public var unit: CatalogUnit
    public var substitutions: [String: CatalogSubstitution] = [:]

    public init(unit: CatalogUnit, substitutions: [String: CatalogSubstitution] = [:]) {
        (self.unit, self.substitutions) = (unit, substitutions)
    }
}

/// Where a key is written in its catalog: for a related location in an editor (`Diagnostic.related`).
public struct CatalogKeyPlace: Sendable, Equatable {
    /// Byte range of the key's string token, quotes included.
    public var range: Range<Int>
    /// The same place as a line (0-based) and columns in each unit an editor may count.
    public var columns: LineColumns
}

/// One key of a catalog, every locale it has.
///
/// Kept small: a `.strings` table of millions of keys holds one entry each, in a dictionary
/// whose buckets hold the entry inline. The key's place (String Catalogs only) is boxed, and the
/// locales are a `LocaleTable`, which holds one locale without a dictionary of its own.
public struct CatalogEntry: Sendable {
    public var localizations = LocaleTable()
    private var placeBox: PlaceBox?

    /// Where the key is written (nil for files whose keys are not located).
    public var place: CatalogKeyPlace? {
        get { placeBox?.place }
        set { placeBox = newValue.map(PlaceBox.init) }
    }

    private final class PlaceBox: Sendable {
        let place: CatalogKeyPlace
        init(_ place: CatalogKeyPlace) { self.place = place }
    }
}

/// The localizations of an entry by locale: a dictionary's subscript, keys and (unordered)
/// iteration. Most keys of a table have one locale in it (a `.strings` file is one locale),
/// held inline; a dictionary is made from the second locale on.
public struct LocaleTable: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    private enum Storage: Sendable {
        case empty
        case one(String, CatalogLocalization)
        case many([String: CatalogLocalization])
    }

    private var storage = Storage.empty

    public init() {}

    public init(dictionaryLiteral elements: (String, CatalogLocalization)...) {
        for (k, v) in elements { self[k] = v }
    }

    public subscript(locale: String) -> CatalogLocalization? {
        get {
            switch storage {
            case .empty: return nil
            case .one(let k, let v): return k == locale ? v : nil
            case .many(let d): return d[locale]
            }
        }
        set {
            switch storage {
            case .empty:
                if let newValue { storage = .one(locale, newValue) }
            case .one(let k, let v):
                if k == locale {
                    storage = newValue.map { .one(locale, $0) } ?? .empty
                } else if let newValue {
                    storage = .many([k: v, locale: newValue])
                }
            case .many(var d):
                storage = .empty  // `d` is then the only reference: changed in place
                d[locale] = newValue
                storage = .many(d)
            }
        }
    }

    public var count: Int {
        switch storage {
        case .empty: return 0
        case .one: return 1
        case .many(let d): return d.count
        }
    }

    public var isEmpty: Bool { count == 0 }

    /// The locales, in no particular order.
    public var keys: [String] { map(\.key) }

    public func makeIterator() -> AnyIterator<(key: String, value: CatalogLocalization)> {
        switch storage {
        case .empty: return AnyIterator { nil }
        case .one(let k, let v):
            var done = false
            return AnyIterator {
                defer { done = true }
                return done ? nil : (k, v)
            }
        case .many(let d):
            var i = d.makeIterator()
            return AnyIterator { i.next() }
        }
    }
}

/// A string table read from disk: a String Catalog, or the `.strings` and `.stringsdict` files of
/// one table across its `.lproj` folders. Reading never fails: what cannot be used is an
/// `invalid-catalog` (or `format-mismatch`) diagnostic located in the file, and what can be used
/// is kept.
public final class Catalog: @unchecked Sendable {
    /// The file (for a legacy table: its first file), as the project names it.
    public let path: String
    /// The table name: the file name without its extension (`Localizable`).
    public let table: String
    public internal(set) var sourceLanguage: String
    /// The entries by key: keys compare by their exact scalars, as iOS's do ("Caf\u{E9}" and
    /// "Cafe\u{301}" are two keys). Held compactly (see `CatalogEntries`).
    public internal(set) var entries = CatalogEntries()
    /// Every key in file order (duplicates once).
    public var keys: [String] { entries.keys }
    /// Keys marked `"shouldTranslate": false`: shown in the source language everywhere, never
    /// a missing translation.
    public internal(set) var untranslatable = Set<LocalizationKey>()
    /// Problems, per file (a legacy table has several files), each with the file's bytes when a
    /// front end needs them to show positions (kept only for files with problems).
    public internal(set) var problems: [CatalogProblems] = []

    /// Reads a String Catalog's bytes (see `CatalogReader`): never fails.
    public static func read(xcstrings bytes: [UInt8], path: String) -> Catalog { CatalogReader.read(path: path, bytes: bytes) }

    /// Reads `.strings` and `.stringsdict` files (path and bytes each) as one table.
    public static func read(legacy files: [(path: String, bytes: [UInt8])], sourceLanguage: String = "en") -> Catalog {
        let catalog = Catalog(
            path: files.first?.path ?? "", table: CatalogReader.tableName(files.first?.path ?? ""), sourceLanguage: sourceLanguage)
        var read: [(path: String, bytes: [UInt8])] = []
        for (path, bytes) in files {
            let locale = LegacyStrings.locale(of: path)
            // A folder not named for a locale (`de DE.lproj`): said on the file, which is skipped.
            if let locale, !LocaleNames.isValid(locale) {
                catalog.problems.append(
                    CatalogProblems(
                        path: path, file: bytes,
                        diagnostics: [
                            Diagnostic(
                                .invalidCatalog,
                                "the folder \(LocaleNames.shown(locale + ".lproj")) is not named for a locale: use a language code such as \"de.lproj\" or \"pt-BR.lproj\" (the file is not read)",
                                at: 0..<0)
                        ]))
                continue
            }
            LegacyStrings.read(path: path, bytes: bytes, locale: locale ?? sourceLanguage, into: catalog)
            read.append((path, bytes))
        }
        LegacyStrings.checkFormats(catalog, files: read, sourceLanguage: sourceLanguage)
        return catalog
    }

    /// A table that could not be read (a FIFO, no permission, past the size limit): no keys, and
    /// one `invalid-catalog` problem at the file's start saying why.
    public static func unreadable(_ path: String, _ error: ProjectFiles.FileError) -> Catalog {
        let c = Catalog(path: path, table: CatalogReader.tableName(path), sourceLanguage: "en")
        // A link out of the folders checked says "not read" already.
        let why = "\(error)".hasSuffix("; not read") ? "\(error)" : "\(error); it is not read"
        c.problems.append(
            CatalogProblems(
                path: path, text: [],
                diagnostics: [
                    Diagnostic(.invalidCatalog, "cannot read the file: \(why)", at: 0..<0)
                ]))
        return c
    }

    init(path: String, table: String, sourceLanguage: String) {
        self.path = path
        self.table = table
        self.sourceLanguage = sourceLanguage
    }

    /// Every locale the table has a unit for, the source language included, sorted.
    public var locales: [String] {
        entries.locales.union([sourceLanguage]).sorted()
    }

    func add(_ key: String, _ entry: CatalogEntry) { entries.set(key, entry) }

    /// Room for a file of `count` keys and `bytes` bytes: a table's files mostly share their
    /// keys, so the largest file's count is made room for, not their sum; its keys and texts
    /// take at most its bytes.
    func reserve(_ count: Int, bytes: Int) { entries.reserve(count, bytes: bytes) }

    public func merge(_ key: String, locale: String, _ localization: CatalogLocalization) {
        entries.set(key, locale: locale, localization)
    }
}

/// The diagnostics of one catalog file.
public struct CatalogProblems: Sendable {
    public let path: String
    /// The file's text as UTF-8 (the file's bytes, but for a UTF-16 `.strings` file, which is
    /// given as UTF-8): the diagnostics' ranges are in it. Front ends count lines and columns in
    /// it as UTF-8, so a UTF-16 file's places are given in its UTF-8 text.
    public let text: [UInt8]
    public var diagnostics: [Diagnostic]

    init(path: String, text: [UInt8], diagnostics: [Diagnostic]) {
        self.path = path
        self.text = text
        self.diagnostics = diagnostics
    }

    /// The problems of a file whose diagnostics' ranges are in its bytes as read: a UTF-16 file
    /// (with its byte order mark) is given as UTF-8 text, each range moved to the same
    /// characters in it (the byte order mark becomes UTF-8's, which front ends skip as well).
    init(path: String, file bytes: [UInt8], diagnostics: [Diagnostic]) {
        let littleEndian = bytes.starts(with: [0xFF, 0xFE])
        guard littleEndian || bytes.starts(with: [0xFE, 0xFF]) else {
            self.init(path: path, text: bytes, diagnostics: diagnostics)
            return
        }
        // Every offset a range names, in order, found in one pass over the code units.
        let offsets = Set(diagnostics.flatMap { [$0.range.lowerBound, $0.range.upperBound] }).sorted()
        var moved: [Int: Int] = [:]
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count)
        var next = 0
        var i = 0
        func unit(_ i: Int) -> UInt32 {
            let a = UInt32(bytes[i])
            let b = UInt32(bytes[i + 1])
            return littleEndian ? a | b << 8 : a << 8 | b
        }
        while true {
            // Each offset at or before this character's first byte is this character's UTF-8
            // start (ranges are on code unit boundaries; a last odd byte is the text's end).
            while next < offsets.count, offsets[next] <= i {
                moved[offsets[next]] = text.count
                next += 1
            }
            guard i + 1 < bytes.count else { break }
            var scalar = unit(i)
            var width = 2
            if scalar & 0xFC00 == 0xD800, i + 3 < bytes.count, unit(i + 2) & 0xFC00 == 0xDC00 {
                scalar = 0x10000 + (scalar - 0xD800) << 10 + (unit(i + 2) - 0xDC00)
                width = 4
            }
            let s = Unicode.Scalar(scalar) ?? "\u{FFFD}"
            text.append(contentsOf: UTF8.encode(s)!)
            i += width
        }
        while next < offsets.count {
            moved[offsets[next]] = text.count
            next += 1
        }
        self.init(
            path: path, text: text,
            diagnostics: diagnostics.map { d in
                var d = d
                let lower = moved[d.range.lowerBound] ?? 0
                d.range = lower..<max(lower, moved[d.range.upperBound] ?? lower)
                return d
            })
    }
}
