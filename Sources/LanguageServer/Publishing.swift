import Dispatch
import Foundation
import JSON
import JSONRPC
import LabelMeasure
import LabelSpecIDE
import LabelSpecSemantics
import LabelSpecSupport
import LabelSpecSyntax

/// Diagnostics out: pull reports, debounced pushes (flushed at shutdown, dropped when a later
/// change overtakes them), refresh requests and configuration requests.
extension LanguageServer {
    /// A document's diagnostics read under the state lock, to be measured and serialised outside
    /// it: the pull, the push and `workspace/diagnostic` all take one.
    struct PendingDiagnostics: Sendable {
        let uri: String
        let positions: LineTable
        let checks: Checks.Snapshot
        let measurer: Measurer
        let fragments: DiagnosticFragments
        let codeDescriptions: Bool

        /// Measures and serialises (what is kept per chunk is reused and updated).
        func serialise() -> DiagnosticFragments.Serialised {
            fragments.serialise(checks.groups(measurer: measurer), uri: uri, positions: positions, codeDescription: codeDescriptions)
        }

        /// What the language core finds without measuring, serialised apart (a large document's
        /// first push).
        func unmeasured() -> [JSONValue] {
            DiagnosticFragments().serialise(
                checks.unmeasuredGroups(), uri: uri, positions: positions, codeDescription: codeDescriptions
            ).items
        }
    }

    /// Under the state lock: what measuring `uri`'s diagnostics needs; nil for a document the
    /// server does not have.
    func pendingDiagnostics(_ uri: String) -> PendingDiagnostics? {
        guard let ns = namespace(of: uri), let doc = ns.workspace.documents[uri] else { return nil }
        return PendingDiagnostics(
            uri: uri, positions: positions(doc), checks: ns.snapshot(uri), measurer: ns.measurer, fragments: fragments(uri),
            codeDescriptions: client.codeDescriptions)
    }

    /// A pull report (`textDocument/diagnostic`) read under the state lock; `report()` measures,
    /// outside it: the diagnostics with a result id (a hash of what they say), or just
    /// "unchanged" when the client's previous result id is still the answer.
    struct PendingReport: Sendable {
        enum Source: Sendable {
            case interfaceBuilder(PendingInterfaceBuilderCheck)
            case xliff(PendingXLIFFCheck)
            case labelspec(PendingDiagnostics)
            /// A document the server does not have.
            case none
        }
        let source: Source
        let previous: String?

        func report() -> [(String, JSONValue)] {
            switch source {
            case .interfaceBuilder(let check):
                let items = check.run()
                return LanguageServer.pullReport(id: LanguageServer.resultID(items), previous: previous, items)
            case .xliff(let check):
                let items = check.run()
                return LanguageServer.pullReport(id: LanguageServer.resultID(items), previous: previous, items)
            case .labelspec(let pending):
                let serialised = pending.serialise()
                // A hash of the serialised items: equal diagnostics, equal id.
                return LanguageServer.pullReport(id: String(serialised.hash, radix: 16), previous: previous, serialised.items)
            case .none:
                return LanguageServer.pullReport(id: LanguageServer.resultID([]), previous: previous, [])
            }
        }
    }

    /// Under the state lock: the pull report of `uri`, to measure outside it.
    func diagnosticReport(uri: String, previous: String?) -> PendingReport {
        if let check = interfaceBuilderCheck(uri) { return PendingReport(source: .interfaceBuilder(check), previous: previous) }
        if let check = xliffCheck(uri) { return PendingReport(source: .xliff(check), previous: previous) }
        return PendingReport(source: pendingDiagnostics(uri).map { .labelspec($0) } ?? .none, previous: previous)
    }

    /// A report of a pull: "unchanged" when `id` is the client's `previous` result id, else the
    /// items in full.
    static func pullReport(id: String, previous: String?, _ items: @autoclosure () -> [JSONValue]) -> [(String, JSONValue)] {
        if id == previous { return [("kind", .string("unchanged")), ("resultId", .string(id))] }
        return [("kind", .string("full")), ("resultId", .string(id)), ("items", .array(items()))]
    }

    /// `workspace/diagnostic`: a report for every document the server knows (open, and read from
    /// disk), by URI, with its version when it is open.
    /// Open storyboards and xibs are in it, and every file whose problems were published on
    /// it (a `labelspec.json`, a catalog, a storyboard's `.strings`), as `check` reports them.
    /// The documents are listed under the state lock; `PendingWorkspaceDiagnostics.answer` reads
    /// and measures them one at a time (a snapshot each, taken under the lock when its turn
    /// comes), so that it holds one document's snapshot at a time, not every document's.
    func workspaceDiagnostics(previous: [String: String]) -> PendingWorkspaceDiagnostics {
        PendingWorkspaceDiagnostics(
            documents: allDocuments.map(\.uri) + xmlOpen,
            problems: problemReports.sorted(by: { $0.key < $1.key }).map { ($0.key, $0.value) }, previous: previous,
            server: LockedServer(self))
    }

    /// A result id for diagnostics in LSP form: a hash of their serialised text.
    static func resultID(_ items: [JSONValue]) -> String {
        String(FNV1a.hash(JSONValue.array(items).serialized().utf8), radix: 16)
    }

    /// What is kept of a document's serialised diagnostics: an open document's own, else one kept
    /// per file read from disk.
    func fragments(_ uri: String) -> DiagnosticFragments {
        switch documents[uri] {
        case .labelspec(let opened)?: return opened.diagnostics
        case .onDisk(let disk)?: if let kept = disk.diagnostics { return kept }
        default: break
        }
        let made = DiagnosticFragments()
        documents.updateDisk(uri) { $0.diagnostics = made }
        return made
    }

    /// Asks the client for the `labelspec` section, when it answers such requests.
    func askConfiguration() {
        guard client.asksConfiguration else { return }
        configurationRequests += 1
        emit(
            Outgoing.request(
                id: .string("configuration-\(configurationRequests)"), method: "workspace/configuration",
                params: .object([
                    ("items", .array([.object([("section", .string("labelspec"))])]))
                ])))
    }

    /// Publishes again for every open document (after a configuration or file change, or the
    /// end of indexing): a push goes out only for a document whose diagnostics or version differ
    /// from its last push, so a client never sees the same push twice.
    func republishAll() {
        if client.pullsDiagnostics {
            // Pulling clients are asked to pull again.
            guard client.refreshSupport else { return }
            refreshCount += 1
            emit(Outgoing.request(id: .string("refresh-\(refreshCount)"), method: "workspace/diagnostic/refresh", params: .null))
            return
        }
        for uri in open.keys.sorted() + xmlOpen { publish(uri, onlyIfChanged: true) }
    }

    /// Pushes a document's diagnostics, a `.labelspec` document's or a storyboard's: at once after
    /// an open, after `debounce` seconds of quiet after changes, only the last of pushes asked
    /// for in a row (`PushScheduler`). The measuring runs outside the state lock.
    /// `onlyIfChanged`: not sent when the diagnostics and version are those of the document's
    /// last push (a push for another document's edit, or for a change on disk; `.labelspec`
    /// documents).
    func publish(_ uri: String, debounced: Bool = false, onlyIfChanged: Bool = false) {
        guard !client.pullsDiagnostics else { return }
        guard concurrent else {
            pushNow(uri, generation: nil, onlyIfChanged: onlyIfChanged)
            return
        }
        guard open[uri] != nil || xmlDocument(uri) != nil else { return }
        pushes.schedule(uri, delay: debounced ? debounce : nil, on: publishQueue) { [self] generation in
            guard stateLock.withLock({ pushes.start(uri, generation) }) else { return }
            pushNow(uri, generation: generation, onlyIfChanged: onlyIfChanged)
        }
    }

    /// Computes and sends a push now, as its document's kind has it.
    private func pushNow(_ uri: String, generation: Int?, onlyIfChanged: Bool) {
        if LanguageServer.isInterfaceBuilder(uri: uri) {
            publishXML(uri, generation: generation, check: interfaceBuilderCheck) { $0.run() }
        } else if xliffOpen[uri] != nil {
            publishXML(uri, generation: generation, check: xliffCheck) { $0.run() }
        } else {
            publishNow(uri, generation: generation, onlyIfChanged: onlyIfChanged)
        }
    }

    /// Pushes the diagnostics of an open storyboard, xib or XLIFF file: its `check` taken under
    /// the state lock, `run` outside it, and sent with the version read with it, unless the
    /// document was closed or reopened meanwhile or (with a `generation`) a later edit overtook it.
    private func publishXML<Check>(
        _ uri: String, generation: Int?, check: (String) -> Check?, run: (Check) -> [JSONValue]
    ) {
        guard
            let (pending, doc, version) = stateLock.withLock({ () -> (Check, EditorDocument, Int)? in
                guard let doc = xmlDocument(uri), let pending = check(uri) else { return nil }
                return (pending, doc, doc.version)
            })
        else { return }
        let items = run(pending)
        stateLock.withLock {
            guard xmlDocument(uri) === doc, generation.map({ pushes.isCurrent(uri, $0) }) ?? true else { return }
            emit(
                Outgoing.notification(
                    method: "textDocument/publishDiagnostics",
                    params: .object([("uri", .string(uri)), ("version", .int(version)), ("diagnostics", .array(items))])))
        }
    }

    /// Pushes again, debounced, the other open documents of `uri`'s namespace whose diagnostics
    /// an edit, open or close of `uri` may have changed: those with items it invalidated (a style
    /// renamed in one file is `unknown-style` in the files that inherit from it). A pulling
    /// client pulls them again itself (`interFileDependencies`).
    func publishDependents(of uri: String, in ns: Namespace?) {
        guard let ns else { return }
        let touched = ns.workspace.takeInvalidatedDocuments()
        guard !client.pullsDiagnostics else { return }
        for other in touched.sorted() where other != uri && open[other] != nil { publish(other, debounced: true, onlyIfChanged: true) }
        // An open returned XLIFF file is checked against the specs of its namespace: again (few
        // are open at once; the debounce takes one check of each for a run of edits).
        for x in xliffOpen.keys.sorted() { publish(x, debounced: true) }
    }

    /// Sends now every push still waiting for its debounce, of `.labelspec` documents and
    /// storyboards alike (at `shutdown`: nothing asked for is dropped).
    func flushDebouncedPushes() {
        for uri in stateLock.withLock({ pushes.flush() }) { publishQueue.sync { pushNow(uri, generation: nil, onlyIfChanged: false) } }
    }

    /// Computes and sends a push. With `generation`, a push overtaken by a later change while it
    /// was computed is dropped instead of sent: it would be stale, the later change's own push is
    /// on its way, and a large one would only hold up the replies to requests about that change.
    ///
    /// A document's first push, when it has many labels to lay out (`firstPushInTwoSteps`
    /// layouts or more), goes out in two steps: at once what the language core finds (syntax,
    /// names, values, inheritance, contrast: everything but layout), then every diagnostic once
    /// the labels are measured. An editor opening a large file shows its errors without waiting
    /// for thousands of layouts, as TypeScript's server sends syntax then semantic diagnostics.
    func publishNow(_ uri: String, generation: Int? = nil, onlyIfChanged: Bool = false) {
        let snapshot: (PendingDiagnostics, Int?, OpenDocument?)? = stateLock.withLock {
            guard open[uri] != nil || !concurrent, let pending = pendingDiagnostics(uri) else { return nil }
            return (pending, open[uri]?.version, open[uri])
        }
        guard let (pending, version, opened) = snapshot else { return }
        /// Whether it went out.
        @discardableResult func send(_ items: [JSONValue]) -> Bool {
            var params: [(String, JSONValue)] = [("uri", .string(uri))]
            if let v = version { params.append(("version", .int(v))) }
            params.append(("diagnostics", .array(items)))
            // Overtaken by a later change, or the document closed (and opened again) meanwhile.
            if let generation, stateLock.withLock({ open[uri] !== opened || !pushes.isCurrent(uri, generation) }) { return false }
            emit(Outgoing.notification(method: "textDocument/publishDiagnostics", params: .object(params)))
            // The document's first push is the one that goes out (one overtaken does not count).
            stateLock.withLock { opened?.awaitingFirstPush = false }
            return true
        }
        let first = stateLock.withLock { opened?.awaitingFirstPush ?? false }
        if first, pending.checks.layoutCount >= LanguageServer.firstPushInTwoSteps {
            // Serialised apart: what is kept per chunk is the complete push's.
            send(pending.unmeasured())
        }
        let complete = pending.serialise()
        if onlyIfChanged, stateLock.withLock({ opened?.pushed.map { $0 == (complete.hash, version) } ?? false }) { return }
        // What the client was sent (a push overtaken is not).
        if send(complete.items) { stateLock.withLock { opened?.pushed = (complete.hash, version) } }
    }

    /// How many layouts make a document's first push go out in two steps (about 50 ms of
    /// measuring on two cores).
    static let firstPushInTwoSteps = 4_096
}

/// `workspace/diagnostic` read under the state lock: the documents to report, and the problems
/// published on other files; each document's snapshot is read under the lock when its turn comes.
struct PendingWorkspaceDiagnostics: Sendable {
    let documents: [String]
    let problems: [(uri: String, items: [JSONValue])]
    let previous: [String: String]
    let server: LockedServer

    static func answer(_ w: PendingWorkspaceDiagnostics) -> JSONValue {
        var items: [JSONValue] = []
        for uri in w.documents {
            // Gone meanwhile (closed and not on disk): not reported.
            let pending: (version: JSONValue, report: LanguageServer.PendingReport)? = w.server.withLock { s in
                guard s.document(uri) != nil || s.xmlDocument(uri) != nil else { return nil }
                let version = s.open[uri].map { JSONValue.int($0.version) } ?? s.xmlDocument(uri).map { .int($0.version) } ?? .null
                return (version, s.diagnosticReport(uri: uri, previous: w.previous[uri]))
            }
            guard let pending else { continue }
            items.append(.object([("uri", .string(uri)), ("version", pending.version)] + pending.report.report()))
        }
        for (uri, problems) in w.problems {
            items.append(
                .object(
                    [("uri", .string(uri)), ("version", .null)]
                        + LanguageServer.pullReport(id: LanguageServer.resultID(problems), previous: w.previous[uri], problems)))
        }
        return .object([("items", .array(items))])
    }
}
