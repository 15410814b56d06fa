import ArgumentParser
import Foundation
import InterfaceBuilder
import LabelSpecIDE
import LabelSpecSupport

/// `labelspec import`: the `.labelspec` equivalent of an `.xib` or `.storyboard`.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Write the .labelspec equivalent of an Interface Builder file (.storyboard, .xib).")

    @ArgumentParser.Argument(help: "The .storyboard or .xib file.")
    var path: String

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output ('-': standard output); never over an input.")
    var output: String?

    func run() throws {
        InputFiles.startRecording()
        ReadRoots.confine(paths: [path], files: [])
        let bytes: [UInt8]
        switch ProjectFiles.readFile(path) {
        case .success(let b): bytes = b
        case .failure(let error):
            printError("cannot read '\(path)': \(error)")
            throw Exit.usage
        }
        // With its translations (`LOCALE.lproj/NAME.strings`, `mul.lproj/NAME.xcstrings`, a
        // `NAME.xcstrings` of its namespace): a label they translate is imported as
        // `.localized("ID.text", table: "NAME", defaultValue: "…")`, so that the imported file is
        // measured with the same translations.
        let namespace = Project(cachesLayouts: false).namespace(for: path).namespace
        let file = InterfaceBuilderFile.withTranslations(
            path: path, bytes: bytes, workspace: namespace.localizations.catalogs, importing: true)
        guard file.problems.isEmpty else {
            LocatedDiagnostic.locate(file.problems, file: ProjectLoader().canonicalName(path), bytes: bytes, excerpts: true) {
                FileHandle.standardError.write(Data(TextReporter(useColor: false).render($0).utf8))
            }
            throw Exit.findings
        }
        let text = file.translation.source
        if let why = OutputFile.write(text, to: output ?? "-") {
            printError("cannot write '\(output ?? "-")': \(why)")
            throw Exit.usage
        }
    }
}
