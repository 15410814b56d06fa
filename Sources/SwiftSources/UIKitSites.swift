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
    /// UTF-8 offset of the variable's name, and just after the declaration.
    public var offset: Int
    public var end: Int
    /// The properties assigned in the block, in order: `numberOfLines` → `2` (as written).
    public var properties: [Property]
    /// The text: `text = …` or `setTitle(…, for: .normal)`; nil when neither is set here.
    public var text: SiteText?
    /// `font = …` (a button's `titleLabel?.font`).
    public var font: SiteFont?
    /// `NAME.widthAnchor.constraint(equalToConstant: N)` (or `lessThanOrEqualToConstant:`).
    public var width: Double?
    /// The `// labelspec:` comments on the line above the declaration or at the end of its line.
    public var comments: [SiteComment] = []
    /// Its lines may be set where the file does not show (`UIKitFinder.visitPost`): without a
    /// `numberOfLines` of its own, it is not checked.
    public var linesUnknown = false

    public struct Property: Sendable, Equatable {
        public var name: String
        /// As written.
        public var value: String
    }

    /// The value last assigned to `name`, as written.
    public func value(_ name: String) -> String? { properties.last { $0.name == name }?.value }
}

public enum UIKitSites {
    /// The properties LabelSpec reads (issue 37, point 2).
    public static let properties: Set<String> = [
        "numberOfLines", "adjustsFontForContentSizeCategory", "adjustsFontSizeToFitWidth", "minimumScaleFactor", "lineBreakMode",
        "textAlignment", "allowsDefaultTighteningForTruncation",
    ]

    /// The labels and buttons a Swift file makes and configures in one block, in source order.
    public static func sites(in bytes: [UInt8]) -> [UIKitSite] {
        let tree = SwiftFile.parse(bytes)
        let finder = UIKitFinder()
        finder.walk(tree)
        return finder.sites
    }
}

final class UIKitFinder: SyntaxVisitor {
    var sites: [UIKitSite] = []
    /// Classes with stored labels, and each type's member blocks (its class and extensions).
    var classes: [(type: String, open: [String: Int])] = []
    var members: [String: [MemberBlockSyntax]] = [:]

    init() { super.init(viewMode: .sourceAccurate) }

    override func visit(_ block: CodeBlockItemListSyntax) -> SyntaxVisitorContinueKind {
        var open: [String: Int] = [:]  // variable → index in `sites`
        for item in block {
            if let decl = item.item.as(VariableDeclSyntax.self) {
                for (name, k) in declare(decl) { open[name] = k }
                continue
            }
            configure(Syntax(item.item), open)
        }
        if !open.isEmpty { for item in block { constrain(Syntax(item), open) } }
        return .visitChildren
    }

    /// A class's stored labels and buttons (`let title = UILabel()`), configured in any of its
    /// methods and initializers and those of its extensions in this file (`title.numberOfLines = 2`,
    /// `self.title.text = …`); read once the whole file is seen (`visitPost`).
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        var open: [String: Int] = [:]
        for member in node.memberBlock.members {
            if let decl = member.decl.as(VariableDeclSyntax.self) { for (name, k) in declare(decl) { open[name] = k } }
        }
        if !open.isEmpty { classes.append((node.name.text, open)) }
        members[node.name.text, default: []].append(node.memberBlock)
        return .visitChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        members[node.extendedType.trimmedDescription, default: []].append(node.memberBlock)
        return .visitChildren
    }

    override func visitPost(_ node: SourceFileSyntax) {
        for (type, open) in classes {
            let blocks = members[type] ?? []
            for block in blocks {
                for member in block.members where !member.decl.is(VariableDeclSyntax.self) {
                    let body: CodeBlockSyntax?
                    if let f = member.decl.as(FunctionDeclSyntax.self) {
                        body = f.body
                    } else if let i = member.decl.as(InitializerDeclSyntax.self) {
                        body = i.body
                    } else {
                        continue
                    }
                    guard let body else { continue }
                    // A name the method declares itself is its own, not the class's label.
                    var mine = open
                    for name in Self.declaredNames(in: Syntax(body)) { mine[name] = nil }
                    for statement in Self.statements(in: Syntax(body)) { configure(statement, mine) }
                    constrain(Syntax(body), mine)
                }
            }
            // A stored label's lines may be set where this file does not show them: an extension
            // in another file, a loop over labels (`[a, b].forEach { $0.numberOfLines = 0 }`), a
            // helper given the label, a subclass's own `init`. Unless the class sets them, they
            // are not known (a label made and configured in one block is seen whole: one line).
            for k in open.values { sites[k].linesUnknown = true }
        }
    }

    /// Every name a body declares (`let x`, `var y`, `for z in`, closure parameters aside).
    static func declaredNames(in node: Syntax) -> Set<String> {
        final class Collector: SyntaxVisitor {
            var names = Set<String>()
            override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
                names.insert(node.identifier.text)
                return .visitChildren
            }
        }
        let c = Collector(viewMode: .sourceAccurate)
        c.walk(node)
        return c.names
    }

    /// The sites a declaration makes (`let title = UILabel()`), by variable name.
    func declare(_ decl: VariableDeclSyntax) -> [(String, Int)] {
        var out: [(String, Int)] = []
        for binding in decl.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
                let type = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                type.hasSuffix("Label") || type.hasSuffix("Button")
            else { continue }
            out.append((name, sites.count))
            sites.append(
                UIKitSite(
                    type: type, name: name, offset: binding.pattern.positionAfterSkippingLeadingTrivia.utf8Offset,
                    end: decl.endPositionBeforeTrailingTrivia.utf8Offset, properties: [], comments: SiteFinder.comments(of: Syntax(decl))))
        }
        return out
    }

    /// Reads one statement: `name.property = value` or `name.setTitle(value, for: .normal)`
    /// (`self.name` too, in a type's methods).
    func configure(_ statement: Syntax, _ open: [String: Int]) {
        guard let expr = statement.as(ExprSyntax.self) else { return }
        // `name.property = value` (or `name.titleLabel?.property = value`): a sequence of
        // member access, `=`, value (the parser does not fold operators).
        if let sequence = expr.as(SequenceExprSyntax.self) {
            let parts = Array(sequence.elements)
            guard parts.count >= 3, parts[1].is(AssignmentExprSyntax.self), let member = parts[0].as(MemberAccessExprSyntax.self),
                let (base, _) = Self.owner(member.base), let k = open[base]
            else { return }
            let property = member.declName.baseName.text
            // A value of several operands (`a ?? b`, `c ? a : b`): a font `a ?? b` is the named
            // font `a` (`UIFont(name: "Inter", size: 17) ?? .systemFont(ofSize: 17)`, the usual
            // way to load a bundled font); anything else is code: the text or font is set by
            // code, never taken for UILabel's default.
            if parts.count > 3 {
                switch property {
                case "font":
                    let coalesced = parts.count == 5 && parts[3].as(BinaryOperatorExprSyntax.self)?.operator.text == "??"
                    sites[k].font =
                        coalesced
                        ? FontSyntax.read(parts[2], uiKit: true)
                        : SiteFont(base: .code(parts[2...].map { FontSyntax.codeText($0) }.joined(separator: " ")))
                case "text": sites[k].text = .code
                default: break
                }
                return
            }
            switch property {
            case "text": sites[k].text = SiteText.read(parts[2], literalIsKey: false)
            case "font": sites[k].font = FontSyntax.read(parts[2], uiKit: true)
            default:
                if UIKitSites.properties.contains(property) {
                    sites[k].properties.append(.init(name: property, value: FontSyntax.codeText(parts[2])))
                }
            }
            return
        }
        // `button.setTitle(value, for: .normal)`.
        if let call = expr.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "setTitle", let (base, _) = Self.owner(member.base), let k = open[base],
            let first = call.arguments.first,
            call.arguments.dropFirst().first?.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "normal"
        {
            sites[k].text = SiteText.read(first.expression, literalIsKey: false)
        }
    }

    /// `NAME.widthAnchor.constraint(equalToConstant: N)` under a node, alone, set active in an
    /// assignment or in `NSLayoutConstraint.activate([…])`.
    func constrain(_ node: Syntax, _ open: [String: Int]) {
        for call in Self.calls(in: node) { if let (k, width) = widthConstraint(call, open) { sites[k].width = width } }
    }

    /// The statements of a body, those of nested `if`, `guard`, `do` and `for` blocks too (not
    /// of closures).
    static func statements(in node: Syntax) -> [Syntax] {
        final class Collector: SyntaxVisitor {
            var found: [Syntax] = []
            override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
                found.append(Syntax(node.item))
                return .visitChildren
            }
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        }
        let c = Collector(viewMode: .sourceAccurate)
        c.walk(node)
        return c.found
    }

    /// `label` of `label` or `label.titleLabel?` / `label.titleLabel`.
    static func owner(_ e: ExprSyntax?) -> (String, Bool)? {
        guard var e else { return nil }
        var through = false
        if let optional = e.as(OptionalChainingExprSyntax.self) { e = optional.expression }
        if let m = e.as(MemberAccessExprSyntax.self), m.declName.baseName.text == "titleLabel" {
            guard let base = m.base else { return nil }
            e = base
            through = true
        }
        if let m = e.as(MemberAccessExprSyntax.self), m.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
            return (m.declName.baseName.text, through)
        }
        guard let name = e.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
        return (name, through)
    }

    func widthConstraint(_ call: FunctionCallExprSyntax, _ open: [String: Int]) -> (Int, Double)? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "constraint",
            let anchor = member.base?.as(MemberAccessExprSyntax.self), anchor.declName.baseName.text == "widthAnchor",
            let (base, _) = Self.owner(anchor.base), let k = open[base], call.arguments.count == 1,
            let label = call.arguments.first?.label?.text, label == "equalToConstant" || label == "lessThanOrEqualToConstant",
            let n = FontSyntax.number(call.arguments.first?.expression), n > 0
        else { return nil }
        return (k, n)
    }

    /// The calls under a node.
    static func calls(in node: Syntax) -> [FunctionCallExprSyntax] {
        final class Collector: SyntaxVisitor {
            var found: [FunctionCallExprSyntax] = []
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                found.append(node)
                return .visitChildren
            }
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        }
        let c = Collector(viewMode: .sourceAccurate)
        c.walk(node)
        return c.found
    }
}
