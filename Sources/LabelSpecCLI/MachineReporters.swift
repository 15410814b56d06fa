import JSON
import LabelMeasure
import LabelSpecIDE
import LabelSpecSemantics
import LabelSpecSupport
import LabelVocabulary

enum JSONReporter {
    /// `related` (other places the diagnostic points at: `file`, `line`, `column`, `message`)
    /// only when there are any.
    static func element(_ item: LocatedDiagnostic) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("file", .string(item.file)),
            ("line", .int(item.line)),
            ("column", .int(item.column)),
            ("endLine", .int(item.endLine)),
            ("endColumn", .int(item.endColumn)),
            ("severity", .string(item.diagnostic.severity.rawValue)),
            ("code", .string(item.diagnostic.code.rawValue)),
            ("message", .string(item.diagnostic.message)),
        ]
        fields += widthFields(item.diagnostic)
        let related = item.related
        if !related.isEmpty {
            fields.append(
                (
                    "related",
                    .array(
                        related.map { r in
                            .object([
                                ("file", .string(r.file)), ("line", .int(r.line)), ("column", .int(r.column)),
                                ("message", .string(r.message)),
                            ])
                        })
                ))
        }
        return .object(fields)
    }

    /// A measured finding's `screen` (when on one), `width` (its worst cell's, in points),
    /// `widthSource` (where that width came from), and `fonts` and `standIn` (what measured its
    /// worst cell, and whether a stand-in did): the JSON finding's keys, and SARIF's property bag.
    static func widthFields(_ d: Diagnostic) -> [(String, JSONValue)] {
        var fields: [(String, JSONValue)] = []
        if let screen = d.screen { fields.append(("screen", .string(screen.name))) }
        if let width = d.width ?? d.screen?.width { fields.append(("width", .double(width))) }
        if let source = d.widthSource { fields.append(("widthSource", .string(source))) }
        if let fonts = d.fonts { fields.append(("fonts", .array(fonts.map(JSONValue.string)))) }
        if d.text?.boldText == true { fields.append(("boldText", .bool(true))) }
        if let standIn = d.standIn { fields.append(("standIn", .bool(standIn))) }
        return fields
    }

    static func render(_ items: [LocatedDiagnostic], write: (String) -> Void) {
        StreamedJSON.write({ $0 }, elements: items, element: element, write: write)
    }
}

/// A pretty-printed JSON document with one large array written element by element: the same text
/// json-c writes for the whole document, without the whole document (a json-c tree of 100k
/// diagnostics and its text, several times their size) in memory at once.
enum StreamedJSON {
    /// Stands for the streamed array's only element in `document`.
    static let marker = JSONValue.string("\u{1}labelspec-streamed-elements\u{1}")

    /// Writes `document(array)` as `JSONValue.serialized(pretty: true)` would, plus a line break,
    /// where `array` holds `elements` converted by `element`.
    static func write<T>(
        _ document: (JSONValue) -> JSONValue, elements: [T], element: (T) -> JSONValue, write: (String) -> Void
    ) {
        guard !elements.isEmpty else {
            write(document(.array([])).serialized(pretty: true) + "\n")
            return
        }
        let text = document(.array([marker])).serialized(pretty: true)
        let markerText = marker.serialized()
        let at = text.range(of: markerText)!
        let indent = indentation(before: text, markerText)
        var out = String(text[..<at.lowerBound])
        for (i, e) in elements.enumerated() {
            if i > 0 { out += ",\n" + indent }
            out += element(e).serialized(pretty: true).replacingAll("\n", "\n" + indent)
            if out.utf8.count > 1 << 20 {
                write(out)
                out = ""
            }
        }
        write(out + text[at.upperBound...] + "\n")
    }

    /// The blanks at the start of the line that holds `markerText`.
    private static func indentation(before text: String, _ markerText: String) -> String {
        guard let at = text.range(of: markerText) else { return "" }
        let lineStart = text[..<at.lowerBound].lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        return String(text[lineStart..<at.lowerBound])
    }
}

/// GitHub Actions workflow commands: one annotation per line.
enum GitHubReporter {
    /// Control characters are escaped first (`TerminalText`): an annotation stays one line and
    /// the log shows no raw escape sequences.
    static func escapeData(_ s: String) -> String {
        TerminalText.escape(s).replacingAll("%", "%25").replacingAll("\r", "%0D").replacingAll("\n", "%0A")
    }

    static func escapeProperty(_ s: String) -> String {
        escapeData(s).replacingAll(":", "%3A").replacingAll(",", "%2C")
    }

    static func render(_ items: [LocatedDiagnostic]) -> String {
        items.map { item in
            let d = item.diagnostic
            let command: String
            switch d.severity {
            case .error: command = "error"
            case .warning: command = "warning"
            case .information, .hint: command = "notice"
            }
            // The title names the screen and the width of a finding on a screen.
            let title = d.code.rawValue + (d.screen.map { " on \($0.name) (\(ScreenLength.number($0.width)) pt)" } ?? "")
            return
                "::\(command) file=\(escapeProperty(item.file)),line=\(item.line),col=\(item.column),endLine=\(item.endLine),endColumn=\(item.endColumn),title=\(escapeProperty(title))::\(escapeData(d.message))\n"
        }.joined()
    }
}

/// SARIF 2.1.0: one run, one rule per diagnostic code.
enum SARIFReporter {
    static func level(_ s: Severity) -> String {
        switch s {
        case .error: return "error"
        case .warning: return "warning"
        case .information, .hint: return "note"
        }
    }

    /// A file's name as SARIF's `artifactLocation.uri` (a URI reference, RFC 3986): a relative
    /// path stays relative, an absolute one is a `file://` URI; every byte but the unreserved
    /// characters and `/` is percent-encoded (`#`, `%`, `?` and spaces would otherwise end or
    /// change the path).
    static func uri(_ path: String) -> String {
        var out = path.hasPrefix("/") ? "file://" : ""
        for b in path.utf8 {
            switch b {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(b))
            default:
                out += String(format: "%%%02X", b)
            }
        }
        return out
    }

    /// The key of a result's fingerprint in `partialFingerprints`: its baseline key
    /// (`Baseline.Key.fingerprint`) and its number among the results of that key, `HASH:1`.
    static let fingerprintKey = "labelspec/v2"

    static func result(_ item: LocatedDiagnostic, fingerprint: String, codes: [DiagnosticCode]) -> JSONValue {
        let d = item.diagnostic
        var fields: [(String, JSONValue)] = [
            ("ruleId", .string(d.code.rawValue)),
            ("ruleIndex", .int(codes.firstIndex(of: d.code)!)),
            ("level", .string(level(d.severity))),
            ("message", .object([("text", .string(d.message))])),
            (
                "locations",
                .array([
                    .object([
                        (
                            "physicalLocation",
                            .object([
                                ("artifactLocation", .object([("uri", .string(uri(item.file)))])),
                                (
                                    "region",
                                    .object([
                                        ("startLine", .int(item.line)),
                                        ("startColumn", .int(item.column)),
                                        ("endLine", .int(item.endLine)),
                                        ("endColumn", .int(item.endColumn)),
                                    ])
                                ),
                            ])
                        )
                    ])
                ])
            ),
        ]
        // Matched across runs as a baseline matches it: not by message, not by line (SARIF 2.1.0
        // §3.27.17; GitHub code scanning reads it).
        fields.append(("partialFingerprints", .object([(fingerprintKey, .string(fingerprint))])))
        // A measured finding: its screen, the label's width and where it came from, in the
        // result's property bag (SARIF 2.1.0 §3.8).
        let properties = JSONReporter.widthFields(d)
        if !properties.isEmpty { fields.append(("properties", .object(properties))) }
        // SARIF 2.1.0 §3.27.22: other places relevant to the result, each with its message.
        let related = item.related
        if !related.isEmpty {
            fields.append(
                (
                    "relatedLocations",
                    .array(
                        related.enumerated().map { i, r in
                            .object([
                                ("id", .int(i)),
                                (
                                    "physicalLocation",
                                    .object([
                                        ("artifactLocation", .object([("uri", .string(uri(r.file)))])),
                                        ("region", .object([("startLine", .int(r.line)), ("startColumn", .int(r.column))])),
                                    ])
                                ),
                                ("message", .object([("text", .string(r.message))])),
                            ])
                        })
                ))
        }
        return .object(fields)
    }

    /// `fingerprints`: each item's (`CheckCommand`'s baseline keys), in order.
    /// `fonts`: what the run measured with (`MeasuringFont`), in the run's `properties`
    /// (`fonts`: family and what it stands in for; `standIn`: whether any stands in).
    static func render(
        _ items: [LocatedDiagnostic], fingerprints: [String], version: String, fonts: [MeasuringFont] = [], write: (String) -> Void
    ) {
        let measured: [JSONValue] = fonts.map { f in
            .object([("family", .string(f.family))] + (f.standsFor.map { [("standsFor", JSONValue.string($0))] } ?? []))
        }
        let properties = JSONValue.object([("fonts", .array(measured)), ("standIn", .bool(fonts.contains(where: \.isStandIn)))])
        let codes = DiagnosticCode.allCases.sorted()
        let rules: [JSONValue] = codes.map { code in
            // helpUri: the code's section of the docs shipped with this binary (none without them).
            .object(
                [
                    ("id", .string(code.rawValue)),
                    ("shortDescription", .object([("text", .string(code.summary))])),
                    ("fullDescription", .object([("text", .string(code.help))])),
                    ("help", .object([("text", .string(code.help))])),
                ] + (ShippedDocs.diagnosticURI(code).map { [("helpUri", JSONValue.string($0))] } ?? []) + [
                    ("defaultConfiguration", .object([("level", .string(level(code.defaultSeverity)))]))
                ])
        }
        StreamedJSON.write(
            { results in
                .object([
                    ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
                    ("version", .string("2.1.0")),
                    (
                        "runs",
                        .array([
                            .object([
                                (
                                    "tool",
                                    .object([
                                        (
                                            "driver",
                                            .object([
                                                ("name", .string("labelspec")),
                                                ("version", .string(version)),
                                                ("rules", .array(rules)),
                                            ])
                                        )
                                    ])
                                ),
                                ("columnKind", .string("unicodeCodePoints")),
                                ("properties", properties),
                                ("results", results),
                            ])
                        ])
                    ),
                ])
            }, elements: Array(zip(items, fingerprints)), element: { result($0.0, fingerprint: $0.1, codes: codes) }, write: write)
    }
}
