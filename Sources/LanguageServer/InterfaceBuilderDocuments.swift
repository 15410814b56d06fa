import Foundation
import JSON
import JSONRPC
import LabelLocalization
import LabelSpecIDE
import LabelSpecSyntax

/// Storyboards and xibs an editor opens (docs/interface-builder.md, "In an editor"): the server
/// keeps their text, and publishes (or answers pulls with) the diagnostics `check` reports for
/// them, placed in the XML. Nothing else is offered on them (no hover, no completion): they
/// are Xcode's files.
extension LanguageServer {
    static func isInterfaceBuilder(uri: String) -> Bool {
        InterfaceBuilderFile.isInterfaceBuilder(LanguageServer.path(ofURI: uri) ?? uri)
    }

    /// `didOpen` of a storyboard or xib (under the state lock).
    func openInterfaceBuilder(_ uri: String, _ params: JSONValue) {
        guard let text = params["textDocument"]?["text"]?.stringValue else { return }
        guard LanguageServer.path(ofURI: uri) != nil else {
            // Checking needs the file's folder (its .strings, its workspace): an unsaved
            // `untitled:` storyboard gets nothing, and says so.
            log("\(uri) is not a file: storyboards and xibs are checked from file: URIs only; it gets no diagnostics")
            return
        }
        let version = params["textDocument"]?["version"]?.intValue ?? 0
        documents[uri] = .interfaceBuilder(EditorDocument(id: uri, version: version, bytes: Array(text.utf8)))
        publish(uri)
    }

    /// `didChange` of a storyboard or xib (under the state lock).
    func changeInterfaceBuilder(_ uri: String, _ params: JSONValue) {
        changeCheckedText(uri, params, interfaceBuilderOpen[uri], what: "a storyboard or xib")
    }

    /// `didChange` of a document kept as text and checked whole (a storyboard, an XLIFF file;
    /// `what` names it in the log), under the state lock.
    func changeCheckedText(_ uri: String, _ params: JSONValue, _ doc: EditorDocument?, what: String) {
        // Edited change by change, its line starts carried from change to change
        // (`LineStartsGap`): a batch of changes costs about the text once, not once a change.
        guard let doc else {
            log("didChange for \(what) that is not open", level: .warning)
            return
        }
        guard applyChanges(params, to: doc, uri: uri) else { return }
        // Checking a big storyboard takes a while (a 20 MB one: seconds): an edit's push waits
        // for the debounce, and only the last of edits that come in a row is checked (each edit
        // checked in turn made 100 quick edits wait 100 checks).
        publish(uri, debounced: true)
    }

    /// `didClose` of a storyboard, xib or XLIFF file (under the state lock): its diagnostics are
    /// cleared.
    func closeCheckedText(_ uri: String) {
        documents[uri] = nil
        pushes.forget(uri)
        emit(
            Outgoing.notification(
                method: "textDocument/publishDiagnostics",
                params: .object([
                    ("uri", .string(uri)), ("diagnostics", .array([])),
                ])))
    }

    /// Under the state lock: the check of an open storyboard or xib, as work to run outside it
    /// that gives the diagnostics in LSP form (nil for any other document). The problems of its
    /// .strings files (invalid-catalog) are published on those files as `check` has them, and a
    /// file whose problems are gone is cleared.
    func interfaceBuilderCheck(_ uri: String) -> PendingInterfaceBuilderCheck? {
        guard let doc = interfaceBuilderOpen[uri], let path = LanguageServer.path(ofURI: uri) else { return nil }
        let ns = namespace(forFile: uri)
        return PendingInterfaceBuilderCheck(
            uri: uri, path: path, bytes: doc.ownText?.allBytes ?? [], tables: ns.localizations.catalogs, measuring: ns.measuring(),
            encoding: encoding, imports: importCandidates(for: path),
            codeDescriptions: client.codeDescriptions, server: LockedServer(self))
    }
}

/// The check of an open storyboard or xib, read under the state lock, to run outside it.
struct PendingInterfaceBuilderCheck: Sendable {
    let uri: String
    let path: String
    let bytes: [UInt8]
    /// Its namespace's String Catalogs: one named like the file translates it.
    let tables: [Catalog]
    let measuring: Namespace.Measuring
    let encoding: PositionEncoding
    /// The specs that may have been imported from it: when one was, it is not checked, and its
    /// one diagnostic says so (`ImportedStoryboards.swift`).
    let imports: ImportCandidates
    let codeDescriptions: Bool
    /// Where the problems of its `.strings` files are published, under the lock.
    let server: LockedServer

    /// The diagnostics in LSP form (the note alone, when it is checked through its import).
    func run() -> [JSONValue] {
        if let standIn = imports.standIn() { return [standIn.diagnostic(bytes, encoding: encoding)] }
        let file = InterfaceBuilderFile.withTranslations(
            path: path, bytes: bytes, workspace: tables, sampleTexts: measuring.plan.configuration.sampleTexts)
        let found = measuring.diagnostics(of: file)
        server.withLock { s in
            s.publishTableProblems(
                file.localizations.problems,
                clearing: InterfaceBuilderFile.stringsFiles(for: path) + InterfaceBuilderFile.catalogFiles(for: path),
                configuration: measuring.plan.configuration)
        }
        var cursor = LineTable.Cursor(LineTable(bytes, encoding: encoding))
        return found.map { $0.lspJSON(&cursor, uri: uri, codeDescription: codeDescriptions) }
    }
}
