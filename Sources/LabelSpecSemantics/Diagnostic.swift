import LabelSpecSyntax

public enum Severity: String, Sendable, Comparable, CaseIterable {
    case error, warning, information, hint

    private var rank: Int {
        switch self {
        case .error: return 0
        case .warning: return 1
        case .information: return 2
        case .hint: return 3
        }
    }

    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// A replacement of a byte range with new text.
public struct Replacement: Sendable, Hashable {
    public var range: Range<Int>
    public var newText: String

    public init(range: Range<Int>, newText: String) {
        self.range = range
        self.newText = newText
    }
}

/// A quick fix: a title and the edits that apply it.
public struct Fix: Sendable, Equatable {
    public var title: String
    public var edits: [Replacement]
    /// What the fix does to a label that does not fit, for a front end that cannot apply its
    /// edits and says what to change instead (an Interface Builder file).
    public var remedy: Remedy?

    /// The fixes of `truncates`.
    public enum Remedy: Sendable, Equatable {
        /// As many lines as needed.
        case wrap
        /// Autoshrink down to this minimum scale.
        case shrink(minimumScale: Double)
        /// An ignore comment.
        case ignore
    }

    public init(title: String, edits: [Replacement], remedy: Remedy? = nil) {
        self.title = title
        self.edits = edits
        self.remedy = remedy
    }
}

/// Another place a diagnostic points at (the first declaration of a duplicate, a catalog's key).
///
/// A place in a `.labelspec` document is given by the item there (`declaration`) while the
/// diagnostic is kept: the item's position can change without the diagnostic's own text
/// changing, so it is read when the diagnostics are put together
/// (`Workspace.resolvingRelated`), which sets `document`, `range` and `columns` and lets go of
/// the item. A diagnostic that leaves the workspace holds no item.
public struct RelatedLocation: @unchecked Sendable, Equatable {
    public var document: String
    public var range: Range<Int>
    public var message: String
    /// The same place as a line and columns, for a file whose text the receiver does not hold (a
    /// String Catalog): a front end uses these instead of converting `range`.
    public var columns: LineColumns?
    /// The item whose name this points at, until the place is resolved (the range is then
    /// relative to the item's start). Read and resolved only under the workspace's owner.
    public internal(set) var declaration: ItemInfo?

    public init(document: String, range: Range<Int>, message: String, columns: LineColumns? = nil) {
        self.document = document
        self.range = range
        self.message = message
        self.columns = columns
    }

    /// The name of `item`, wherever it is when the diagnostic is reported.
    init(nameOf item: ItemInfo, message: String) {
        self.init(document: "", range: item.nameRange, message: message)
        declaration = item
    }

    public static func == (a: RelatedLocation, b: RelatedLocation) -> Bool {
        a.document == b.document && a.range == b.range && a.message == b.message && a.columns == b.columns
            && a.declaration === b.declaration
    }
}

/// The screen a finding is about and the label's width there.
public struct FindingScreen: Sendable, Equatable {
    public var name: String
    public var width: Double

    public init(name: String, width: Double) {
        self.name = name
        self.width = width
    }
}

/// A range on one line: the line (0-based) and its columns (0-based, end exclusive) counted in
/// UTF-8 bytes, UTF-16 code units and Unicode scalars.
public struct LineColumns: Sendable, Equatable {
    public var line: Int
    public var utf8: Range<Int>
    public var utf16: Range<Int>
    public var scalars: Range<Int>

    public init(line: Int, utf8: Range<Int>, utf16: Range<Int>, scalars: Range<Int>) {
        self.line = line
        self.utf8 = utf8
        self.utf16 = utf16
        self.scalars = scalars
    }
}

/// The text a measured finding's worst cell shows: where it comes from.
public struct FindingText: Sendable, Equatable {
    public var locale: String?
    public var key: String?
    /// The table's file (a legacy table's first file).
    public var table: String?
    /// The plural form, or the forms of several substitutions (`photos:one, albums:few`).
    public var plural: String?
    public var device: String?
    /// Measured with iOS's Bold Text on.
    public var boldText = false

    public init(locale: String?, key: String?, table: String?, plural: String?, device: String?, boldText: Bool = false) {
        (self.locale, self.key, self.table, self.plural, self.device, self.boldText) = (locale, key, table, plural, device, boldText)
    }
}

/// One finding. Ranges are byte offsets in the document the diagnostic belongs to.
public struct Diagnostic: Sendable, Equatable {
    public var code: DiagnosticCode
    public var severity: Severity
    public var message: String
    public var range: Range<Int>
    public var fixes: [Fix]
    public var related: [RelatedLocation]
    /// For a measured finding on a screen: the screen (as configured) and the width the label
    /// had there, in points (the JSON, SARIF and GitHub formats carry them).
    public var screen: FindingScreen?
    /// For a measured finding (`truncates`, `clipped`): its worst cell, `de at .large on iPhone SE
    /// (3rd generation)` (the text variant, when named, the content size and the screen, when on
    /// one). A baseline keys the finding by it, not by its message, whose summary of the other
    /// cells (`and 11 more`) changes with them.
    public var cell: String?
    /// For a finding measured at a width (`truncates`, `clipped`): the width of its worst cell,
    /// in points, and where that width came from, in a few words: the label's `width` as
    /// written (`width .margins - 200`), or what an Interface Builder label's constraints or
    /// frame give it. The message says both after the points: `(143 pt: width .margins - 200)`.
    public var width: Double?
    public var widthSource: String?
    /// For a measured finding: the fonts its worst cell was measured with (family names: the
    /// label's font, then each fallback that drew some of it), and whether one of them stands in
    /// for the font iOS draws with (docs/measurement.md, "Stand-ins").
    public var fonts: [String]?
    public var standIn: Bool?
    /// For a measured finding: the text of its worst cell (its locale, key, table, plural form
    /// and device), by which a finding about a returned translation is placed at its `<target>`
    /// (docs/translators.md).
    public var text: FindingText?

    public init(
        _ code: DiagnosticCode, _ message: String, at range: Range<Int>, fixes: [Fix] = [],
        related: [RelatedLocation] = []
    ) {
        self.code = code
        self.severity = code.defaultSeverity
        self.message = message
        self.range = range
        self.fixes = fixes
        self.related = related
    }

    /// The same diagnostic moved by `delta` bytes (item-relative to absolute).
    public func shifted(by delta: Int) -> Diagnostic {
        var d = self
        d.range = range.shifted(by: delta)
        d.fixes = fixes.map { fix in
            var f = fix
            f.edits = fix.edits.map { Replacement(range: $0.range.shifted(by: delta), newText: $0.newText) }
            return f
        }
        d.related = related.map {
            var r = $0
            if r.document.isEmpty, r.declaration == nil { r.range = r.range.shifted(by: delta) }
            return r
        }
        return d
    }
}

/// A line (0-based) and the columns of a range on it, in UTF-8 bytes, UTF-16 code units and
/// Unicode scalars: a place in a file whose text the receiver does not keep.
extension LineColumns {
    /// The UTF-16 code units and Unicode scalars of the bytes `r` (UTF-8), counted as the line
    /// table counts them (`LineTable.step`: an invalid byte is one of each).
    public static func counts(_ r: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> (utf16: Int, scalars: Int) {
        var u16 = 0
        var scalars = 0
        var i = r.lowerBound
        while i < r.upperBound {
            let step = LineTable.step(at: i, count: bytes.count, .utf16) { bytes[$0] }
            i += step.bytes
            u16 += step.units
            scalars += 1
        }
        return (u16, scalars)
    }

    /// The line and columns of `range` in `bytes` (the range on one line that starts at `lineStart`).
    public static func of(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>, line: Int, lineStart: Int) -> LineColumns {
        let before = counts(lineStart..<range.lowerBound, in: bytes)
        let inside = counts(range, in: bytes)
        return LineColumns(
            line: line, utf8: (range.lowerBound - lineStart)..<(range.upperBound - lineStart),
            utf16: before.utf16..<(before.utf16 + inside.utf16), scalars: before.scalars..<(before.scalars + inside.scalars))
    }
}
