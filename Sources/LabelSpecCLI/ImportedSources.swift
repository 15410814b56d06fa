import Foundation
import LabelSpecIDE
import LabelSpecSupport

/// A workspace holding both a storyboard (or xib) and a spec imported from it checks each label
/// once: the spec's (`// labelspec:source PATH`, written by `import -o` and `import --out`), since
/// after an import the spec is the file edited (a width, a sample text, a screen) and its findings
/// are the ones meant; the storyboard is left out, with a note on standard error
/// (docs/interface-builder.md#the-source-line).
enum ImportedSources {
    /// `files` without the Interface Builder files a spec among them was imported from, each
    /// one left out said on standard error (with `saying`: not under `--quiet`).
    static func leavingOutImported(_ files: [LoadedFile], saying: Bool) -> [LoadedFile] {
        // A storyboard → the first spec of it (ImportedSource: the rule the server follows too).
        let importedBy = ImportedSource.standIns(
            files.lazy.filter(\.isSpec).compactMap { file in
                ImportedSource.line(bytes: file.bytes).map { (file.path, $0.source(ofSpec: file.path)) }
            })
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
