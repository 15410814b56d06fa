import Foundation
import JSON
import LanguageServer
import Testing

/// An editor's setting of null is not set. VS Code answers `workspace/configuration` with every
/// setting its package.json declares, null for each the user left unset; each used to be a
/// warning in the log (`setting 'contentSizes': 'contentSizes' must be a list of category names`,
/// and seven more) at every start.
@Suite struct UnsetSettingsTests {
    /// VS Code's `labelspec` section with nothing set: every property of editors/vscode/package.json
    /// with its default (`trace.server` as `trace: { server: … }`).
    static func vscodeDefaults() throws -> JSONValue {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let manifest = try JSONValue.parse(Array(try Data(contentsOf: root.appendingPathComponent("editors/vscode/package.json"))))
        var section: [(String, JSONValue)] = []
        for (name, property) in manifest["contributes"]?["configuration"]?["properties"]?.objectValue ?? [] {
            let parts = name.split(separator: ".").dropFirst().map(String.init)
            let value = property["default"] ?? .null
            section.append((parts[0], parts.count == 1 ? value : .object([(parts[1], value)])))
        }
        return .object(section)
    }

    /// Settings left unset read as no settings: no warning, the file's values.
    @Test func vscodesUnsetSettingsAreTheFiles() throws {
        let base = EditorSettingsTests()
        let defaults = try Self.vscodeDefaults()
        #expect(defaults["contentSizes"] == .null && defaults["screens"] == .null && defaults["trace"]?["server"] == .string("off"))
        let dir = try base.folder(configuration: #"{ "contentSizes": ["large"], "locales": ["de"] }"#)
        let unset = base.pushed(dir, settings: defaults)
        #expect(unset.logs.filter { $0.hasPrefix("setting") } == [])
        #expect(
            unset.messages == [
                "0: 2 truncates in de at .large: \"Mit allen Freunde…\" (150 pt: width 150) [truncates]",
                "5: 4 no de translation of 'done': iOS shows the en text there; add one [missing-translation]",
                "7: 4 hex colour: prefer a system colour such as .label, which adapts to dark mode and Increase Contrast [custom-color]",
            ])
        #expect(unset.messages == base.pushed(dir, settings: nil).messages)
    }

    /// A setting of null beside set ones: the set ones apply; an unknown key is still a problem,
    /// null or not (in labelspec.json null is still not a value: `SettingsTableTests`).
    @Test func aNullSettingIsLeftOut() throws {
        let base = EditorSettingsTests()
        let dir = try base.folder(configuration: #"{ "locales": ["de"] }"#)
        let settings = try JSONValue.parse(
            Array(
                #"""
                { "contentSizes": ["large"], "severity": null, "hoverImages": null, "bogus": null, "device": null }
                """#.utf8))
        let (messages, logs) = base.pushed(dir, settings: settings)
        #expect(logs.filter { $0.hasPrefix("setting") } == ["setting 'bogus': unknown setting 'bogus'"])
        #expect(
            messages == [
                "0: 2 truncates in de at .large: \"Mit allen Freunde…\" (150 pt: width 150) [truncates]",
                "5: 4 no de translation of 'done': iOS shows the en text there; add one [missing-translation]",
                "7: 4 hex colour: prefer a system colour such as .label, which adapts to dark mode and Increase Contrast [custom-color]",
            ])
    }

    /// A current setting of null (`workspace/didChangeConfiguration`, the `workspace/configuration`
    /// answer) is not set: the one of `initializationOptions` stays.
    @Test func aNullCurrentSettingKeepsTheInitialOne() throws {
        let base = EditorSettingsTests()
        let dir = try base.folder(configuration: #"{ "locales": ["de"] }"#)
        let initial: JSONValue = .object([("contentSizes", .array([.string("extraExtraExtraLarge")]))])
        let client = TestClient()
        client.request(
            "initialize",
            .object([
                ("rootUri", .string(dir.absoluteString)), ("capabilities", .object([])), ("initializationOptions", initial),
            ]))
        client.notify("initialized", .object([]))
        let uri = dir.appendingPathComponent("a.labelspec").absoluteString
        client.open(uri, EditorSettingsTests.labels)
        client.notify(
            "workspace/didChangeConfiguration",
            .object([
                (
                    "settings",
                    .object([("labelspec", .object([("contentSizes", .null), ("severity", .object([("custom-color", .string("off"))]))]))])
                )
            ]))
        let push = client.received.last {
            $0["method"] == .string("textDocument/publishDiagnostics") && $0["params"]?["uri"] == .string(uri)
        }
        let messages = (push?["params"]?["diagnostics"]?.arrayValue ?? []).map {
            "\($0["range"]?["start"]?["line"]?.intValue ?? -1): \($0["message"]?.stringValue ?? "") [\($0["code"]?.stringValue ?? "")]"
        }
        #expect(client.logs.filter { $0.hasPrefix("setting") } == [])
        #expect(
            messages == [
                "0: truncates in de at .extraExtraExtraLarge: \"Mit allen Fre…\" (150 pt: width 150) [truncates]",
                "5: no de translation of 'done': iOS shows the en text there; add one [missing-translation]",
            ])
    }
}
