/// Label names: the element's `userLabel`, else its text, else its `id`, made into an identifier
/// (`Sign in to continue` → `SignInToContinue`), unique in the file (`Title2`, `Title3`, …).
enum LabelNames {
    /// Names to try, best first: the `userLabel` (its name in Xcode's outline), else its scene
    /// and role (`WelcomeBody`: the view controller, then what its text style says it is); a label
    /// outside a scene is named by its id (`unique`).
    static func candidates(_ label: IBLabel) -> [String] {
        [label["userLabel"]?.value, label.scene.map { $0 + " " + role(label) }].compactMap { $0 }
    }

    /// What a label is: `Button` for a button's title, else from its text style: `Title`
    /// (`.largeTitle`, `.title1`–`.title3`), `Headline`, `Subheadline`, `Body`, `Callout`,
    /// `Footnote`, `Caption`; else `Label`.
    static func role(_ label: IBLabel) -> String {
        if label.isButton { return "Button" }
        guard let style = label.children["fontDescription"]?["style"]?.value, style.hasPrefix("UICTFontTextStyle") else { return "Label" }
        switch style.dropFirst("UICTFontTextStyle".count) {
        case "Title0", "Title1", "Title2", "Title3", "LargeTitle": return "Title"
        case "Headline": return "Headline"
        case "Subhead", "Subheadline": return "Subheadline"
        case "Body": return "Body"
        case "Callout": return "Callout"
        case "Footnote": return "Footnote"
        case "Caption1", "Caption2": return "Caption"
        default: return "Label"
        }
    }

    /// `Label_` and the id, its other characters as `_`: `eMp-tY-lB3` → `Label_eMp_tY_lB3`.
    static func fromID(_ id: String?) -> String? {
        guard let id, !id.isEmpty else { return nil }
        let body = String(
            id.unicodeScalars.map { u -> Character in
                u.isASCII && (u.properties.isAlphabetic || ("0"..."9").contains(u)) ? Character(u) : "_"
            })
        return "Label_" + body
    }

    static func identifier(_ text: String) -> String? {
        var words: [String] = []
        var word = ""
        for u in text.unicodeScalars {
            if u.isASCII, u.properties.isAlphabetic || ("0"..."9").contains(u) {
                word.unicodeScalars.append(u)
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        var name = ""
        for w in words {
            let next = w.prefix(1).uppercased() + w.dropFirst()
            if !name.isEmpty, name.count + next.count > 32 { break }
            name += next
        }
        guard !name.isEmpty else { return nil }
        if name.first!.isNumber { name = "Label" + name }
        return String(name.prefix(40))
    }

    /// The names given so far, and for each base name the suffix its next search starts at.
    struct Taken {
        var names = Set<String>()
        /// `base` → n: `base`, `base2` … `base(n-1)` are all taken (names are never given back), so
        /// the next label on `base` tries `base`n first. Without it the k-th label suggesting one
        /// name tried k names.
        var nextSuffix: [String: Int] = [:]
    }

    static func unique(_ candidates: [String], id: String?, taken: inout Taken) -> String {
        let base = candidates.lazy.compactMap(identifier).first ?? fromID(id) ?? "Label"
        var name = base
        var n = 2
        if let next = taken.nextSuffix[base] {
            n = next
            name = base + String(n)
            n += 1
        }
        // Still checked: a suffixed name may be another label's base (`Title2`).
        while taken.names.contains(name) {
            name = base + String(n)
            n += 1
        }
        taken.names.insert(name)
        taken.nextSuffix[base] = n
        return name
    }
}
