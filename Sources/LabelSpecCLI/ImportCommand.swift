import ArgumentParser
import Foundation
import InterfaceBuilder
import LabelSpecIDE
import LabelSpecSupport

/// `labelspec import`: the `.labelspec` equivalent of an `.xib` or `.storyboard`; of every one of
/// many files and folders with `--out DIR` (`ImportBatch`).
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write the .labelspec equivalent of Interface Builder files (.storyboard, .xib) and of Swift files' text sites (.swift).")

    @ArgumentParser.Argument(help: "The .storyboard, .xib or .swift files, or folders holding them (several: with --out).")
    var paths: [String]

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output ('-': standard output); never over an input.")
    var output: String?

    @Option(name: .customLong("out"), help: "Write each file's import into this folder, at its path relative to the inputs' common folder.")
    var outFolder: String?

    func validate() throws {
        if paths.isEmpty { throw ValidationError("give a .storyboard, .xib or .swift file, or folders with --out DIR") }
        if output != nil, outFolder != nil { throw ValidationError("-o FILE and --out DIR cannot be used together") }
    }

    func run() throws {
        InputFiles.startRecording()
        ReadRoots.confine(paths: paths, files: [])
        if let outFolder { return try ImportBatch(paths: paths, folder: outFolder).run() }
        var info = stat()
        if paths.count > 1 || (stat(paths[0], &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR) {
            printError("importing several files or a folder needs --out DIR (-o writes one file)")
            throw Exit.usage
        }
        let path = paths[0]
        let target = output ?? "-"
        guard let (text, _) = try Self.translate(path, recordingIn: OutputFile.isStandardOutput(target) ? nil : PathText.parent(target))
        else { throw Exit.findings }
        if let why = OutputFile.write(text, to: target) {
            printError("cannot write '\(target)': \(why)")
            throw Exit.usage
        }
    }

    /// The `.labelspec` text of the storyboard or xib at `path` and its label count; with
    /// `folder` (where the text is written), a second line `// labelspec:source PATH` names the
    /// file from that folder. Nil when the file is not Interface Builder's (its problems said on
    /// standard error); throws `Exit.usage` when it cannot be read (said).
    /// `project` finds the file's namespace (one for a whole `--out` run: each namespace's
    /// string tables read once).
    static func translate(
        _ path: String, recordingIn folder: String?, project: Project = Project(cachesLayouts: false)
    ) throws -> (text: String, labels: Int)? {
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
        let namespace = project.namespace(for: path).namespace
        if SwiftSourceFile.isSwift(path) {
            // The sites `check` checks, each the label it amounts to, named by its text.
            let file = SwiftSourceFile(path: path, bytes: bytes)
            SwiftSourceFile.translate([(file, namespace)])
            var (text, count) = file.imported(named: ProjectLoader().canonicalName(path))
            if let folder, let end = text.firstIndex(of: "\n") {
                let source = ImportedSource.relative(from: ProjectLoader.absolute(folder), to: ProjectLoader.absolute(path))
                text.insert(contentsOf: "\n" + Translation.commentLine(ImportedSource.prefix + source), at: end)
            }
            return (text, count)
        }
        let file = InterfaceBuilderFile.withTranslations(
            path: path, bytes: bytes, workspace: namespace.localizations.catalogs, importing: true)
        guard file.problems.isEmpty else {
            LocatedDiagnostic.locate(file.problems, file: ProjectLoader().canonicalName(path), bytes: bytes, excerpts: true) {
                FileHandle.standardError.write(Data(TextReporter(useColor: false).render($0).utf8))
            }
            return nil
        }
        var text = file.translation.source
        if let folder, let end = text.firstIndex(of: "\n") {
            let source = ImportedSource.relative(from: ProjectLoader.absolute(folder), to: ProjectLoader.absolute(path))
            text.insert(contentsOf: "\n" + Translation.commentLine(ImportedSource.prefix + source), at: end)
        }
        return (text, file.labelCount)
    }
}
