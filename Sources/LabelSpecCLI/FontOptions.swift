import ArgumentParser
import Foundation
import LabelSpecIDE

/// `--font-dir`: folders of Apple's font files searched before `labelspec.json`'s
/// `fontDirectories` (check, measure and render; docs/measurement.md, "Apple's fonts").
struct FontOptions: ParsableArguments {
    @Option(
        name: .customLong("font-dir"),
        help: ArgumentHelp(
            "Look for Apple's font files (SF Pro, SF Pro Rounded, SF Mono, New York) in this folder before the stand-ins (repeatable).",
            valueName: "dir"))
    var fontDirs: [String] = []

    /// The folders, absolute; a folder that cannot be read is a usage error.
    func folders() throws -> [String] {
        if fontDirs.count > ConfigurationReader.mostFontDirectories {
            printError("--font-dir: at most \(ConfigurationReader.mostFontDirectories) folders are searched; \(fontDirs.count) were given")
            throw Exit.usage
        }
        return try fontDirs.map { dir in
            if let why = ConfigurationReader.folderProblem(dir) {
                printError("--font-dir: cannot use the folder '\(TerminalText.escape(dir))': \(why)")
                throw Exit.usage
            }
            return URL(fileURLWithPath: dir).standardizedFileURL.path
        }
    }

    /// Puts the folders before every namespace's own.
    func apply(to namespaces: [Namespace]) throws {
        let dirs = try folders()
        guard !dirs.isEmpty else { return }
        for ns in namespaces {
            var settings = ns.settings
            settings.fontDirectories = Array((dirs + settings.fontDirectories).prefix(ConfigurationReader.mostFontDirectories))
            ns.use(settings)
        }
    }
}
