import ArgumentParser
import Foundation
import LanguageServer

/// `labelspec lsp`: the language server over stdio.
struct LSPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp", abstract: "Run the language server on stdin/stdout (for editors).")

    @Flag(name: .long, help: "Accepted for editors that pass it; stdio is the only transport.")
    var stdio = false

    func run() throws {
        let code = StdioTransport.run()
        if code != 0 { throw ExitCode(code) }
    }
}
