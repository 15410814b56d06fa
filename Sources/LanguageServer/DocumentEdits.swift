import JSON
import LabelSpecIDE
import LabelSpecSemantics

/// An editor's changes (`textDocument/didChange`) read from JSON for the one type that applies
/// them, `EditorDocument` (LabelSpecIDE), to `.labelspec` documents and storyboards alike.
extension LanguageServer {
    /// The changes of a `didChange`, or nil (logged, nothing applied) when one is malformed: the
    /// document then stays as it was.
    func textChanges(_ params: JSONValue, of uri: String) -> [TextChange]? {
        guard let list = params["contentChanges"]?.arrayValue else {
            log("didChange for \(uri) without contentChanges", level: .warning)
            return nil
        }
        var changes: [TextChange] = []
        changes.reserveCapacity(list.count)
        for (i, change) in list.enumerated() {
            let range = change["range"].map { (start: readPosition($0["start"]), end: readPosition($0["end"])) }
            guard let text = change["text"]?.stringValue, range.map({ $0.start != nil && $0.end != nil }) ?? true else {
                log(
                    "didChange for \(uri) refused: change \(i + 1) of \(list.count) is malformed (it needs a text and, if a range, "
                        + "a start and an end of non-negative integer line and character); the document is unchanged", level: .warning)
                return nil
            }
            changes.append(TextChange(range: range.map { (start: $0.start!, end: $0.end!) }, text: text))
        }
        return changes
    }

    /// Applies a `didChange` to an open document (`.labelspec`, whose text is in `workspace`, or
    /// storyboard); false when it was refused. Positions past the text are clamped, and logged.
    func applyChanges(_ params: JSONValue, to editor: EditorDocument, in workspace: Workspace? = nil, uri: String) -> Bool {
        guard let changes = textChanges(params, of: uri) else { return false }
        editor.apply(changes, in: workspace, encoding: encoding) { log("didChange: a position past the text was clamped") }
        editor.version = params["textDocument"]?["version"]?.intValue ?? editor.version
        return true
    }

    /// `textDocument/didChange` of a `.labelspec` document: the changes applied, then its push and
    /// its dependents' scheduled.
    func changeDocument(_ uri: String, _ params: JSONValue) {
        guard let ns = namespace(of: uri), let opened = open[uri] else {
            log("didChange for a document that is not open, or without contentChanges", level: .warning)
            return
        }
        let importLine = importLine(of: uri)
        guard applyChanges(params, to: opened.editor, in: ns.workspace, uri: uri) else { return }
        publish(uri, debounced: true)
        publishDependents(of: uri, in: ns)
        recheckStoryboards(ifImportOf: uri, was: importLine)
    }
}
