import ArgumentParser
import LabelSpecIDE
import LabelVocabulary

/// `--screen NAME`, repeatable, or `all`: the screens to measure widths that follow the screen
/// on, instead of the configuration's `screens`. A name is a screen the configuration names, a
/// device of the table (portrait), or a device with ` (landscape)`; `all` is every device of the
/// table in portrait.
struct ScreenOptions: ParsableArguments {
    @Option(
        name: .customLong("screen"),
        help: ArgumentHelp(
            "A screen to measure widths that follow the screen on, repeatable: a device such as 'iPhone SE (3rd generation)', 'NAME (landscape)', a screen labelspec.json names; 'all' for every device.",
            valueName: "name"),
        completion: .list(DeviceTable.devices.map(\.name) + ["all"]))
    var names: [String] = []

    /// The screens asked for, else `configured`; a name that is none of them is a usage error
    /// that suggests the nearest device names.
    func screens(default configured: [Screen]) throws(ScreenNameError) -> [Screen] {
        guard !names.isEmpty else { return configured }
        if names.contains(where: { $0.lowercased() == "all" }) { return DeviceTable.allScreens }
        var out: [Screen] = []
        for name in names {
            switch Screens.named(name, configured: configured) {
            case .success(let s): if !out.contains(where: { $0.name == s.name }) { out.append(s) }
            case .failure(let p): throw ScreenNameError(reason: "--screen: \(p.message)")
            }
        }
        return out
    }
}

struct ScreenNameError: Error {
    let reason: String
}
