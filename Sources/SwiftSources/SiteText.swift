import SwiftSyntax

/// Where a site's text comes from, as the syntax shows it.
public enum SiteText: Sendable, Equatable {
    /// A String Catalog key (SwiftUI's `LocalizedStringKey` from a literal, `String(localized:)`,
    /// `NSLocalizedString`, `LocalizedStringResource`): interpolations as specifiers
    /// (`Hello %@`); the table when the call names one.
    case key(String, table: String?)
    /// Shown as written: `Text(verbatim:)`, a literal assigned to a UIKit label's `text`.
    case verbatim(String)
    /// A generated accessor (`L10n.Settings.title`, `UserText.done`, `L10n.items(3)`), by dotted
    /// path: `Accessors` resolves it.
    case accessor(String)
    /// Xcode 26's generated symbol (`Text(.settingsTitle)`, `.Onboarding.welcome`), by dotted path.
    case symbol(String)
    /// One of several: `flag ? L10n.on : L10n.off` (each is checked).
    indirect case alternatives([SiteText])
    /// A variable, a view model's property, a call: only the running app knows.
    case code
}

extension SiteText {
    /// The text of an expression given where a `String` or a `LocalizedStringKey` is expected:
    /// `literalIsKey` for SwiftUI's titles (a literal is a key), false for UIKit's `text`.
    static func read(_ e: ExprSyntax, literalIsKey: Bool) -> SiteText {
        // `c ? a : b`: the parser leaves it unfolded, `[c…, ? a :, b]`.
        if let seq = e.as(SequenceExprSyntax.self) {
            let parts = Array(seq.elements)
            if let i = parts.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }), i == parts.count - 2,
                let then = parts[i].as(UnresolvedTernaryExprSyntax.self)?.thenExpression
            {
                return .alternatives([read(then, literalIsKey: literalIsKey), read(parts[i + 1], literalIsKey: literalIsKey)])
            }
            return .code
        }
        if let paren = e.as(TupleExprSyntax.self), paren.elements.count == 1, paren.elements.first?.label == nil {
            return read(paren.elements.first!.expression, literalIsKey: literalIsKey)
        }
        if let literal = e.as(StringLiteralExprSyntax.self) {
            if literalIsKey { return .key(SiteFinder.catalogKey(literal), table: nil) }
            return literal.representedLiteralValue.map { .verbatim($0) } ?? .code
        }
        if let call = e.as(FunctionCallExprSyntax.self) {
            let args = Array(call.arguments)
            func string(_ label: String) -> String? {
                args.first { $0.label?.text == label }?.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
            }
            let callee = call.calledExpression.trimmedDescription
            let firstLiteral = args.first?.expression.as(StringLiteralExprSyntax.self)
            switch callee {
            case "String" where args.first?.label?.text == "localized":
                if let firstLiteral { return .key(SiteFinder.catalogKey(firstLiteral), table: string("table")) }
                if let m = args[0].expression.as(MemberAccessExprSyntax.self), m.base == nil { return symbol(args[0].expression) }
                return .code
            case "NSLocalizedString" where args.first?.label == nil:
                if let firstLiteral, let key = firstLiteral.representedLiteralValue { return .key(key, table: string("tableName")) }
                return .code
            case "LocalizedStringResource" where args.first?.label == nil, "LocalizedStringKey" where args.first?.label == nil:
                if let firstLiteral { return .key(SiteFinder.catalogKey(firstLiteral), table: string("table")) }
                return .code
            default: break
            }
        }
        // `.settingsTitle`, `.Onboarding.welcome`, `.items(3)`: a chain of members from an
        // implicit base.
        if case .symbol = symbol(e) { return symbol(e) }
        if let path = SiteFinder.dottedPath(e), path.contains(".") { return .accessor(path) }
        return .code
    }

    /// `.settingsTitle`, `.Onboarding.welcome`, `.minutes(3)`: the dotted path without the
    /// leading dot.
    static func symbol(_ e: ExprSyntax) -> SiteText {
        guard let path = MemberPath(e, throughCall: true), path.root == nil else { return .code }
        return .symbol(path.joined)
    }
}

/// A chain of member names as Swift writes it: `L10n.Settings.title`, `.Onboarding.welcome`,
/// `Font.compound.bodyMD`, and (`throughCall`) the same called, `L10n.items(3)`. `root` is what
/// comes before the first name (nil for an implicit member, `.name`).
struct MemberPath {
    var root: ExprSyntax?
    var names: [String]

    /// nil when `expression` is no member access; the walk stops early at a base `stop` accepts
    /// (it becomes the root).
    init?(_ expression: ExprSyntax, throughCall: Bool = false, stop: (ExprSyntax) -> Bool = { _ in false }) {
        var e = expression
        if throughCall, let call = e.as(FunctionCallExprSyntax.self) { e = call.calledExpression }
        var names: [String] = []
        var root: ExprSyntax?
        while let m = e.as(MemberAccessExprSyntax.self) {
            names.append(m.declName.baseName.text)
            guard let base = m.base else { break }
            e = base
            if stop(base) || !base.is(MemberAccessExprSyntax.self) {
                root = base
                break
            }
        }
        guard !names.isEmpty else { return nil }
        self.root = root
        self.names = names.reversed()
    }

    var joined: String { names.joined(separator: ".") }
}
