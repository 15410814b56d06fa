import JSON
import JSONRPC
import LabelSpecIDE

/// `didOpen`, `didChange` and `didClose`: each decides once what kind of document it is about
/// and goes that kind's way (`.labelspec` documents here, storyboards and xibs in
/// `InterfaceBuilderDocuments.swift`, others left alone). The kind of an open document is the one
/// its `didOpen` gave it, kept in `documents`.
extension LanguageServer {
    /// What the server does with a document, by its name and language (docs/editors.md, "Which
    /// documents are checked").
    enum DocumentKind: Equatable {
        /// A `.labelspec` file, or a document that is not a file (`untitled:`) in language `labelspec`.
        case labelspec
        /// A `.storyboard` or `.xib`: `InterfaceBuilderDocuments`.
        case interfaceBuilder
        /// An `.xliff` or `.xlf` file (translations sent back): `XLIFFDocuments`.
        case xliff
        /// A `labelspec.json`: its text kept for completion (`ConfigurationCompletion`).
        case configuration
        /// Anything else (a `.stringsdict`, an `Info.plist`, a `.txt` set to language labelspec):
        /// left alone: no diagnostics, no place in any namespace's names.
        case other
    }

    static func kind(uri: String, languageId: String?) -> DocumentKind {
        if isInterfaceBuilder(uri: uri) { return .interfaceBuilder }
        if isXLIFF(uri: uri) { return .xliff }
        guard let path = path(ofURI: uri) else { return languageId == "labelspec" ? .labelspec : .other }
        if path.hasSuffix("/" + ConfigurationFile.name) { return .configuration }
        return path.hasSuffix(".labelspec") ? .labelspec : .other
    }

    /// The kind of the document a `didChange` or `didClose` is about: the one its `didOpen` gave
    /// it, else as its name says (a storyboard or xib, or a `.labelspec` document).
    func kind(ofOpened uri: String) -> DocumentKind {
        switch documents[uri] {
        case .labelspec?: .labelspec
        case .interfaceBuilder?: .interfaceBuilder
        case .xliff?: .xliff
        case .configuration?: .configuration
        case .ignored?: .other
        case .onDisk?, nil:
            LanguageServer.isInterfaceBuilder(uri: uri) ? .interfaceBuilder : LanguageServer.isXLIFF(uri: uri) ? .xliff : .labelspec
        }
    }

    /// `textDocument/didOpen`. A document of kind `other` is remembered and said once in the log.
    func didOpen(_ params: JSONValue) {
        guard let doc = params["textDocument"], let uri = doc["uri"]?.stringValue else {
            log("didOpen without textDocument.uri and text", level: .warning)
            return
        }
        switch LanguageServer.kind(uri: uri, languageId: doc["languageId"]?.stringValue) {
        case .other:
            if !documents.isIgnored(uri) {
                log("\(uri) is not a .labelspec file, a storyboard or a xib (or an unsaved document of language labelspec): left alone")
            }
            documents[uri] = .ignored
        case .interfaceBuilder:
            openInterfaceBuilder(uri, params)
        case .xliff:
            openXLIFF(uri, params)
        case .configuration:
            guard let text = doc["text"]?.stringValue else { return }
            documents[uri] = .configuration(EditorDocument(id: uri, version: doc["version"]?.intValue ?? 0, bytes: Array(text.utf8)))
        case .labelspec:
            guard let text = doc["text"]?.stringValue else {
                log("didOpen without textDocument.uri and text", level: .warning)
                return
            }
            let importLine = importLine(of: uri)
            openDocument(uri, Array(text.utf8))
            documents[uri] = .labelspec(OpenDocument(uri: uri, editor: EditorDocument(id: uri, version: doc["version"]?.intValue ?? 0)))
            publish(uri)
            publishDependents(of: uri, in: namespace(of: uri))
            recheckStoryboards(ifImportOf: uri, was: importLine)
        }
    }

    /// `textDocument/didChange`; for a `.labelspec` document, the work that answers the requests
    /// it made stale (-32801), to run once the lock is released.
    func didChange(_ params: JSONValue) -> (@Sendable () -> Void)? {
        guard let uri = params["textDocument"]?["uri"]?.stringValue else {
            log("didChange for a document that is not open, or without contentChanges", level: .warning)
            return nil
        }
        switch kind(ofOpened: uri) {
        case .other:
            return nil
        case .interfaceBuilder:
            changeInterfaceBuilder(uri, params)
            return nil
        case .xliff:
            changeXLIFF(uri, params)
            return nil
        case .configuration:
            if let doc = documents.configurations[uri] { _ = applyChanges(params, to: doc, uri: uri) }
            return nil
        case .labelspec:
            changeDocument(uri, params)
            // The answers to pending requests on the document are stale: -32801, at once.
            return { self.answerStaleRequests(for: uri) }
        }
    }

    /// `textDocument/didClose`.
    func didClose(_ params: JSONValue) {
        guard let uri = params["textDocument"]?["uri"]?.stringValue else { return }
        switch kind(ofOpened: uri) {
        case .other, .configuration: documents[uri] = nil
        case .interfaceBuilder, .xliff: closeCheckedText(uri)
        case .labelspec: closeDocument(uri)
        }
    }

    /// `didClose` of a `.labelspec` document: back to the file on disk, which other files of its
    /// namespace may still need; its diagnostics are cleared.
    private func closeDocument(_ uri: String) {
        let importLine = importLine(of: uri)
        let ns = project.remove(uri)
        ns?.diagnosticsCache.forget(uri)
        documents[uri] = nil
        pushes.forget(uri)
        if let ns, let path = LanguageServer.path(ofURI: uri), let bytes = LanguageServer.readAsEditorText(path) {
            project.open(uri, text: bytes, in: ns)
        }
        publishDependents(of: uri, in: ns)
        recheckStoryboards(ifImportOf: uri, was: importLine)
        emit(
            Outgoing.notification(
                method: "textDocument/publishDiagnostics",
                params: .object([
                    ("uri", .string(uri)), ("diagnostics", .array([])),
                ])))
    }
}
