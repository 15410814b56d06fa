import ArgumentParser

/// `labelspec format`: the canonical layout.
struct FormatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "format", abstract: "Rewrite .labelspec files in the canonical layout.")

    @ArgumentParser.Argument(help: "Files or directories to format.")
    var paths: [String]

    @Flag(name: .long, help: "Change nothing; exit 1 when a file would change.")
    var check = false

    @Flag(name: .long, help: "Print the changes as a unified diff instead of writing them.")
    var diff = false

    func run() throws {
        throw ValidationError("format is not implemented yet")
    }
}
