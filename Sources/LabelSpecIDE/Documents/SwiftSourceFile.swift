import Foundation
import LabelLocalization
import LabelMeasure
import LabelSpecSemantics
import LabelSpecSupport
import LabelSpecSyntax
import SwiftSources

/// A `.swift` file checked like the `.labelspec` file its text sites amount to: the sites that
/// can truncate are translated to LabelSpec labels (`SwiftTranslation`), checked and measured by
/// `Checks` in a workspace of their own, and each finding is placed back at the call
/// (docs/swift-sources.md). Only what a user would see is reported: the measured findings, and
/// what a `// labelspec:` comment says wrong.
public final class SwiftSourceFile {
    public static let suffixes = [".swift"]

    public static func isSwift(_ path: String) -> Bool { path.hasSuffix(".swift") }

    public let path: String
    /// The Swift file: every range of `diagnostics` is in it.
    public let bytes: [UInt8]
    public let sites: SwiftFileSites
    public private(set) var translation = SwiftTranslation()

    /// The codes a site's label reports: what measuring finds. Whatever else the generated
    /// source gets is about the translation, not the app, and is not said (a `// labelspec:`
    /// comment's own text excepted).
    public static let reported: Set<DiagnosticCode> = [.truncates, .clipped, .nearLimit, .missingGlyph]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        sites = SwiftFile.read(bytes)
    }

    /// What the last translation was made with.
    private var context: SwiftTranslation.Context?
    /// The translation's source in a workspace of its own, parsed once for `driftFacts` and
    /// `diagnostics` (made again when the file is translated again).
    private var workspace: (tables: LocalizationLookup?, workspace: Workspace)?

    /// The generated source in its workspace, with `localizations` as its tables.
    /// The generated labels of the sites, in a workspace of their own over `localizations`.
    public func generated(_ localizations: LocalizationLookup?) -> Workspace {
        if let kept = workspace, kept.tables === localizations { return kept.workspace }
        let w = Workspace()
        w.localizations = localizations
        w.add(Workspace.Document.make(id: path, bytes: Array(translation.source.utf8)))
        workspace = (localizations, w)
        return w
    }

    /// Translates the sites with what the project knows (keys, accessors, tokens).
    public func translate(_ context: SwiftTranslation.Context) {
        self.context = context
        translation = SwiftTranslation.make(sites, context: context)
        workspace = nil
    }

    /// `labelspec import`: the `.labelspec` text of the sites `check` checks (each label named by
    /// its text, with the site's `NAME:LINE:COL` and call above it), and how many. `name`: the
    /// file as the comments name it.
    public func imported(named name: String) -> (text: String, labels: Int) {
        guard var context else { return ("", 0) }
        let bytes = self.bytes
        let lines = LineTable(bytes, encoding: .utf32)
        context.describe = { site in
            let p = lines.position(of: site.lowerBound)
            let (line, column) = (p.line + 1, p.character + 1)
            return "\(name):\(line):\(column) \(SwiftFile.callText(bytes, site))"
        }
        let t = SwiftTranslation.make(sites, context: context)
        let n = t.labels.count
        let header = "// Imported from \(PathText.lastComponent(name)) by labelspec import: \(n) site\(n == 1 ? "" : "s")."
        return (header + "\n" + (t.source.isEmpty ? "" : "\n" + t.source), n)
    }

    /// Translates again for `plan` when its content sizes are not those of the last translation:
    /// a site whose Dynamic Type is capped is checked only when the sizes measured are all
    /// within the cap.
    public func use(_ plan: MeasuringPlan) {
        let sizes = plan.contentSizes.map(\.rawValue)
        if var context, context.contentSizes != sizes {
            context.contentSizes = sizes
            translate(context)
        }
    }

    /// Every diagnostic of the file, in the Swift file, sorted by position then code.
    /// `leaving`: generated labels whose measured findings are left out (those a spec describes).
    public func diagnostics(
        measurer: Measurer, plan: MeasuringPlan, localizations: LocalizationLookup?, leaving: Set<String> = []
    ) -> [Diagnostic] {
        use(plan)
        var out = plan.configuration.apply(to: translation.problems.map { Diagnostic(.syntax, $0.message, at: $0.range) })
        if !translation.labels.isEmpty {
            let w = generated(localizations)
            let found = Checks.diagnostics(of: path, in: w, measurer: measurer, plan: plan)
            // A label whose comment gave a width (or lines, font) that is an error is not
            // measured: its findings would be about a width it does not have.
            var broken = Set<String>()
            for d in found where d.severity == .error {
                if let label = translation.label(atGenerated: d.range.lowerBound),
                    label.copied.contains(where: { $0.generated.contains(d.range.lowerBound) })
                {
                    broken.insert(label.name)
                }
            }
            for d in found {
                if let label = translation.label(atGenerated: d.range.lowerBound), Self.reported.contains(d.code),
                    broken.contains(label.name) || leaving.contains(label.name)
                {
                    continue
                }
                if let placed = placed(d) { out.append(placed) }
            }
        }
        out.sort { ($0.range.lowerBound, $0.code) < ($1.range.lowerBound, $1.code) }
        return out
    }

    /// A diagnostic of the generated source placed in the Swift file: a measured finding at its
    /// site's call, with the width said as the code gives it; what a comment says wrong at the
    /// comment; nil for anything else.
    func placed(_ d: Diagnostic) -> Diagnostic? {
        guard let label = translation.label(atGenerated: d.range.lowerBound) else { return nil }
        let copied = label.copied.contains { $0.generated.contains(d.range.lowerBound) }
        guard copied || Self.reported.contains(d.code) else { return nil }
        var out = d
        if !copied {
            // Without a width, the screen's margins: named (`at the margins of iPhone SE (3rd
            // generation)`) when the finding has a screen.
            let noWidth = d.screen.map { "no width known: at the margins of \($0.name)" } ?? SwiftSourceFile.noWidthSource
            out = MeasuredChecks.replacingWidthSource(in: out, with: label.widthSource ?? noWidth)
        }
        if copied {
            out.range = translation.fileRange(of: d.range) ?? label.site
        } else {
            out.range = label.call
        }
        out.fixes = []
        out.related = []
        return out
    }

    /// What each checked site shows, for `spec-drift` (`file`: the name the run gives this file).
    /// A site's ignore comment that names `spec-drift` (or no code) leaves it out.
    public func driftFacts(file: String, localizations: LocalizationLookup?) -> [SpecDrift.Facts] {
        guard !translation.labels.isEmpty else { return [] }
        let w = generated(localizations)
        guard let doc = w.documents[path] else { return [] }
        return SpecDrift.facts(of: doc, in: w, file: file) { _, name in
            guard let label = translation.label(atGenerated: name.lowerBound), !label.ignoresDrift else { return nil }
            return (label.call, String(decoding: bytes[label.call], as: UTF8.self), label.name)
        }
    }

    /// What a finding says of a site with no width in its code or comment: it is measured at the
    /// screen's margins, the widest a text is in a full-width view.
    public static let noWidthSource = "no width known: at the screen's margins"
}

/// What translating a project's Swift files needs from it: its string tables' keys by table, the
/// accessors its Swift files define, and its font tokens (`SwiftTranslation.Context`).
public final class SwiftSourceIndex: @unchecked Sendable {
    let keys: [String: KeyMatch.Index]
    let accessors: [String: Accessors.Entry]
    let tokens: [String: SiteFont]
    let symbols: [String: (key: String, table: String)]

    /// `accessors`: every Swift file's, merged (a path defined twice, in two targets, is left out).
    public init(localizations: Localizations, accessors: [[String: Accessors.Entry]], tokens: [String: SiteFont]) {
        var byTable: [String: [String]] = [:]
        for c in localizations.catalogs { byTable[c.table, default: []] += c.keys }
        keys = byTable.mapValues { KeyMatch.Index($0) }
        symbols = GeneratedSymbols.index(byTable.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        self.accessors = Accessors.merged(accessors)
        self.tokens = tokens
    }

    public var context: SwiftTranslation.Context {
        var context = SwiftTranslation.Context(
            key: { [keys] key, table in
                let t = table ?? "Localizable"
                return keys[t]?.match(key).map { ($0, t) }
            },
            accessor: { [accessors] path in
                // `L10n.items(3)` is the accessor `L10n.items`.
                accessors[path]
            },
            token: { [tokens] in tokens[$0] })
        context.symbol = { [symbols] in symbols[$0] }
        return context
    }
}

extension SwiftSourceFile {
    /// Translates files, each with what its namespace knows: its string tables, its font tokens,
    /// and the accessors the files of that namespace define.
    public static func translate(_ files: [(file: SwiftSourceFile, namespace: Namespace)]) {
        var groups: [ObjectIdentifier: (Namespace, [SwiftSourceFile])] = [:]
        for (file, ns) in files { groups[ObjectIdentifier(ns), default: (ns, [])].1.append(file) }
        for (_, (ns, members)) in groups {
            var accessors = members.map(\.sites.accessors)
            // The accessors of the namespace's other Swift files (a SwiftGen file beside the
            // views checked): a configured namespace's folder is the project's.
            if ns.configured, let root = ns.root {
                let read = Set(members.compactMap { ProjectFiles.identity(of: $0.path) })
                let others = ProjectFiles.walk(under: root, recursive: true, suffixes: suffixes, nestedWorkspaces: false).files.filter {
                    ProjectFiles.identity(of: $0).map { !read.contains($0) } ?? false
                }
                accessors += ConcurrentSlots<[String: Accessors.Entry]>.collect(others.count) { i in
                    guard case .success(let bytes) = ProjectFiles.readFile(others[i]) else { return nil }
                    return SwiftFile.accessors(in: bytes)
                }.compactMap { $0 }
            }
            let index = SwiftSourceIndex(localizations: ns.localizations, accessors: accessors, tokens: ns.settings.fontTokens)
            let context = index.context
            for f in members { f.translate(context) }
        }
    }
}
