/// Which of a project's localizations a locale asked for (`--locale`, `locales`) is shown in, as
/// iOS's bundle lookup picks one (docs/language.md, "Localization"): the locale itself, else the
/// same language with fewer subtags, the last dropped first: `de-DE` → `de`, `zh-Hant-TW` →
/// `zh-Hant` → `zh`, `pt-PT` → `pt-PT` then `pt`. A Chinese locale with a region and no script
/// tries its script first, as iOS does (`zh-TW`, `zh-HK`, `zh-MO` → `zh-Hant`; `zh-CN`, `zh-SG`
/// → `zh-Hans`). Names compare without regard to case or `_` for `-` (`pt_br` is `pt-BR`); the
/// answer is spelled as the tables spell it.
public enum LocaleFallback {
    /// The locales tried for `asked`, in order (`zh-Hant-TW`: `zh-Hant-TW`, `zh-Hant`, `zh`).
    public static func candidates(_ asked: String) -> [String] {
        var parts = asked.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard !parts.isEmpty else { return [] }
        var out: [String] = []
        while !parts.isEmpty {
            out.append(parts.joined(separator: "-"))
            // A Chinese region without a script: its script before the bare language.
            if parts.count == 2, parts[0].lowercased() == "zh", let script = chineseScript(region: parts[1]) {
                out.append("zh-" + script)
            }
            parts.removeLast()
        }
        return out
    }

    /// The locale of `available` that `asked` is shown in, spelled as `available` spells it; nil
    /// when none is (`de` among `fr`, `ja`).
    public static func resolve(_ asked: String, among available: [String]) -> String? {
        var byKey: [String: String] = [:]
        for a in available where byKey[key(a)] == nil { byKey[key(a)] = a }
        for c in candidates(asked) { if let found = byKey[key(c)] { return found } }
        return nil
    }

    /// A name compared without case and with `_` as `-`.
    static func key(_ name: String) -> String { String(name.lowercased().map { $0 == "_" ? "-" : $0 }) }

    /// The script iOS shows a Chinese region in (a script subtag is four letters, a region two
    /// letters or three digits: `Hant` is no region).
    static func chineseScript(region: String) -> String? {
        switch region.uppercased() {
        case "TW", "HK", "MO": return "Hant"
        case "CN", "SG": return "Hans"
        default: return nil
        }
    }
}
