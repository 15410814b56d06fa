import Foundation
import LabelSpecSupport
import SwiftParser
import SwiftSyntax

/// A font as Swift writes it, read from syntax: a text style, the system font, a custom family
/// (each written back as a LabelSpec font expression, built from the pieces it recognised and
/// never copied from the file), the app's own token (`.compound.bodyMD`, `UIFont.appTitle`:
/// `labelspec.json`'s `fonts` maps it), or something only the running app knows.
public struct SiteFont: Sendable, Equatable {
    public enum Base: Sendable, Equatable {
        /// A LabelSpec font expression: `.headline`, `.system(size: 15, weight: .bold)`.
        case spec(String)
        /// The app's own font, by its key in `fonts`: `Font.compound.bodyMD`, `UIFont.appTitle`,
        /// `View.daxBodyRegular()` (a view modifier that sets a font).
        case token(String)
        /// A variable, a ternary, a call LabelSpec cannot read: the source text, for messages.
        case code(String)
    }

    public var base: Base
    /// LabelSpec modifiers, as read (`.bold()`, `.weight(.semibold)`, `.italic()`,
    /// `.monospacedDigit()`, `.design(.rounded)`); `expression` writes one of each kind.
    public var modifiers: [String] = []
    /// `.italic()` was applied (in `modifiers` too: measured with the italic faces, a `.custom`
    /// family with its italic face: docs/swift-sources.md).
    public var italic = false
    /// A `.custom` family: takes its face and digits from the modifiers, not a design (its own).
    public var custom = false

    public init(base: Base, modifiers: [String] = [], italic: Bool = false, custom: Bool = false) {
        self.base = base
        self.modifiers = modifiers
        self.italic = italic
        self.custom = custom
    }

    /// The LabelSpec expression, with `token` standing for a token's mapped value; nil for code
    /// or an unmapped token.
    public func expression(token mapped: (String) -> SiteFont?) -> String? {
        switch base {
        case .spec(let s): return s + SiteFont.applicable(modifiers, custom: custom).joined()
        case .token(let t):
            guard var m = mapped(t), case .spec(let s) = m.base else { return nil }
            m.modifiers += modifiers
            return s + SiteFont.applicable(m.modifiers, custom: m.custom).joined()
        case .code: return nil
        }
    }

    /// The modifiers LabelSpec measures on the font, one of each kind, as they add up: the last
    /// of `.bold()` and `.weight(_:)`, the last design, `.italic()` and `.monospacedDigit()` once
    /// (a token's own and the call's: `.a.bold()` over a token mapped to `.title2.weight(.heavy)`),
    /// so that what is written is at most four, under the language's eight; all on the system
    /// font; on a custom family, not a design (`.monospaced()` asks the system font's SF Mono; a
    /// family keeps its own).
    static func applicable(_ modifiers: [String], custom: Bool) -> [String] {
        var (weight, design, italic, digits): (String?, String?, Bool, Bool) = (nil, nil, false, false)
        for m in modifiers {
            if m == ".bold()" || m.hasPrefix(".weight(") {
                weight = m
            } else if m.hasPrefix(".design(") {
                design = custom ? nil : m
            } else if m == ".italic()" {
                italic = true
            } else if m == ".monospacedDigit()" {
                digits = true
            }
        }
        return [weight, design, italic ? ".italic()" : nil, digits ? ".monospacedDigit()" : nil].compactMap { $0 }
    }
}

/// Reads fonts from Swift syntax (SwiftUI's `Font`, UIKit's `UIFont`).
public enum FontSyntax {
    static let weights: Set<String> = ["ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black"]
    static let designs: Set<String> = ["default", "rounded", "monospaced", "serif"]
    /// Swift's text style names (SwiftUI's and UIKit's) → LabelSpec's.
    static let styles: [String: String] = [
        "largeTitle": "largeTitle", "title": "title1", "title1": "title1", "title2": "title2", "title3": "title3",
        "headline": "headline", "body": "body", "callout": "callout", "subheadline": "subheadline", "footnote": "footnote",
        "caption": "caption1", "caption1": "caption1", "caption2": "caption2",
    ]

    /// A text style's LabelSpec name from an expression `.headline`, `Font.TextStyle.headline`,
    /// `UIFont.TextStyle.headline`.
    static func style(_ e: ExprSyntax) -> String? {
        guard let m = e.as(MemberAccessExprSyntax.self) else { return nil }
        if let base = m.base, !["Font", "TextStyle", "Font.TextStyle", "UIFont.TextStyle"].contains(shortText(base) ?? "") {
            return nil
        }
        return styles[m.declName.baseName.text]
    }

    /// `.bold` / `.semibold` / `Font.Weight.bold` → its name when it is a weight.
    static func member(_ e: ExprSyntax?, in names: Set<String>) -> String? {
        guard let m = e?.as(MemberAccessExprSyntax.self), names.contains(m.declName.baseName.text) else { return nil }
        return m.declName.baseName.text
    }

    /// A number literal (`17`, `17.5`), when it is a size a layout can have
    /// (`isPlausible`).
    static func number(_ e: ExprSyntax?) -> Double? {
        guard let e else { return nil }
        var v: Double?
        if let i = e.as(IntegerLiteralExprSyntax.self) { v = Double(i.literal.text.replacingOccurrences(of: "_", with: "")) }
        if let f = e.as(FloatLiteralExprSyntax.self) { v = Double(f.literal.text.replacingOccurrences(of: "_", with: "")) }
        return v.flatMap { isPlausible($0) ? $0 : nil }
    }

    /// A size, width or factor LabelSpec writes: 0 or from 0.0001 to 100,000 (a `1e20` or
    /// `1e-7` is read as nothing).
    static func isPlausible(_ v: Double) -> Bool { v.isFinite && (v == 0 || (abs(v) >= 1e-4 && abs(v) <= 1e5)) }

    /// A number as the language writes it: never with an exponent.
    static func points(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e9 { return String(Int(v)) }
        var text = String(format: "%.4f", v)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// The most calls a font's chain may have to be read (`.body.bold().italic()` has two): a
    /// longer one is code. The spec language takes 8 modifiers; what they set takes 4 at most.
    static let maxChain = 16

    /// The calls and member accesses of `e`'s chain (`a.b().c()!`: 3), counted without
    /// recursion up to `maxChain + 1`: a chain of thousands is never walked by swift-syntax's
    /// recursive description (which overflows the stack) nor peeled.
    static func chainLength(_ e: ExprSyntax) -> Int {
        var (node, n) = (e, 0)
        while n <= maxChain {
            if let call = node.as(FunctionCallExprSyntax.self) {
                node = call.calledExpression
            } else if let m = node.as(MemberAccessExprSyntax.self), let base = m.base {
                (node, n) = (base, n + 1)
            } else if let forced = node.as(ForceUnwrapExprSyntax.self) {
                node = forced.expression
            } else if let optional = node.as(OptionalChainingExprSyntax.self) {
                node = optional.expression
            } else {
                break
            }
        }
        return n
    }

    /// The source of a short expression; nil for one past 400 bytes (its description is not
    /// computed: a deep tree's would recurse as deep).
    static func shortText(_ e: some SyntaxProtocol) -> String? {
        e.totalLength.utf8Length <= 400 ? e.trimmedDescription : nil
    }

    /// What a message says of an expression it cannot read: its source, or for a long one its
    /// length.
    static func codeText(_ e: some SyntaxProtocol) -> String {
        shortText(e) ?? "an expression of \(e.totalLength.utf8Length) bytes"
    }

    /// The font an expression gives: SwiftUI (`uiKit` false) or UIKit.
    public static func read(_ e: ExprSyntax, uiKit: Bool = false) -> SiteFont {
        guard chainLength(e) <= maxChain else { return SiteFont(base: .code(codeText(e))) }
        var e = e
        // `UIFont(name: "X", size: 17)!` and `… ?? .systemFont(…)`: the named font.
        if let forced = e.as(ForceUnwrapExprSyntax.self) { e = forced.expression }
        if let seq = e.as(SequenceExprSyntax.self), let first = seq.elements.first,
            seq.elements.dropFirst().first?.as(BinaryOperatorExprSyntax.self)?.operator.text == "??"
        {
            e = first
        }
        // Modifiers, outermost last: peel them off.
        var modifiers: [String] = []
        var italic = false
        while let call = e.as(FunctionCallExprSyntax.self), let m = call.calledExpression.as(MemberAccessExprSyntax.self),
            var base = m.base, !isFontRoot(base)
        {
            // `UIFont(name: "Inter", size: 17)!.withTraits(…)`, `?.withWeight(…)`: the optional's font.
            if let forced = base.as(ForceUnwrapExprSyntax.self) { base = forced.expression }
            if let optional = base.as(OptionalChainingExprSyntax.self) { base = optional.expression }
            let name = m.declName.baseName.text
            let args = Array(call.arguments)
            switch name {
            case "bold" where args.isEmpty: modifiers.insert(".bold()", at: 0)
            case "italic" where args.isEmpty:
                italic = true
                modifiers.insert(".italic()", at: 0)
            case "monospacedDigit" where args.isEmpty: modifiers.insert(".monospacedDigit()", at: 0)
            case "monospaced" where args.isEmpty: modifiers.insert(".design(.monospaced)", at: 0)
            case "leading" where args.count == 1: break  // line spacing: no width
            // `.withWeight(.semibold)`: UIKit apps' helper over the descriptor's weight trait.
            case "weight" where args.count == 1, "withWeight" where args.count == 1:
                guard let w = member(args[0].expression, in: weights) else { return SiteFont(base: .code(codeText(e))) }
                modifiers.insert(".weight(.\(w))", at: 0)
            // `.withTraits(.traitBold)`, `(.traitBold, .traitItalic)`, `([.traitBold, …])`: UIKit
            // apps' helper over `withSymbolicTraits`.
            case "withTraits":
                guard let traits = symbolicTraits(args) else { return SiteFont(base: .code(codeText(e))) }
                if traits.contains(".italic()") { italic = true }
                modifiers.insert(contentsOf: traits, at: 0)
            default: return SiteFont(base: .code(codeText(e)))
            }
            e = base
        }
        var font = base(e, uiKit: uiKit)
        font.modifiers += modifiers
        font.italic = font.italic || italic
        return font
    }

    /// UIKit's symbolic traits as LabelSpec's modifiers: `.traitBold` the bold trait (`.bold()`:
    /// a text style's emphasized weight), `.traitItalic` `.italic()`; each argument one trait or
    /// an array of them. Nil when any other trait is asked for (`.traitCondensed`: not measured).
    static func symbolicTraits(_ args: [LabeledExprSyntax]) -> [String]? {
        var out: [String] = []
        func add(_ e: ExprSyntax) -> Bool {
            if let array = e.as(ArrayExprSyntax.self) { return array.elements.allSatisfy { add($0.expression) } }
            switch member(e, in: ["traitBold", "traitItalic"]) {
            case "traitBold"?: if !out.contains(".bold()") { out.append(".bold()") }
            case "traitItalic"?: if !out.contains(".italic()") { out.append(".italic()") }
            default: return false
            }
            return true
        }
        guard !args.isEmpty, args.allSatisfy({ ($0.label == nil || $0.label?.text == "traits") && add($0.expression) }) else { return nil }
        return out
    }

    /// `UIFont(descriptor: D, size: 0)` where `D` is a font's descriptor (`X.fontDescriptor`) or a
    /// text style's (`UIFontDescriptor.preferredFontDescriptor(withTextStyle: .body)`), with
    /// `.withSymbolicTraits(…)` (force-unwrapped, or `?? …`): that font with those traits. Size 0
    /// keeps the descriptor's size, so Dynamic Type; any other size is not read.
    static func descriptorFont(_ args: [LabeledExprSyntax], uiKit: Bool) -> SiteFont? {
        guard args.map({ $0.label?.text ?? "_" }) == ["descriptor", "size"], number(args[1].expression) == 0 else { return nil }
        var d = args[0].expression
        if let forced = d.as(ForceUnwrapExprSyntax.self) { d = forced.expression }
        if let seq = d.as(SequenceExprSyntax.self), let first = seq.elements.first,
            seq.elements.dropFirst().first?.as(BinaryOperatorExprSyntax.self)?.operator.text == "??"
        {
            d = first
        }
        if let optional = d.as(OptionalChainingExprSyntax.self) { d = optional.expression }
        var traits: [String] = []
        if let call = d.as(FunctionCallExprSyntax.self), let m = call.calledExpression.as(MemberAccessExprSyntax.self),
            m.declName.baseName.text == "withSymbolicTraits", let base = m.base
        {
            guard let t = symbolicTraits(Array(call.arguments)) else { return nil }
            (traits, d) = (t, base)
        }
        var font: SiteFont
        if let m = d.as(MemberAccessExprSyntax.self), m.declName.baseName.text == "fontDescriptor", let base = m.base {
            font = read(base, uiKit: uiKit)
        } else if let call = d.as(FunctionCallExprSyntax.self), let m = call.calledExpression.as(MemberAccessExprSyntax.self),
            m.declName.baseName.text == "preferredFontDescriptor", m.base.map({ shortText($0) == "UIFontDescriptor" }) ?? true,
            call.arguments.map({ $0.label?.text }) == ["withTextStyle"], let s = style(call.arguments.first!.expression)
        {
            font = SiteFont(base: .spec("." + s))
        } else {
            return nil
        }
        if case .code = font.base { return nil }
        font.modifiers += traits
        if traits.contains(".italic()") { font.italic = true }
        return font
    }

    /// `Font`, `UIFont` or `SwiftUI.Font`, read from the tree (no description: it is asked at
    /// every link of a chain).
    static func isFontRoot(_ e: ExprSyntax) -> Bool {
        if let name = e.as(DeclReferenceExprSyntax.self)?.baseName.text { return name == "Font" || name == "UIFont" }
        guard let m = e.as(MemberAccessExprSyntax.self), m.declName.baseName.text == "Font" else { return false }
        return m.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "SwiftUI"
    }

    /// The font without modifiers.
    static func base(_ e: ExprSyntax, uiKit: Bool) -> SiteFont {
        let code = SiteFont(base: .code(codeText(e)))
        if let s = style(e) { return SiteFont(base: .spec("." + s)) }
        if let call = e.as(FunctionCallExprSyntax.self) {
            let args = Array(call.arguments)
            func arg(_ label: String) -> ExprSyntax? { args.first { $0.label?.text == label }?.expression }
            let labels = args.map { $0.label?.text ?? "_" }
            // `UIFont(name: "Avenir", size: 17)`: UIKit keeps its size.
            if call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "UIFont" {
                if labels.first == "descriptor" { return descriptorFont(args, uiKit: uiKit) ?? code }
                guard labels == ["name", "size"], let family = literal(arg("name")), let n = number(arg("size")), n > 0 else { return code }
                // The system font by its PostScript name (`.SFUIText-Semibold`): its weight and
                // slant; any other name is a family or a face's PostScript name (`Inter-Bold`),
                // which the measurement looks up as fontconfig has it.
                if PostScriptName.isSystemFont(family) {
                    let (base, italic) = PostScriptName.systemFont(family, points: points(n))
                    return SiteFont(base: .spec(base), modifiers: italic ? [".italic()"] : [], italic: italic)
                }
                return custom(family, n, relativeTo: nil)
            }
            guard let m = call.calledExpression.as(MemberAccessExprSyntax.self), m.base == nil || isFontRoot(m.base!) else {
                return code
            }
            switch m.declName.baseName.text {
            case "system":
                // `.system(size:weight:design:)` or `.system(.body, design:, weight:)`.
                if let first = args.first, first.label == nil {
                    guard let s = style(first.expression), Set(labels.dropFirst()).isSubset(of: ["design", "weight"]) else { return code }
                    var out = SiteFont(base: .spec(".system(.\(s)" + design(arg("design")) + ")"))
                    if let w = arg("weight") {
                        guard let name = member(w, in: weights) else { return code }
                        out.modifiers = [".weight(.\(name))"]
                    }
                    if arg("design") != nil, design(arg("design")).isEmpty { return code }
                    return out
                }
                guard Set(labels).isSubset(of: ["size", "weight", "design"]), let n = number(arg("size")), n > 0 else { return code }
                var text = ".system(size: \(points(n))"
                if let w = arg("weight") {
                    guard let name = member(w, in: weights) else { return code }
                    text += ", weight: .\(name)"
                }
                if arg("design") != nil {
                    let d = design(arg("design"))
                    if d.isEmpty { return code }
                    text += d
                }
                return SiteFont(base: .spec(text + ")"))
            case "custom":
                guard let family = literal(args.first?.expression), args.first?.label == nil else { return code }
                if let n = number(arg("fixedSize")), n > 0, labels == ["_", "fixedSize"] { return custom(family, n, relativeTo: nil) }
                guard let n = number(arg("size")), n > 0 else { return code }
                if labels == ["_", "size"] { return custom(family, n, relativeTo: "body") }  // SwiftUI scales it like .body
                guard labels == ["_", "size", "relativeTo"], let s = style(arg("relativeTo")!) else { return code }
                return custom(family, n, relativeTo: s)
            // `compatibleWith: nil`: the app's traits, as without it (a trait collection of its
            // own may fix a content size: code).
            case "preferredFont"
            where labels == ["forTextStyle"]
                || (labels == ["forTextStyle", "compatibleWith"] && args[1].expression.is(NilLiteralExprSyntax.self)):
                return style(args[0].expression).map { SiteFont(base: .spec("." + $0)) } ?? code
            case "systemFont", "boldSystemFont", "italicSystemFont", "monospacedDigitSystemFont":
                guard labels.first == "ofSize", let n = number(args[0].expression), n > 0 else { return code }
                var text = ".system(size: \(points(n))"
                // UIKit's bold system font is the bold trait's (semibold: `.SFUI-Semibold`).
                if ["boldSystemFont", "italicSystemFont"].contains(m.declName.baseName.text) {
                    guard labels == ["ofSize"] else { return code }
                    let bold = m.declName.baseName.text == "boldSystemFont"
                    return SiteFont(base: .spec(text + ")"), modifiers: [bold ? ".bold()" : ".italic()"], italic: !bold)
                } else if labels == ["ofSize", "weight"] {
                    guard let w = member(args[1].expression, in: weights) else { return code }
                    text += ", weight: .\(w)"
                } else if labels != ["ofSize"] {
                    return code
                }
                var out = SiteFont(base: .spec(text + ")"))
                if m.declName.baseName.text == "monospacedDigitSystemFont" { out.modifiers = [".monospacedDigit()"] }
                return out
            default: return code
            }
        }
        // A token: `.compound.bodyMD`, `Font.scaledBody`, `UIFont.appTitle`.
        if let path = dotted(e) { return SiteFont(base: .token((uiKit ? "UIFont." : "Font.") + path)) }
        return code
    }

    /// `.x.y` or `Font.x.y` / `UIFont.x.y` as `x.y`; nil for anything else.
    static func dotted(_ e: ExprSyntax) -> String? {
        guard let path = MemberPath(e, stop: isFontRoot), path.root.map(isFontRoot) ?? true else { return nil }
        return path.joined
    }

    static func design(_ e: ExprSyntax?) -> String {
        guard let e else { return "" }
        guard let d = member(e, in: designs) else { return "" }
        return ", design: .\(d)"
    }

    static func literal(_ e: ExprSyntax?) -> String? { e?.as(StringLiteralExprSyntax.self)?.representedLiteralValue }

    /// LabelSpec's name of a Swift text style name (`caption` → `caption1`).
    public static func styleName(_ swift: String) -> String? { styles[swift] }

    /// A custom family at a size, scaled like the text style `relativeTo` (LabelSpec's name), or
    /// fixed.
    public static func custom(_ family: String, _ size: Double, relativeTo: String?) -> SiteFont {
        var text = ".custom(" + GeneratedSource.quoted(family) + ", size: \(points(size))"
        if let relativeTo { text += ", relativeTo: .\(relativeTo)" }
        var out = SiteFont(base: .spec(text + ")"))
        out.custom = true
        return out
    }
}

extension FontSyntax {
    /// A font written as Swift text (a `// labelspec: font` comment, a value of `fonts` in
    /// `labelspec.json`): one expression, read as code reads it; anything else is `.code`.
    public static func read(text: String, uiKit: Bool = false) -> SiteFont {
        let tree = Parser.parse(source: text)
        guard !tree.hasError, tree.statements.count == 1, let e = tree.statements.first?.item.as(ExprSyntax.self) else {
            return SiteFont(base: .code(text))
        }
        return read(e, uiKit: uiKit)
    }
}
