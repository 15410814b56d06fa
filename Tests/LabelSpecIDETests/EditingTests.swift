import LabelMeasure
import LabelSpecIDE
import LabelSpecSemantics
import Testing

/// Completion, navigation, code actions, colours and formatting, without any protocol.
@Suite struct EditingTests {
    /// The completion items of a one-document workspace of `text`, with the cursor right after
    /// `needle`.
    func items(_ text: String, after needle: String) -> [CompletionItem] {
        let w = workspace(["d": text])
        return Completion.items(at: offset(of: needle, in: text, plus: needle.utf8.count), in: w.documents["d"]!, workspace: w)
    }

    @Test func completionProposesWhatTheCursorAsksFor() {
        let styles = "style Body { font: .body }\nstyle Muted { textColor: .secondaryLabel }\n"
        let text = "label A: \nlabel B {\n    text: \"x\"\n    \n}\nlabel C { lineBreakMode: . }\n"
        let w = workspace(["s": styles, "a": text])
        let doc = w.documents["a"]!
        // After an item's colon: the style names.
        #expect(Completion.items(at: offset(of: "A: ", in: text, plus: 3), in: doc, workspace: w).map(\.label) == ["Body", "Muted"])
        // In a block: the properties the label does not set yet, in table order, with snippets.
        let properties = Completion.items(at: offset(of: "\"x\"\n    ", in: text, plus: 8), in: doc, workspace: w)
        #expect(properties.first?.label == "font" && properties.first?.insertText == "font: " && properties.first?.snippet == "font: ${1}")
        #expect(!properties.map(\.label).contains("text") && properties.allSatisfy { $0.kind == .property })
        #expect(properties.first?.documentation?.hasSuffix("Default: `.body`") == true)
        // After `lineBreakMode: .`: the cases, without a second dot.
        let modes = Completion.items(at: offset(of: ": .", in: text, plus: 3), in: doc, workspace: w)
        #expect(modes.map(\.label).prefix(2) == [".byWordWrapping", ".byCharWrapping"])
        #expect(modes.first?.insertText == "byWordWrapping" && modes.first?.kind == .enumMember)
        #expect(Completion.context(prefix: "    font: .system(si", inBlock: true) == .arguments(factory: "system"))
        // Font designs (issue 36, point 4): the text style of `.system(.body, design:)`, then the
        // design's cases, with or without the dot typed.
        #expect(
            Completion.context(prefix: "    font: .system(.bo", inBlock: true)
                == .argumentValue(factory: "system", label: nil, hasDot: true))
        #expect(
            Completion.context(prefix: "    font: .system(.body, design: .ro", inBlock: true)
                == .argumentValue(factory: "system", label: "design", hasDot: true))
        #expect(
            Completion.context(prefix: "    font: .system(size: 17, design: ", inBlock: true)
                == .argumentValue(factory: "system", label: "design", hasDot: false))
        #expect(Completion.context(prefix: "    font: .system(size: 17, ", inBlock: true) == .arguments(factory: "system"))
        #expect(Completion.context(prefix: "    font: .system(.body, ", inBlock: true) == .arguments(factory: "system(.style)"))
        #expect(Completion.context(prefix: "    font: .body.", inBlock: true) == .fontModifier(custom: false))
        // Eight modifiers written: no ninth offered (the language takes eight).
        let seven = "    font: .body" + String(repeating: ".bold()", count: 7) + "."
        #expect(Completion.context(prefix: seven, inBlock: true) == .fontModifier(custom: false))
        #expect(Completion.context(prefix: "    font: .body" + String(repeating: ".bold()", count: 8) + ".", inBlock: true) == .none)
        // A `.custom` family (issue 39): its face and digits, not a design.
        #expect(Completion.context(prefix: "    font: .custom(\"Inter\", size: 17).", inBlock: true) == .fontModifier(custom: true))
        let customItems = items("label C {\n    font: .custom(\"Inter\", size: 17).\n}\n", after: "size: 17).")
        #expect(customItems.map(\.label) == [".bold()", ".weight(_:)", ".italic()", ".monospacedDigit()"])
        // Every prefix of a line being typed has an answer (none crashes).
        for line in [
            "    font: .system(.body, design: .rounded).monospacedDigit()", "    font: .custom(\"A\", size: 3, relativeTo: .bo",
            "    font: .system(size: 17).design(.serif); width: 3", "    font: .system(", "    font: .body.design(",
        ] {
            for end in line.indices { _ = Completion.context(prefix: String(line[..<end]), inBlock: true) }
        }
        // In the modifier `.design(`: the designs, not the modifiers.
        #expect(
            Completion.context(prefix: "    font: .body.design(.", inBlock: true)
                == .argumentValue(factory: "design", label: nil, hasDot: true))
        #expect(
            Completion.context(prefix: "    font: .system(size: 17).design(.ro", inBlock: true)
                == .argumentValue(factory: "design", label: nil, hasDot: true))
        #expect(
            Completion.context(prefix: "    font: .body.design(", inBlock: true)
                == .argumentValue(factory: "design", label: nil, hasDot: false))
        #expect(Completion.context(prefix: "    font: .body.design(.rounded).", inBlock: true) == .fontModifier(custom: false))
        let designText = "label D {\n    font: .system(.body, design: .)\n}\n"
        let designs = items(designText, after: "design: .")
        #expect(designs.map(\.label) == [".default", ".rounded", ".monospaced", ".serif"])
        #expect(designs.map(\.insertText) == ["default", "rounded", "monospaced", "serif"])
        #expect(
            Completion.context(prefix: "    font: .title2.weight(.se", inBlock: true)
                == .argumentValue(factory: "weight", label: nil, hasDot: true))
        let arguments = items(designText, after: "(")
        #expect(arguments.map(\.label) == ["size:", "weight:", "design:"])
        #expect(Completion.context(prefix: "label X", inBlock: false) == CompletionContext.none)
    }

    @Test func namesResolveAcrossDocumentsAndRenameChecksTheNewName() throws {
        let styles = "style Body { font: .body }\n"
        let text = "label A: Body { text: \"a\" }\nlabel B: Body { text: \"b\" }\n"
        let w = workspace(["s": styles, "t": text])
        let doc = w.documents["t"]!
        let at = offset(of: "Body", in: text, plus: 2)
        let name = try #require(Navigation.name(at: at, in: doc))
        #expect(name.name == "Body" && slice(text, name.range) == "Body")
        #expect(Navigation.definition(at: at, in: doc, workspace: w) == DocumentRange(document: "s", range: 6..<10))
        let all = Navigation.occurrences(of: "Body", in: w)
        #expect(all.map(\.document) == ["s", "t", "t"])
        #expect(Navigation.occurrences(of: "Body", in: w, declarations: false).count == 2)
        #expect(Navigation.isValidName("Body_2") && !Navigation.isValidName("2Body") && !Navigation.isValidName("label"))
        #expect(!Navigation.isValidName("Bödy") && !Navigation.isValidName(""))
        #expect(WorkspaceSymbols.search("bd", in: [("s", w.documents["s"]!), ("t", doc)]).map(\.name) == ["Body"])
        #expect(WorkspaceSymbols.search("", in: [("t", doc)]).map(\.name) == ["A", "B"])
    }

    @Test func codeActionsAreTheFixesOfOverlappingDiagnostics() {
        let fix = Fix(title: "Replace", edits: [])
        let d1 = Diagnostic(.unknownProperty, "a", at: 10..<15, fixes: [fix])
        let d2 = Diagnostic(.unknownProperty, "b", at: 30..<35, fixes: [fix, fix])
        #expect(
            CodeActions.actions(for: 14..<20, diagnostics: [d1, d2]).map { [$0.diagnostic.message, "\($0.isPreferred)"] } == [
                ["a", "true"]
            ])
        #expect(CodeActions.actions(for: 15..<30, diagnostics: [d1, d2]).map(\.isPreferred) == [true, false, false])
        #expect(CodeActions.actions(for: 16..<29, diagnostics: [d1, d2]).isEmpty)
    }

    @Test func coloursAndTheirSpellings() {
        let text = "label A { textColor: #FF000080 }\nlabel B { textColor: .systemRed }\n"
        let w = workspace(["a": text])
        var colors: [ColorInformation] = []
        w.documents["a"]!.syntax.forEachLeafChunk { chunk, offset in
            colors += DocumentColors.colors(inChunk: chunk, at: offset, of: w.documents["a"]!)
        }
        #expect(colors.map { slice(text, $0.range) } == ["#FF000080", ".systemRed"])
        #expect(colors.map(\.color.hex) == ["#FF000080", "#FF3B30"])
        #expect(DocumentColors.presentations(of: RGBA(255, 59, 48)) == ["#FF3B30", ".systemRed"])
        #expect(DocumentColors.presentations(of: RGBA(1, 2, 3)) == ["#010203"])
    }

    @Test func formattingGivesTheCanonicalTextOrNothing() {
        let w = workspace(["a": "label A{text:\"x\"}\n", "b": "label B {\n    text: \"x\"\n}\n", "c": "label {"])
        #expect(Formatting.formatted(w.documents["a"]!) == .success(Array("label A {\n    text: \"x\"\n}\n".utf8)))
        #expect(Formatting.formatted(w.documents["b"]!) == .success(nil))
        #expect(Formatting.formatted(w.documents["c"]!) == .failure(.syntaxErrors))
    }
}
