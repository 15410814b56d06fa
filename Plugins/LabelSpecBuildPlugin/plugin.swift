import Foundation
import PackagePlugin

/// Checks a target's `.labelspec` files on every build in which one of them changed: findings come
/// out as `file:line:col: warning: …` (and `error:`), which `swift build` prints and Xcode shows in
/// its issue navigator; an error fails the build. Add it to a target:
/// `plugins: [.plugin(name: "LabelSpecBuildPlugin", package: "LabelSpec")]`.
@main
struct LabelSpecBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let specs = target.sourceFiles(withSuffix: "labelspec").map(\.url)
        return try commands(
            specs: specs, tool: context.tool(named: "labelspec").url, work: context.pluginWorkDirectoryURL, name: target.name)
    }
}

/// One build command over all the files: they share names (styles), so they are checked together.
/// The command leaves a stamp, the build system's sign that it ran for these inputs: an empty Swift
/// file (an output of another type would become a resource of the target, with a bundle).
func commands(specs: [URL], tool: URL, work: URL, name: String) -> [Command] {
    guard !specs.isEmpty else { return [] }
    let stamp = work.appending(path: "LabelSpecChecked_\(name).swift")
    // `sh -c 'labelspec check FILES && write STAMP'`: the stamp only when the check passed, so a
    // failed check runs again on the next build.
    let script = "\"$0\" check \"$@\" && echo '// labelspec check passed for these .labelspec files' > \"\(stamp.path)\""
    return [
        .buildCommand(
            displayName: "labelspec check (\(specs.count) file\(specs.count == 1 ? "" : "s") of \(name))",
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", script, tool.path] + specs.map(\.path),
            inputFiles: specs + [tool],
            outputFiles: [stamp])
    ]
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension LabelSpecBuildPlugin: XcodeBuildToolPlugin {
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            let specs = target.inputFiles.filter { $0.url.pathExtension == "labelspec" }.map(\.url)
            return try commands(
                specs: specs, tool: context.tool(named: "labelspec").url, work: context.pluginWorkDirectoryURL, name: target.displayName)
        }
    }
#endif
