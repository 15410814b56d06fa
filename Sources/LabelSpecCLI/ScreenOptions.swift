import ArgumentParser
import Foundation
import LabelSpecIDE
import LabelVocabulary

/// `--screen NAME`, repeatable or a list (`NAME,NAME`), or `all`: the screens to measure widths that follow the screen
/// on, instead of the configuration's `screens`. A name is a screen the configuration names, a
/// device of the table (portrait), or a device with ` (landscape)`; `all` is every device of the
/// table in portrait.
struct ScreenOptions: ParsableArguments {
    @Option(
        name: .customLong("screen"),
        help: ArgumentHelp(
            "Screens to measure widths that follow the screen on: a device such as 'iPhone SE (3rd generation)', 'NAME (landscape)', a screen labelspec.json names, or a list of them (NAME,NAME), repeatable; 'all' for every device.",
            valueName: "name"),
        completion: .list(DeviceTable.devices.map(\.name) + ["all"]))
    var names: [String] = []

    /// The screens asked for, else `configured`; a name that is none of them is a usage error
    /// that suggests the nearest device names.
    func screens(default configured: [ScreenGeometry]) throws(ScreenNameError) -> [ScreenGeometry] {
        guard !names.isEmpty else { return configured }
        if names.contains(where: { $0.lowercased() == "all" }) { return DeviceTable.allScreens }
        var out: [ScreenGeometry] = []
        var seen = Set<String>()
        for name in names {
            // A list, as --content-size takes one (`--screen "iPhone SE (3rd generation),iPhone 16"`),
            // unless the whole value names a screen (a configured name may hold a comma).
            let parts: [String]
            if case .success = ScreensReader.named(name, configured: configured) {
                parts = [name]
            } else {
                parts = name.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            }
            for part in parts {
                switch ScreensReader.named(part, configured: configured) {
                case .success(let s): if seen.insert(s.name).inserted { out.append(s) }
                case .failure(let p): throw ScreenNameError(reason: "--screen: \(p.message)")
                }
            }
        }
        return out
    }
}

struct ScreenNameError: Error {
    let reason: String
}
