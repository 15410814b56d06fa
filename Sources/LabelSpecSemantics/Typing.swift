import LabelSpecSyntax
import LabelVocabulary

public enum ColorSpec: Sendable, Hashable {
    case system(String)
    case rgba(RGBA)
}

/// A property value after type checking.
public enum TypedValue: Sendable, Equatable {
    case text(String)
    /// `.localized("key", table: "T", defaultValue: "text")`, as Swift's `String(localized:
    /// defaultValue:table:)`: `defaultValue` is the development language's text when its table has
    /// no text for the key.
    indirect case localized(key: String, table: String?, defaultValue: String? = nil)
    case font(FontSpec)
    case color(ColorSpec)
    case enumCase(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case size(Double, Double)
    indirect case icon(isSystem: Bool, name: String)
    /// A length that follows the screen (a constant one is a `number`).
    case length(ScreenLength)
    case labelStyles([String])
    case arguments([SampleArgument])
}

/// A sample argument for a format specifier: a string or a number (`arguments:` of a label,
/// `sampleArguments` of `labelspec.json`).
public enum SampleArgument: Sendable, Hashable {
    case string(String)
    case number(Double)
}

/// Type-checks one value against a property's type.
struct TypeChecker {
    /// The largest size a label, a font or a line may have, in points: far past any screen (an
    /// iPad Pro is 1,366 points wide), and small enough that every size can be measured and
    /// printed. Larger values are `invalid-number` errors and are not used.
    static let maximumPoints = ScreenLength.mostPoints
    static let maximumPointsText = "100000"

    var diagnostics: [Diagnostic] = []

    mutating func mismatch(
        _ property: String, _ type: PropertyType, _ node: ValueNode, got: String? = nil, fix: Fix? = nil, hint: String? = nil
    ) {
        var message = "'\(property)' expects \(type.displayName)"
        if let got { message += ", not \(got)" }
        if let hint { message += "; \(hint)" }
        diagnostics.append(Diagnostic(.typeMismatch, message, at: node.range, fixes: fix.map { [$0] } ?? []))
    }

    func describe(_ value: Value) -> String {
        switch value {
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a bool"
        case .hexColor: return "a hex colour"
        case .enumCase(let name, _): return "'.\(name)'"
        case .call(_, let name, _): return "a call of '.\(name)()'"
        case .name(let n): return "'\(n)'"
        case .tuple: return "a tuple"
        case .list: return "a list"
        case .arithmetic: return "an expression"
        case .invalid: return "an invalid value"
        }
    }

    /// The most terms a length may have (numbers and screen lengths): far more than a width
    /// needs, and few enough that reading and printing one costs nothing.
    static let maximumTerms = 64

    /// The screen lengths and functions a length may name.
    static let lengthNames = ["screen", "safeArea", "margins", "min", "max", "sizeClass"]

    /// A length as written: numbers, `.screen`, `.safeArea`, `.margins`, `+ - * /`, brackets,
    /// `.min(…)`, `.max(…)`, `.sizeClass(compact:regular:)`. Products and quotients take a
    /// number on one side (`(.screen - 48) / 2`, not `.screen * .margins`).
    private mutating func screenLength(_ property: String, _ type: PropertyType, _ node: ValueNode, terms: inout Int) -> ScreenLength? {
        terms += 1
        if terms > TypeChecker.maximumTerms {
            if terms == TypeChecker.maximumTerms + 1 {
                diagnostics.append(
                    Diagnostic(.invalidNumber, "'\(property)' has more than \(TypeChecker.maximumTerms) terms; simplify it", at: node.range)
                )
            }
            return nil
        }
        switch node.value {
        case .number(let v, _):
            return .points(v)
        case .enumCase("screen", nil): return .screen
        case .enumCase("safeArea", nil): return .safeArea
        case .enumCase("margins", nil): return .margins
        case .enumCase(let f, let args?) where f == "min" || f == "max":
            guard args.count >= 2, args.allSatisfy({ $0.label == nil }) else {
                mismatch(property, type, node, hint: "write .\(f)(a, b) with two or more lengths")
                return nil
            }
            var all: [ScreenLength] = []
            for a in args {
                guard let l = screenLength(property, type, a.value, terms: &terms) else { return nil }
                all.append(l)
            }
            return f == "min" ? .minimum(all) : .maximum(all)
        case .enumCase("sizeClass", let args?):
            guard args.count == 2, args[0].label == "compact", args[1].label == "regular" else {
                mismatch(property, type, node, hint: "write .sizeClass(compact: a, regular: b)")
                return nil
            }
            guard let c = screenLength(property, type, args[0].value, terms: &terms),
                let r = screenLength(property, type, args[1].value, terms: &terms)
            else { return nil }
            return .sizeClass(compact: c, regular: r)
        case .enumCase(let name, nil) where !TypeChecker.lengthNames.contains(name):
            unknownCase(property, type, node, name, ["screen", "safeArea", "margins"])
            return nil
        case .tuple(let parts) where parts.count == 1:
            return screenLength(property, type, parts[0], terms: &terms)
        case .arithmetic(let operands, let operators):
            guard var result = screenLength(property, type, operands[0], terms: &terms) else { return nil }
            for (op, operand) in zip(operators, operands.dropFirst()) {
                guard let next = screenLength(property, type, operand, terms: &terms) else { return nil }
                if op == .times, result.followsScreen, next.followsScreen {
                    mismatch(property, type, operand, got: "a product of two screen lengths", hint: "multiply by a number")
                    return nil
                }
                if op == .divided, next.followsScreen {
                    mismatch(property, type, operand, got: "a division by a screen length", hint: "divide by a number")
                    return nil
                }
                if op == .divided, case .points(0) = next {
                    diagnostics.append(Diagnostic(.invalidNumber, "'\(property)' divides by 0", at: operand.range))
                    return nil
                }
                result = .operation(result, op, next)
            }
            return result
        default:
            mismatch(property, type, node, got: describe(node.value))
            return nil
        }
    }

    /// An unknown case: suggest the nearest valid one and offer the replacement.
    mutating func unknownCase(_ property: String, _ type: PropertyType, _ node: ValueNode, _ name: String, _ cases: [String]) {
        if let suggestion = nearest(name, in: cases) {
            let fix = Fix(title: "Replace with '.\(suggestion)'", edits: [Replacement(range: node.range, newText: "." + suggestion)])
            mismatch(property, type, node, got: "'.\(name)'", fix: fix, hint: "did you mean '.\(suggestion)'?")
        } else {
            mismatch(property, type, node, got: "'.\(name)'")
        }
    }

    mutating func check(_ property: String, _ type: PropertyType, _ node: ValueNode) -> TypedValue? {
        if case .invalid = node.value { return nil }
        switch type {
        case .text:
            if case .string(let s) = node.value { return .text(s) }
            if case .enumCase("localized", let args?) = node.value {
                if let first = args.first, first.label == nil, case .string(let key) = first.value.value {
                    var table: String?
                    var defaultValue: String?
                    for arg in args.dropFirst() {
                        if arg.label == "table", table == nil, defaultValue == nil, case .string(let t) = arg.value.value {
                            table = t
                        } else if arg.label == "defaultValue", defaultValue == nil, case .string(let d) = arg.value.value {
                            defaultValue = d
                        } else {
                            mismatch(
                                property, type, arg.value, got: "argument '\(arg.label ?? "_")'",
                                hint: "only table: \"Name\" and then defaultValue: \"text\" may follow the key")
                            return nil
                        }
                    }
                    return .localized(key: key, table: table, defaultValue: defaultValue)
                }
                mismatch(property, type, node, hint: "write .localized(\"key\")")
                return nil
            }
            mismatch(property, type, node, got: describe(node.value))
            return nil

        case .font:
            if case .call(let base, let name, let args) = node.value {
                return checkFontModifier(property, type, node, base: base, name: name, args)
            }
            guard case .enumCase(let name, let args) = node.value else {
                mismatch(property, type, node, got: describe(node.value))
                return nil
            }
            switch (name, args) {
            case (_, nil):
                if let style = TextStyle(name: name) { return .font(.textStyle(style)) }
                unknownCase(property, type, node, name, Properties.textStyles)
                return nil
            case ("system", let args?):
                return checkSystemFont(property, type, node, args)
            case ("custom", let args?):
                return checkCustomFont(property, type, node, args)
            default:
                mismatch(property, type, node, got: "'.\(name)(…)'")
                return nil
            }

        case .color:
            switch node.value {
            case .hexColor(let text):
                guard let rgba = parseHex(text) else {
                    diagnostics.append(
                        Diagnostic(.syntax, "invalid hex colour '\(text)': write #RGB, #RRGGBB or #RRGGBBAA", at: node.range))
                    return nil
                }
                return .color(.rgba(rgba))
            case .enumCase(let name, nil):
                if let color = SystemColors.byName[name] { return .color(.system(color.name)) }
                unknownCase(property, type, node, name, SystemColors.all.map(\.name))
                return nil
            default:
                mismatch(property, type, node, got: describe(node.value))
                return nil
            }

        case .enumeration(let cases):
            guard case .enumCase(let name, nil) = node.value else {
                mismatch(property, type, node, got: describe(node.value))
                return nil
            }
            // The table's own string: every value shares its storage instead of keeping a copy.
            if let i = cases.firstIndex(of: name) { return .enumCase(cases[i]) }
            unknownCase(property, type, node, name, cases)
            return nil

        case .nonNegativeInteger:
            guard case .number(let v, let isInteger) = node.value, isInteger else {
                if case .number = node.value {
                    mismatch(property, type, node, got: "a fraction")
                } else {
                    mismatch(property, type, node, got: describe(node.value))
                }
                return nil
            }
            if property == "lineLimit", v < 1 {
                diagnostics.append(
                    Diagnostic(
                        .invalidNumber, "'lineLimit' must be 1 or more; leave it out for as many lines as needed", at: node.range,
                        fixes: [Fix(title: "Use 1", edits: [Replacement(range: node.range, newText: "1")])]))
                return nil
            }
            if v < 0 {
                diagnostics.append(
                    Diagnostic(
                        .invalidNumber, "'\(property)' must be 0 (as many lines as needed) or more", at: node.range,
                        fixes: [Fix(title: "Use 0 (unlimited)", edits: [Replacement(range: node.range, newText: "0")])]))
                return nil
            }
            return .integer(Int(exactly: v) ?? Int.max)

        case .bool:
            if case .bool(let b) = node.value { return .bool(b) }
            mismatch(property, type, node, got: describe(node.value))
            return nil

        case .scaleFactor:
            guard case .number(let v, _) = node.value else {
                mismatch(property, type, node, got: describe(node.value))
                return nil
            }
            if v <= 0 || v > 1 {
                let clamped = v > 1 ? "1" : "0.5"
                diagnostics.append(
                    Diagnostic(
                        .invalidScaleFactor, "'minimumScaleFactor' must be in (0, 1]; use \(clamped)", at: node.range,
                        fixes: [Fix(title: "Clamp to \(clamped)", edits: [Replacement(range: node.range, newText: clamped)])]))
                return nil
            }
            return .number(v)

        case .positivePoints, .positiveNumber:
            guard case .number(let v, _) = node.value else {
                mismatch(property, type, node, got: describe(node.value))
                return nil
            }
            if v <= 0 {
                diagnostics.append(Diagnostic(.invalidNumber, "'\(property)' must be greater than 0", at: node.range))
                return nil
            }
            if !(v <= TypeChecker.maximumPoints) {
                diagnostics.append(
                    Diagnostic(.invalidNumber, "'\(property)' must be at most \(TypeChecker.maximumPointsText)", at: node.range))
                return nil
            }
            return .number(v)

        case .length:
            var terms = 0
            guard let length = screenLength(property, type, node, terms: &terms) else { return nil }
            if length.followsScreen { return .length(length) }
            // A constant: a number, as if written as one.
            let v = length.resolved(on: ScreenGeometry(name: "", width: 0, sizeClass: .compact))
            if !v.isFinite {
                diagnostics.append(Diagnostic(.invalidNumber, "'\(property)' divides by 0", at: node.range))
                return nil
            }
            return check(property, .positivePoints, ValueNode(value: .number(v, isInteger: v == v.rounded()), range: node.range))

        case .size:
            guard case .tuple(let parts) = node.value, parts.count == 2,
                case .number(let w, _) = parts[0].value, case .number(let h, _) = parts[1].value
            else {
                mismatch(property, type, node, got: describe(node.value))
                return nil
            }
            return .size(w, h)

        case .icon:
            guard case .enumCase(let name, let args?) = node.value, name == "systemImage" || name == "image",
                args.count == 1, args[0].label == nil, case .string(let image) = args[0].value.value
            else {
                mismatch(property, type, node, got: describe(node.value))
                return nil
            }
            return .icon(isSystem: name == "systemImage", name: image)

        case .arguments:
            guard case .list(let items) = node.value else {
                mismatch(property, type, node, got: describe(node.value))
                return nil
            }
            var values: [SampleArgument] = []
            for item in items {
                switch item.value {
                case .string(let s): values.append(.string(s))
                case .number(let n, _): values.append(.number(n))
                default:
                    mismatch(property, type, item, got: describe(item.value))
                    return nil
                }
            }
            return .arguments(values)

        case .labelStyle:
            switch node.value {
            case .enumCase(let name, nil):
                return .labelStyles([name])
            case .list(let items):
                var names: [String] = []
                for item in items {
                    guard case .enumCase(let name, nil) = item.value else {
                        mismatch(property, type, item, got: describe(item.value))
                        return nil
                    }
                    names.append(name)
                }
                return .labelStyles(names)
            default:
                mismatch(property, type, node, got: describe(node.value))
                return nil
            }
        }
    }

    /// The labelled arguments of a font factory: `size:` (required, > 0) and enum arguments
    /// (`weight:` and `design:`, or `relativeTo:`) with their allowed cases, in that order. Records
    /// the first problem and returns nil.
    private mutating func fontArguments(
        _ factory: String, _ node: ValueNode, _ args: ArraySlice<Argument>, example: String,
        options: [(label: String, cases: [String])], needsSize: Bool = true
    ) -> (size: Double?, options: [String: String])? {
        var size: Double?
        var chosen: [String: String] = [:]
        let parts = (needsSize ? ["size: points"] : []) + options.map { "\($0.label): .\($0.cases[0]), …" }
        let takes = parts.count == 1 ? parts[0] : parts.dropLast().joined(separator: ", ") + " and " + parts.last!
        for arg in args {
            if let label = arg.label, let option = options.first(where: { $0.label == label }), case .enumCase(let c, nil) = arg.value.value
            {
                // A text style also by SwiftUI's name (`relativeTo: .caption`).
                guard option.cases.contains(c) || (option.cases == Properties.textStyles && TextStyle(name: c) != nil) else {
                    unknownCase(option.label, .enumeration(option.cases), arg.value, c, option.cases)
                    return nil
                }
                guard chosen[label] == nil else {
                    diagnostics.append(Diagnostic(.typeMismatch, "\(factory) takes \(label): once", at: arg.range))
                    return nil
                }
                chosen[label] = c
                continue
            }
            switch (arg.label, arg.value.value) {
            case ("size", .number(let v, _)):
                guard v > 0 else {
                    diagnostics.append(Diagnostic(.invalidNumber, "font size must be greater than 0", at: arg.value.range))
                    return nil
                }
                guard v <= TypeChecker.maximumPoints else {
                    diagnostics.append(
                        Diagnostic(.invalidNumber, "font size must be at most \(TypeChecker.maximumPointsText)", at: arg.value.range))
                    return nil
                }
                size = v
            default:
                diagnostics.append(Diagnostic(.typeMismatch, "\(factory) takes \(takes)", at: arg.range))
                return nil
            }
        }
        guard let size, needsSize else {
            if !needsSize { return (size, chosen) }
            diagnostics.append(Diagnostic(.typeMismatch, "\(factory) needs size: points, e.g. \(example)", at: node.range))
            return nil
        }
        return (size, chosen)
    }

    /// `.system(size: 17, weight: .semibold, design: .rounded)`, or SwiftUI's text style form
    /// `.system(.body, design: .serif)`.
    private mutating func checkSystemFont(_ property: String, _ type: PropertyType, _ node: ValueNode, _ args: [Argument]) -> TypedValue? {
        if let first = args.first, first.label == nil, case .enumCase(let name, nil) = first.value.value {
            guard let style = TextStyle(name: name) else {
                unknownCase(property, .enumeration(Properties.textStyles), first.value, name, Properties.textStyles)
                return nil
            }
            if let size = args.dropFirst().first(where: { $0.label == "size" }) {
                diagnostics.append(
                    Diagnostic(.typeMismatch, ".system takes a text style or size: points, not both", at: size.range))
                return nil
            }
            guard
                let (_, options) = fontArguments(
                    ".system(.\(name), …)", node, args.dropFirst(), example: ".system(.\(name), design: .rounded)",
                    options: [("design", Properties.designs)], needsSize: false)
            else { return nil }
            return .font(.textStyle(style, FontTraits(design: options["design"].flatMap(FontDesign.init(rawValue:)) ?? .default)))
        }
        guard
            let (size, options) = fontArguments(
                ".system", node, args[...], example: ".system(size: 17)",
                options: [("weight", Properties.weights), ("design", Properties.designs)]),
            let size
        else { return nil }
        return .font(
            .system(
                size: size, weight: options["weight"].flatMap(FontWeight.init(rawValue:)) ?? .regular,
                traits: FontTraits(design: options["design"].flatMap(FontDesign.init(rawValue:)) ?? .default)))
    }

    private mutating func checkCustomFont(_ property: String, _ type: PropertyType, _ node: ValueNode, _ args: [Argument]) -> TypedValue? {
        guard let first = args.first, first.label == nil, case .string(let family) = first.value.value else {
            diagnostics.append(Diagnostic(.typeMismatch, ".custom needs the family first: .custom(\"Family\", size: 17)", at: node.range))
            return nil
        }
        // No family of no name is installed, on iOS either.
        guard !family.allSatisfy({ $0.isWhitespace }) else {
            diagnostics.append(
                Diagnostic(.typeMismatch, ".custom needs a family's name: .custom(\"Avenir Next\", size: 17)", at: first.value.range))
            return nil
        }
        guard
            let (size, options) = fontArguments(
                ".custom", node, args.dropFirst(), example: ".custom(\"\(family)\", size: 17)",
                options: [("relativeTo", Properties.textStyles)]),
            let size
        else { return nil }
        return .font(.custom(family: family, size: size, relativeTo: options["relativeTo"].flatMap(TextStyle.init(name:))))
    }
}

/// `#RGB`, `#RRGGBB`, `#RRGGBBAA`.
func parseHex(_ text: String) -> RGBA? {
    let digits = Array(text.dropFirst())
    guard digits.allSatisfy(\.isHexDigit) else { return nil }
    func v(_ s: String) -> UInt8 { UInt8(s, radix: 16)! }
    switch digits.count {
    case 3:
        let c = digits.map { v(String([$0, $0])) }
        return RGBA(c[0], c[1], c[2])
    case 6, 8:
        let pairs = stride(from: 0, to: digits.count, by: 2).map { v(String(digits[$0...($0 + 1)])) }
        return RGBA(pairs[0], pairs[1], pairs[2], digits.count == 8 ? Double(pairs[3]) / 255 : 1)
    default:
        return nil
    }
}
