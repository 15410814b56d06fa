import ArgumentParser
import Foundation
import LabelSpecIDE
import LabelSpecSupport

/// `--config`, `--exclude`, `--force-exclude` and `--stdin-filename`: which files a command works
/// on and with which `labelspec.json` (check, measure and format).
struct FileOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Use this labelspec.json for every file instead of the nearest one.", valueName: "path"))
    var config: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Leave out files matching this glob, relative to the current folder (repeatable; ** for any folders).",
            valueName: "glob"))
    var exclude: [String] = []

    @Flag(name: .long, help: "Apply exclusions to files named on the command line too (as pre-commit passes them).")
    var forceExclude = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The path standard input ('-') stands for: its labelspec.json applies and messages name it.", valueName: "path"))
    var stdinFilename: String?

    func validate() throws {
        // A name that is no file's ("" is the current folder, "dir/" a folder): messages and the
        // namespace would be those of a folder.
        if let name = stdinFilename,
            name.isEmpty || name.hasSuffix("/") || name == "." || name == ".." || name.hasSuffix("/.") || name.hasSuffix("/..")
        {
            throw ValidationError("--stdin-filename needs a file's name ('\(name)' names a folder)")
        }
    }

    /// Confines the run's reads (`ReadRoots`) to what `paths` and these options name: `-` stands
    /// for its `--stdin-filename`, whose folder (and the folder above its `NAME.lproj` folder)
    /// is read as a named file's is, so `check - --stdin-filename Base.lproj/Main.storyboard`
    /// reads `de.lproj/Main.strings` from any working folder. `files`: other files options name.
    func confineReads(_ paths: [String], files: [String?] = []) {
        let named = paths.contains("-") ? paths + [stdinFilename].compactMap { $0 } : paths
        ReadRoots.confine(paths: named, files: ([config] + files).compactMap { $0 })
    }

    /// The loader these options describe. Reads standard input when `paths` holds `-`; a
    /// `--config` that cannot be read, or is invalid, is said on stderr and ends the run (exit 2).
    func loader(for paths: [String]) throws -> ProjectLoader {
        var loader = ProjectLoader()
        if let config {
            var info = stat()
            guard stat(config, &info) == 0 else {
                printError("cannot read --config '\(config)': \(ProjectFiles.FileError.cannotOpen(errno).description)")
                throw Exit.usage
            }
            let absolute = URL(fileURLWithPath: config).standardizedFileURL.path
            let file = ConfigurationFile.read(absolute)
            guard file.diagnostics.isEmpty else {
                // Located like the problems of a discovered labelspec.json, then the run ends.
                let shown = loader.canonicalName(absolute)
                LocatedDiagnostic.locate(file.diagnostics, file: shown, bytes: file.text, excerpts: true) {
                    FileHandle.standardError.write(Data(TextReporter(useColor: false).render($0).utf8))
                }
                printError("--config '\(config)' is not a usable labelspec.json; nothing was checked")
                throw Exit.usage
            }
            loader.configuration = file
        }
        if !exclude.isEmpty {
            for glob in exclude {
                if let why = ExcludePatterns.problem(with: glob) {
                    printError("--exclude: \(why.replacingAll("the folder of labelspec.json", "the current folder"))")
                    throw Exit.usage
                }
            }
            loader.exclude = ExcludePatterns(exclude, base: FileManager.default.currentDirectoryPath)
        }
        loader.forceExclude = forceExclude
        if paths.contains("-") {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress!, $0.count) }
                if n < 0, errno == EINTR { continue }
                if n <= 0 { break }
                bytes += buffer[0..<n]
                // The limit of a file read (ProjectFiles.sizeLimit) holds for standard input too.
                if bytes.count > ProjectFiles.sizeLimit {
                    printError(
                        "cannot read standard input: too large (files are read up to \(ProjectFiles.FileError.size(ProjectFiles.sizeLimit)))"
                    )
                    throw Exit.usage
                }
            }
            loader.stdin = ProjectLoader.StandardInput(
                name: stdinFilename.map { loader.canonicalName($0) } ?? "-", bytes: bytes)
        }
        return loader
    }
}

/// `--quiet` and `--color`: how much is said, and how.
struct OutputOptions: ParsableArguments {
    @Flag(name: [.short, .long], help: "Print only findings: no summary, no progress, no fix or format chatter.")
    var quiet = false

    /// `--color`: auto colours a terminal (unless NO_COLOR is set); always wins over NO_COLOR.
    enum ColorChoice: String, ExpressibleByArgument {
        case auto, always, never
    }

    @Option(name: .long, help: "Colour the text output: auto (on a terminal, unless NO_COLOR is set), always or never.")
    var color: ColorChoice = .auto

    /// Whether output is coloured: `always`; `auto` when stdout is a terminal and `NO_COLOR` is
    /// unset or empty (no-color.org); never with `never`.
    var useColor: Bool {
        switch color {
        case .always: return true
        case .never: return false
        case .auto:
            let noColor = ProcessInfo.processInfo.environment["NO_COLOR"] ?? ""
            return isatty(1) != 0 && noColor.isEmpty
        }
    }
}
