import JSON
import LabelMeasure
import LabelPresentation
import LabelSpecIDE
import LabelSpecSupport

/// What `render` writes into its folder, made from `measure`'s rows: a picture per layout
/// (identical pictures are one file), `manifest.json` and `index.html` (`ReportPage`).
struct RenderReport {
    let rows: [MeasuredRow]
    /// Per label, its cells in order, for the page.
    var labels: [Label] = []
    /// Picture files written (identical pictures are one file).
    var pictures = 0
    /// Rows whose font could not be had: said, left out, and the run ends with status 1.
    var undrawable = 0
    /// Some labels are missing (a file not read, a labelspec.json with problems, a label not
    /// measured); `undrawable` adds those not drawn.
    var incomplete = false

    struct Cell {
        var row: Int
        var svg: String
        var width: Double
        var height: Double
        var families: [String]
    }

    struct Label {
        var file: String
        var line: Int
        var name: String
        var cells: [Cell] = []
        var failing = false
        var systemFont = false
    }

    init(rows: [MeasuredRow]) { self.rows = rows }

    /// Writes the SVGs, then manifest.json and index.html.
    mutating func write(into folder: ReportFolder, progress: Progress? = nil) throws {
        var manifest: [JSONValue] = []
        var previous: (key: String, svg: String, width: Double, height: Double, families: [String])?
        for (i, r) in rows.enumerated() {
            let key = RenderReport.pictureKey(r)
            var picture = previous?.key == key ? previous : nil
            if picture == nil {
                defer { progress?.pictureDrawn() }
                guard let (svg, drawing) = Pictures.svg(of: r.input, r.layout, measurer: r.measurer, contrast: r.contrast) else {
                    undrawable += 1
                    printError("\(r.file): cannot draw '\(r.label)': its font cannot be had")
                    continue
                }
                let name = try store(svg, in: folder)
                let size = LabelPicture.size(of: drawing)
                picture = (key, name, size.width, size.height, drawing.families)
                previous = picture
            }
            let p = picture!
            if labels.last.map({ $0.file != r.file || $0.line != r.line || $0.name != r.label }) ?? true {
                labels.append(Label(file: r.file, line: r.line, name: r.label))
            }
            labels[labels.count - 1].cells.append(Cell(row: i, svg: p.svg, width: p.width, height: p.height, families: p.families))
            if r.layout.isCut { labels[labels.count - 1].failing = true }
            if case .textStyle = r.input.font { labels[labels.count - 1].systemFont = true }
            if case .system = r.input.font { labels[labels.count - 1].systemFont = true }
            manifest.append(
                .object(
                    [
                        ("file", .string(r.file)),
                        ("label", .string(r.label)),
                        ("line", .int(r.line)),
                        ("contentSize", .string(r.category.rawValue)),
                        ("locale", r.variant?.locale.map { .string($0) } ?? .null),
                        ("pluralForm", r.variant?.pluralForm.map { .string($0) } ?? .null),
                        ("device", r.variant?.device.map { .string($0.rawValue) } ?? .null),
                        ("screen", r.screen.map { .string($0.name) } ?? .null),
                        ("svg", .string(p.svg)),
                        ("width", .double(MeasuredRow.rounded(p.width))),
                        ("height", .double(MeasuredRow.rounded(p.height))),
                        ("fontSize", .double(MeasuredRow.rounded(r.layout.fontSize))),
                        ("lineHeight", .double(MeasuredRow.rounded(r.layout.lineHeight))),
                        ("fonts", .array(p.families.map { .string($0) })),
                        ("lineCount", .int(r.layout.lineCount)),
                        ("lines", .array(r.layout.lines.map { .string($0.text) })),
                        ("truncated", .bool(r.layout.isTruncated)),
                        ("clipped", .bool(r.layout.isClipped)),
                    ] + (r.input.boldText ? [("boldText", JSONValue.bool(true))] : [])))
            // Text set in code: said as `measure --format json` says it.
            if case .object(let pairs)? = manifest.last, r.fromCode != nil {
                manifest[manifest.count - 1] = .object(pairs + MeasureCommand.fromCodeJSON(r.fromCode))
            }
        }
        try folder.write(JSONValue.array(manifest).serialized(pretty: true) + "\n", to: "manifest.json")
        try folder.write(ReportPage.html(self), to: "index.html")
        try folder.write(ReportFolder.markerText, to: ReportFolder.marker)
    }

    /// Rows of one layout share a picture: consecutive rows of a label's text variant at a
    /// size on the screens of one width.
    static func pictureKey(_ r: MeasuredRow) -> String {
        let v = r.variant
        return "\(r.file)\u{0}\(r.line)\u{0}\(r.label)\u{0}\(v?.displayName ?? "")\u{0}\(v?.pluralForm ?? "")"
            + "\u{0}\(v?.device?.rawValue ?? "")\u{0}\(r.category.rawValue)\u{0}\(r.layout.width)\u{0}\(r.input.hashValue)"
    }

    /// How many pictures the rows make.
    static func pictureCount(_ rows: [MeasuredRow]) -> Int {
        var count = 0
        var last: String?
        for r in rows {
            let key = pictureKey(r)
            if key != last { count += 1 }
            last = key
        }
        return count
    }

    /// The pictures written, by file name: their length and a second hash of their bytes.
    private var written: [String: (length: Int, check: UInt64)] = [:]

    /// Writes a picture once: its file is named by its content (`svg/` + FNV-1a of its bytes
    /// in 16 hex digits + `.svg`), and an identical picture (the same length and a second,
    /// independent hash too) is the file already written, shared by every row that shows
    /// it. Two different pictures whose first hashes meet get `-2`, `-3`… Returns the name.
    mutating func store(_ svg: String, in folder: ReportFolder) throws -> String {
        var svg = svg
        svg.makeContiguousUTF8()
        let (first, check) = svg.utf8.withContiguousStorageIfAvailable {
            (FNV1a.hash($0), FNV1a.hash($0, from: RenderReport.checkBasis))
        }!
        let hex = String(first, radix: 16)
        let base = "svg/" + String(repeating: "0", count: 16 - hex.count) + hex
        var n = 1
        while true {
            let name = base + (n == 1 ? "" : "-\(n)") + ".svg"
            if let known = written[name] {
                if known.length == svg.utf8.count, known.check == check { return name }
                n += 1
                continue
            }
            try folder.write(svg, to: name)
            written[name] = (svg.utf8.count, check)
            pictures += 1
            return name
        }
    }

    /// The second hash's start: FNV-1a's offset basis hashed on by a word of its own.
    static let checkBasis = FNV1a.hash(Array("labelspec render".utf8))
}
