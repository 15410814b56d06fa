import Foundation
import PackagePlugin

/// `swift package labelspec-check [--target NAME …] [labelspec check options]`: checks the
/// `.labelspec` files of the package's targets (all of them, or those named) with `labelspec
/// check`, passing the other arguments on (`--content-size all`, `--format github`, …). Exits
/// as `check` does.
@main
struct LabelSpecCheckCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let named = extractor.extractOption(named: "target")
        let targets = named.isEmpty ? context.package.targets : try context.package.targets(named: named)
        let specs = targets.compactMap { $0 as? SourceModuleTarget }.flatMap { $0.sourceFiles(withSuffix: "labelspec").map(\.url.path) }
        guard !specs.isEmpty else {
            print("labelspec-check: no .labelspec files in \(named.isEmpty ? "the package's targets" : named.joined(separator: ", "))")
            return
        }
        let tool = try context.tool(named: "labelspec")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["check"] + extractor.remainingArguments + specs
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Diagnostics.error("labelspec check found problems (exit \(process.terminationStatus))")
            throw ExitCode(process.terminationStatus)
        }
    }
}

struct ExitCode: Error, CustomStringConvertible {
    let code: Int32
    init(_ code: Int32) { self.code = code }
    var description: String { "exit \(code)" }
}
