import JSON
import LabelSpecSupport
import LabelVocabulary

/// Screens as people name them: entries of `labelspec.json`'s `screens` (and the editor's
/// setting), and `--screen` (docs/language.md, "Screens").
public enum ScreensReader {
    /// Why an entry names no screen, and the member of its object the message is about.
    public struct Problem: Error, Equatable {
        public let message: String
        public let member: String?
    }

    /// One entry of `screens`: a device name (portrait); `{"device": NAME, "orientation":
    /// "portrait" | "landscape"}`; `{"device": NAME, "window": "1/3" | "1/2" | "2/3"}` with an
    /// optional orientation (landscape by default: Split View's usual); or `{"name": NAME,
    /// "width": POINTS, "sizeClass": "compact" | "regular"}`.
    /// `suggest`: an unknown device's problem names the nearest devices (a reader of thousands
    /// of bad entries asks for the first few).
    public static func screen(_ entry: JSONValue, suggest: Bool = true) -> Result<ScreenGeometry, Problem> {
        if let name = entry.stringValue { return device(name, member: nil, suggest: suggest).map { $0.screen(.portrait) } }
        guard let pairs = entry.objectValue else {
            return .failure(Problem(message: "a screen is a device name or an object with \"device\" or \"name\"", member: nil))
        }
        let keys = Set(pairs.map(\.0))
        let value = { (key: String) in pairs.first { $0.0 == key }?.1 }
        if keys.contains("device") {
            if let extra = keys.subtracting(["device", "orientation", "window"]).sorted().first {
                return .failure(
                    Problem(
                        message: "unknown key '\(extra)' in a device screen; use \"device\", \"orientation\" or \"window\"", member: extra))
            }
            guard let name = value("device")?.stringValue else {
                return .failure(Problem(message: "'device' must be a device name such as \"iPhone SE (3rd generation)\"", member: "device"))
            }
            let d: Device
            switch device(name, member: "device", suggest: suggest) {
            case .success(let found): d = found
            case .failure(let p): return .failure(p)
            }
            var orientation: Orientation?
            if let o = value("orientation") {
                guard let s = o.stringValue, let parsed = Orientation(rawValue: s) else {
                    return .failure(Problem(message: "'orientation' must be \"portrait\" or \"landscape\"", member: "orientation"))
                }
                orientation = parsed
            }
            guard let w = value("window") else { return .success(d.screen(orientation ?? .portrait)) }
            guard let s = w.stringValue, let share = WindowShare(rawValue: s) else {
                return .failure(Problem(message: "'window' must be \"1/3\", \"1/2\" or \"2/3\"", member: "window"))
            }
            guard let window = d.window(share, orientation ?? .landscape) else {
                return .failure(
                    Problem(message: "'\(d.name)' is an iPhone: it has no windows; give an orientation instead", member: "window"))
            }
            return .success(window)
        }
        if keys.contains("name") {
            if let extra = keys.subtracting(["name", "width", "sizeClass"]).sorted().first {
                return .failure(
                    Problem(message: "unknown key '\(extra)' in a named screen; use \"name\", \"width\" and \"sizeClass\"", member: extra))
            }
            guard let name = value("name")?.stringValue, !name.isEmpty else {
                return .failure(Problem(message: "'name' must be a non-empty string", member: "name"))
            }
            // Every finding, `measure` row, report row and hover on the screen repeats its name:
            // a name of a megabyte made a 10 KB spec's `check` print 200 MB.
            guard name.unicodeScalars.count <= longestScreenName else {
                return .failure(
                    Problem(
                        message: "'name' must be at most \(longestScreenName) characters (this one has \(name.unicodeScalars.count))",
                        member: "name"))
            }
            guard let width = value("width")?.doubleValue, width > 0, width <= 100_000, value("width")?.stringValue == nil else {
                return .failure(
                    Problem(
                        message: "'width' must be a number of points greater than 0 and at most 100000",
                        member: keys.contains("width") ? "width" : "name"))
            }
            guard let s = value("sizeClass")?.stringValue, let sizeClass = SizeClass(rawValue: s) else {
                return .failure(
                    Problem(
                        message: "'sizeClass' must be \"compact\" or \"regular\"", member: keys.contains("sizeClass") ? "sizeClass" : "name"
                    ))
            }
            return .success(ScreenGeometry(name: name, width: width, sizeClass: sizeClass, idiom: width >= 678 ? .pad : .phone))
        }
        return .failure(Problem(message: "a screen object needs \"device\" or \"name\"", member: nil))
    }

    /// `screen`, read from the `index`th entry (from 0), unless an earlier entry has its name:
    /// nil when that one is the same screen (an exact repeat, kept once), a problem at the
    /// entry's name when it is another (two screens of one name, of which findings and
    /// `--screen` would only ever see the first).
    static func unique(
        _ screen: ScreenGeometry, entry: JSONValue, index: Int, firstOf: inout [String: (entry: Int, screen: ScreenGeometry)]
    ) -> Result<ScreenGeometry?, Problem> {
        guard let first = firstOf[screen.name] else {
            firstOf[screen.name] = (index, screen)
            return .success(screen)
        }
        if first.screen == screen { return .success(nil) }
        let member: String? = entry.objectValue.flatMap { pairs in pairs.contains { $0.0 == "name" } ? "name" : "device" }
        let name = screen.name.count <= longestName ? screen.name : String(screen.name.prefix(longestName)) + "…"
        return .failure(
            Problem(
                message:
                    "'\(name)' names two screens: entry \(first.entry + 1) (\(describe(first.screen))) and this one (\(describe(screen))); give each screen its own name",
                member: member))
    }

    /// What sets a screen apart: `600 pt, regular`, `852 pt, 59 pt insets, compact`, with the
    /// idiom where it is not the width's guess (a named screen of 678 pt or more is an iPad).
    static func describe(_ s: ScreenGeometry) -> String {
        var parts = [number(s.width) + " pt"]
        if s.insets != 0 { parts.append(number(s.insets) + " pt insets") }
        parts.append(s.sizeClass.rawValue)
        if (s.idiom == .pad) != (s.width >= 678) { parts.append(s.idiom == .pad ? "an iPad" : "a phone") }
        return parts.joined(separator: ", ")
    }

    private static func number(_ v: Double) -> String { ScreenLength.number((v * 100).rounded() / 100) }

    /// The device named `name`, or a problem that suggests the nearest names (a name far
    /// longer than any device's gets none, and is shown cut).
    static func device(_ name: String, member: String?, suggest: Bool = true) -> Result<Device, Problem> {
        if let d = DeviceTable.device(named: name) { return .success(d) }
        let near = suggest && name.count <= longestName ? nearestDevices(name) : []
        let hint =
            near.isEmpty
            ? "see the device table in docs/language.md" : "did you mean " + near.map { "'\($0)'" }.joined(separator: ", ") + "?"
        let shown = name.count <= longestName ? name : String(name.prefix(longestName)) + "…"
        return .failure(Problem(message: "unknown device '\(shown)'; \(hint)", member: member))
    }

    /// The longest name a named screen may have, in Unicode scalars.
    public static let longestScreenName = 1000

    /// Twice the longest device name: past it, no name is near (and a suggestion would cost
    /// the name's length times each device's).
    static let longestName = 2 * (DeviceTable.devices.map(\.name.count).max() ?? 32)

    /// Up to three device names nearest to `name`: those that contain it (`iPhone SE`), else
    /// those at the smallest edit distance, two characters swapped counting as one edit
    /// (`iPhone 61`), when near enough to be a typo.
    public static func nearestDevices(_ name: String) -> [String] {
        guard name.count <= longestName else { return [] }
        let lower = name.lowercased()
        let containing = DeviceTable.devices.map(\.name).filter { $0.lowercased().contains(lower) }
        if !containing.isEmpty { return Array(containing.prefix(3)) }
        let typed = Array(lower)
        let limit = nearEnoughDistance(for: name)
        let scored = DeviceTable.devices.compactMap { d in
            editDistance(typed, Array(d.name.lowercased()), limit: limit, swaps: true).map { (d.name, $0) }
        }
        guard let best = scored.map(\.1).min() else { return [] }
        return Array(scored.filter { $0.1 == best }.map(\.0).prefix(3))
    }

    /// The screen `--screen NAME` names: one of `configured` by its name, else a device of the
    /// table (portrait, or `NAME (landscape)`).
    public static func named(_ name: String, configured: [ScreenGeometry]) -> Result<ScreenGeometry, Problem> {
        if let s = configured.first(where: { $0.name == name }) { return .success(s) }
        let suffix = " (landscape)"
        if name.hasSuffix(suffix), let d = DeviceTable.device(named: String(name.dropLast(suffix.count))) {
            return .success(d.screen(.landscape))
        }
        return device(name, member: nil).map { $0.screen(.portrait) }
    }
}
