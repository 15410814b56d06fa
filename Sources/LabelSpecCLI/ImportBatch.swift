import ArgumentParser
import Foundation
import LabelSpecIDE
import LabelSpecSupport

/// `labelspec import PATHS... --out DIR`: every `.storyboard`, `.xib` and `.swift` file the paths name or hold
/// (folders walked as `check` walks them, `exclude` honoured) imported into `DIR`, each at its
/// path relative to the folder common to the inputs (a folder given is its own; a file given,
/// its folder), `.storyboard`/`.xib` replaced by `.labelspec`: `App/Base.lproj/Main.storyboard`
/// of `import App --out Specs` is `Specs/Base.lproj/Main.labelspec`. Each file is written at
/// once (`OutputFile`), and only when its text changed; two inputs of one output are refused
/// before anything is written (docs/interface-builder.md).
struct ImportBatch {
    let paths: [String]
    let folder: String

    func run() throws {
        let loader = ProjectLoader()
        let (found, errors) = loader.expand(paths, interfaceBuilder: true, swift: true)
        for e in errors { printError(e.description) }
        // A file named is imported whatever its name (one that is not Interface Builder's or
        // Swift says so, as `import FILE` does); of the folders, the storyboards, xibs and Swift
        // files (a Swift file with no site `check` checks is left out).
        let named = Set(
            paths.filter { path in
                var info = stat()
                return !(stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR)
            }.map(loader.canonicalName))
        let inputs = found.filter {
            InterfaceBuilderFile.isInterfaceBuilder($0) || SwiftSourceFile.isSwift($0) || named.contains($0)
        }
        var info = stat()
        if stat(folder, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR {
            let kind = (info.st_mode & S_IFMT) == S_IFREG ? "a regular file" : ProjectFiles.FileError.kind(of: info.st_mode)
            printError("cannot write into '\(folder)': not a folder (\(kind)); nothing was written")
            throw Exit.usage
        }
        // Where each goes, every clash said before anything is written.
        let base = Self.commonFolder(
            paths.map(ProjectLoader.absolute).map { path -> String in
                var info = stat()
                return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR ? path : PathText.parent(path)
            })
        var targets: [(input: String, output: String)] = []
        var byOutput: [String: [String]] = [:]  // output path → the inputs that map to it
        for input in inputs {
            let output = Self.output(of: ProjectLoader.absolute(input), under: base, into: folder)
            targets.append((input, output))
            byOutput[output, default: []].append(input)
        }
        let clashes = byOutput.filter { $0.value.count > 1 }.sorted { $0.key < $1.key }
        for (output, sources) in clashes {
            printError("\(sources.map { "'\($0)'" }.joined(separator: " and ")) would both be written to '\(output)'")
        }
        if !clashes.isEmpty {
            printError("nothing was written: rename one of each pair, or import them into different folders")
            throw Exit.usage
        }
        var status: Int32 = errors.isEmpty ? 0 : 2
        let project = Project(cachesLayouts: false)
        var labels = 0
        var written = 0
        var unchanged = 0
        for (input, output) in targets {
            let made: (text: String, labels: Int)?
            do { made = try ImportCommand.translate(input, recordingIn: PathText.parent(output), project: project) } catch {
                status = 2
                continue
            }
            guard let made else {
                status = max(status, 1)
                continue
            }
            if made.labels == 0, SwiftSourceFile.isSwift(input), !named.contains(input) { continue }
            labels += made.labels
            if Self.holds(output, made.text) {
                unchanged += 1
                continue
            }
            if let why = OutputFile.makeFolders(PathText.parent(output)) ?? OutputFile.write(made.text, to: output) {
                printError("cannot write '\(output)': \(why)")
                status = 2
                continue
            }
            written += 1
        }
        let files = written + unchanged
        printError(
            "imported \(files) file\(files == 1 ? "" : "s"), \(labels) label\(labels == 1 ? "" : "s"), into '\(folder)': "
                + "\(written) written, \(unchanged) unchanged")
        if status != 0 { throw ExitCode(status) }
    }

    /// Whether `path` is a regular file holding `text` already (then left as it is).
    static func holds(_ path: String, _ text: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) == text.utf8.count else {
            return false
        }
        return FileManager.default.contents(atPath: path).map { Array($0) == Array(text.utf8) } ?? false
    }

    /// The longest folder above (or equal to) every one of `folders`, absolute and standardized.
    static func commonFolder(_ folders: [String]) -> String {
        guard var common = folders.first?.split(separator: "/", omittingEmptySubsequences: true) else { return "/" }
        for f in folders.dropFirst() {
            let parts = f.split(separator: "/", omittingEmptySubsequences: true)
            var n = 0
            while n < common.count, n < parts.count, common[n] == parts[n] { n += 1 }
            common = Array(common[..<n])
        }
        return "/" + common.joined(separator: "/")
    }

    /// `input` (absolute) below `base`, written into `folder` as `.labelspec`.
    static func output(of input: String, under base: String, into folder: String) -> String {
        let prefix = base.hasSuffix("/") ? base : base + "/"
        let relative = input.hasPrefix(prefix) ? String(input.dropFirst(prefix.count)) : PathText.lastComponent(input)
        let name = PathText.lastComponent(relative)
        let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        let dir = PathText.parent(relative)
        let out = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        return out + "/" + (dir == "." ? "" : dir + "/") + stem + ".labelspec"
    }
}
