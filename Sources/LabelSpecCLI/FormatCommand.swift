import ArgumentParser
import Foundation
import LabelLocalization
import LabelSpecIDE
import LabelSpecSupport
import LabelSpecSyntax

/// `labelspec format`: the canonical layout.
struct FormatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "format",
        abstract: "Rewrite .labelspec files in the canonical layout (files with syntax errors are left alone).")

    @ArgumentParser.Argument(help: "Files or directories to format ('-': standard input to standard output).")
    var paths: [String]

    @Flag(name: .long, help: "Change nothing; exit 1 when a file would change.")
    var check = false

    @Flag(name: .long, help: "Print the changes as a unified diff instead of writing them.")
    var diff = false

    @OptionGroup var fileOptions: FileOptions

    @Flag(name: [.short, .long], help: "Print nothing but errors and what --check and --diff report (no 'reformatted' line).")
    var quiet = false

    func run() throws {
        fileOptions.confineReads(paths)
        let loader = try fileOptions.loader(for: paths)
        let (files, errors) = loader.expand(paths)
        for e in errors { printError(e.description) }
        // Standard input excluded (--force-exclude): a filter still gives its text back, untouched.
        if let stdin = loader.stdin, !files.contains(stdin.name), !check, !diff {
            FileHandle.standardOutput.write(Data(stdin.bytes))
        }
        var failed = false
        var writeFailed = false
        var changed: [String] = []
        var unchanged = 0
        for path in files {
            // Named on the command line (folders give only .labelspec files here).
            if InterfaceBuilderFile.isInterfaceBuilder(path) {
                printError("'\(path)' is an Interface Builder file; not formatted (labelspec import \(path) prints it as .labelspec)")
                failed = true
                continue
            }
            if Localizations.isTable(path) {
                printError("'\(path)' is a string table; not formatted (labelspec check \(path) reports its problems)")
                failed = true
                continue
            }
            let original: [UInt8]
            let isStdin = loader.stdin.map { $0.name == path } ?? false
            if let stdin = loader.stdin, isStdin {
                original = stdin.bytes
            } else {
                switch ProjectFiles.readFile(path) {
                case .success(let bytes): original = bytes
                case .failure(let error):
                    printError("cannot read '\(path)': \(error)")
                    writeFailed = true
                    continue
                }
            }
            let formatted: [UInt8]
            do {
                formatted = try Formatter.format(original)
            } catch {
                printError("'\(path)' has syntax errors; not formatted (see labelspec check \(path))")
                failed = true
                continue
            }
            if isStdin && !check && !diff {
                // A filter: the text out, formatted or as it came.
                FileHandle.standardOutput.write(Data(formatted))
                continue
            }
            guard formatted != original else {
                unchanged += 1
                continue
            }
            changed.append(path)
            if diff {
                let text = UnifiedDiff.render(
                    old: String(decoding: original, as: UTF8.self), new: String(decoding: formatted, as: UTF8.self),
                    path: path)
                FileHandle.standardOutput.write(Data(text.utf8))
            } else if check {
                FileHandle.standardOutput.write(Data("would reformat \(path)\n".utf8))
            } else if let why = AtomicWrite.replace(path, with: formatted) {
                printError("cannot write '\(path)': \(why); the file is unchanged")
                writeFailed = true
                changed.removeLast()
            }
        }
        if !check && !diff && !quiet && loader.stdin == nil && (!changed.isEmpty || unchanged > 0) {
            var parts: [String] = []
            if !changed.isEmpty { parts.append("\(changed.count) file\(changed.count == 1 ? "" : "s") reformatted") }
            if unchanged > 0 { parts.append("\(unchanged) file\(unchanged == 1 ? "" : "s") left unchanged") }
            FileHandle.standardOutput.write(Data((parts.joined(separator: ", ") + "\n").utf8))
        }
        if !errors.isEmpty || writeFailed { throw Exit.usage }
        if failed || ((check || diff) && !changed.isEmpty) { throw Exit.findings }
    }
}
