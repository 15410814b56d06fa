import LabelLocalization
import LabelMeasure
import LabelSpecSemantics
import LabelSpecSupport
import LabelSpecSyntax
import XLIFF

/// A returned XLIFF file open in an editor (docs/translators.md, "In an editor"): checked
/// against the `.labelspec` files of its namespace, with its translations laid over the
/// namespace's tables in a workspace of its own (the namespace's is left as it is). Made and
/// used outside the server's lock.
public struct ReturnedDocument {
    public let returned: ReturnedTranslation
    let workspace: Workspace
    let plan: MeasuringPlan
    let measurer: Measurer
    let specs: [(id: String, bytes: [UInt8])]

    /// `specs`: the namespace's `.labelspec` documents (id and text); `plan`: the namespace's.
    public init(
        path: String, bytes: [UInt8], xclocLocale: String?, specs: [(id: String, bytes: [UInt8])], localizations: Localizations,
        plan: MeasuringPlan, measurer: Measurer
    ) {
        let tables = ReturnedTranslation.Tables(catalogs: localizations.catalogs, files: localizations.files(of:), interfaceBuilder: [])
        returned = ReturnedTranslation(path: path, bytes: bytes, xclocLocale: xclocLocale, tables: tables)
        let overlaid = localizations.replacing { [returned] in ReturnedFindings.overlay([returned], on: $0, scope: .table($0.path)) }
        let w = Workspace()
        w.localizations = overlaid
        for s in specs { w.add(Workspace.Document.make(id: s.id, bytes: s.bytes)) }
        workspace = w
        self.plan = plan.over(overlaid)
        self.measurer = measurer
        self.specs = specs
    }

    /// The file's own problems and the findings about its texts, as `check` says them.
    public func diagnostics() -> [Diagnostic] {
        guard !returned.texts.isEmpty else { return returned.problems }
        var placed: [Diagnostic] = []
        for s in specs {
            var lines: LineTable?  // made for the first finding placed, for all of the spec's
            let (_, moved) = ReturnedFindings.split(
                plan: plan, returned: [returned],
                diagnostics: { p in
                    // Only the returned locale's findings are wanted here: the others are the spec's.
                    p.leftOut.isEmpty ? Checks.diagnostics(of: s.id, in: workspace, measurer: measurer, plan: p) : []
                },
                scopes: { t in t.table.map { [.table($0)] } ?? [] },
                related: { d in
                    let name = workspace.documents[s.id]?.item(at: d.range.lowerBound)?.info.name
                    if lines == nil { lines = LineTable(s.bytes, encoding: .utf8) }
                    return ReturnedFindings.place(
                        d.range, in: s.bytes, lines: lines!, document: s.id,
                        message: name.map { "the label '\($0)' shows it" } ?? "a label shows it")
                })
            placed += moved.map(\.diagnostic)
        }
        return (returned.problems + placed).sorted { ($0.range.lowerBound, $0.code) < ($1.range.lowerBound, $1.code) }
    }

    /// The hover of a `<target>` at `offset`: the first label that shows its key, measured in
    /// the file's locale with the returned text (its picture and fit table), about the target.
    public func hover(at offset: Int) -> (content: HoverContent, range: Range<Int>)? {
        guard let d = returned.document, let locale = returned.locale else { return nil }
        guard
            let (unit, scope, id) = returned.identified.first(where: { u in
                guard let t = d.units[u.unit].target else { return false }
                return t.range.contains(offset) || t.range.upperBound == offset
            }),
            case .table(let path) = scope
        else { return nil }
        let table = Budgets.tableName(path)
        for s in specs {
            guard let doc = workspace.documents[s.id] else { continue }
            for (info, start) in doc.orderedItems where info.kind == .label {
                guard case .localized(let key, let t, _)? = workspace.effectiveValues(of: info)[.text], key == id.key,
                    t == nil || t == table
                else { continue }
                let content = Hover.content(
                    at: start + info.nameRange.lowerBound, in: doc, workspace: workspace, measurer: measurer, plan: plan.onlyIn(locale))
                if case .none = content { continue }
                return (content, returned.range(ofUnit: unit))
            }
        }
        return nil
    }
}
