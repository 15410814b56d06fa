import TestSupport
import Testing

@testable import LabelSpecSyntax

/// The typed views (`ItemSyntax`, `InheritanceClauseSyntax`, `MemberBlockSyntax`, `MemberSyntax`):
/// exact parts and ranges on real snippets, and what they answer where the parser recovered.
@Suite struct SyntaxViewTests {
    /// Calls `body` with the document and its top-level items as views. The views borrow the
    /// document's nodes: they are used only while it is alive.
    func withItems(_ text: String, _ body: (SyntaxDocument, [ItemSyntax]) throws -> Void) rethrows {
        let doc = SyntaxDocument(text)
        var items: [ItemSyntax] = []
        doc.forEachTopLevel { element, offset in
            if case .node(let n) = element, let item = ItemSyntax(n, at: offset) { items.append(item) }
        }
        try withExtendedLifetime(doc) { try body(doc, items) }
    }

    func text(_ doc: SyntaxDocument, _ range: Range<Int>) -> String {
        String(decoding: doc.source.bytes(in: range), as: UTF8.self)
    }

    @Test func styleWithParentsAndMembers() throws {
        let source = "style Title: Base, Emphasis {\n    font: .headline; numberOfLines: 2,\n    color: #FF0000\n}\n"
        try withItems(source) { doc, items in
            try #require(items.count == 1)
            let item = items[0]
            #expect(item.isStyle)
            #expect(item.range == 0..<89)
            #expect(item.keyword.kind == .styleKeyword && item.keyword.range == 0..<5)
            #expect(item.name.kind == .identifier && !item.name.isMissing && item.name.range == 6..<11)
            #expect(item.nameRange == 6..<11)

            let clause = try #require(item.inheritanceClause)
            #expect(clause.range == 11..<27)
            #expect(clause.colon.range == 11..<12)
            #expect(clause.parents.map(\.range) == [13..<17, 19..<27])
            #expect(clause.parents.map { text(doc, $0.range) } == ["Base", "Emphasis"])

            let block = try #require(item.block)
            #expect(block.range == 28..<89)
            #expect(block.leftBrace.range == 28..<29)
            #expect(block.rightBrace.range == 88..<89 && !block.rightBrace.isMissing)
            #expect(block.isClosed)
            #expect(block.members.count == 3)

            let members = Array(block.members)
            #expect(members.map { text(doc, $0.name.range) } == ["font", "numberOfLines", "color"])
            #expect(members.map(\.name.range) == [34..<38, 51..<64, 73..<78])
            #expect(members.map(\.range) == [34..<50, 51..<68, 73..<87])
            #expect(members.map(\.colon.range) == [38..<39, 64..<65, 78..<79])
            #expect(members.map { $0.value?.range } == [40..<49, 66..<67, 80..<87])
            #expect(members.map { $0.separator?.range } == [49..<50, 67..<68, nil])
            #expect(members.map { $0.separator?.kind } == [.semicolon, .comma, nil])
            guard case .node(let enumCase)? = members[0].value else {
                Issue.record("the font's value is an enum case node")
                return
            }
            #expect(enumCase.kind == .enumCase)
            guard case .token(let hex)? = members[2].value else {
                Issue.record("the colour's value is one token")
                return
            }
            #expect(hex.kind == .hexColor)
        }
    }

    @Test func labelOnOneLineWithAStringValue() throws {
        try withItems("label L { text: \"Hi\" width: 3 }") { doc, items in
            let item = try #require(items.first)
            #expect(!item.isStyle && item.keyword.kind == .labelKeyword)
            #expect(text(doc, item.name.range) == "L")
            #expect(item.inheritanceClause == nil)
            let members = Array(try #require(item.block).members)
            #expect(members.map(\.name.range) == [10..<14, 21..<26])
            #expect(members.map { $0.value?.range } == [16..<20, 28..<29])
            // Two members on one line without a separator: the parser wrote a missing ';', which
            // is no separator.
            #expect(members.map { $0.separator?.range } == [nil, nil])
        }
    }

    /// Views are made only for their own kinds; offsets follow what they were made with.
    @Test func viewsReadOnlyTheirKindsAtTheirOffsets() throws {
        try withItems("// c\nlabel A {}\n") { doc, items in
            let item = try #require(items.first)
            #expect(item.offset == 5 && item.name.range == 11..<12)
            #expect(MemberBlockSyntax(item.green, at: 0) == nil)
            #expect(MemberSyntax(item.node) == nil)
            let relative = try #require(ItemSyntax(item.green, at: 0))
            #expect(relative.name.range == 6..<7)
            #expect(relative.block?.range == 8..<10)
            #expect(ItemSyntax(doc.rootNode) == nil)
            #expect(try #require(item.block).members.count == 0)
        }
    }

    @Test func itemWithoutAName() throws {
        try withItems("style { font: .body }") { _, items in
            let item = try #require(items.first)
            #expect(item.name.isMissing && item.name.kind == .identifier)
            #expect(item.name.range == 5..<5)
            // Diagnostics and outlines point at the keyword instead.
            #expect(item.nameRange == 0..<5)
            #expect(try #require(item.block).members.count == 1)
        }
    }

    @Test func itemWithoutABlock() throws {
        try withItems("label Caption\nlabel Next: Base\nstyle Last {}") { _, items in
            try #require(items.count == 3)
            #expect(items[0].block == nil)
            #expect(items[0].range == 0..<13)
            #expect(items[1].block == nil)
            #expect(items[1].inheritanceClause?.parents.map(\.range) == [26..<30])
            #expect(items[2].block?.isClosed == true)
        }
    }

    @Test func junkBetweenTheHeaderAndTheBlockIsPassedOver() throws {
        try withItems("style A junk 12 { width: 1 }") { _, items in
            let item = try #require(items.first)
            #expect(item.name.range == 6..<7)
            let block = try #require(item.block)
            #expect(block.range == 16..<28)
            #expect(Array(block.members).map(\.name.range) == [18..<23])
        }
    }

    @Test func unclosedBlock() throws {
        try withItems("style A {\n    font: .body\nlabel B {}") { _, items in
            try #require(items.count == 2)
            let block = try #require(items[0].block)
            #expect(!block.isClosed)
            // The missing '}' stands where the last token ended, before the line break.
            #expect(block.rightBrace.isMissing && block.rightBrace.range == 25..<25)
            #expect(block.range == 8..<25)
            #expect(Array(block.members).map(\.name.range) == [14..<18])
            #expect(items[1].block?.isClosed == true)
        }
        // An unclosed block at the end of the input.
        try withItems("label C { text: \"x\"") { _, items in
            let block = try #require(items.first?.block)
            #expect(!block.isClosed && block.rightBrace.range == 19..<19)
        }
    }

    @Test func membersWithoutAValue() throws {
        try withItems("style A {\n    font: ; width: 10\n    color\n    lines .tail\n}") { _, items in
            let members = Array(try #require(items.first?.block).members)
            try #require(members.count == 4)
            // `font: ;`: the colon, no value, the separator.
            #expect(members[0].colon.range == 18..<19 && !members[0].colon.isMissing)
            #expect(members[0].value == nil)
            #expect(members[0].separator?.range == 20..<21)
            #expect(members[1].value?.range == 29..<31)
            // `color` alone: a missing colon right after the name, no value.
            #expect(members[2].colon.isMissing && members[2].colon.range == 41..<41)
            #expect(members[2].value == nil)
            #expect(members[2].range == 36..<41)
            // `lines .tail`: a missing colon, and the value the parser still read.
            #expect(members[3].colon.isMissing)
            #expect(members[3].value?.range == 52..<57)
        }
    }

    @Test func inheritanceClauseWithMissingNames() throws {
        try withItems("style A: , B, {}") { _, items in
            let clause = try #require(items.first?.inheritanceClause)
            let parents = Array(clause.parents)
            #expect(parents.map(\.isMissing) == [true, false, true])
            #expect(parents.map(\.range) == [8..<8, 11..<12, 13..<13])
        }
    }

    @Test func enumCasesArgumentsAndLists() throws {
        let source =
            "label A { font: .system(size: 17, weight: .bold); labelStyle: [.shadow, .style]; offset: (0, -1); x: .  true; y: .(1) }"
        try withItems(source) { doc, items in
            let values = Array(try #require(items.first?.block).members).map { $0.value?.node }
            try #require(values.count == 5)

            let call = try #require(values[0].flatMap { EnumCaseSyntax($0) })
            #expect(call.range == 16..<48 && call.dot.range == 16..<17)
            #expect(call.name.range == 17..<23 && text(doc, call.name.range) == "system")
            let arguments = Array(try #require(call.arguments).arguments)
            #expect(try #require(call.arguments).range == 23..<48)
            #expect(arguments.map(\.range) == [24..<32, 34..<47])
            #expect(arguments.map { $0.label?.range } == [24..<28, 34..<40])
            #expect(arguments.map { $0.colon?.range } == [28..<29, 40..<41])
            #expect(arguments.map { $0.value?.range } == [30..<32, 42..<47])
            #expect(EnumCaseSyntax(try #require(arguments[1].value?.node))?.name.range == 43..<47)

            let list = try #require(values[1].flatMap { ValueListSyntax($0) })
            #expect(list.isList && list.range == 62..<79)
            #expect(list.elements.map(\.range) == [63..<70, 72..<78])
            // A keyword after a dot is a case name.
            let style = try #require(list.elements.compactMap(\.node).last.flatMap { EnumCaseSyntax($0) })
            #expect(style.name.kind == .styleKeyword && style.name.range == 73..<78)

            let tuple = try #require(values[2].flatMap { ValueListSyntax($0) })
            #expect(!tuple.isList && tuple.elements.map(\.range) == [90..<91, 93..<95])
            #expect(tuple.elements.map { $0.node == nil } == [true, true])

            // Trivia between the dot and the name; a missing name before an argument list.
            let spaced = try #require(values[3].flatMap { EnumCaseSyntax($0) })
            #expect(spaced.name.kind == .trueKeyword && spaced.name.range == 104..<108)
            let unnamed = try #require(values[4].flatMap { EnumCaseSyntax($0) })
            #expect(unnamed.name.isMissing && unnamed.name.range == 114..<114)
            #expect(try #require(unnamed.arguments).arguments.map { $0.label == nil ? $0.value?.range : nil } == [115..<116])
        }
    }

    /// `.body.monospacedDigit()` is one value: a `memberCall` node around the `enumCase`, its
    /// `.` right after the font; with a space between, or past 8 calls, it is a syntax error.
    @Test func aModifierIsACallOnTheValueBeforeIt() throws {
        try withItems("label A { font: .body.monospacedDigit() }") { _, items in
            let block = try #require(items.first?.block)
            let value = try #require(Array(block.members).first?.value?.node)
            let call = try #require(MemberCallSyntax(value))
            #expect(call.range == 16..<39 && call.dot.range == 21..<22 && call.name.range == 22..<37)
            #expect(call.arguments?.range == 37..<39 && call.arguments.map { Array($0.arguments).isEmpty } == true)
            let base = try #require(call.base?.node.flatMap { EnumCaseSyntax($0) })
            #expect(base.range == 16..<21 && base.arguments == nil)
        }
        #expect(
            try Formatter.format(Array("label A {\nfont:   .system(size: 17).design( .rounded ).monospacedDigit( )\n}\n".utf8))
                == Array("label A {\n    font: .system(size: 17).design(.rounded).monospacedDigit()\n}\n".utf8))
        #expect(SyntaxDocument("label A { font: .body .monospacedDigit() }").root.hasErrors)
        let nine = "label A { font: .body" + String(repeating: ".monospacedDigit()", count: 9) + " }"
        #expect(SyntaxDocument(nine).root.hasErrors)
        let eight = "label A { font: .body" + String(repeating: ".monospacedDigit()", count: 8) + " }"
        #expect(!SyntaxDocument(eight).root.hasErrors)
    }

    /// On random documents, every view answers what a scan of the slots by hand (as consumers
    /// wrote it before the views) answers, and the slots the views read at fixed places (the
    /// item's block, the block's '}', the member's separator) are where the parser puts them.
    @Test func viewsAgreeWithAHandScanOnRandomDocuments() {
        var rng = SplitMix64(seed: 1105)
        var checked = (items: 0, members: 0, values: 0)
        for _ in 0..<3_000 {
            let doc = SyntaxDocument(randomDocument(&rng, pieces: Int(rng.next() % 30)))
            doc.forEachTopLevel { element, offset in
                guard case .node(let n) = element, let item = ItemSyntax(n, at: offset) else { return }
                checked.items += 1
                let scan = HandScan.item(SyntaxNode(green: n, offset: offset))
                #expect((item.name.isMissing ? nil : item.name.range) == scan.name)
                #expect(item.nameRange == scan.nameRange)
                #expect((item.inheritanceClause.map { $0.parents.filter { !$0.isMissing }.map(\.range) } ?? []) == scan.parents)
                #expect(item.block?.range == scan.block?.range)
                #expect((item.block?.isClosed ?? false) == scan.closed)
                let members = item.block.map { Array($0.members) } ?? []
                #expect(members.count == scan.members.count)
                #expect((item.block?.members.count ?? 0) == scan.members.count)
                for (m, s) in zip(members, scan.members) {
                    checked.members += 1
                    #expect(m.range == s.range)
                    #expect(m.name.range == s.name)
                    #expect(m.value?.range == s.value)
                    #expect(m.separator?.range == s.separator)
                    if let value = m.value?.node, !value.green.hasErrors {
                        checked.values += 1
                        #expect(HandScan.value(value) == ViewScan.value(value))
                    }
                }
            }
        }
        #expect(checked.items > 1_000 && checked.members > 1_000 && checked.values > 300)
    }
}

/// The parts of a value, as nested ranges: what `HandScan` and `ViewScan` compare.
indirect enum ValueParts: Equatable {
    case call(name: Range<Int>?, arguments: [(label: Range<Int>?, value: ValueParts?)]?)
    case list([ValueParts])
    case leaf(Range<Int>)

    static func == (a: ValueParts, b: ValueParts) -> Bool {
        switch (a, b) {
        case (.call(let n1, let a1), .call(let n2, let a2)):
            guard n1 == n2, (a1 == nil) == (a2 == nil) else { return false }
            let x = a1 ?? [], y = a2 ?? []
            return x.count == y.count && zip(x, y).allSatisfy { $0.label == $1.label && $0.value == $1.value }
        case (.list(let x), .list(let y)): return x == y
        case (.leaf(let x), .leaf(let y)): return x == y
        default: return false
        }
    }
}

/// A value's parts read through the views.
enum ViewScan {
    static func value(_ element: SyntaxElement) -> ValueParts {
        guard case .node(let node) = element else { return .leaf(element.range) }
        return value(node)
    }

    static func value(_ node: SyntaxNode) -> ValueParts {
        if let call = EnumCaseSyntax(node) {
            return .call(
                name: call.name.range,
                arguments: call.arguments.map { list in list.arguments.map { ($0.label?.range, $0.value.map { value($0) }) } })
        }
        if let list = ValueListSyntax(node) { return .list(list.elements.map { value($0) }) }
        return .leaf(node.range)
    }
}

/// The parts of an item found by walking every child, as consumers did before the views.
enum HandScan {
    /// A value without errors, as `ValueReader` read it.
    static func value(_ node: SyntaxNode) -> ValueParts {
        func element(_ e: SyntaxElement) -> ValueParts? {
            switch e {
            case .token(let t) where t.kind.isValue: return .leaf(t.range)
            case .node(let n) where n.kind.isValue: return value(n)
            default: return nil
            }
        }
        switch node.kind {
        case .enumCase:
            var name: Range<Int>?
            var arguments: [(label: Range<Int>?, value: ValueParts?)]?
            for child in node.children {
                switch child {
                case .token(let t) where t.kind != .dot && !t.kind.isTrivia && !t.isMissing:
                    name = t.range
                case .node(let list) where list.kind == .argumentList:
                    arguments = []
                    for case .node(let arg) in list.children where arg.kind == .argument {
                        let hasLabel = arg.firstToken(.colon) != nil
                        var label: Range<Int>?
                        var value: ValueParts?
                        for part in arg.children where value == nil {
                            if case .token(let t) = part, t.kind == .identifier, hasLabel, label == nil {
                                label = t.range
                            } else {
                                value = element(part)
                            }
                        }
                        arguments?.append((label, value))
                    }
                default:
                    break
                }
            }
            return .call(name: name, arguments: arguments)
        case .tuple, .list:
            return .list(node.children.compactMap(element))
        default:
            return .leaf(node.range)
        }
    }

    struct Item {
        var name: Range<Int>?
        var nameRange: Range<Int>
        var parents: [Range<Int>] = []
        var block: SyntaxNode?
        var closed = false
        var members: [Member] = []
    }

    struct Member {
        var range: Range<Int>
        var name: Range<Int>
        var value: Range<Int>?
        var separator: Range<Int>?
    }

    static func item(_ node: SyntaxNode) -> Item {
        var name: Range<Int>?
        var first: Range<Int>?
        var parents: [Range<Int>] = []
        var block: SyntaxNode?
        for child in node.children {
            switch child {
            case .token(let t):
                guard !t.isMissing, !t.kind.isTrivia else { continue }
                if first == nil { first = t.range }
                if t.kind == .identifier, name == nil { name = t.range }
            case .node(let n) where n.kind == .inheritanceClause:
                for case .token(let t) in n.children where t.kind == .identifier && !t.isMissing { parents.append(t.range) }
            case .node(let n) where n.kind == .memberBlock:
                block = n
            case .node:
                break
            }
        }
        var item = Item(name: name, nameRange: name ?? first ?? 0..<0, parents: parents, block: block)
        guard let block else { return item }
        if case .token(let t)? = Array(block.children).last, t.kind == .rightBrace, !t.isMissing { item.closed = true }
        for case .node(let m) in block.children where m.kind == .member {
            var member = Member(range: m.range, name: 0..<0)
            var sawName = false
            for part in m.children {
                switch part {
                case .token(let t):
                    if !sawName {
                        member.name = t.range
                        sawName = true
                    } else if (t.kind == .semicolon || t.kind == .comma) && !t.isMissing {
                        member.separator = t.range
                    } else if member.value == nil, t.kind.isValue, !t.isMissing {
                        member.value = t.range
                    }
                case .node(let v):
                    if member.value == nil, v.kind.isValue { member.value = v.range }
                }
            }
            item.members.append(member)
        }
        return item
    }
}

extension SyntaxElement {
    /// The node, when the element is one.
    fileprivate var node: SyntaxNode? {
        if case .node(let n) = self { return n }
        return nil
    }
}
