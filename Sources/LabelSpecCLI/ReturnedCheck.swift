import LabelLocalization
import LabelSpecIDE
import LabelSpecSemantics
import LabelSpecSyntax

/// `check`'s part in returned translations: each file's findings split between the file and
/// the `<target>`s they are about (`ReturnedFindings.split`), and the returned files' own
/// problems, reported after the other files.
struct ReturnedCheck {
    let returned: [ReturnedTranslation]
    /// `--locale de,fr`: the returned locales measured (all of them without the option).
    let only: Set<String>?
    /// The findings placed in each returned file, by its index.
    private(set) var placed: [[Diagnostic]]

    init(_ returned: [ReturnedTranslation], only: Set<String>? = nil) {
        self.returned = returned
        self.only = only
        placed = Array(repeating: [], count: returned.count)
    }

    /// The findings of `file` (at `path`, with `bytes`) that stay in it; those about returned
    /// texts are kept for their files. `label` names the label a finding is about.
    mutating func findings(
        of path: String, bytes: [UInt8], plan: MeasuringPlan, interfaceBuilder: Bool = false, label: (Diagnostic) -> String?,
        _ diagnostics: (MeasuringPlan) -> [Diagnostic]
    ) -> [Diagnostic] {
        guard !returned.isEmpty else { return diagnostics(plan) }
        let absolute = ProjectLoader.absolute(path)
        var lines: LineTable?  // made for the first finding placed, for all of the file's
        let (own, moved) = ReturnedFindings.split(
            plan: plan, returned: returned, only: only, diagnostics: diagnostics,
            scopes: { t in
                (interfaceBuilder ? [.interfaceBuilder(absolute)] : [])
                    + (t.table.map { [.table($0), .table(ProjectLoader.absolute($0))] } ?? [])
            },
            related: { d in
                let what = label(d).map { "the label '\($0)' shows it" } ?? "the code that shows it"
                if lines == nil { lines = LineTable(bytes, encoding: .utf8) }
                return ReturnedFindings.place(d.range, in: bytes, lines: lines!, document: path, message: what)
            })
        for (i, d) in moved { placed[i].append(d) }
        return own
    }

    /// Each returned file's problems and the findings placed in it, in order of place.
    func located(excerpts: Bool, configuration: (Int) -> Configuration?, _ body: ([LocatedDiagnostic]) -> Void) {
        for (i, r) in returned.enumerated() {
            var found = r.problems + placed[i]
            if let c = configuration(i) { found = c.apply(to: found) }
            found.sort { ($0.range.lowerBound, $0.code) < ($1.range.lowerBound, $1.code) }
            LocatedDiagnostic.locate(found, file: r.path, bytes: r.bytes, excerpts: excerpts, unindented: true, body)
        }
    }
}
