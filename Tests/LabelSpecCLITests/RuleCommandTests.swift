import Foundation
import JSON
import LabelSpecSemantics
import Testing

/// Issue 25: one descriptor per diagnostic code, and `labelspec rule` that prints it.
@Suite struct RuleCommandTests {
    /// Every code's example, written alone in a folder (its `.xliff` files named too), makes `check` report exactly the lines its
    /// descriptor says (the first line of each diagnostic), so `labelspec rule` and the docs never
    /// show an example that says something else.
    @Test(arguments: DiagnosticDescriptor.all.map(\.code))
    func eachExampleReportsWhatItsDescriptorSays(_ code: DiagnosticCode) throws {
        let d = code.descriptor
        let root = try CLI.temporaryDirectory()
        for file in d.example.files { try Data(file.bytes).write(to: root.appendingPathComponent(file.name)) }
        // Translations sent back are read only when named (docs/translators.md).
        let returned = d.example.files.map(\.name).filter { $0.hasSuffix(".xliff") }
        let r = try CLI.run(["check", "."] + returned, in: root, timeout: 120)
        let reported = r.stdout.split(separator: "\n").map(String.init).filter {
            $0.range(of: #"^\S+:\d+:\d+: \w+: "#, options: .regularExpression) != nil
        }
        #expect(reported == d.example.reports, "\(code.rawValue): stderr \(r.stderr)")
        #expect(reported.contains { $0.hasSuffix("[\(code.rawValue)]") })
    }

    /// The catalogue: every code once, sorted; fixes declared for exactly the codes that have
    /// them (a code without one never offers a fix in its example).
    @Test func theCatalogueHoldsEveryCodeOnce() {
        #expect(DiagnosticDescriptor.all.map(\.code) == DiagnosticCode.allCases.sorted())
        #expect(DiagnosticDescriptor.all.map(\.code.descriptor.anchor) == DiagnosticCode.allCases.sorted().map(\.rawValue))
        #expect(
            DiagnosticDescriptor.all.filter { $0.fix == .safe }.map(\.code.rawValue) == ["duplicate", "no-effect", "style-after-eraser"])
        #expect(
            DiagnosticDescriptor.all.filter { $0.fix == .none }.map(\.code.rawValue) == [
                "clipped", "custom-color", "custom-font", "format-mismatch", "invalid-catalog", "invalid-configuration",
                "invalid-interface-builder", "invalid-utf8", "invalid-xliff", "low-contrast", "missing-glyph", "missing-localization",
                "missing-text", "missing-translation", "near-limit", "spec-drift", "style-cycle", "syntax", "translation-not-imported",
            ])
        #expect(DiagnosticDescriptor.all.filter { $0.fix == .editor }.map(\.code.rawValue) == ["truncates"])
    }

    @Test func allAsJSONIsAnArrayOfTheFourFields() throws {
        let r = try CLI.run(["rule", "--all", "--format", "json"])
        #expect(r.status == 0)
        let rows = try JSONValue.parse(Array(r.stdout.utf8)).arrayValue ?? []
        #expect(rows.count == DiagnosticCode.allCases.count)
        #expect(
            rows.first
                == .object([
                    ("code", .string("clipped")), ("severity", .string("warning")), ("summary", .string("Text is clipped.")),
                    ("fix", .string("none")),
                ]))
        let duplicate = rows.first { $0["code"] == .string("duplicate") }
        #expect(duplicate?["fix"] == .string("safe") && duplicate?["severity"] == .string("warning"))
        #expect(rows.first { $0["code"] == .string("unknown-property") }?["fix"] == .string("unsafe"))
        #expect(rows.first { $0["code"] == .string("missing-translation") }?["severity"] == .string("hint"))
    }

    @Test func allAsTextIsOneLinePerCode() throws {
        let r = try CLI.run(["rule", "--all"])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == DiagnosticCode.allCases.count)
        #expect(lines.first == "clipped                    warning  none    Text is clipped.")
        #expect(lines.contains("no-effect                  warning  safe    Property that cannot act."))
    }

    @Test func oneCodeIsExplained() throws {
        let r = try CLI.run(["rule", "no-effect"])
        #expect(r.status == 0 && r.stderr == "")
        #expect(
            r.stdout.hasPrefix(
                "no-effect: Property that cannot act.\n\nDefault severity: warning\nQuick fix: safe (applied by check --fix)\n\n"))
        #expect(r.stdout.contains("\nExample, x.labelspec:\n\n    style Hero {\n        shadowOffset: (0, 2)\n    }\n"))
        #expect(r.stdout.contains("\nlabelspec check reports:\n\n    x.labelspec:"))
        #expect(r.stdout.contains("\nMore: file://") && r.stdout.hasSuffix("/docs/diagnostics.md#no-effect\n"))
        let json = try JSONValue.parse(Array(try CLI.run(["rule", "no-effect", "--format", "json"]).stdout.utf8))
        #expect(json["code"] == .string("no-effect") && json["fix"] == .string("safe"))
        #expect(json["explanation"]?.stringValue == DiagnosticCode.noEffect.help)
        #expect(json["example"]?["reports"]?.arrayValue?.compactMap(\.stringValue) == DiagnosticCode.noEffect.descriptor.example.reports)
    }

    @Test func aWrongCodeIsAUsageErrorWithTheNearestCode() throws {
        let r = try CLI.run(["rule", "truncate"])
        #expect(r.status == 2 && r.stdout == "")
        #expect(r.stderr == "labelspec: unknown diagnostic code 'truncate'; did you mean 'truncates'?\n")
        let none = try CLI.run(["rule"])
        #expect(none.status == 2 && none.stderr.contains("give a diagnostic code"))
        let both = try CLI.run(["rule", "syntax", "--all"])
        #expect(both.status == 2 && both.stderr.contains("give a code or --all, not both"))
        let hostile = try CLI.run(["rule", "\u{1B}[31mred"])
        #expect(hostile.status == 2 && !hostile.stderr.contains("\u{1B}"))
    }

    /// Shells complete `labelspec rule` with the codes.
    @Test func theCompletionScriptsOfferTheCodes() throws {
        for shell in ["bash", "zsh", "fish"] {
            let script = try CLI.run(["--generate-completion-script", shell]).stdout
            #expect(script.contains("wrap-autoshrink-conflict") && script.contains("missing-translation"), "\(shell)")
        }
    }
}
