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
    /// `.font(…)`'s font, read from its syntax.
    public var font: SiteFont? = nil

    /// Its one unlabelled argument as written (`.lineLimit(2)`'s `2`); nil for any other shape.
    public var plain: String? { arguments.count == 1 && arguments[0].label == nil ? arguments[0].text : nil }

    public struct Argument: Sendable, Equatable {
        public var label: String?
        public var text: String
    }
}

/// A `// labelspec: …` comment: what follows `labelspec:` (blanks trimmed), and the UTF-8
/// offset of its first byte in the file.
public struct SiteComment: Sendable, Equatable {
    public var offset: Int
    public var text: String
}

/// A SwiftUI call that shows text: `Text("key")`, `Label("key", systemImage:)`, `Button("key")`, …
public struct TextSite: Sendable, Equatable {
    /// `Text`, `Label`, `Button`, `Toggle`, `Link`, `NavigationLink`, `Picker`.
    public var callee: String
    /// UTF-8 offset of the call's first byte (its name) in the file.
    public var offset: Int
    /// UTF-8 offset just after the call (its arguments and trailing closures).
    public var end: Int
    /// Where the text comes from.
    public var text: SiteText
    /// The call's own modifiers, from the call outward.
    public var own: [SiteModifier]
    /// Then each enclosing call's, up to the declaration (shared with the other sites inside).
    public var enclosing: EnclosingModifiers
    /// The `// labelspec:` comments on the line above the site or at the end of its line.
    public var comments: [SiteComment] = []
    /// `Label(_:systemImage:)`'s symbol name.
    public var systemImage: String? = nil

    /// Every modifier, the call's own then the enclosing calls'.
    public var modifiers: [SiteModifier] { own + enclosing.all }

    /// The modifiers LabelSpec reads, the call's own on top of the enclosing calls' (innermost
    /// first), with what is asked of them (`EnclosingModifiers`).
    public var chain: EnclosingModifiers {
        own.reversed().reduce(enclosing) { next, m in EnclosingModifiers.read.contains(m.name) ? EnclosingModifiers(m, next: next) : next }
    }

    public static func == (a: TextSite, b: TextSite) -> Bool {
        a.callee == b.callee && a.offset == b.offset && a.end == b.end && a.text == b.text && a.own == b.own
            && a.enclosing.all == b.enclosing.all && a.comments == b.comments && a.systemImage == b.systemImage
    }

    /// The catalog key of a literal title (nil otherwise).
    public var key: String? { if case .key(let k, _) = text { return k } else { return nil } }
    /// `Text(verbatim:)`.
    public var verbatim: Bool { if case .verbatim = text { return true } else { return false } }
    /// A generated accessor's dotted path.
    public var accessor: String? { if case .accessor(let a) = text { return a } else { return nil } }
    /// What the first comment says (`width .margins - 44`), for tests and messages.
    public var annotation: String? { comments.first?.text }
}

/// The text sites of one Swift file (syntax only: no type checking).
public enum TextSites {
    public static let callees: Set<String> = ["Text", "Label", "Button", "Toggle", "Link", "NavigationLink", "Picker"]

    /// The sites of `bytes`, a Swift file, in source order.
    public static func sites(in bytes: [UInt8]) -> [TextSite] {
        let tree = SwiftFile.parse(bytes)
        let finder = SiteFinder()
        finder.walk(tree)
        return finder.sites
    }
}

final class SiteFinder: SyntaxVisitor {
    var sites: [TextSite] = []
    /// Per node, the chain of modifiers above it (`enclosing(above:)`).
    var memo: [SyntaxIdentifier: EnclosingModifiers] = [:]

    init() { super.init(viewMode: .sourceAccurate) }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let name = Self.calleeName(node), TextSites.callees.contains(name), let first = node.arguments.first else {
            return .visitChildren
        }
        // In an `#if` clause an iOS build does not compile (`os(macOS)`, Mac Catalyst): not read.
        if Platforms.excluded(Syntax(node)) { return .visitChildren }
        let text: SiteText
        switch first.label?.text {
        case nil:
            var t = SiteText.read(first.expression, literalIsKey: true)
            if case .key(let k, nil) = t, first.expression.is(StringLiteralExprSyntax.self),
                let table = node.arguments.first(where: { $0.label?.text == "tableName" })?.expression.as(
                    StringLiteralExprSyntax.self)?.representedLiteralValue
            {
                t = .key(k, table: table)
            }
            text = t
        case "verbatim":
            text = first.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue.map { .verbatim($0) } ?? .code
        default: return .visitChildren  // `Button(action:) { … }`: its label is a site of its own
        }
        let (own, outermost) = Self.ownModifiers(of: node)
        sites.append(
            TextSite(
                callee: name, offset: node.positionAfterSkippingLeadingTrivia.utf8Offset,
                end: node.endPositionBeforeTrailingTrivia.utf8Offset, text: text, own: own, enclosing: enclosing(above: outermost),
                comments: Self.comments(of: Syntax(node), through: outermost),
                systemImage: node.arguments.first { $0.label?.text == "systemImage" }?.expression.as(StringLiteralExprSyntax.self)?
                    .representedLiteralValue))
        return .visitChildren
    }

    /// The `// labelspec:` comments in the trivia before the node's first token (the line
    /// above) and after its last (the end of its line).
    static func comments(of node: Syntax, through outer: Syntax? = nil) -> [SiteComment] {
        var out: [SiteComment] = []
        func scan(_ trivia: Trivia, from start: AbsolutePosition) {
            var at = start.utf8Offset
            for piece in trivia {
                // A comment that starts with `labelspec:` (`// labelspec: width 200`), not one
                // that mentions it.
                if case .lineComment(let text) = piece,
                    text.dropFirst(2).drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("labelspec:"),
                    let r = text.range(of: "labelspec:")
                {
                    let rest = text[r.upperBound...]
                    let trimmed = rest.drop { $0 == " " || $0 == "\t" }
                    let offset = at + text.utf8.distance(from: text.startIndex, to: trimmed.startIndex)
                    out.append(SiteComment(offset: offset, text: String(trimmed).trimmingCharacters(in: .whitespaces)))
                }
                at += piece.sourceLength.utf8Length
            }
        }
        if let first = node.firstToken(viewMode: .sourceAccurate) { scan(first.leadingTrivia, from: first.position) }
        var lasts: [TokenSyntax] = []
        if let last = node.lastToken(viewMode: .sourceAccurate) { lasts.append(last) }
        if let last = outer?.lastToken(viewMode: .sourceAccurate), last.id != lasts.first?.id { lasts.append(last) }
        for last in lasts { scan(last.trailingTrivia, from: last.endPositionBeforeTrailingTrivia) }
        return out
    }

    /// `A.B.c` (or `A.B.c(…)`) as written, when every part is a plain name; nil otherwise.
    static func dottedPath(_ expression: ExprSyntax) -> String? {
        guard let path = MemberPath(expression, throughCall: true), let root = path.root?.as(DeclReferenceExprSyntax.self) else {
            return nil
        }
        return root.baseName.text + "." + path.joined
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

    /// The modifiers applied to the call itself, from the call outward (`.font(.headline)` of
    /// `Text("a").font(.headline)`; those of `#if os(iOS) .lineLimit(1) #endif` too, from the clause an
    /// iOS build compiles), and the call with them applied (where its comments are).
    static func ownModifiers(of call: FunctionCallExprSyntax) -> (modifiers: [SiteModifier], outermost: Syntax) {
        var out: [SiteModifier] = []
        var current = Syntax(call)
        while true {
            if let member = current.parent?.as(MemberAccessExprSyntax.self), member.base?.id == current.id,
                let modifierCall = member.parent?.as(FunctionCallExprSyntax.self), modifierCall.calledExpression.id == member.id
            {
                out.append(modifier(member.declName.baseName.text, modifierCall.arguments, enclosing: false))
                current = Syntax(modifierCall)
                continue
            }
            if let postfix = current.parent?.as(PostfixIfConfigExprSyntax.self), postfix.base?.id == current.id {
                if let clause = Platforms.activeClause(postfix.config), case .postfixExpression(let chain)? = clause.elements {
                    out += chainModifiers(chain)
                }
                current = Syntax(postfix)
                continue
            }
            return (out, current)
        }
    }

    /// The modifiers of a chain with no base (`.lineLimit(1).frame(width: 40)` in a postfix
    /// `#if`), innermost first.
    static func chainModifiers(_ chain: ExprSyntax) -> [SiteModifier] {
        var out: [SiteModifier] = []
        var e: ExprSyntax? = chain
        while let call = e?.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            out.append(modifier(member.declName.baseName.text, call.arguments, enclosing: false))
            e = member.base
        }
        return out.reversed()
    }

    /// One modifier as read: its arguments as written, a font's syntax read, and an
    /// `.environment(\.font, …)` named by its key path (`environment.font`).
    static func modifier(_ name: String, _ arguments: LabeledExprListSyntax, enclosing: Bool) -> SiteModifier {
        let args = arguments.map { SiteModifier.Argument(label: $0.label?.text, text: FontSyntax.codeText($0.expression)) }
        var name = name
        if name == "environment", let path = args.first?.text, path.hasPrefix("\\.") {
            name = "environment." + path.dropFirst(2).prefix { $0.isLetter || $0.isNumber }
        }
        var out = SiteModifier(name: name, arguments: args, enclosing: enclosing)
        if name == "font", let e = arguments.first?.expression { out.font = FontSyntax.read(e) }
        return out
    }
}
