import Foundation
import LabelSpecSupport

/// A workspace holding both a storyboard (or xib) and a spec imported from it checks each label
/// once: the spec's (`// labelspec:source PATH`, written by `import -o` and `import --out`), since
/// after an import the spec is the file edited (a width, a sample text, a screen) and its findings
/// are the ones meant; the storyboard is left out, with a note on standard error
/// (docs/interface-builder.md#the-source-line).
enum ImportedSources {
    /// The line `ImportCommand` writes (`Translation.commentLine(SourceLine.prefix + …)`).
    static let marker = Array(("// " + SourceLine.prefix).utf8)

    /// The file a spec says it was imported from, from the current folder (`specPath`'s folder
    /// joined with the line's path): the first `// labelspec:source PATH` among the comment lines
    /// that open `bytes`; nil when there is none, or its path is empty or holds an escape
    /// (`\u{…}`: a name with a control character, not read back).
    static func source(ofSpec specPath: String, bytes: [UInt8]) -> String? {
        var start = 0
        while start < bytes.count, start < 1 << 16 {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            let line = bytes[start..<end]
            guard line.starts(with: Array("//".utf8)) else { return nil }
            if line.starts(with: marker) {
                let path = String(decoding: line.dropFirst(marker.count), as: UTF8.self)
                guard !path.isEmpty, !path.contains("\\u{") else { return nil }
                if path.hasPrefix("/") { return path }
                let folder = PathText.parent(specPath)
                return folder == "." ? path : folder + "/" + path
            }
            start = end + 1
        }
        return nil
    }

    /// `files` without the Interface Builder files a spec among them was imported from, each
    /// one left out said on standard error (with `saying`: not under `--quiet`).
    static func leavingOutImported(_ files: [LoadedFile], saying: Bool) -> [LoadedFile] {
        var importedBy: [ProjectFiles.FileIdentity: String] = [:]  // a storyboard → the first spec of it
        for file in files where file.interfaceBuilder == nil {
            guard let source = source(ofSpec: file.path, bytes: file.bytes), let id = ProjectFiles.identity(of: source),
                importedBy[id] == nil
            else { continue }
            importedBy[id] = file.path
        }
        guard !importedBy.isEmpty else { return files }
        return files.filter { file in
            guard file.interfaceBuilder != nil, let id = ProjectFiles.identity(of: file.path), let spec = importedBy[id] else {
                return true
            }
            if saying { printError("'\(file.path)' is left out: '\(spec)', imported from it (its labelspec:source line), stands for it") }
            return false
        }
    }
}
