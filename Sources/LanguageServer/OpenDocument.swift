import JSON
import LabelSpecIDE
import LabelSpecSupport
import LabelSpecSyntax

/// A `.labelspec` document the editor has open: its text, tree, line table and version, and how
/// an editor's changes are applied to it, are its `EditorDocument` (LabelSpecIDE; its text lives
/// in its namespace's workspace, as every document's does); what the server keeps for it between
/// requests lives here: created by `didOpen`, dropped by `didClose`, in one place
/// (`LanguageServer.documents`). Read and written under the server's state lock, except
/// `diagnostics`, which has a lock of its own.
final class OpenDocument {
    let uri: String
    let editor: EditorDocument
    /// The editor's version of the text (`didOpen`, `didChange`), sent with each push.
    var version: Int { editor.version }
    /// The hash of the last complete push's diagnostics (`DiagnosticFragments.Serialised.hash`)
    /// and the version it was for: a push for another file's edit, a configuration or a file on
    /// disk goes out only when one of them differs.
    var pushed: (hash: UInt64, version: Int?)?
    /// Serialised replies per leaf chunk, per kind (see `LanguageServer.chunkedArray`).
    var chunkFragments: [LanguageServer.ChunkCacheKind: Memo<GreenNode, ChunkStart, JSONFragment?>] = [:]
    /// Classified tokens per leaf chunk, and the last full or delta answer, for the next delta
    /// (see `semanticTokens`).
    var semanticChunks = Memo<GreenNode, Int, LanguageServer.SemanticChunk>()
    var semanticResult: (id: String, segments: [LanguageServer.SemanticSegment])?
    /// Serialised diagnostics per leaf chunk (pushes and pulls splice them); used outside the
    /// state lock by pushes, so it has a lock of its own.
    let diagnostics = DiagnosticFragments()
    /// No push has been sent for it yet: the first one of a large document goes out in two
    /// steps (see `publishNow`).
    var awaitingFirstPush = true

    init(uri: String, editor: EditorDocument) {
        self.uri = uri
        self.editor = editor
    }

    /// Forgets what was derived from the text (after the namespaces were rebuilt: new trees).
    func forgetDerived() {
        editor.forgetDerived()
        chunkFragments = [:]
        semanticChunks = Memo()
        semanticResult = nil
    }
}
