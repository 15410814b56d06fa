import ArgumentParser
import Foundation
import LabelSpecIDE
import LabelSpecSemantics

/// `--select`, `--extend-select` and `--ignore` (ruff's words): the codes reported, laid over
/// `select` and `ignore` of each namespace's labelspec.json (`CodeSelection`). Each takes a list
/// (`truncates,clipped`) and may be repeated; a name is a code, the first words of codes
/// (`missing`), a group (`layout`) or `all`.
struct SelectionOptions: ParsableArguments {
    static let names = CodeSelector.names

    @Option(
        name: .customLong("select"),
        help: ArgumentHelp(
            "Report only these codes, prefixes of codes or groups (layout, fonts, accessibility, localization, properties, inheritance, input; all), instead of labelspec.json's select and ignore; a list, repeatable.",
            valueName: "code"),
        completion: .list(names))
    var select: [String] = []

    @Option(
        name: .customLong("extend-select"),
        help: ArgumentHelp("Report these codes, prefixes or groups too; a list, repeatable.", valueName: "code"), completion: .list(names))
    var extendSelect: [String] = []

    @Option(
        name: .customLong("ignore"),
        help: ArgumentHelp("Do not report these codes, prefixes or groups; a list, repeatable.", valueName: "code"),
        completion: .list(names))
    var ignore: [String] = []

    /// Whether any of them was given (`measure` and `render` then keep the labels with a finding).
    var isSet: Bool { !select.isEmpty || !extendSelect.isEmpty || !ignore.isEmpty }

    /// The command line's layer; a name that is no code, prefix or group is a usage error that
    /// names the nearest (`labelspec: --select: unknown code or group 'truncate'; did you mean
    /// 'truncates'?`).
    func layer() throws -> CodeSelection.Layer {
        func parse(_ values: [String], _ option: String) throws -> [CodeSelector] {
            var out: [CodeSelector] = []
            for value in values {
                switch CodeSelector.parseList(value) {
                case .success(let s): out += s
                case .failure(let e):
                    // The name as typed, its control characters escaped (`TerminalText`).
                    printError("\(option): \(TerminalText.escape(e.message))")
                    throw Exit.usage
                }
            }
            return out
        }
        return CodeSelection.Layer(
            select: select.isEmpty ? nil : try parse(select, "--select"), extendSelect: try parse(extendSelect, "--extend-select"),
            ignore: try parse(ignore, "--ignore"))
    }

    /// Lays the command line's layer over every namespace's configuration.
    func apply(to namespaces: [Namespace]) throws {
        let layer = try layer()
        guard !layer.isEmpty else { return }
        for ns in namespaces {
            var settings = ns.settings
            settings.configuration.commandLineSelection = layer
            ns.use(settings)
        }
    }
}
