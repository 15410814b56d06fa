import LabelSpecSemantics
import LabelSpecSupport
import LabelSpecSyntax
import LabelVocabulary

/// The diagnostics of one leaf chunk of a document (see `Checks.Snapshot.groups`).
public struct DiagnosticGroup: @unchecked Sendable {
    /// The chunk, which stays the same object while its text is the same.
    public let chunk: GreenNode
    /// The chunk's place among the document's leaf chunks (groups of consecutive chunks have
    /// consecutive indices: nothing lies between them).
    public let index: Int
    /// Where the chunk starts in the document.
    public let offset: Int
    /// Relative to the chunk's start.
    public let diagnostics: [Diagnostic]
}

/// What `Checks` keeps of each document between snapshots, as `Memo`s: the diagnostics of each
/// leaf chunk, the `labelspec:ignore` comments of each, and the measured diagnostics of each
/// label (a label an edit moved into a new chunk is not measured again). Shared by the thread
/// that reads snapshots and the one that measures: it locks itself.
public final class DiagnosticsCache: @unchecked Sendable {
    /// What a chunk's diagnostics were computed with, besides the chunk and its items.
    struct Stamp: Equatable {
        let epoch: Int
        let categories: [ContentSizeCategory]
        let screens: [ScreenGeometry]
    }

    /// What a label's measured diagnostics were computed with, besides the label: its
    /// `changedAt` stands for everything the workspace knows it depends on.
    struct LabelStamp: Equatable {
        let chunk: Stamp
        let changedAt: Int
        /// Where its fixes write, which depends on the line above it too.
        let slot: TruncationFixes.Slot?
    }

    /// A chunk's diagnostics, relative to it, as computed: `namesItems` when some related place
    /// is still an item's (`Workspace.resolvingRelated` reads where it is now).
    struct ChunkValue {
        let diagnostics: [Diagnostic]
        let namesItems: Bool
    }

    private struct Kept {
        var chunks = Memo<GreenNode, Stamp, ChunkValue>()
        var directives = Memo<GreenNode, NoStamp, [Suppressions.Directive]>()
        var labels = Memo<ItemInfo, LabelStamp, [Diagnostic]>()
        /// How many label entries the last sweep left.
        var labelsAfterSweep = 0
    }

    private let lock = Lock()
    private var documents: [String: Kept] = [:]

    public init() {}

    func chunks(of id: String) -> Memo<GreenNode, Stamp, ChunkValue> { lock.withLock { documents[id]?.chunks ?? Memo() } }

    /// The memo a snapshot's chunks made (in document order): what the next snapshot keeps.
    func keepChunks(of id: String, _ memo: Memo<GreenNode, Stamp, ChunkValue>) {
        lock.withLock { documents[id, default: Kept()].chunks = memo }
    }

    /// The measured diagnostics kept for `label`, if made with `stamp`.
    func measured(of id: String, _ label: ItemInfo, stamp: LabelStamp) -> [Diagnostic]? {
        lock.withLock { documents[id]?.labels.value(for: label, stamp: stamp) }
    }

    func keepMeasured(of id: String, _ measured: [(ItemInfo, LabelStamp, [Diagnostic])]) {
        guard !measured.isEmpty else { return }
        lock.withLock {
            for (label, stamp, d) in measured { documents[id, default: Kept()].labels.store(d, for: label, stamp: stamp) }
        }
    }

    /// Drops the entries of labels that left the workspace, once they may be as many as the
    /// rest (so a sweep costs about one look per label stored since the last). Call with the
    /// workspace unchanging (where a snapshot is read).
    func sweepMeasured(of id: String) {
        lock.withLock {
            guard var kept = documents.removeValue(forKey: id) else { return }
            defer { documents[id] = kept }
            guard kept.labels.count > 2 * kept.labelsAfterSweep + 1_024 else { return }
            kept.labels.removeAll { !$0.key.isRegistered }
            kept.labelsAfterSweep = kept.labels.count
        }
    }

    /// The `labelspec:ignore` comments of a document's leaf chunks (absolute): those of a chunk
    /// seen before are kept ones, only new chunks are scanned.
    func directives(of id: String, chunks: [(chunk: GreenNode, offset: Int)], source: SourceBuffer) -> [Suppressions.Directive] {
        var walk = Memo.Walk(lock.withLock { documents[id]?.directives ?? Memo() })
        var memo = Memo<GreenNode, NoStamp, [Suppressions.Directive]>()
        var out: [Suppressions.Directive] = []
        for (chunk, offset) in chunks {
            let found: [Suppressions.Directive]
            if let e = walk.next(chunk), let (valid, _) = e.valid(for: NoStamp()) {
                found = valid.value
                memo.append(valid)
            } else {
                found = Suppressions.directives(inChunk: chunk, at: offset, source: source)
                memo.append(.init(key: chunk, stamp: NoStamp(), value: found))
            }
            for d in found { out.append(d.shifted(by: offset)) }
        }
        lock.withLock { documents[id, default: Kept()].directives = memo }
        return out
    }

    /// Drops what is kept for a document (closed, or replaced).
    public func forget(_ id: String) {
        lock.withLock { documents[id] = nil }
    }
}
