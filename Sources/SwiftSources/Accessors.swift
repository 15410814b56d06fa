import SwiftParser
import SwiftSyntax

/// SwiftGen's generated accessors (`L10n.Settings.title`), read from the generated file in the
/// tree: every `static let` or `static func` inside nested types whose value is a call of `tr`
/// with a literal table and key (`L10n.tr("Localizable", "settings.title", fallback: "…")`), by
/// its dotted path. DuckDuckGo's `UserText`-style accessors with `NSLocalizedString("key", …)`
/// are read the same way (table `Localizable` unless `tableName:` says).
public enum Accessors {
    public struct Entry: Sendable, Equatable {
        public var table: String
        public var key: String
    }

    /// Several files' accessors as one map; a path two of them define differently (two targets'
    /// generated files) is no one's.
    public static func merged<S: Sequence>(_ files: S) -> [String: Entry] where S.Element == [String: Entry] {
        var out: [String: Entry] = [:]
        var twice = Set<String>()
        for file in files {
            for (path, entry) in file {
                if let known = out[path], known != entry { twice.insert(path) }
                out[path] = entry
            }
        }
        for path in twice { out[path] = nil }
        return out
    }

    /// The accessors a Swift file defines, by dotted path (`L10n.Settings.title`).
    public static func entries(in bytes: [UInt8]) -> [String: Entry] {
        let tree = SwiftFile.parse(bytes)
        let finder = AccessorFinder()
        finder.walk(tree)
        return finder.entries
    }
}

final class AccessorFinder: SyntaxVisitor {
    var entries: [String: Accessors.Entry] = [:]
    private var types: [String] = []

    init() { super.init(viewMode: .sourceAccurate) }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { push(node.name.text) }
    override func visitPost(_ node: EnumDeclSyntax) { types.removeLast() }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { push(node.name.text) }
    override func visitPost(_ node: StructDeclSyntax) { types.removeLast() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind { push(node.extendedType.trimmedDescription) }
    override func visitPost(_ node: ExtensionDeclSyntax) { types.removeLast() }

    private func push(_ name: String) -> SyntaxVisitorContinueKind {
        types.append(name)
        return .visitChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            let value = binding.initializer?.value ?? binding.accessorBlock.flatMap { Self.returned(in: Syntax($0)) }
            if let value, let entry = Self.entry(value) { entries[(types + [name]).joined(separator: ".")] = entry }
        }
        return .skipChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if let body = node.body, let value = Self.returned(in: Syntax(body)), let entry = Self.entry(value) {
            entries[(types + [node.name.text]).joined(separator: ".")] = entry
        }
        return .skipChildren
    }

    /// The one expression a body returns (`{ return X }` or `{ X }`).
    static func returned(in body: Syntax) -> ExprSyntax? {
        for item in body.children(viewMode: .sourceAccurate) {
            if let found = returned(in: item) { return found }
            if let r = item.as(ReturnStmtSyntax.self) { return r.expression }
            if let e = item.as(CodeBlockItemSyntax.self)?.item.as(ExprSyntax.self) { return e }
        }
        return nil
    }

    /// `X.tr("Table", "key", …)` or `NSLocalizedString("key", tableName: "T", …)`.
    static func entry(_ value: ExprSyntax) -> Accessors.Entry? {
        guard let call = value.as(FunctionCallExprSyntax.self) else { return nil }
        let args = Array(call.arguments)
        func literal(_ i: Int) -> String? {
            i < args.count ? args[i].expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue : nil
        }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "tr",
            let table = literal(0), let key = literal(1)
        {
            return Accessors.Entry(table: table, key: key)
        }
        if call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "NSLocalizedString", let key = literal(0) {
            let table = args.first { $0.label?.text == "tableName" }?.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
            return Accessors.Entry(table: table ?? "Localizable", key: key)
        }
        return nil
    }
}
