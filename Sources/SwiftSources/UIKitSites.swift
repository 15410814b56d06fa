import SwiftParser
import SwiftSyntax

/// A `UILabel` or `UIButton` made and configured in code: `let title = UILabel()` and, in the
/// same block, `title.numberOfLines = 2`, `title.font = .preferredFont(forTextStyle: .headline)`,
/// `title.text = L10n.Settings.title`, `button.setTitle(L10n.done, for: .normal)`.
public struct UIKitSite: Sendable, Equatable {
    /// `UILabel` or `UIButton` (or a subclass named `…Label` / `…Button` made the same way).
    public var type: String
    /// The variable's name.
    public var name: String
    /// UTF-8 offset of the declaration.
    public var offset: Int
    /// The properties assigned in the block, in order: `numberOfLines` → `2` (as written).
    public var properties: [(name: String, value: String)]
    /// `setTitle(_:for:)`'s first argument, as written.
    public var title: String?

    public static func == (a: UIKitSite, b: UIKitSite) -> Bool {
        a.type == b.type && a.name == b.name && a.offset == b.offset && a.title == b.title
            && a.properties.elementsEqual(b.properties) { $0.name == $1.name && $0.value == $1.value }
    }
}

public enum UIKitSites {
    /// The properties LabelSpec reads (issue 37, point 2).
    public static let properties: Set<String> = [
        "text", "font", "numberOfLines", "adjustsFontForContentSizeCategory", "adjustsFontSizeToFitWidth", "minimumScaleFactor",
        "lineBreakMode", "textAlignment", "allowsDefaultTighteningForTruncation",
    ]

    /// The labels and buttons a Swift file makes and configures in one block, in source order.
    public static func sites(in bytes: [UInt8]) -> [UIKitSite] {
        let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
        let finder = UIKitFinder()
        finder.walk(tree)
        return finder.sites
    }
}

final class UIKitFinder: SyntaxVisitor {
    var sites: [UIKitSite] = []

    init() { super.init(viewMode: .sourceAccurate) }

    override func visit(_ block: CodeBlockItemListSyntax) -> SyntaxVisitorContinueKind {
        var open: [String: Int] = [:]  // variable → index in `sites`
        for item in block {
            if let decl = item.item.as(VariableDeclSyntax.self) {
                for binding in decl.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                        let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
                        let type = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                        type.hasSuffix("Label") || type.hasSuffix("Button")
                    else { continue }
                    open[name] = sites.count
                    sites.append(
                        UIKitSite(type: type, name: name, offset: decl.positionAfterSkippingLeadingTrivia.utf8Offset, properties: []))
                }
                continue
            }
            guard let expr = item.item.as(ExprSyntax.self) else { continue }
            // `name.property = value`: a sequence of member access, `=`, value.
            if let sequence = expr.as(SequenceExprSyntax.self) {
                let parts = Array(sequence.elements)
                guard parts.count == 3, parts[1].is(AssignmentExprSyntax.self),
                    let member = parts[0].as(MemberAccessExprSyntax.self),
                    let base = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, let k = open[base]
                else { continue }
                let property = member.declName.baseName.text
                if UIKitSites.properties.contains(property) { sites[k].properties.append((property, parts[2].trimmedDescription)) }
                continue
            }
            // `button.setTitle(value, for: .normal)`.
            if let call = expr.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                member.declName.baseName.text == "setTitle", let base = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
                let k = open[base], let first = call.arguments.first
            {
                sites[k].title = first.expression.trimmedDescription
            }
        }
        return .visitChildren
    }
}
