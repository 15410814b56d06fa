import Foundation
import JSONRPC
import LabelMeasure
import LabelSpecIDE
import LabelSpecSemantics

/// The folder the client opened: its `labelspec.json`, its String Catalogs, and every
/// `.labelspec` file on disk, indexed so that styles resolve across files.
extension LanguageServer {
    static func path(ofURI uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        return url.path
    }

    static func uri(ofPath path: String) -> String { URL(fileURLWithPath: path).absoluteString }

    /// Reads the root from `initialize`, then the configuration, catalogs and files under it.
    func loadWorkspace(_ params: JSONValue) {
        let rootURI = params["workspaceFolders"]?.arrayValue?.first?["uri"]?.stringValue ?? params["rootUri"]?.stringValue
        if let uri = rootURI, let path = LanguageServer.path(ofURI: uri) {
            root = path
        } else if let path = params["rootPath"]?.stringValue {
            root = path
        }
        reloadConfiguration()
        applySettings(params["initializationOptions"] ?? .null)
        indexFiles()
    }

    /// `labelspec.json` at the root, and the catalogs under it.
    func reloadConfiguration() {
        guard let root else { return }
        let file = root + "/labelspec.json"
        if let data = FileManager.default.contents(atPath: file) {
            do {
                configuration = try Configuration(json: try JSONValue.parse([UInt8](data)), path: file)
            } catch {
                self.log("\(file): \(error)")
                configuration = Configuration()
            }
        } else {
            configuration = Configuration()
        }
        contentSizes = configuration.contentSizes.compactMap(ContentSizeCategory.init(rawValue:))
        if contentSizes.isEmpty { contentSizes = [.large] }
        if let font = configuration.systemFont {
            measurer = Measurer(fonts: FontResolver(systemFontFile: font.hasPrefix("/") ? font : root + "/" + font))
        }
        let (keys, texts) = WorkspaceFiles.localizations(under: root, recursive: true)
        workspace.localizationKeys = keys
        workspace.localizedText = texts
    }

    /// Settings from `initializationOptions` or `workspace/didChangeConfiguration` (the
    /// `labelspec` section): contentSize(s), systemFontFile, severity. They are remembered, so a
    /// reload of `labelspec.json` keeps what the editor asked for on top of the file.
    func applySettings(_ settings: JSONValue) {
        if case .object(let pairs) = settings {
            var merged = editorSettings.objectValue ?? []
            for (k, v) in pairs {
                merged.removeAll { $0.0 == k }
                merged.append((k, v))
            }
            editorSettings = .object(merged)
        }
        apply(settings)
    }

    private func apply(_ settings: JSONValue) {
        if let size = settings["contentSize"]?.stringValue {
            contentSizes = size == "all" ? ContentSizeCategory.allCases : ContentSizeCategory(rawValue: size).map { [$0] } ?? contentSizes
        }
        if let sizes = settings["contentSizes"]?.arrayValue?.compactMap(\.stringValue) {
            let parsed = sizes.compactMap(ContentSizeCategory.init(rawValue:))
            if !parsed.isEmpty { contentSizes = parsed }
        }
        if let file = settings["systemFontFile"]?.stringValue {
            if FontFace(path: file) != nil {
                measurer = Measurer(fonts: FontResolver(systemFontFile: file))
            } else {
                self.log("systemFontFile: cannot open the font file '\(file)'")
            }
        }
        if let overrides = settings["severity"]?.objectValue {
            for (code, level) in overrides {
                guard let c = DiagnosticCode(rawValue: code), let l = level.stringValue else { continue }
                configuration.severity[c] = l == "off" ? .some(nil) : Severity(rawValue: l).map { .some($0) } ?? configuration.severity[c]
            }
        }
    }

    /// Every `.labelspec` file under the root, read from disk (open documents keep the editor's text).
    func indexFiles() {
        guard let root else { return }
        let enumerator = FileManager.default.enumerator(atPath: root)
        var count = 0
        while let relative = enumerator?.nextObject() as? String, count < 10_000 {
            if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") || $0 == "node_modules" }) { continue }
            guard relative.hasSuffix(".labelspec") else { continue }
            let uri = LanguageServer.uri(ofPath: root + "/" + relative)
            if openInEditor.contains(uri) { continue }
            if let data = FileManager.default.contents(atPath: root + "/" + relative) {
                workspace.open(id: uri, text: [UInt8](data))
                count += 1
            }
        }
    }

    /// A file on disk changed, appeared or went away.
    func didChangeWatchedFiles(_ params: JSONValue) {
        var reloadAll = false
        for change in params["changes"]?.arrayValue ?? [] {
            guard let uri = change["uri"]?.stringValue, let path = LanguageServer.path(ofURI: uri) else { continue }
            if path.hasSuffix(".labelspec") {
                if openInEditor.contains(uri) { continue }
                if change["type"]?.intValue == 3 {
                    workspace.close(id: uri)
                } else if let data = FileManager.default.contents(atPath: path) {
                    workspace.open(id: uri, text: [UInt8](data))
                }
            } else if path.hasSuffix("labelspec.json") || path.hasSuffix(".xcstrings") || path.hasSuffix(".strings") {
                reloadAll = true
            }
        }
        if reloadAll {
            reloadConfiguration()
            apply(editorSettings)
        }
        republishAll()
    }
}
