import LabelSpecSemantics
import LabelSpecSyntax

public enum Formatting {
    public enum Failure: Error, Equatable { case syntaxErrors }

    /// The document in its canonical layout, or nil when it is already canonical. Layout is
    /// global: a range asks for the whole document too.
    public static func formatted(_ doc: Workspace.Document) -> Result<[UInt8]?, Failure> {
        let bytes = doc.syntax.source.allBytes
        guard let formatted = try? Formatter.format(bytes) else { return .failure(.syntaxErrors) }
        return .success(formatted == bytes ? nil : formatted)
    }
}
