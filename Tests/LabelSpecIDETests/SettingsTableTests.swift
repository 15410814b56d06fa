import Foundation
import JSON
import LabelMeasure
import LabelSpecIDE
import LabelSpecSemantics
import LabelVocabulary
import Testing

/// The settings are described once (`SettingDescriptor.all`): VS Code's `package.json` and
/// `extension.js`, and the settings tables of docs/language.md, docs/editors.md and docs/lsp.md,
/// are checked against the table, as `Tests/docs/check_docs.py` checks docs/diagnostics.md against
/// the diagnostic catalogue. A key added to one of them and not to the table fails here.
@Suite struct SettingsTableTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The pieces of `text` between backticks.
    static func backticked(_ text: some StringProtocol) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// The lines of `text` from the first that starts with `start` up to the first after it that
    /// `ends` (not included).
    static func lines(of text: String, from start: String, until ends: (Substring) -> Bool) -> [Substring] {
        let all = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = all.firstIndex(where: { $0.hasPrefix(start) }) else { return [] }
        let rest = all[(first + 1)...]
        return Array(all[first..<(rest.firstIndex(where: ends) ?? all.endIndex)])
    }

    static var fileKeys: [String] { SettingDescriptor.all.filter { $0.place == .file }.map(\.key) }
    /// The keys the server reads from the editor: the file's, the aliases, the editor's own.
    static var serverKeys: [String] { SettingDescriptor.all.filter { $0.place != .client }.map(\.key) }

    /// `contributes.configuration.properties` of VS Code's manifest: every `labelspec.KEY` (or
    /// `labelspec.KEY.PART`, VS Code's `trace.server`) is a key of the table that VS Code offers,
    /// of the table's types (and `null`, unset), unset by default unless it is the client's own;
    /// every key the table says VS Code offers is there.
    @Test func vscodeManifestOffersTheTable() throws {
        let manifest = try JSONValue.parse(Array(try Self.text("editors/vscode/package.json").utf8))
        let properties = manifest["contributes"]?["configuration"]?["properties"]?.objectValue ?? []
        var offered = Set<String>()
        for (name, property) in properties {
            let key = name.hasPrefix("labelspec.") ? String(name.dropFirst("labelspec.".count).split(separator: ".")[0]) : name
            guard let setting = SettingDescriptor.named[key] else {
                Issue.record("package.json offers '\(name)', which SettingDescriptor.all does not declare")
                continue
            }
            offered.insert(key)
            if case .notOffered(let why) = setting.vscode {
                Issue.record("package.json offers '\(name)', which the table says is not offered: \(why)")
            }
            guard name == "labelspec." + key else { continue }
            let types = property["type"].map { $0.arrayValue?.compactMap(\.stringValue) ?? [$0.stringValue ?? ""] } ?? []
            #expect(Set(types).subtracting(["null"]) == Set(setting.types), "package.json: the types of '\(name)'")
            if setting.place != .client {
                // Unset (null, or an alias's empty string) until the user sets it: the file's value.
                #expect(property["default"] == .null || property["default"] == .string(""), "package.json: '\(name)' is unset by default")
            }
            if setting.vscode == .sentAsIs { #expect(property["default"] == .null, "package.json: '\(name)' is sent when not null") }
        }
        for setting in SettingDescriptor.all where setting.vscode == .sentAsIs || setting.vscode == .ownCode {
            #expect(offered.contains(setting.key), "package.json does not offer '\(setting.key)'")
        }
    }

    /// `extension.js` sends `FILE_KEYS` as they are: exactly the keys the table says it sends; its
    /// own code reads the others it offers, and a change of any of them but the trace restarts
    /// the server.
    @Test func vscodeExtensionSendsTheTable() throws {
        let script = try Self.text("editors/vscode/extension.js")
        func list(after marker: String) -> [String] {
            guard let start = script.range(of: marker), let end = script[start.upperBound...].firstIndex(of: "]") else { return [] }
            return script[start.upperBound..<end].split(separator: "'", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }
        let sent = list(after: "const FILE_KEYS = [")
        #expect(Set(sent) == Set(SettingDescriptor.all.filter { $0.vscode == .sentAsIs }.map(\.key)), "FILE_KEYS of extension.js")
        #expect(sent.count == Set(sent).count, "FILE_KEYS names each key once")
        let restarting = Set(list(after: "const keys = [") + sent)
        for setting in SettingDescriptor.all where setting.vscode == .ownCode {
            guard setting.key != "trace" else {
                // `labelspec.trace.server` is read by vscode-languageclient, for the client of id `labelspec`.
                #expect(script.contains("new LanguageClient('labelspec'"), "extension.js names its client 'labelspec'")
                continue
            }
            #expect(script.contains("'\(setting.key)'"), "extension.js reads '\(setting.key)'")
            #expect(restarting.contains(setting.key), "a change of '\(setting.key)' restarts the server")
        }
    }

    /// docs/language.md's configuration table lists the keys of `labelspec.json` in the table's
    /// order, each row with its default; docs/editors.md's VS Code table lists what `package.json`
    /// offers; the settings paragraphs of docs/editors.md and docs/lsp.md name every key the server
    /// reads from the editor.
    @Test func theDocsListTheTable() throws {
        let language = Self.lines(of: try Self.text("docs/language.md"), from: "## Configuration", until: { $0.hasPrefix("#") })
        let rows = language.filter { $0.hasPrefix("| `") }
        #expect(rows.map { Self.backticked($0)[0] } == Self.fileKeys, "docs/language.md's configuration table")
        for row in rows {
            guard let setting = SettingDescriptor.named[Self.backticked(row)[0]], let value = setting.defaultValue else { continue }
            #expect(Self.backticked(row).contains(value), "docs/language.md: the row of '\(setting.key)' gives its default `\(value)`")
        }

        let editors = try Self.text("docs/editors.md")
        let manifest = try JSONValue.parse(Array(try Self.text("editors/vscode/package.json").utf8))
        let properties = (manifest["contributes"]?["configuration"]?["properties"]?.objectValue ?? []).map(\.0)
        let vscodeTable = Self.lines(of: editors, from: "## VS Code", until: { $0.hasPrefix("## ") })
            .filter { $0.hasPrefix("| `labelspec.") }
            .flatMap { Self.backticked($0.split(separator: "|")[0]) }
        #expect(vscodeTable.sorted() == properties.sorted(), "docs/editors.md's VS Code settings table")

        let paragraph = Self.lines(of: editors, from: "**Settings**", until: { $0.isEmpty }).joined(separator: "\n")
        let lsp = Self.lines(of: try Self.text("docs/lsp.md"), from: "- **`workspace/configuration`**", until: { $0.hasPrefix("- ") })
            .joined(separator: "\n")
        for (doc, text) in [("docs/editors.md's Settings", paragraph), ("docs/lsp.md's workspace/configuration", lsp)] {
            let named = Set(Self.backticked(text))
            #expect(!text.isEmpty, "\(doc) is there")
            for key in Self.serverKeys where !(doc.hasPrefix("docs/lsp") && SettingDescriptor.named[key]?.place == .editor) {
                #expect(named.contains(key), "\(doc) names '\(key)'")
            }
        }
    }

    /// The device names are `CatalogDevice`'s, in its order, wherever they are listed: VS Code's
    /// `labelspec.device` choices, docs/language.md's configuration row and its message, and the
    /// reader's message for an unknown device.
    @Test func theDeviceNamesAreTheVocabularys() throws {
        let names = CatalogDevice.allCases.map(\.rawValue)
        let manifest = try JSONValue.parse(Array(try Self.text("editors/vscode/package.json").utf8))
        let choices = manifest["contributes"]?["configuration"]?["properties"]?["labelspec.device"]?["enum"]?.arrayValue ?? []
        #expect(choices == names.map { .string($0) } + [.null], "package.json's labelspec.device choices")
        let language = try Self.text("docs/language.md").split(separator: "\n")
        let row = try #require(language.first { $0.hasPrefix("| `device` |") })
        #expect(Array(Self.backticked(row).suffix(names.count)) == names, "docs/language.md's device row")
        let message = "unknown device 'X'; use " + names.joined(separator: ", ")
        #expect(language.contains { $0.contains("`\(message)`") }, "docs/language.md's message")
        let file = ConfigurationFile(path: "/w/labelspec.json", text: Array(#"{ "device": "X" }"#.utf8))
        #expect(file.diagnostics.map(\.message) == [message])
    }

    /// Each default the table gives is the reader's: `labelspec.json` holding it reads as no file.
    @Test func theDefaultsAreTheReadersDefaults() throws {
        for setting in SettingDescriptor.all where setting.place == .file {
            guard let value = setting.defaultValue else { continue }
            let file = ConfigurationFile(path: "/w/labelspec.json", text: Array("{ \"\(setting.key)\": \(value) }".utf8))
            #expect(file.diagnostics.isEmpty, "\(setting.key): \(value)")
            #expect(file.settings == Settings(), "the default of '\(setting.key)'")
        }
    }

    /// null is not a value in labelspec.json (each key with it is a problem and keeps its default);
    /// in the editor's settings it is a setting not set (VS Code's answer for what the user left
    /// unset): no problem, nothing assigned.
    @Test func nullIsUnsetInTheEditorOnly() throws {
        let keys = SettingDescriptor.all.filter { $0.place != .client }.map(\.key)
        let json = JSONValue.object(keys.map { ($0, .null) })
        let editor = ConfigurationReader.editor(json, onto: Settings(), folder: "/w")
        #expect(editor.problems.isEmpty && editor.assigned.isEmpty && editor.settings == Settings() && editor.hoverImages == nil)
        let file = ConfigurationFile(path: "/w/labelspec.json", text: Array(#"{ "contentSizes": null, "device": null }"#.utf8))
        #expect(
            file.diagnostics.map(\.message) == [
                "'contentSizes' must be a list of category names", "'device' must be a device name such as \"iphone\"",
            ])
    }

    /// What a change of a setting makes stale in a namespace is what the table says: new fonts
    /// (and a new epoch) for the fonts, a new locale plan for what is measured, nothing else.
    @Test func aChangeInvalidatesWhatTheTableSays() throws {
        let ns = Project(path: { _ in nil }).namespace(for: "untitled:a").namespace
        func epochAfter(_ change: (inout Settings) -> Void) -> Int {
            ns.use(Settings())
            let before = ns.epoch
            var new = Settings()
            change(&new)
            ns.use(new)
            return ns.epoch - before
        }
        #expect(epochAfter { $0.systemFontFile = "/fonts/Inter.ttf" } == 1)
        #expect(epochAfter { $0.configuration.systemFont = "Inter.ttf" } == 0)  // as written: the resolved file decides
        #expect(epochAfter { $0.fallbackFonts = [.family("Noto Sans")] } == 1)
        #expect(epochAfter { $0.configuration.locales = ["de"] } == 1)
        #expect(epochAfter { $0.configuration.pseudoLocales = [.accented] } == 1)
        #expect(epochAfter { $0.configuration.device = .ipad } == 1)
        #expect(epochAfter { $0.configuration.sampleArguments = [.number(2)] } == 1)
        #expect(epochAfter { $0.configuration.contentSizes = [] } == 0)
        #expect(epochAfter { $0.configuration.severity = [.customColor: nil] } == 0)
        #expect(epochAfter { $0.configuration.exclude = ["x"] } == 0)
        #expect(epochAfter { ($0.systemFontFile, $0.configuration.device) = ("/fonts/Inter.ttf", .mac) } == 2)
        #expect(epochAfter { _ in } == 0)
    }
}
