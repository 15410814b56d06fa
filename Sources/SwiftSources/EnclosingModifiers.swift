import SwiftSyntax

/// The modifiers of the calls a site is inside (`VStack { … }.font(.caption).frame(width: 200)`),
/// innermost first, as a list shared by every site inside the same call: 20,000 `Text`s in one
/// `VStack` with a thousand modifiers hold one list, not 20,000 copies of it. Each node also
/// holds what the sites ask of the chain from it outward, so that asking costs no walk: the
/// innermost modifier of each name, and the width of the first frame with the padding inside it.
public final class EnclosingModifiers: @unchecked Sendable {
    public let modifier: SiteModifier?
    public let next: EnclosingModifiers?
    /// How many modifiers from this node outward.
    public let count: Int
    /// The innermost modifier of each name, from this node outward, with its depth (`count` at
    /// its node: a larger one is further in).
    let first: [String: (depth: Int, modifier: SiteModifier)]
    /// From this node outward: the first frame with a literal width (its label and value), the
    /// horizontal padding inside it, and whether a `fixedSize()` comes before it.
    let width: WidthSummary

    struct WidthSummary {
        var frame: (label: String, value: Double)?
        var padding = 0.0
        var fixed = false
    }

    /// The end of every chain: nothing encloses the site.
    public static let none = EnclosingModifiers()

    private init() {
        modifier = nil
        next = nil
        count = 0
        first = [:]
        width = WidthSummary()
    }

    init(_ modifier: SiteModifier, next: EnclosingModifiers) {
        self.modifier = modifier
        self.next = next
        count = next.count + 1
        var first = next.first
        first[modifier.name] = (count, modifier)
        self.first = first
        var w = next.width
        if let frame = SwiftTranslation.frameWidth(modifier) {
            w = WidthSummary(frame: frame)
        } else if SwiftTranslation.isFixedSize(modifier) {
            w = WidthSummary(fixed: true)
        } else if modifier.name == "padding" {
            w.padding += SwiftTranslation.horizontalPadding(modifier)
        }
        width = w
    }

    /// The innermost modifier named `name`, from this node outward.
    public func innermost(_ name: String) -> SiteModifier? { first[name]?.modifier }

    /// The innermost modifier named one of `names`.
    public func innermost(of names: Set<String>) -> SiteModifier? {
        names.compactMap { first[$0] }.max { $0.depth < $1.depth }?.modifier
    }

    /// Every modifier, innermost first.
    public var all: [SiteModifier] {
        var out: [SiteModifier] = []
        var node: EnclosingModifiers? = self
        while let n = node, let m = n.modifier {
            out.append(m)
            node = n.next
        }
        return out
    }

    /// The modifiers a site's label reads: the rest are not kept.
    static let read: Set<String> = SwiftTranslation.environment.union([
        "frame", "padding", "fixedSize", "ViewThatFits", "horizontalScroll", "systemDrawn", "dynamicTypeSize", "labelsHidden",
        "pickerStyle",
    ]).union(SwiftTranslation.unread).union(SwiftTranslation.sizeEnvironment)
}

extension SiteFinder {
    /// The chain of modifiers of the calls above `node` (the site with its own modifiers), from
    /// `memo` where a site before it climbed the same way: each node of the tree is climbed once
    /// per file.
    func enclosing(above node: Syntax) -> EnclosingModifiers {
        var path: [(id: SyntaxIdentifier, modifier: SiteModifier?)] = []
        var current = node
        var enclosing = true
        var end = EnclosingModifiers.none
        while true {
            if let known = memo[current.id] {
                end = known
                break
            }
            guard let parent = current.parent, !parent.is(DeclSyntax.self) else { break }
            if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == current.id,
                let call = member.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == member.id
            {
                path.append((current.id, Self.modifier(member.declName.baseName.text, call.arguments, enclosing: enclosing)))
                current = Syntax(call)
                continue
            }
            var modifier: SiteModifier?
            // `ViewThatFits { … }` shows the first of its views that fits: recorded as a modifier.
            if let container = parent.as(FunctionCallExprSyntax.self), container.calledExpression.id != current.id {
                switch Self.calleeName(container) {
                case "ViewThatFits": modifier = SiteModifier(name: "ViewThatFits", arguments: [], enclosing: true)
                // `ScrollView(.horizontal) { … }`: its content is as wide as it wants.
                case "ScrollView"
                where container.arguments.first.map({ $0.label == nil && $0.expression.trimmedDescription.contains("horizontal") }) ?? false:
                    modifier = SiteModifier(name: "horizontalScroll", arguments: [], enclosing: true)
                default: break
                }
            }
            if parent.is(ClosureExprSyntax.self) || parent.is(LabeledExprSyntax.self) {
                enclosing = true
                switch Self.presentation(of: parent) {
                case .newContext:
                    // A sheet, popover or destination is laid out on its own: what the presenting
                    // view says of its size or font is not the content's.
                    path.append((current.id, modifier))
                    memoStop(path)
                    return .none
                case .system:
                    // A menu's items, an alert's buttons, a title or a toolbar: drawn by the system.
                    path.append((current.id, modifier))
                    let chain = EnclosingModifiers(SiteModifier(name: "systemDrawn", arguments: [], enclosing: true), next: .none)
                    memoStop(path, chain)
                    return chain
                case nil: break
                }
            }
            path.append((current.id, modifier))
            current = parent
        }
        return memoStop(path, end)
    }

    /// Puts the chains of `path`'s nodes in `memo`, each over `end`; the first node's.
    @discardableResult
    func memoStop(_ path: [(id: SyntaxIdentifier, modifier: SiteModifier?)], _ end: EnclosingModifiers = .none) -> EnclosingModifiers {
        var chain = end
        for (id, modifier) in path.reversed() {
            if let modifier, EnclosingModifiers.read.contains(modifier.name) { chain = EnclosingModifiers(modifier, next: chain) }
            memo[id] = chain
        }
        return chain
    }

    enum Presentation { case newContext, system }

    /// Modifiers whose content is laid out on its own, and those whose content the system draws.
    static let newContexts: Set<String> = ["sheet", "fullScreenCover", "popover", "navigationDestination", "inspector"]
    static let systemDrawn: Set<String> = [
        "alert", "confirmationDialog", "contextMenu", "navigationTitle", "toolbar", "searchable", "swipeActions", "tabItem", "badge",
        "help", "navigationBarItems", "toolbarTitleMenu",
    ]

    /// What the call that `node` (a closure or an argument) belongs to does with its content:
    /// `.sheet { … }` lays it out on its own, `.alert(…) { … }`, `.navigationTitle(Text(…))`,
    /// `Menu { … }` and `Picker(…) { … }`'s options are drawn by the system; nil for the rest
    /// (a `Menu`'s or `Picker`'s `label:` is the app's).
    static func presentation(of node: Syntax) -> Presentation? {
        var owner = node.parent
        if owner?.is(LabeledExprListSyntax.self) == true || owner?.is(MultipleTrailingClosureElementSyntax.self) == true {
            owner = owner?.parent
        }
        if owner?.is(MultipleTrailingClosureElementListSyntax.self) == true { owner = owner?.parent }
        guard let call = owner?.as(FunctionCallExprSyntax.self) else { return nil }
        // Which part of the call: a `label:` closure or argument is the app's own view.
        if let element = node.parent?.as(MultipleTrailingClosureElementSyntax.self), element.label.text == "label" { return nil }
        if let labeled = node.as(LabeledExprSyntax.self), labeled.label?.text == "label" { return nil }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base != nil {
            let name = member.declName.baseName.text
            if newContexts.contains(name) { return .newContext }
            if systemDrawn.contains(name) { return .system }
            return nil
        }
        switch calleeName(call) {
        case "Menu", "Picker": return .system
        default: return nil
        }
    }
}
