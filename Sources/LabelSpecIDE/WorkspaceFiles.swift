import Foundation
import JSONRPC
import LabelSpecSemantics

/// Reading a workspace's files that are not `.labelspec`: `labelspec.json` and String Catalogs.
/// Shared by the CLI and the language server, so both see the same configuration and texts.
public enum WorkspaceFiles {
    /// Keys of every String Catalog (`.xcstrings`) and `.strings` file under the root, with the
    /// development-language text where the file has it.
    public static func localizations(under root: String, recursive: Bool) -> (Set<String>, [String: String]) {
        let fileManager = FileManager.default
        var keys = Set<String>()
        var texts: [String: String] = [:]
        let enumerator = fileManager.enumerator(atPath: root)
        while let relative = enumerator?.nextObject() as? String {
            if !recursive, relative.contains("/") { continue }
            if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") || $0 == "node_modules" }) { continue }
            let path = root + "/" + relative
            if relative.hasSuffix(".xcstrings"), let data = fileManager.contents(atPath: path),
                let json = try? JSONValue.parse([UInt8](data)), let strings = json["strings"]?.objectValue
            {
                let source = json["sourceLanguage"]?.stringValue ?? "en"
                for (key, entry) in strings {
                    keys.insert(key)
                    if let value = entry["localizations"]?[source]?["stringUnit"]?["value"]?.stringValue { texts[key] = value }
                }
            } else if relative.hasSuffix(".strings"), let data = fileManager.contents(atPath: path) {
                for (key, value) in StringsFile.entries(in: String(decoding: data, as: UTF8.self)) {
                    keys.insert(key)
                    texts[key] = texts[key] ?? value
                }
            }
        }
        return (keys, texts)
    }
}

public enum ConfigurationError: Error, CustomStringConvertible {
    case invalid(String)
    public var description: String {
        switch self { case .invalid(let why): return why }
    }
}

extension Configuration {
    /// Reads `labelspec.json` (or the server's `labelspec` settings); `path` names it in errors.
    public init(json: JSONValue, path: String) throws {
        self.init()
        guard let pairs = json.objectValue else { throw ConfigurationError.invalid("expected a JSON object") }
        for (key, value) in pairs {
            switch key {
            case "systemFont":
                guard let s = value.stringValue else { throw ConfigurationError.invalid("'systemFont' must be a path string") }
                systemFont = s
            case "contentSizes":
                guard let list = value.arrayValue?.compactMap(\.stringValue), list.count == value.arrayValue?.count else {
                    throw ConfigurationError.invalid("'contentSizes' must be a list of category names")
                }
                for c in list where !Properties.contentSizeCategories.contains(c) {
                    throw ConfigurationError.invalid("unknown content size '\(c)'")
                }
                contentSizes = list
            case "locales":
                locales = value.arrayValue?.compactMap(\.stringValue) ?? []
            case "severity":
                guard let overrides = value.objectValue else { throw ConfigurationError.invalid("'severity' must be an object of code: level") }
                for (code, level) in overrides {
                    guard let c = DiagnosticCode(rawValue: code) else { throw ConfigurationError.invalid("unknown diagnostic code '\(code)'") }
                    guard let l = level.stringValue else { throw ConfigurationError.invalid("severity of '\(code)' must be a string") }
                    if l == "off" {
                        severity[c] = .some(nil)
                    } else if let s = Severity(rawValue: l) {
                        severity[c] = s
                    } else {
                        throw ConfigurationError.invalid("severity '\(l)' is not one of error, warning, information, hint, off")
                    }
                }
            default:
                throw ConfigurationError.invalid("unknown key '\(key)'")
            }
        }
    }
}

/// The keys of an old-style `.strings` file: `"key" = "value";` with comments.
public enum StringsFile {
    public static func keys(in text: String) -> [String] { entries(in: text).map(\.0) }

    /// `(key, value)` pairs in order.
    public static func entries(in text: String) -> [(String, String)] {
        var entries: [(String, String)] = []
        var pendingKey: String?
        var chars = Array(text.unicodeScalars)[...]
        var expectingKey = true
        while let c = chars.first {
            if c == "/", chars.dropFirst().first == "/" {
                while let d = chars.first, d != "\n" { chars.removeFirst() }
            } else if c == "/", chars.dropFirst().first == "*" {
                chars.removeFirst(2)
                while !chars.isEmpty, !(chars.first == "*" && chars.dropFirst().first == "/") { chars.removeFirst() }
                chars = chars.dropFirst(2)
            } else if c == "\"" {
                chars.removeFirst()
                var s = String.UnicodeScalarView()
                while let d = chars.first, d != "\"" {
                    if d == "\\", let e = chars.dropFirst().first {
                        s.append(e == "n" ? "\n" : e)
                        chars.removeFirst(2)
                    } else {
                        s.append(d)
                        chars.removeFirst()
                    }
                }
                chars = chars.dropFirst()
                if expectingKey {
                    pendingKey = String(s)
                } else if let key = pendingKey {
                    entries.append((key, String(s)))
                    pendingKey = nil
                }
                expectingKey = false
            } else {
                if c == ";" { expectingKey = true }
                chars.removeFirst()
            }
        }
        return entries
    }
}

