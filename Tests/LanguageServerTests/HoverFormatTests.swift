import JSON
import LabelPresentation
import Testing

@testable import LanguageServer

/// How hovers are written for a client (`HoverFormat`) is decided in one place,
/// `ClientCapabilities.hoverFormat`, from what the client said in `initialize` and the editor's
/// `hoverImages` setting: the same for each recorded client as before the decision moved there.
@Suite struct HoverFormatTests {
    func client(_ name: String?, markdown: Bool) throws -> ClientCapabilities {
        let formats = markdown ? #"["markdown", "plaintext"]"# : #"["plaintext"]"#
        var c = ClientCapabilities(try JSONValue.parse(Array(#"{"textDocument": {"hover": {"contentFormat": \#(formats)}}}"#.utf8)))
        c.name = name
        return c
    }

    @Test func eachClientGetsItsFormat() throws {
        let svg = HoverFormat(markdown: true, images: "image/svg+xml", maxCharacters: 100_000)
        let text = HoverFormat(markdown: true, images: nil, maxCharacters: 100_000)
        #expect(try client("Visual Studio Code", markdown: true).hoverFormat(hoverImages: nil) == svg)
        #expect(try client("Visual Studio Code - Insiders", markdown: true).hoverFormat(hoverImages: nil) == svg)
        #expect(try client("Zed Preview", markdown: true).hoverFormat(hoverImages: nil) == svg)
        // lsp-mode: its pattern for images takes no `+`.
        #expect(try client("emacs", markdown: true).hoverFormat(hoverImages: nil).images == "image/svg")
        #expect(try client("Neovim", markdown: true).hoverFormat(hoverImages: nil) == text)
        #expect(try client(nil, markdown: true).hoverFormat(hoverImages: nil) == text)
        // The setting decides instead of the name, for a client whose hovers are Markdown only.
        #expect(try client("Visual Studio Code", markdown: true).hoverFormat(hoverImages: false) == text)
        #expect(try client("Neovim", markdown: true).hoverFormat(hoverImages: true) == svg)
        #expect(try client("Eglot", markdown: false).hoverFormat(hoverImages: true) == HoverFormat(markdown: false, images: nil))
        #expect(HoverFormat.clientCut == 100_000)
    }
}
