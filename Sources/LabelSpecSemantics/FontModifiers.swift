import LabelVocabulary

/// SwiftUI's modifiers of a `Font`, written after the font as Swift writes them:
/// `.body.monospacedDigit()`, `.system(size: 17).design(.rounded)`, `.title2.bold()`,
/// `.headline.weight(.regular)`.
extension TypeChecker {
    /// The modifiers LabelSpec measures.
    static let fontModifiers = ["bold()", "weight(_:)", "italic()", "design(_:)", "monospacedDigit()"]

    /// `base` typed as a font, then the modifier `name(args)` applied to it.
    mutating func checkFontModifier(
        _ property: String, _ type: PropertyType, _ node: ValueNode, base: ValueNode, name: String, _ args: [Argument]?
    ) -> TypedValue? {
        guard case .font(let font)? = check(property, type, base) else { return nil }
        // SwiftUI asks a custom family for a face (`.bold()`, `.weight(_:)`, `.italic()`) and
        // digits; its design is its own.
        if case .custom = font, name == "design" {
            diagnostics.append(
                Diagnostic(
                    .typeMismatch,
                    "'.design(_:)' is measured on the system font (a text style or .system(…)); a .custom family keeps its own design",
                    at: node.range))
            return nil
        }
        var changed = font.traits
        switch (name, args) {
        case ("monospacedDigit", let args?) where args.isEmpty:
            changed.monospacedDigit = true
        case ("bold", let args?) where args.isEmpty:
            (changed.bold, changed.weight) = (true, nil)
        case ("italic", let args?) where args.isEmpty:
            changed.italic = true
        // The argument as an enumeration property's value is typed (the same messages).
        case ("weight", let args?) where args.count == 1 && args[0].label == nil:
            guard case .enumCase(let w)? = check("weight", .enumeration(Properties.weights), args[0].value) else { return nil }
            (changed.weight, changed.bold) = (FontWeight(rawValue: w), false)
        case ("design", let args?) where args.count == 1 && args[0].label == nil:
            guard case .enumCase(let d)? = check("design", .enumeration(Properties.designs), args[0].value) else { return nil }
            changed.design = FontDesign(rawValue: d) ?? .default
        case ("monospacedDigit", let args), ("bold", let args), ("italic", let args):
            let why = args == nil ? "is a call" : "takes no arguments"
            diagnostics.append(Diagnostic(.typeMismatch, "'.\(name)' \(why): write .\(name)()", at: node.range))
            return nil
        case ("weight", _), ("design", _):
            let example = name == "weight" ? "semibold" : "rounded"
            diagnostics.append(
                Diagnostic(.typeMismatch, "'.\(name)' takes one \(name), unlabelled: write .\(name)(.\(example))", at: node.range))
            return nil
        default:
            let names = TypeChecker.fontModifiers.map { "." + $0 }
            let known = names.dropLast().joined(separator: ", ") + " and " + names.last!
            let written = args == nil ? "" : args?.isEmpty == true ? "()" : "(…)"
            var message = "unknown font modifier '.\(name)\(written)'; LabelSpec measures \(known)"
            if let near = nearest(name, in: ["monospacedDigit", "design", "bold", "weight", "italic"]) {
                message += "; did you mean '.\(near)'?"
            }
            diagnostics.append(Diagnostic(.typeMismatch, message, at: node.range))
            return nil
        }
        switch font {
        case .textStyle(let style, _): return .font(.textStyle(style, changed))
        case .system(let size, let weight, _): return .font(.system(size: size, weight: weight, traits: changed))
        case .custom(let family, let size, let relativeTo, _):
            return .font(.custom(family: family, size: size, relativeTo: relativeTo, traits: changed))
        }
    }
}
