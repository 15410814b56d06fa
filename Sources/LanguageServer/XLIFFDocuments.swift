import Foundation
import JSON
import JSONRPC
import LabelLocalization
import LabelMeasure
import LabelPresentation
import LabelSpecIDE
import LabelSpecSupport
import LabelSpecSyntax

/// Returned translations an editor opens (`.xliff`, `.xlf`, alone or in an `.xcloc`:
/// docs/translators.md, "In an editor"): the server keeps their text, publishes (or answers
/// pulls with) the diagnostics `check` reports for them against the `.labelspec` files of their
/// namespace, and a hover on a `<target>` shows the label that shows it, measured with it.
extension LanguageServer {
    static func isXLIFF(uri: String) -> Bool {
        let path = LanguageServer.path(ofURI: uri) ?? uri
        return path.hasSuffix(".xliff") || path.hasSuffix(".xlf")
    }

    /// `didOpen` of an XLIFF file (under the state lock).
    func openXLIFF(_ uri: String, _ params: JSONValue) {
        guard let text = params["textDocument"]?["text"]?.stringValue else { return }
        let version = params["textDocument"]?["version"]?.intValue ?? 0
        documents[uri] = .xliff(EditorDocument(id: uri, version: version, bytes: Array(text.utf8)))
        publish(uri)
    }

    /// `didChange` of an XLIFF file (under the state lock): checked after the debounce.
    func changeXLIFF(_ uri: String, _ params: JSONValue) { changeCheckedText(uri, params, xliffOpen[uri], what: "an XLIFF file") }

    /// Under the state lock: what checking an open XLIFF file needs, to run outside it.
    func xliffCheck(_ uri: String) -> PendingXLIFFCheck? {
        guard let doc = xliffOpen[uri] else { return nil }
        let ns = namespace(forFile: uri)
        let specs = ns.workspace.documents.compactMap { id, d in
            (LanguageServer.path(ofURI: id) ?? id).hasSuffix(".labelspec") ? (id: id, bytes: d.syntax.source.allBytes) : nil
        }.sorted { $0.id < $1.id }
        return PendingXLIFFCheck(
            uri: uri, path: LanguageServer.path(ofURI: uri), bytes: doc.ownText?.allBytes ?? [], version: doc.version, specs: specs,
            localizations: ns.localizations, plan: ns.plan, measurer: ns.measurer, encoding: encoding,
            codeDescriptions: client.codeDescriptions)
    }

    /// `textDocument/hover` on an open XLIFF file, first half (under the state lock).
    func xliffHover(_ uri: String, line: Int, character: Int) -> PendingXLIFFHover? {
        guard let check = xliffCheck(uri) else { return nil }
        let positions = LineTable(check.bytes, encoding: encoding)
        return PendingXLIFFHover(
            check: check, offset: positions.offset(line: line, character: character).offset,
            format: client.hoverFormat(hoverImages: hoverImages))
    }
}

/// The check of an open XLIFF file, read under the state lock, to run outside it.
struct PendingXLIFFCheck: @unchecked Sendable {
    let uri: String
    let path: String?
    let bytes: [UInt8]
    let version: Int
    let specs: [(id: String, bytes: [UInt8])]
    let localizations: Localizations
    let plan: MeasuringPlan
    let measurer: Measurer
    let encoding: PositionEncoding
    let codeDescriptions: Bool

    /// The file with the namespace's specs, its locale the `.xcloc`'s when it is in one.
    func document() -> ReturnedDocument {
        ReturnedDocument(
            path: path ?? uri, bytes: bytes, xclocLocale: path.flatMap(Self.xclocLocale), specs: specs, localizations: localizations,
            plan: plan, measurer: measurer)
    }

    /// The `targetLocale` of the `.xcloc` whose `Localized Contents` hold `path`, if any.
    static func xclocLocale(_ path: String) -> String? {
        let folder = PathText.parent(path)
        guard PathText.lastComponent(folder) == "Localized Contents", PathText.parent(folder).hasSuffix(".xcloc") else { return nil }
        guard case .success(let bytes) = ProjectFiles.readFile(PathText.parent(folder) + "/contents.json"),
            let json = try? JSONValue.parse(bytes)
        else { return nil }
        return json["targetLocale"]?.stringValue
    }

    func run() -> [JSONValue] {
        var cursor = LineTable.Cursor(LineTable(bytes, encoding: encoding))
        return document().diagnostics().map { $0.lspJSON(&cursor, uri: uri, codeDescription: codeDescriptions) }
    }
}

/// A hover on an XLIFF file, to measure outside the state lock.
struct PendingXLIFFHover: Sendable {
    let check: PendingXLIFFCheck
    let offset: Int
    let format: HoverFormat

    func answer() -> JSONValue {
        guard let (content, range) = check.document().hover(at: offset), let markdown = content.markdown(format) else { return .null }
        let positions = LineTable(check.bytes, encoding: check.encoding)
        return .object([
            ("contents", markupContent(markdown, asMarkdown: format.markdown)), ("range", positions.range(range).json),
        ])
    }
}
