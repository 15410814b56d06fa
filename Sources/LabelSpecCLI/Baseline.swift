import Foundation
import JSON
import LabelSpecIDE
import LabelSpecSemantics
import LabelSpecSupport

/// `check --write-baseline FILE` and `check --baseline FILE`: the findings a project accepts for
/// now. A finding is keyed by a fingerprint that does not depend on its message's wording: its
/// file (as shown: relative to the current folder), code, item (the style or label it is in, a
/// storyboard's label by its object id; none for a finding outside items) and, for a measured
/// finding, its worst cell (`Diagnostic.cell`), not by line, so that edits elsewhere in the file
/// keep it and `and 11 more` becoming `and 12 more` re-raises nothing; equal keys are counted.
/// Baselines of version 1 (written before) are still read and matched as they were: by file,
/// code, item (a storyboard's label by its name) and message.
struct Baseline {
    struct Key: Hashable, Comparable {
        let file: String
        let code: String
        let item: String?
        /// Version 2: the worst cell (nil for a finding that is not measured); version 1: the message.
        let detail: String?

        static func < (a: Key, b: Key) -> Bool {
            (a.file, a.item ?? "", a.code, a.detail ?? "") < (b.file, b.item ?? "", b.code, b.detail ?? "")
        }

        /// The key of version 2 of `diagnostic` in `file`, at `item`: what the baseline matches
        /// and SARIF's `partialFingerprints` carry (`fingerprint`), so that a baseline and code
        /// scanning tell findings apart the same way.
        static func fingerprint(_ diagnostic: Diagnostic, file: String, item: Item) -> Key {
            Key(file: file, code: diagnostic.code.rawValue, item: item.id ?? item.name, detail: diagnostic.cell)
        }

        /// A version 2 key as one string, SARIF's `labelspec/v2` fingerprint: the FNV-1a 64-bit
        /// hash, 16 hexadecimal digits, of `file`, `code`, `item` and `cell` as the baseline writes
        /// them, each as its UTF-8 bytes and a 0 byte, a null one as the byte FF (never in UTF-8)
        /// (docs/cli.md#sarif---format-sarif).
        var fingerprint: String {
            var bytes: [UInt8] = []
            for field in [file, code, item, detail] {
                if let field { bytes += Array(field.utf8) + [0] } else { bytes.append(0xFF) }
            }
            let hex = String(FNV1a.hash(bytes), radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }
    }

    /// Where a finding is: the name of the style or label it is in, and, in a storyboard or xib,
    /// the label's object id.
    struct Item {
        var name: String?
        var id: String?
        static let none = Item(name: nil, id: nil)
    }

    /// 2, written now; 1, read from an older file.
    private(set) var version = 2
    private(set) var counts: [Key: Int] = [:]
    /// Version 2: a message of each key, written for people (not matched).
    private var messages: [Key: String] = [:]

    var total: Int { counts.values.reduce(0, +) }

    /// The key of `diagnostic` in `file`, at `item`, in this baseline's version.
    func key(_ diagnostic: Diagnostic, file: String, item: Item) -> Key {
        if version == 1 { return Key(file: file, code: diagnostic.code.rawValue, item: item.name, detail: diagnostic.message) }
        return Key.fingerprint(diagnostic, file: file, item: item)
    }

    mutating func add(_ diagnostic: Diagnostic, file: String, item: Item) {
        let k = key(diagnostic, file: file, item: item)
        counts[k, default: 0] += 1
        if messages[k] == nil { messages[k] = diagnostic.message }
    }

    /// Whether the baseline holds one more finding like `diagnostic`; takes it if so.
    mutating func absorbs(_ diagnostic: Diagnostic, file: String, item: Item) -> Bool {
        let k = key(diagnostic, file: file, item: item)
        guard let n = counts[k], n > 0 else { return false }
        counts[k] = n - 1
        return true
    }

    /// The baseline as a JSON document of version 2 (sorted, so that it diffs well).
    func serialized() -> String {
        let findings: [JSONValue] = counts.keys.sorted().map { k in
            .object([
                ("file", .string(k.file)),
                ("code", .string(k.code)),
                ("item", k.item.map { .string($0) } ?? .null),
                ("cell", k.detail.map { .string($0) } ?? .null),
                ("message", .string(messages[k] ?? "")),
                ("count", .int(counts[k]!)),
            ])
        }
        return JSONValue.object([("version", .int(2)), ("findings", .array(findings))]).serialized(pretty: true) + "\n"
    }

    struct Invalid: Error {
        let reason: String
    }

    /// Reads a baseline file; `Invalid` says what is wrong with it. The findings are read one
    /// at a time while json-c parses (`JSONStream`), and the names they repeat (files, codes,
    /// items) are kept once: a baseline takes about its own size in memory.
    static func read(_ path: String) throws(Invalid) -> Baseline {
        let bytes: [UInt8]
        switch ProjectFiles.readFile(path) {
        case .success(let b): bytes = b
        case .failure(let error): throw Invalid(reason: "cannot read baseline '\(path)': \(error)")
        }
        func invalid(_ why: String) -> Invalid { Invalid(reason: "invalid baseline '\(path)': \(why)") }
        var baseline = Baseline()
        var problem: Invalid?
        var index = 0
        var names: [String: String] = [:]
        /// One copy of each string the findings repeat.
        func shared(_ s: String) -> String {
            if let known = names[s] { return known }
            names[s] = s
            return s
        }
        var entries: [(file: String, code: String, item: String?, cell: String?, message: String, count: Int)] = []
        let top: (isObject: Bool, members: [(String, JSONValue)], isArray: Bool)
        do {
            top = try JSONStream.object(bytes, streaming: "findings") { f in
                defer { index += 1 }
                guard problem == nil else { return }
                let i = index
                guard f.objectValue != nil, let file = f["file"]?.stringValue, let code = f["code"]?.stringValue,
                    let message = f["message"]?.stringValue
                else {
                    problem = invalid("findings[\(i)] must be an object with \"file\", \"code\" and \"message\" strings")
                    return
                }
                /// A member that is a string or null (or absent).
                func optional(_ name: String) -> String?? {
                    switch f[name] {
                    case nil, .null?: return .some(nil)
                    case .string(let s)?: return .some(s)
                    default:
                        problem = invalid("findings[\(i)]: \"\(name)\" must be a string or null")
                        return nil
                    }
                }
                guard let item = optional("item"), let cell = optional("cell") else { return }
                var count = 1
                if let c = f["count"] {
                    guard let n = c.intValue, n > 0 else {
                        problem = invalid("findings[\(i)]: \"count\" must be a positive integer")
                        return
                    }
                    count = n
                }
                // Keyed once the version is known (it may come after the findings).
                entries.append((shared(file), shared(code), item.map(shared), cell.map(shared), message, count))
            }
        } catch {
            throw invalid("\(error)")
        }
        guard top.isObject else { throw invalid("expected a JSON object with \"version\" and \"findings\"") }
        let version = top.members.first(where: { $0.0 == "version" })?.1
        guard version == .int(1) || version == .int(2) else { throw invalid("\"version\" must be 1 or 2") }
        guard top.isArray else { throw invalid("\"findings\" must be a list") }
        if let problem { throw problem }
        baseline.version = version == .int(1) ? 1 : 2
        for e in entries {
            let key = Key(file: e.file, code: e.code, item: e.item, detail: baseline.version == 1 ? e.message : e.cell)
            baseline.counts[key, default: 0] += e.count
            if baseline.version == 2, baseline.messages[key] == nil { baseline.messages[key] = e.message }
        }
        return baseline
    }
}
