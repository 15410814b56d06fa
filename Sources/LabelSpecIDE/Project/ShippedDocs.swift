import Foundation
import LabelSpecSemantics

/// The documentation shipped with this binary, for links from findings (SARIF's `helpUri`, LSP's
/// `codeDescription`): `PREFIX/share/doc/labelspec/` beside an installed `PREFIX/bin/labelspec`
/// (`scripts/install.sh` puts `docs/*.md` there), or the repository's `docs/` for a binary
/// built in it (`.build/<triple>/<configuration>/labelspec`). Links point at a file the user
/// has, never at a web site that may not exist; without either folder there is no link.
public enum ShippedDocs {
    /// The folder holding `diagnostics.md`; nil when the binary ships none.
    public static let folder: String? = {
        guard let exe = Bundle.main.executableURL?.resolvingSymlinksInPath() else { return nil }
        let bin = exe.deletingLastPathComponent()
        let candidates = [
            bin.deletingLastPathComponent().appendingPathComponent("share/doc/labelspec"),
            bin.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs"),
        ]
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("diagnostics.md").path) }?
            .standardizedFileURL.path
    }()

    /// `file:///…/diagnostics.md#CODE`, the code's section; nil without shipped docs.
    public static func diagnosticURI(_ code: DiagnosticCode) -> String? {
        guard let folder else { return nil }
        return URL(fileURLWithPath: folder + "/diagnostics.md", isDirectory: false).absoluteString + "#" + code.descriptor.anchor
    }
}
