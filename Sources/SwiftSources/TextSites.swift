import Foundation
import SwiftParser
import SwiftSyntax

/// One modifier of a text site: `.lineLimit(2)` is `lineLimit` with the argument `2` as written.
public struct SiteModifier: Sendable, Equatable {
    public var name: String
    /// The arguments as written: label (nil when unlabelled) and source text.
    public var arguments: [Argument]
    /// Applied to a container the text is in (`VStack { Text("a") }.font(.caption)`), not to the
    /// call itself.
    public var enclosing: Bool

    public struct Argument: Sendable, Equatable {
        public var label: String?
        public var text: String
    }
}

/// A SwiftUI call that shows text: `Text("key")`, `Label("key", systemImage:)`, `Button("key")`, …
public struct TextSite: Sendable, Equatable {
    /// `Text`, `Label`, `Button`, `Toggle`, `Link`, `NavigationLink`, `Picker`.
    public var callee: String
    /// UTF-8 offset of the call's first byte (its name) in the file.
    public var offset: Int
    /// The first argument as a String Catalog key (interpolations as `%@`, `%lld`, `%lf`), when
    /// it is a string literal; nil for text from code.
    public var key: String?
    /// `Text(verbatim:)`: the text shown as it is, not looked up.
    public var verbatim: Bool
    /// The first argument as a dotted path when it is a member access or a call of one
    /// (`L10n.Settings.title`, `L10n.Settings.items(3)`): an accessor `Accessors` may resolve.
    public var accessor: String?
    /// From the call outward, then each enclosing call's, up to the declaration.
    public var modifiers: [SiteModifier]
    /// What a `// labelspec: …` comment on the line above the site or at the end of its line
    /// says (`width .margins - 44`, `lines 2`, `ignore truncates`), after `labelspec:`.
    public var annotation: String? = nil
}

/// The text sites of one Swift file (syntax only: no type checking).
public enum TextSites {
    public static let callees: Set<String> = ["Text", "Label", "Button", "Toggle", "Link", "NavigationLink", "Picker"]

    /// The sites of `bytes`, a Swift file, in source order.
    public static func sites(in bytes: [UInt8]) -> [TextSite] {
        let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
        let finder = SiteFinder()
        finder.walk(tree)
        return finder.sites
    }
}

final class SiteFinder: SyntaxVisitor {
    var sites: [TextSite] = []

    init() { super.init(viewMode: .sourceAccurate) }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let name = Self.calleeName(node), TextSites.callees.contains(name) else { return .visitChildren }
        let first = node.arguments.first
        let literal = first?.expression.as(StringLiteralExprSyntax.self)
        sites.append(
            TextSite(
                callee: name, offset: node.positionAfterSkippingLeadingTrivia.utf8Offset, key: literal.map(Self.catalogKey),
                verbatim: first?.label?.text == "verbatim", accessor: first.flatMap { Self.dottedPath($0.expression) },
                modifiers: Self.modifiers(from: node),
                annotation: Self.annotation(of: Self.outermost(node)) ?? Self.annotation(of: Syntax(node))))
        return .visitChildren
    }

    /// The call with its own modifiers applied (`Text("a").lineLimit(1)`): where its comments are.
    static func outermost(_ call: FunctionCallExprSyntax) -> Syntax {
        var current = Syntax(call)
        while let member = current.parent?.as(MemberAccessExprSyntax.self), member.base?.id == current.id,
            let modifierCall = member.parent?.as(FunctionCallExprSyntax.self), modifierCall.calledExpression.id == member.id
        {
            current = Syntax(modifierCall)
        }
        return current
    }

    /// A `// labelspec:` comment in the trivia before the node's first token (the line above)
    /// or after its last (the end of its line).
    static func annotation(of node: Syntax) -> String? {
        let pieces =
            Array(node.firstToken(viewMode: .sourceAccurate)?.leadingTrivia ?? [])
            + Array(node.lastToken(viewMode: .sourceAccurate)?.trailingTrivia ?? [])
        for piece in pieces {
            if case .lineComment(let text) = piece, let r = text.range(of: "labelspec:") {
                return String(text[r.upperBound...]).trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    /// `A.B.c` (or `A.B.c(…)`) as written, when every part is a plain name; nil otherwise.
    static func dottedPath(_ expression: ExprSyntax) -> String? {
        var e = expression
        if let call = e.as(FunctionCallExprSyntax.self) { e = call.calledExpression }
        var parts: [String] = []
        while let member = e.as(MemberAccessExprSyntax.self) {
            parts.append(member.declName.baseName.text)
            guard let base = member.base else { return nil }
            e = base
        }
        guard !parts.isEmpty, let root = e.as(DeclReferenceExprSyntax.self) else { return nil }
        return ([root.baseName.text] + parts.reversed()).joined(separator: ".")
    }

    /// The name a call is made by: `Text`, `SwiftUI.Text`.
    static func calleeName(_ call: FunctionCallExprSyntax) -> String? {
        if let ref = call.calledExpression.as(DeclReferenceExprSyntax.self) { return ref.baseName.text }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "SwiftUI"
        {
            return member.declName.baseName.text
        }
        return nil
    }

    /// A string literal as a catalog key: its text, each interpolation as the specifier Xcode
    /// writes for it where the syntax shows the type (`%lld` for an integer literal or a
    /// `.count`, `%lf` for a float literal, the `specifier:` given), else `%@`.
    static func catalogKey(_ literal: StringLiteralExprSyntax) -> String {
        if let plain = literal.representedLiteralValue { return plain }
        var key = ""
        for segment in literal.segments {
            switch segment {
            case .stringSegment(let s): key += s.content.text
            case .expressionSegment(let e): key += specifier(for: e)
            }
        }
        return key
    }

    static func specifier(for segment: ExpressionSegmentSyntax) -> String {
        if let given = segment.expressions.first(where: { $0.label?.text == "specifier" }),
            let text = given.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
        {
            return text
        }
        guard let first = segment.expressions.first else { return "%@" }
        switch first.expression.kind {
        case .integerLiteralExpr: return "%lld"
        case .floatLiteralExpr: return "%lf"
        default:
            if first.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "count" { return "%lld" }
            return "%@"
        }
    }

    /// From the call outward: the modifiers applied to it, then, through the closures and
    /// arguments of containers, each enclosing call's, up to the declaration.
    static func modifiers(from call: FunctionCallExprSyntax) -> [SiteModifier] {
        var out: [SiteModifier] = []
        var current = Syntax(call)
        var enclosing = false
        while let parent = current.parent {
            if parent.is(DeclSyntax.self) { break }
            if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == current.id,
                let modifierCall = member.parent?.as(FunctionCallExprSyntax.self), modifierCall.calledExpression.id == member.id
            {
                let arguments = modifierCall.arguments.map {
                    SiteModifier.Argument(label: $0.label?.text, text: $0.expression.trimmedDescription)
                }
                out.append(SiteModifier(name: member.declName.baseName.text, arguments: arguments, enclosing: enclosing))
                current = Syntax(modifierCall)
                continue
            }
            if parent.is(ClosureExprSyntax.self) || parent.is(LabeledExprSyntax.self) { enclosing = true }
            current = parent
        }
        return out
    }
}
