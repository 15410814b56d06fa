import LabelSpecSupport
import LabelSpecSyntax
import LabelVocabulary

/// The checks of a label's effective values (`resolvedDiagnostics`): framework counterparts,
/// properties that need partners, autoshrink, accessibility (`low-contrast`, a text style kept
/// from scaling).
extension Workspace {
    /// The effective values the label checks read, found in one pass (parents first, then the
    /// label's own members, later ones winning) instead of one lookup per question. Only where
    /// each value is gets recorded; a value is copied out when a check reads it.
    private struct LabelFacts {
        let lookup: EffectiveLookup
        private var refs:
            (
                text: EffectiveLookup.Ref?, adjustsFontSize: EffectiveLookup.Ref?, adjustsLetterSpacing: EffectiveLookup.Ref?,
                lineBreakMode: EffectiveLookup.Ref?, numberOfLines: EffectiveLookup.Ref?, minimumScaleFactor: EffectiveLookup.Ref?,
                baselineAdjustment: EffectiveLookup.Ref?, shadowOffset: EffectiveLookup.Ref?, shadowColor: EffectiveLookup.Ref?,
                verticalAlignment: EffectiveLookup.Ref?, height: EffectiveLookup.Ref?
            ) = (nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil)
        private var colorRefs:
            (
                font: EffectiveLookup.Ref?, textColor: EffectiveLookup.Ref?, backgroundColor: EffectiveLookup.Ref?,
                isEnabled: EffectiveLookup.Ref?, adjustsForContentSize: EffectiveLookup.Ref?
            ) = (nil, nil, nil, nil, nil)
        /// Which properties of one framework only (and `framework`, `icon`, `labelStyle`) the
        /// label has, itself or from a style.
        private(set) var frameworkProperties: PropertySet = []
        static let frameworkRelated = Properties.uiKitOnly.union(Properties.swiftUIOnly).union([.framework, .icon, .labelStyle])

        init(_ e: EffectiveLookup) {
            lookup = e
            e.forEachRef { id, r in
                if LabelFacts.frameworkRelated.contains(id) { frameworkProperties.insert(id) }
                switch id {
                case .text: refs.text = r
                case .adjustsFontSizeToFitWidth: refs.adjustsFontSize = r
                case .adjustsLetterSpacingToFitWidth: refs.adjustsLetterSpacing = r
                case .lineBreakMode: refs.lineBreakMode = r
                case .numberOfLines: refs.numberOfLines = r
                case .minimumScaleFactor: refs.minimumScaleFactor = r
                case .baselineAdjustment: refs.baselineAdjustment = r
                case .shadowOffset: refs.shadowOffset = r
                case .shadowColor: refs.shadowColor = r
                case .verticalAlignment: refs.verticalAlignment = r
                case .height: refs.height = r
                case .font: colorRefs.font = r
                case .textColor: colorRefs.textColor = r
                case .backgroundColor: colorRefs.backgroundColor = r
                case .isEnabled: colorRefs.isEnabled = r
                case .adjustsFontForContentSizeCategory: colorRefs.adjustsForContentSize = r
                default: break
                }
            }
        }

        private func fetch(_ r: EffectiveLookup.Ref?) -> EffectiveProperty? { r.map { lookup.property($0) } }

        var hasText: Bool { refs.text != nil }
        /// `textSetInCode: true`, the label's or a style's.
        static func textSetInCode(_ e: EffectiveLookup) -> Bool {
            if case .bool(true)? = e[.textSetInCode]?.assignment.typed { return true }
            return false
        }
        var text: EffectiveProperty? { fetch(refs.text) }
        var adjustsFontSize: EffectiveProperty? { fetch(refs.adjustsFontSize) }
        var adjustsLetterSpacing: EffectiveProperty? { fetch(refs.adjustsLetterSpacing) }
        var lineBreakMode: EffectiveProperty? { fetch(refs.lineBreakMode) }
        var numberOfLines: EffectiveProperty? { fetch(refs.numberOfLines) }
        var minimumScaleFactor: EffectiveProperty? { fetch(refs.minimumScaleFactor) }
        var baselineAdjustment: EffectiveProperty? { fetch(refs.baselineAdjustment) }
        var shadowOffset: EffectiveProperty? { fetch(refs.shadowOffset) }
        var hasShadowOffset: Bool { refs.shadowOffset != nil }
        var hasShadowColor: Bool { refs.shadowColor != nil }
        var verticalAlignment: EffectiveProperty? { fetch(refs.verticalAlignment) }
        var hasVerticalAlignment: Bool { refs.verticalAlignment != nil }
        var hasHeight: Bool { refs.height != nil }
        var font: EffectiveProperty? { fetch(colorRefs.font) }
        var textColor: EffectiveProperty? { fetch(colorRefs.textColor) }
        var backgroundColor: EffectiveProperty? { fetch(colorRefs.backgroundColor) }
        var isEnabled: EffectiveProperty? { fetch(colorRefs.isEnabled) }
        var adjustsForContentSize: EffectiveProperty? { fetch(colorRefs.adjustsForContentSize) }
        /// The effective value of a property of one framework (or `framework`, `icon`, `labelStyle`).
        func effective(_ id: PropertyID) -> EffectiveProperty? { frameworkProperties.contains(id) ? lookup[id] : nil }

        /// Whether the label is SwiftUI's, and why: its `framework`, else an icon, a label style
        /// or a SwiftUI-only property; nil reason: UIKit by default.
        var framework: (swiftUI: Bool, reason: String) {
            var explicit: String?
            if case .enumCase(let f)? = effective(.framework)?.assignment.typed { explicit = f }
            let swiftUI = Properties.isSwiftUI(framework: explicit, has: { frameworkProperties.contains($0) })
            if let explicit { return (swiftUI, "framework: .\(explicit)") }
            if frameworkProperties.contains(.icon) { return (true, "it has an icon") }
            if frameworkProperties.contains(.labelStyle) { return (true, "it has a labelStyle") }
            for id in Properties.swiftUIOnly where frameworkProperties.contains(id) {
                return (true, "it sets \(id.name)")
            }
            return (swiftUI, "by default")
        }
    }

    /// The property of the other framework that says the same.
    static let counterpart: [PropertyID: PropertyID] = [
        .numberOfLines: .lineLimit, .lineLimit: .numberOfLines, .lineBreakMode: .truncationMode, .truncationMode: .lineBreakMode,
        .allowsDefaultTighteningForTruncation: .allowsTightening, .allowsTightening: .allowsDefaultTighteningForTruncation,
        .textAlignment: .multilineTextAlignment, .multilineTextAlignment: .textAlignment,
    ]

    /// A property of the other framework on a label: what to write instead, and the edit when
    /// the label sets it itself.
    private static func counterpartAdvice(_ p: EffectiveProperty, swiftUI: Bool) -> (advice: String, replacement: String?) {
        let id = p.assignment.id
        let typed = p.assignment.typed
        func enumValue() -> String? { if case .enumCase(let c)? = typed { return c } else { return nil } }
        switch id {
        case .numberOfLines:
            // A number past Int's range (saturated) is "as many lines as needed" too.
            if case .integer(let n)? = typed, n >= 1, n < Int.max { return ("use lineLimit: \(n)", "lineLimit: \(n)") }
            return ("remove it: SwiftUI text wraps without a limit unless lineLimit says otherwise", "")
        case .lineLimit:
            if case .integer(let n)? = typed {
                // Past Int's range: no limit, which a UILabel says with 0 (not the saturated value).
                let lines = n == Int.max ? 0 : n
                return ("use numberOfLines: \(lines)", "numberOfLines: \(lines)")
            }
            return ("use numberOfLines", nil)
        case .lineBreakMode:
            let map = ["byTruncatingTail": "tail", "byTruncatingHead": "head", "byTruncatingMiddle": "middle"]
            if let m = enumValue(), let t = map[m] { return ("use truncationMode: .\(t)", "truncationMode: .\(t)") }
            return ("SwiftUI text wraps at words and truncates its last line (truncationMode); remove it", "")
        case .truncationMode:
            let map = ["tail": "byTruncatingTail", "head": "byTruncatingHead", "middle": "byTruncatingMiddle"]
            if let m = enumValue(), let t = map[m] { return ("use lineBreakMode: .\(t)", "lineBreakMode: .\(t)") }
            return ("use lineBreakMode", nil)
        case .allowsDefaultTighteningForTruncation, .allowsTightening:
            let other = id == .allowsTightening ? "allowsDefaultTighteningForTruncation" : "allowsTightening"
            if case .bool(let b)? = typed { return ("use \(other): \(b)", "\(other): \(b)") }
            return ("use \(other)", nil)
        case .textAlignment:
            let map = ["natural": "leading", "left": "leading", "center": "center", "right": "trailing"]
            if let m = enumValue(), let t = map[m] { return ("use multilineTextAlignment: .\(t)", "multilineTextAlignment: .\(t)") }
            return ("use multilineTextAlignment", nil)
        case .multilineTextAlignment:
            let map = ["leading": "natural", "center": "center", "trailing": "right"]
            if let m = enumValue(), let t = map[m] { return ("use textAlignment: .\(t)", "textAlignment: .\(t)") }
            return ("use textAlignment", nil)
        case .adjustsFontSizeToFitWidth:
            return ("remove it: in SwiftUI, minimumScaleFactor alone lets the text shrink", "")
        default:
            return ("remove it: SwiftUI has no such property", "")
        }
    }

    /// How many labels of `document` have text set in code and no text (`textSetInCode: true`,
    /// theirs or a style's, without `text`): they are not measured. A document that does not
    /// say `textSetInCode` is not walked.
    public func labelsWithTextSetInCode(in document: Document) -> Int {
        guard document.syntax.source.allBytes.withUnsafeBufferPointer({ Self.mentions($0, "textSetInCode") }) else { return 0 }
        return document.orderedItems.count { item in
            guard item.info.kind == .label else { return false }
            let e = effectiveProperties(of: item.info)
            if e[.text] != nil { return false }
            if case .bool(true)? = e[.textSetInCode]?.assignment.typed { return true }
            return false
        }
    }

    /// Whether `bytes` hold `word`.
    static func mentions(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        let n = word.utf8CodeUnitCount
        guard n > 0, bytes.count >= n else { return false }
        return word.withUTF8Buffer { w in
            var i = 0
            while i + n <= bytes.count {
                if bytes[i] == w[0], (1..<n).allSatisfy({ bytes[i + $0] == w[$0] }) { return true }
                i += 1
            }
            return false
        }
    }

    func labelChecks(_ info: ItemInfo, _ e: EffectiveLookup) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let facts = LabelFacts(e)
        func bool(_ p: EffectiveProperty?) -> Bool {
            if case .bool(let b)? = p?.assignment.typed { return b }
            return false
        }
        /// Where to point: the member when the label sets it, else the label's name.
        func place(_ p: EffectiveProperty?) -> (range: Range<Int>, suffix: String, own: PropertyAssignment?) {
            guard let p else { return (info.nameRange, "", nil) }
            if p.owner === info { return (p.assignment.nameRange, "", p.assignment) }
            return (info.nameRange, " (set by style '\(p.owner.name ?? "?")')", nil)
        }
        func removeFix(_ a: PropertyAssignment?) -> [Fix] {
            guard let a else { return [] }
            return [Fix(title: "Remove '\(a.name)'", edits: [Replacement(range: a.removal, newText: "")])]
        }

        // Text the app's code sets (`textSetInCode: true`) is not missing.
        if !facts.hasText, !LabelFacts.textSetInCode(e) {
            out.append(
                Diagnostic(
                    .missingText, "label '\(info.name ?? "?")' has no text; add text: \"…\" or inherit it from a style", at: info.nameRange)
            )
        }
        if let tables = localizations, case .localized(let key, let table, _)? = facts.text?.assignment.typed,
            !tables.hasKey(LocalizationKey(key))
        {
            let where_ = place(facts.text)
            let tableText = table.map { " (table '\($0)')" } ?? ""
            out.append(
                Diagnostic(
                    .missingLocalization,
                    "no String Catalog has the key '\(key)'\(tableText); add it or fix the key\(where_.suffix)\(tables.tablesNotRead.map { "; \($0)" } ?? "")",
                    at: where_.range))
        }

        let framework = facts.framework
        for id in framework.swiftUI ? Properties.uiKitOnly : Properties.swiftUIOnly where facts.frameworkProperties.contains(id) {
            guard let p = facts.effective(id) else { continue }
            let where_ = place(p)
            var (advice, replacement) = Workspace.counterpartAdvice(p, swiftUI: framework.swiftUI)
            // The counterpart already set (by the label or a style): that one is in force, so
            // this one only goes; writing the counterpart would override the value in force.
            if replacement != "", let c = Workspace.counterpart[id], let set = facts.effective(c) {
                let by = set.owner === info ? "" : " by style '\(set.owner.name ?? "?")'"
                (advice, replacement) = ("remove it: \(c.name) is set\(by), and is what counts", "")
            }
            let what =
                framework.swiftUI
                ? "'\(id.name)' is UILabel's; this label is SwiftUI (\(framework.reason)), which ignores it: \(advice)"
                : "'\(id.name)' is SwiftUI's; this label is a UILabel (\(framework.reason)), which ignores it: \(advice), or say framework: .swiftUI"
            var fixes: [Fix] = []
            if let own = where_.own, let replacement {
                fixes = [
                    Fix(
                        title: replacement.isEmpty ? "Remove '\(id.name)'" : "Replace with \(replacement)",
                        edits: [Replacement(range: replacement.isEmpty ? own.removal : own.memberRange, newText: replacement)])
                ]
            }
            out.append(Diagnostic(.wrongFramework, what + where_.suffix, at: where_.range, fixes: fixes))
        }
        /// Properties that need another one, in either framework.
        func needsPartners() {
            if facts.hasShadowOffset, !facts.hasShadowColor {
                let where_ = place(facts.shadowOffset)
                out.append(
                    Diagnostic(
                        .noEffect, "'shadowOffset' has no effect without shadowColor; remove it or set a shadowColor\(where_.suffix)",
                        at: where_.range, fixes: removeFix(where_.own)))
            }
            if facts.hasVerticalAlignment, !facts.hasHeight {
                let where_ = place(facts.verticalAlignment)
                out.append(
                    Diagnostic(
                        .noEffect, "'verticalAlignment' has no effect without height; remove it or give the label a height\(where_.suffix)",
                        at: where_.range, fixes: removeFix(where_.own)))
            }
        }
        if framework.swiftUI {
            // SwiftUI shrinks with minimumScaleFactor alone, on as many lines as it shows; the
            // UIKit-only checks below do not apply.
            needsPartners()
            out += accessibilityChecks(info, facts, swiftUI: true, place: place)
            return out
        }

        let shrinks = bool(facts.adjustsFontSize)
        let autoshrink = shrinks || bool(facts.adjustsLetterSpacing)
        if autoshrink {
            var mode = LineBreakMode.byTruncatingTail
            if case .enumCase(let m)? = facts.lineBreakMode?.assignment.typed, let typed = LineBreakMode(rawValue: m) { mode = typed }
            var lines = 1
            if case .integer(let n)? = facts.numberOfLines?.assignment.typed { lines = n }
            if mode == .byWordWrapping || mode == .byCharWrapping, lines != 1 {
                let where_ = place(facts.lineBreakMode)
                var fixes = removeFix(where_.own)
                if fixes.isEmpty, let shrink = facts.adjustsFontSize, shrink.owner === info { fixes = removeFix(shrink.assignment) }
                out.append(
                    Diagnostic(
                        .wrapAutoshrinkConflict,
                        "'.\(mode.rawValue)' with numberOfLines \(lines) and autoshrink: autoshrink scales text without adding line breaks; use numberOfLines: 1 or a truncating lineBreakMode\(where_.suffix)",
                        at: where_.range, fixes: fixes))
            }
        }
        func needsAutoshrink(_ id: PropertyID, _ p: EffectiveProperty?) {
            guard p != nil else { return }
            let where_ = place(p)
            out.append(
                Diagnostic(
                    .noEffect,
                    "'\(id.name)' has no effect without adjustsFontSizeToFitWidth: true; remove it or turn autoshrink on\(where_.suffix)",
                    at: where_.range, fixes: removeFix(where_.own)))
        }
        if !shrinks {
            needsAutoshrink(.minimumScaleFactor, facts.minimumScaleFactor)
            needsAutoshrink(.baselineAdjustment, facts.baselineAdjustment)
        }
        needsPartners()
        out += accessibilityChecks(info, facts, swiftUI: false, place: place)
        return out
    }

    /// `low-contrast` (text colour on background colour, every appearance) and `fixed-size-font`
    /// for a text style that `adjustsFontForContentSizeCategory: false` keeps from scaling (a
    /// UILabel's property: SwiftUI text always scales, and `wrong-framework` says so).
    private func accessibilityChecks(
        _ info: ItemInfo, _ facts: LabelFacts, swiftUI: Bool,
        place: (EffectiveProperty?) -> (range: Range<Int>, suffix: String, own: PropertyAssignment?)
    ) -> [Diagnostic] {
        var out: [Diagnostic] = []
        var font: FontSpec?
        if case .font(let f)? = facts.font?.assignment.typed { font = f }
        if !swiftUI, let adjusts = facts.adjustsForContentSize, case .bool(false)? = adjusts.assignment.typed {
            var scaled: String?
            switch font ?? .textStyle(.body) {
            case .textStyle(let style, _): scaled = "text style .\(style.rawValue)"
            case .custom(let family, _, let style?, _): scaled = "custom font '\(family)' relative to .\(style.rawValue)"
            case .system, .custom: scaled = nil  // already reported at the font
            }
            if let scaled {
                let where_ = place(adjusts)
                let size = Contrast.sizeAndWeight(of: font).size
                var fixes: [Fix] = []
                if let own = where_.own {
                    fixes = [
                        Fix(title: "Remove 'adjustsFontForContentSizeCategory'", edits: [Replacement(range: own.removal, newText: "")])
                    ]
                }
                out.append(
                    Diagnostic(
                        .fixedSizeFont,
                        "adjustsFontForContentSizeCategory: false: the \(scaled) takes the user's text size when the label is made (\(formatFactor(size)) pt at .large) but does not follow a change of it while the app runs; remove it so the text follows Dynamic Type\(where_.suffix)",
                        at: where_.range, fixes: fixes))
            }
        }
        // A disabled label is exempt (WCAG 1.4.3: inactive components).
        if case .bool(false)? = facts.isEnabled?.assignment.typed { return out }
        let textProperty = facts.textColor, backgroundProperty = facts.backgroundColor
        var text = ColorSpec.system("label"), background = ColorSpec.system("systemBackground")
        if case .color(let c)? = textProperty?.assignment.typed { text = c }
        if case .color(let c)? = backgroundProperty?.assignment.typed { background = c }
        if textProperty == nil && backgroundProperty == nil { return out }
        guard let message = Contrast.message(text: text, background: background, font: font) else { return out }
        // At the label's own textColor value, else its own backgroundColor value, else its name.
        var range = info.nameRange
        var suffix = ""
        if let t = textProperty, t.owner === info, let r = t.assignment.valueRange {
            range = r
        } else if let b = backgroundProperty, b.owner === info, let r = b.assignment.valueRange {
            range = r
        } else if let inherited = textProperty ?? backgroundProperty {
            suffix = place(inherited).suffix
        }
        out.append(Diagnostic(.lowContrast, message + suffix, at: range))
        return out
    }
}
