import LabelSpecIDE
import LabelSpecSupport
import LabelSpecSyntax

/// Every document the server keeps something for, by URI, each of one kind: the one map keyed
/// by a document's URI (ruff's `session/index.rs`). A document the editor opens takes the place
/// of what was kept for its file on disk, and closing it drops it; the kind is decided once, at
/// `didOpen` (`LanguageServer.kind(uri:languageId:)`), and notifications and pushes dispatch on
/// it. Read and written under the server's state lock.
struct DocumentIndex {
    /// What the server keeps for one document.
    enum Entry {
        /// A `.labelspec` document the editor has open.
        case labelspec(OpenDocument)
        /// A storyboard or xib the editor has open (see `InterfaceBuilderDocuments.swift`).
        case interfaceBuilder(EditorDocument)
        /// A returned XLIFF file the editor has open (see `XLIFFDocuments.swift`).
        case xliff(EditorDocument)
        /// A `labelspec.json` the editor has open: its text, for completion of the app's font tokens.
        case configuration(EditorDocument)
        /// An open document of kind `other`: left alone (`LanguageServer.kind`).
        case ignored
        /// A `.labelspec` file known only from disk: what was derived from it, kept while its
        /// tree is the one it was derived from.
        case onDisk(DiskDocument)
    }

    private var entries: [String: Entry] = [:]

    subscript(uri: String) -> Entry? {
        get { entries[uri] }
        set { entries[uri] = newValue }
    }

    /// The open `.labelspec` documents.
    var labelspec: View<OpenDocument> { View(entries: entries) { if case .labelspec(let d) = $0 { d } else { nil } } }
    /// The open storyboards and xibs.
    var interfaceBuilder: View<EditorDocument> { View(entries: entries) { if case .interfaceBuilder(let d) = $0 { d } else { nil } } }

    /// The open XLIFF files.
    var xliff: View<EditorDocument> { View(entries: entries) { if case .xliff(let d) = $0 { d } else { nil } } }

    /// The open `labelspec.json` documents.
    var configurations: View<EditorDocument> { View(entries: entries) { if case .configuration(let d) = $0 { d } else { nil } } }

    /// Whether an open document of kind `other` has this URI.
    func isIgnored(_ uri: String) -> Bool {
        if case .ignored? = entries[uri] { true } else { false }
    }

    /// What is kept for a file known only on disk (nil for an open document, or none kept).
    func disk(_ uri: String) -> DiskDocument? {
        if case .onDisk(let d)? = entries[uri] { d } else { nil }
    }

    /// Updates what is kept for a file known only on disk; nothing for an open document.
    mutating func updateDisk(_ uri: String, _ change: (inout DiskDocument) -> Void) {
        var disk: DiskDocument
        switch entries[uri] {
        case nil: disk = DiskDocument()
        case .onDisk(let d): disk = d
        default: return
        }
        change(&disk)
        entries[uri] = .onDisk(disk)
    }

    /// Forgets what is kept for a file on disk (it changed or went away); an open document stays.
    mutating func forgetDisk(_ uri: String) {
        if case .onDisk? = entries[uri] { entries[uri] = nil }
    }

    /// Forgets what is kept for every file on disk (the namespaces were built again).
    mutating func forgetAllDisk() {
        entries = entries.filter { if case .onDisk = $0.value { false } else { true } }
    }

    /// The documents of one kind, read as a map by URI.
    struct View<Document> {
        fileprivate let entries: [String: Entry]
        fileprivate let pick: (Entry) -> Document?

        subscript(uri: String) -> Document? { entries[uri].flatMap(pick) }
        var keys: [String] { entries.compactMap { pick($0.value) == nil ? nil : $0.key } }
        var values: [Document] { entries.values.compactMap(pick) }
    }
}

/// What the server keeps for a `.labelspec` file it read from disk (open documents keep theirs in
/// `OpenDocument`).
struct DiskDocument {
    /// Its line starts, with the tree they were counted for.
    var positions: (root: GreenNode, positions: LineTable)?
    /// Its serialised diagnostics (for `workspace/diagnostic`).
    var diagnostics: DiagnosticFragments?
}
