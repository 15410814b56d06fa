import Foundation
import InterfaceBuilder
import LabelLocalization
import LabelMeasure
import LabelSpecSemantics
import LabelSpecSupport
import LabelVocabulary

/// An `.xib` or `.storyboard` checked like the `.labelspec` file it amounts to: its labels are
/// translated to LabelSpec source (`Translation`), checked and measured by `Checks` in a workspace
/// of their own (the names IB's labels get never clash with a folder's `.labelspec` names), and
/// every diagnostic is placed back in the XML (docs/interface-builder.md).
public final class InterfaceBuilderFile {
    /// The file names read as Interface Builder files.
    public static let suffixes = [".storyboard", ".xib"]

    public static func isInterfaceBuilder(_ path: String) -> Bool { suffixes.contains { path.hasSuffix($0) } }

    public let path: String
    /// The XML: every range of `problems` and `diagnostics` is in it.
    public let bytes: [UInt8]
    public let translation: Translation
    /// The generated source in a workspace of its own, as document `path`: made when first
    /// asked for (`measure`, which goes through its labels); `diagnostics` checks the source a
    /// chunk of labels at a time instead, never holding the whole tree.
    public private(set) lazy var workspace: Workspace = {
        let w = Workspace()
        w.localizations = baseTexts
        w.add(Workspace.Document.make(id: path, bytes: Array(translation.source.utf8)))
        return w
    }()
    /// What the labels' keys look up: the `.strings` tables, with the storyboard's own texts as
    /// the development language's.
    private let baseTexts: BaseTexts
    /// The storyboard's `.strings` translations (`LOCALE.lproj/NAME.strings`, keys `ID.text`),
    /// with the base text as the development language's.
    public let localizations: Localizations
    /// Why the file could not be read (`invalid-interface-builder`), in the XML.
    public let problems: [Diagnostic]
    /// The labels translated (the count `import`'s header line says).
    public let labelCount: Int

    /// Reads and translates a file's bytes; `strings` are the `.strings` files of its
    /// translations (`stringsFiles(for:)`), path and bytes each; `catalogs` its String Catalogs
    /// (`mul.lproj/NAME.xcstrings` and the like: `translations(for:workspace:)`), read.
    /// `importing`: the source `labelspec import` prints, with a header line; texts stay literal.
    /// `unreadableStrings`: those that could not be read, each an `invalid-catalog` problem.
    public init(
        path: String, bytes: [UInt8], strings: [(path: String, bytes: [UInt8])] = [], catalogs: [Catalog] = [],
        unreadableStrings: [(path: String, error: ProjectFiles.FileError)] = [], importing: Bool = false,
        sampleTexts: [String: String] = [:], overlay: (@Sendable (Catalog) -> Catalog?)? = nil
    ) {
        self.path = path
        self.bytes = bytes
        // The XML's labels are needed only to translate them: made and let go in here, before
        // the generated source is parsed (a large storyboard does not hold both at once).
        // Returned translations (`check App/ de.xcloc`) laid over copies of the tables before
        // the labels are translated: a storyboard none of whose strings were translated before
        // has its keys from them.
        let read = Catalog.read(legacy: strings)
        let catalog = overlay?(read) ?? read
        let own = overlay.map { o in catalogs.map { o($0) ?? $0 } } ?? catalogs
        let tables = (strings.isEmpty && catalog.entries.isEmpty ? [] : [catalog]) + own
        let made = InterfaceBuilderFile.translate(
            path: path, bytes: bytes, legacy: catalog, tables: tables, importing: importing, sampleTexts: sampleTexts)
        problems = made.problems
        translation = made.translation
        labelCount = made.count
        let developmentTexts = made.developmentTexts
        localizations = Localizations(catalogs: tables + unreadableStrings.map { Catalog.unreadable($0.path, $0.error) })
        baseTexts = BaseTexts(tables: localizations, texts: developmentTexts)
    }

    /// Reads the XML and translates its labels one at a time as they are read (none is kept:
    /// a large storyboard's labels are never all in memory, nor with the generated source).
    /// Labels with a key in one of `tables` get `.localized` texts (their base text as the
    /// `defaultValue`), and the `.strings` table `legacy` (this file's own) their base texts;
    /// a String Catalog is left as read (it may be the namespace's, shared). A label whose text
    /// is set in code is not localized (`sampleTexts` may give it a text).
    private static func translate(
        path: String, bytes: [UInt8], legacy catalog: Catalog, tables: [Catalog], importing: Bool, sampleTexts: [String: String]
    ) -> (
        problems: [Diagnostic], translation: Translation, developmentTexts: [LocalizationKey: String], count: Int
    ) {
        // Translations: a table named like the file, holding keys of its labels' text.
        let table = String(path.split(separator: "/").last ?? "").split(separator: ".").dropLast().joined(separator: ".")
        var options = Translation.Options()
        options.knownColors = Set(SystemColors.all.map(\.name))
        options.fileName = String(path.split(separator: "/").last ?? "")
        options.keepsMap = !importing
        // `FILE#ID` keys of this file's name: by id.
        let prefix = options.fileName + "#"
        for (key, text) in sampleTexts where key.hasPrefix(prefix) { options.sampleTexts[String(key.dropFirst(prefix.count))] = text }
        var developmentTexts: [LocalizationKey: String] = [:]
        var count = 0
        var maker = Translation.Maker(bytes: bytes, options: options)
        let problem = InterfaceBuilderDocument.read(bytes) { label in
            var localized: (key: String, table: String)?
            if !tables.isEmpty, !label.textIsSetInCode, let key = label.stringsKey, let text = label.fileText {
                let k = LocalizationKey(key)
                if tables.contains(where: { $0.entries.contains(k) }) {
                    localized = (key, table)
                    developmentTexts[k] = text
                    // The base text is the development language's, unless a table of its own says otherwise.
                    if catalog.entries.contains(k), catalog.entries[k]?.localizations[catalog.sourceLanguage] == nil {
                        catalog.merge(key, locale: catalog.sourceLanguage, CatalogLocalization(unit: .text(text)))
                    }
                }
            }
            // A button without a title is no label (a comment in the source).
            if maker.add(label, localized: localized) { count += 1 }
        }
        let problems: [Diagnostic] =
            problem.map { p in
                let at = min(max(0, p.offset), bytes.count)
                return [Diagnostic(.invalidInterfaceBuilder, p.message, at: at..<at)]
            } ?? []
        let header = importing ? "Imported from \(options.fileName) by labelspec import: \(count) label\(count == 1 ? "" : "s")." : nil
        return (problems, maker.finish(header: header), developmentTexts, count)
    }

    /// The `.strings` files that translate a storyboard or xib `DIR/Base.lproj/NAME.storyboard`
    /// (or `DIR/NAME.storyboard`): `DIR/LOCALE.lproj/NAME.strings`, sorted.
    public static func stringsFiles(for path: String) -> [String] { besideFiles(for: path, ".strings", base: false) }

    /// The String Catalogs beside a storyboard or xib `DIR/Base.lproj/NAME.storyboard` (or
    /// `DIR/NAME.storyboard`) that translate it, as Xcode 15 writes them: `DIR/mul.lproj/NAME.xcstrings`
    /// (in any `.lproj` folder of `DIR`), or `DIR/NAME.xcstrings`; sorted.
    public static func catalogFiles(for path: String) -> [String] {
        var out = besideFiles(for: path, ".xcstrings", base: true)
        let url = URL(fileURLWithPath: path)
        var dir = url.deletingLastPathComponent()
        if dir.lastPathComponent.hasSuffix(".lproj") { dir = dir.deletingLastPathComponent() }
        let own = (dir.path == "/" ? "" : dir.path) + "/" + url.deletingPathExtension().lastPathComponent + ".xcstrings"
        if isFileOrNotFolder(own) { out.insert(own, at: 0) }
        return out
    }

    /// `DIR/LOCALE.lproj/NAME` + `suffix` for each `.lproj` folder of `DIR` (`Base.lproj` with
    /// `base`), sorted.
    private static func besideFiles(for path: String, _ suffix: String, base: Bool) -> [String] {
        let url = URL(fileURLWithPath: path)
        let table = url.deletingPathExtension().lastPathComponent
        var dir = url.deletingLastPathComponent()
        if dir.lastPathComponent.hasSuffix(".lproj") { dir = dir.deletingLastPathComponent() }
        let prefix = dir.path == "/" ? "" : dir.path
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { return [] }
        var out: [String] = []
        for name in entries.sorted() where name.hasSuffix(".lproj") && (base || name != "Base.lproj") {
            let candidate = prefix + "/" + name + "/" + table + suffix
            if isFileOrNotFolder(candidate) { out.append(candidate) }
        }
        return out
    }

    /// Whether something other than a folder is at `path`: a FIFO or a device by a table's name
    /// is reported, not passed over.
    private static func isFileOrNotFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) != S_IFDIR
    }

    /// The translations of a storyboard or xib: its `.strings` files read from disk, path and
    /// bytes each; its String Catalogs, those beside it (`catalogFiles(for:)`) and those of
    /// `workspace` (the tables of its namespace, `Namespace.localizations`) named like it
    /// (`NAME.xcstrings` anywhere in a workspace), each once (one the workspace read is used as
    /// read); and those that cannot be read (a FIFO named `de.lproj/Main.strings`, no
    /// permission, past the size limit) with the reason. What `check`, `import` and the
    /// language server hand `init`.
    public static func translations(for path: String, workspace: [Catalog] = []) -> (
        files: [(path: String, bytes: [UInt8])], catalogs: [Catalog], unreadable: [(path: String, error: ProjectFiles.FileError)]
    ) {
        var files: [(path: String, bytes: [UInt8])] = []
        var unreadable: [(path: String, error: ProjectFiles.FileError)] = []
        for s in stringsFiles(for: path) {
            switch ProjectFiles.readFile(s) {
            case .success(let bytes): files.append((s, bytes))
            case .failure(let error): unreadable.append((s, error))
            }
        }
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent + ".xcstrings"
        let standard = { (p: String) in URL(fileURLWithPath: p).standardizedFileURL.path }
        let named = workspace.filter { PathText.lastComponent($0.path) == name }
        var known = Dictionary(named.map { (standard($0.path), $0) }, uniquingKeysWith: { first, _ in first })
        var catalogs: [Catalog] = []
        for c in catalogFiles(for: path) {
            if let read = known.removeValue(forKey: standard(c)) {
                catalogs.append(read)
                continue
            }
            switch ProjectFiles.readFile(c) {
            case .success(let bytes): catalogs.append(Catalog.read(xcstrings: bytes, path: c))
            case .failure(let error): unreadable.append((c, error))
            }
        }
        // The workspace's others, in its order (by path).
        for c in named { if known.removeValue(forKey: standard(c.path)) != nil { catalogs.append(c) } }
        return (files, catalogs, unreadable)
    }

    /// Reads the translations of `path` from disk (`translations(for:workspace:)`) and checks
    /// (or, `importing`, translates) `bytes` with them. `sampleTexts`: `Configuration.sampleTexts`,
    /// for labels whose text is set in code.
    public static func withTranslations(
        path: String, bytes: [UInt8], workspace: [Catalog] = [], importing: Bool = false, sampleTexts: [String: String] = [:],
        overlay: (@Sendable (Catalog) -> Catalog?)? = nil
    ) -> InterfaceBuilderFile {
        let t = translations(for: path, workspace: workspace)
        return InterfaceBuilderFile(
            path: path, bytes: bytes, strings: t.files, catalogs: t.catalogs, unreadableStrings: t.unreadable, importing: importing,
            sampleTexts: sampleTexts, overlay: overlay)
    }

    /// How many labels have text set in code (`Translation.Label.textSetInCode`) and no sample
    /// text: they are not measured.
    public var notMeasuredSetInCode: Int { translation.labels.count { $0.textSetInCode && !$0.sampled } }

    /// The label of the generated source whose item holds `offset`, in the translation.
    public func translatedLabel(atGenerated offset: Int) -> Translation.Label? { translation.label(atGenerated: offset) }

    /// The name of the label whose element holds `offset` of the XML (a diagnostic placed
    /// there): the last label starting at or before it; nil before the first.
    public func labelName(at offset: Int) -> String? { translation.label(atXML: offset)?.name }

    /// The object id of the label whose element holds `offset` of the XML (its name when it has
    /// none): what a baseline keys a storyboard's finding by.
    public func labelID(at offset: Int) -> String? { translation.label(atXML: offset).map { $0.id ?? $0.name } }

    /// The generated document.
    public var generated: Workspace.Document { workspace.documents[path]! }

    /// `plan` (the namespace's, with the command line's choices) over this file's translations.
    /// UIKit shows a storyboard's text, base or translated, as written: never a format string.
    /// Each label's row neighbours (`MeasuringPlan.rowNeighbours`) are the labels its Auto Layout
    /// says take room from it, by their generated names.
    public func plan(over plan: MeasuringPlan) -> MeasuringPlan {
        var p = plan.asWritten(localizations)
        p.rowNeighbours = rowNeighbours
        return p
    }

    /// Per generated label name: its row neighbours, by name (`Translation.Label.neighbours`).
    var rowNeighbours: [String: [RowNeighbour]] {
        var names: [String: String] = [:]
        for l in translation.labels { if let id = l.id, names[id] == nil { names[id] = l.name } }
        var out: [String: [RowNeighbour]] = [:]
        for l in translation.labels {
            let found = (l.neighbours ?? []).compactMap { n in
                names[n.id].map { RowNeighbour(name: $0, slope: n.slope, assumed: n.assumed, lowest: n.lowest, highest: n.highest) }
            }
            if !found.isEmpty { out[l.name] = found }
        }
        return out
    }

    /// Every diagnostic of the file, in the XML, sorted by position then code: the problems of
    /// the XML, else those of the generated source, measured ones included, placed in the XML.
    public func diagnostics(measurer: Measurer, plan: MeasuringPlan) -> [Diagnostic] {
        guard problems.isEmpty else { return plan.configuration.apply(to: problems) }
        // A chunk of labels at a time, each in a workspace of its own that goes when it is
        // checked: Interface Builder labels never inherit and their names are unique in the file,
        // so no label's diagnostics depend on another's, and a large storyboard's generated
        // source is never one tree in memory.
        let plan = self.plan(over: plan)
        var out: [Diagnostic] = []
        for range in chunks() {
            let chunk = Workspace()
            chunk.localizations = baseTexts
            let source = translation.source.utf8
            let start = source.index(source.startIndex, offsetBy: range.lowerBound)
            let end = source.index(start, offsetBy: range.count)
            chunk.add(Workspace.Document.make(id: path, bytes: Array(source[start..<end])))
            let found = Checks.diagnostics(of: path, in: chunk, measurer: measurer, plan: plan)
            // (A row's labels are in one chunk: `chunks`.)
            out += SharedRows.merged(found.map { $0.shifted(by: range.lowerBound) }, in: translation).map(placed)
        }
        // In place: a copy of 125,000 findings is 8 MB more at the peak.
        out.sort { ($0.range.lowerBound, $0.code) < ($1.range.lowerBound, $1.code) }
        return out
    }

    /// Ranges of the generated source holding whole labels, about `chunkBytes` each (the
    /// header and the comments between labels go with the label after them).
    /// A label and its row neighbours are in one chunk: it is measured with their texts.
    func chunks() -> [Range<Int>] {
        let total = translation.source.utf8.count
        var out: [Range<Int>] = []
        var start = 0
        // Per label: the last label that is its neighbour or has it as one (a chunk may end
        // after a label only when no label before it reaches past it).
        var position: [String: Int] = [:]
        for (k, l) in translation.labels.enumerated() { if let id = l.id, position[id] == nil { position[id] = k } }
        var reach = Array(translation.labels.indices)
        for (k, l) in translation.labels.enumerated() {
            for n in l.neighbours ?? [] {
                guard let j = position[n.id] else { continue }
                reach[min(j, k)] = max(reach[min(j, k)], max(j, k))
            }
        }
        var reached = 0
        for (k, label) in translation.labels.enumerated() {
            reached = max(reached, reach[k])
            guard reached <= k, label.item.upperBound - start >= InterfaceBuilderFile.chunkBytes else { continue }
            out.append(start..<label.item.upperBound)
            start = label.item.upperBound
        }
        if start < total || out.isEmpty { out.append(start..<total) }
        return out
    }

    /// The generated source checked at a time (`diagnostics`).
    static let chunkBytes = 256 << 10

    /// A diagnostic of the generated source placed in the XML: a member's attribute (name or
    /// value) or element, else the `<label>` element. Fixes and related places are about the
    /// generated text, which nobody sees: they are dropped, and a `truncates` says instead what
    /// to change in Interface Builder (`TruncationFixes.interfaceBuilderAdvice`). A measured
    /// finding's width is said to come from what the label's translation took it from
    /// (`Translation.Label.widthSource`: its constraints, its frame), not the generated `width`.
    public func placed(_ d: Diagnostic) -> Diagnostic {
        var out = d
        let label = translation.label(atGenerated: d.range.lowerBound)
        if let source = label?.widthSource { out = MeasuredChecks.replacingWidthSource(in: out, with: source) }
        if let label, let message = InterfaceBuilderWording.message(out, label: label) {
            out.message = message
        }
        out.range = translation.xmlRange(of: d.range) ?? 0..<0
        if d.code == .truncates, let label = translation.label(atXML: out.range.lowerBound),
            let advice = TruncationFixes.interfaceBuilderAdvice(
                d.fixes, button: bytes[label.element.clamped(to: 0..<bytes.count)].elementsEqual("button".utf8))
        {
            out.message += "; " + advice
        }
        out.fixes = []
        out.related = []
        return out
    }

    /// Where a label of the generated source is in the XML: its `<label` element.
    public func xmlOffset(ofGenerated offset: Int) -> Int { translation.xmlRange(of: offset..<offset)?.lowerBound ?? 0 }
}

/// A storyboard's keys are its `.strings` tables', and each key's development-language text is
/// the label's text in the storyboard (not an `en.lproj` table's, which is measured as `en`).
private final class BaseTexts: LocalizationLookup {
    let tables: Localizations
    let texts: [LocalizationKey: String]

    init(tables: Localizations, texts: [LocalizationKey: String]) {
        self.tables = tables
        self.texts = texts
    }

    func hasKey(_ key: LocalizationKey) -> Bool { tables.hasKey(key) }

    func developmentText(_ key: LocalizationKey) -> String? { texts[key] }

    var tablesNotRead: String? { tables.tablesNotRead }
}
