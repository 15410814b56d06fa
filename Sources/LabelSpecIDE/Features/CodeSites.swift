import Foundation
import LabelPresentation
import LabelSpecSemantics
import LabelSpecSupport
import LabelSpecSyntax
import SwiftSources

/// The app's Swift sites by file, for the editor: from a spec's `.localized("key")` to the code
/// that shows the key (go to definition, hover). Plain values read once per file
/// (`read(path:bytes:)`); a changed file replaces its entry (`replacing`), so a save costs one
/// file's parse, and no syntax tree is kept (docs/swift-sources.md, "In the editor").
public struct CodeSites: Sendable {
    /// One site: what its text is, and where its call (or UIKit variable) is.
    public struct Site: Sendable, Equatable {
        public var text: SiteText
        /// The call's first line (`Text("settings.title")`), at most 80 characters.
        public var call: String
        /// 0-based line, and the start and end column in each position encoding: UTF-8 bytes,
        /// UTF-16 code units, Unicode scalars.
        public var line: Int
        public var utf8: Range<Int>
        public var utf16: Range<Int>
        public var scalars: Range<Int>
    }

    public struct File: Sendable {
        public var sites: [Site] = []
        public var accessors: [String: Accessors.Entry] = [:]
        /// The app's font tokens its sites use (`Font.compound.bodyMD`), with how many sites.
        public var tokens: [String: Int] = [:]
    }

    public private(set) var files: [String: File] = [:]
    /// Every file's accessors, merged (a path two files define differently is left out).
    private var accessors: [String: Accessors.Entry] = [:]
    /// Every file's font tokens, with their sites.
    public private(set) var tokens: [String: Int] = [:]

    public init() {}

    /// The most Swift files read for the editor (a larger tree is read up to it, and said).
    public static let fileLimit = 20_000

    /// Reads one file's sites and accessors.
    public static func read(bytes: [UInt8]) -> File {
        let found = SwiftFile.read(bytes)
        var out = File(accessors: found.accessors)
        // Positions in each encoding a client may speak, counted by the one line table.
        guard !found.text.isEmpty || !found.uikit.isEmpty else { return out }
        let tables = [PositionEncoding.utf8, .utf16, .utf32].map { LineTable(bytes, encoding: $0) }
        func site(_ text: SiteText?, at start: Int, length: Int, end: Int) {
            guard let text else { return }
            let columns = tables.map { t in t.position(of: start).character..<t.position(of: start + length).character }
            out.sites.append(
                Site(
                    text: text, call: SwiftFile.callText(bytes, start..<end), line: tables[0].position(of: start).line,
                    utf8: columns[0], utf16: columns[1], scalars: columns[2]))
        }
        for s in found.text { site(s.text, at: s.offset, length: s.callee.utf8.count, end: s.end) }
        for s in found.uikit { site(s.text, at: s.offset, length: s.name.utf8.count, end: s.end) }
        // The innermost `.font(…)` of each site, or a UIKit label's `font`, when it is a token.
        for s in found.text {
            let font = s.chain.innermost("font")?.font
            if case .token(let t)? = font?.base { out.tokens[t, default: 0] += 1 }
        }
        for s in found.uikit { if case .token(let t)? = s.font?.base { out.tokens[t, default: 0] += 1 } }
        return out
    }

    /// These sites with `changed` files put in (nil: the file is gone).
    public func replacing(_ changed: [String: File?]) -> CodeSites {
        var out = self
        for (path, file) in changed { out.files[path] = file }
        out.tokens = [:]
        for file in out.files.values { out.tokens.merge(file.tokens, uniquingKeysWith: +) }
        out.accessors = Accessors.merged(out.files.values.map(\.accessors))
        return out
    }

    /// The sites under `root` (every file without one) that show `key`: its literal key, or a
    /// code key of its shape (`Text("\(n) items")` for `%lld items`), or an accessor of it; in
    /// `table` (nil: any table, as `.localized("key")` reads any). By path, then line.
    public func showing(key: String, table: String?, under root: String?) -> [(path: String, site: Site)] {
        let prefix = root.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        func shows(_ text: SiteText) -> Bool {
            switch text {
            case .key(let k, let t):
                guard table == nil || (t ?? "Localizable") == table else { return false }
                return k == key || KeyMatch.sameShape(k, key)
            case .accessor(let path):
                guard let entry = accessors[path] else { return false }
                return entry.key == key && (table == nil || entry.table == table)
            case .symbol(let path):
                // Xcode 26's generated symbol of the key, in its table's enum unless `Localizable`.
                guard let name = GeneratedSymbols.name(of: key) else { return false }
                let t = table ?? "Localizable"
                return path == (t == "Localizable" ? name : GeneratedSymbols.tableName(t) + "." + name)
                    || (table == nil && path.hasSuffix("." + name))
            case .alternatives(let list): return list.contains(where: shows)
            case .verbatim, .code: return false
            }
        }
        var out: [(path: String, site: Site)] = []
        for (path, file) in files where prefix.map({ path.hasPrefix($0) }) ?? true {
            for s in file.sites where shows(s.text) { out.append((path, s)) }
        }
        return out.sorted { ($0.path, $0.site.line) < ($1.path, $1.site.line) }
    }

    /// The Markdown a key's hover adds: where the code shows it, at most `most` places, each
    /// `file:line` (relative to `root`) and its call.
    public static func markdown(_ places: [(path: String, site: Site)], root: String?, most: Int = 10) -> String? {
        guard !places.isEmpty else { return nil }
        var out = "\n**Shown in code** (\(places.count) place\(places.count == 1 ? "" : "s")):\n\n"
        for (path, site) in places.prefix(most) {
            var shown = path
            if let root, path.hasPrefix(root + "/") { shown = String(path.dropFirst(root.count + 1)) }
            out += "- " + Markdown.code("\(shown):\(site.line + 1)", max: 400) + " " + Markdown.code(site.call, max: 100) + "\n"
        }
        if places.count > most { out += "- … \(places.count - most) more\n" }
        return out
    }
}
