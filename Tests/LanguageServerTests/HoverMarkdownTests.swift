import Foundation
import JSON
import JSONRPC
import Testing

@testable import LanguageServer

/// Issue 33: a hover on `.localized("key")` shows the key's text in each locale (every plural
/// form, device and substitution form) and where the key is written; a key, a text or a locale
/// name read from a catalog is escaped in the Markdown (`Markdown.text`) and shows as itself in
/// a client without Markdown.
@Suite struct HoverMarkdownTests {
    static let catalog = #"""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "greeting" : {
              "localizations" : {
                "en" : { "stringUnit" : { "state" : "translated", "value" : "Welcome" } },
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Willkommen" } }
              }
            },
            "photos" : {
              "localizations" : {
                "en" : { "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld photo" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld photos" } } } } },
                "ru" : { "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld фото" } },
                  "few" : { "stringUnit" : { "state" : "translated", "value" : "%lld фотографии" } },
                  "many" : { "stringUnit" : { "state" : "translated", "value" : "%lld фотографий" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld фотографии" } } } } }
              }
            },
            "a|![p](https://x.io/p.png)" : {
              "localizations" : {
                "en" : { "stringUnit" : { "state" : "translated", "value" : "A | B\n![i](https://x.io/i.png) <b>`c`</b>" } }
              }
            }
          },
          "version" : "1.0"
        }
        """#

    static let labels = #"""
        label Greeting {
            text: .localized("greeting")
        }
        label Photos {
            text: .localized("photos")
        }
        label Hostile {
            text: .localized("a|![p](https://x.io/p.png)")
        }
        label Missing {
            text: .localized("nowhere", defaultValue: "Shown")
        }

        """#

    func hovers(markdown: Bool) throws -> (URL, [String?]) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-keyhover-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data(Self.catalog.utf8).write(to: dir.appendingPathComponent("Localizable.xcstrings"))
        try Data(Self.labels.utf8).write(to: dir.appendingPathComponent("a.labelspec"))
        let client = TestClient()
        let capabilities: JSONValue = markdown ? .object([("textDocument", TestClient.markdownCapabilities)]) : .object([])
        client.request("initialize", .object([("rootUri", .string(dir.absoluteString)), ("capabilities", capabilities)]))
        client.notify("initialized", .object([]))
        let uri = dir.appendingPathComponent("a.labelspec").absoluteString
        client.open(uri, Self.labels)
        let values = [1, 4, 7, 10].map { line in
            let reply = client.request(
                "textDocument/hover",
                .object([
                    ("textDocument", .object([("uri", .string(uri))])), ("position", TestClient.position(line, 20)),
                ]))
            let contents = reply?["result"]?["contents"]
            #expect(contents?["kind"]?.stringValue == (markdown ? "markdown" : "plaintext"))
            return contents?["value"]?.stringValue
        }
        return (dir, values)
    }

    @Test func aKeysHoverShowsItsTextInEachLocale() throws {
        let (_, values) = try hovers(markdown: true)
        #expect(
            values[0] == """
                **"greeting"** in `Localizable.xcstrings:4`

                | locale | text |
                |---|---|
                | en | Welcome |
                | de | Willkommen |

                """)
        #expect(
            values[1] == """
                **"photos"** in `Localizable.xcstrings:10`

                | locale | text |
                |---|---|
                | en (one) | %lld photo |
                | en (other) | %lld photos |
                | ru (one) | %lld фото |
                | ru (few) | %lld фотографии |
                | ru (many) | %lld фотографий |
                | ru (other) | %lld фотографии |

                """)
        // A key and a text from the catalog: escaped, the line break shown as ↵.
        #expect(
            values[2] == #"""
                **"a\|\!\[p\](https://x.io/p.png)"** in `Localizable.xcstrings:22`

                | locale | text |
                |---|---|
                | en | A \| B↵\!\[i\](https://x.io/i.png) \<b\>\`c\`\</b\> |

                """#)
        #expect(values[3] == #"**"nowhere"** is in no string table: shown as its default value, "Shown""# + "\n")
    }

    /// A client without Markdown reads the same names, without escapes.
    @Test func aPlainTextClientReadsTheNamesAsTheyAre() throws {
        let (_, values) = try hovers(markdown: false)
        #expect(
            values[2] == """
                "a|![p](https://x.io/p.png)" in Localizable.xcstrings:22

                | locale | text |
                |---|---|
                | en | A | B↵![i](https://x.io/i.png) <b>`c`</b> |

                """)
    }

    /// Device variations (nested plural forms) and substitutions: a row each.
    @Test func devicesAndSubstitutionsAreRowsOfTheirOwn() throws {
        let catalog = #"""
            { "sourceLanguage" : "en", "version" : "1.0", "strings" : {
              "items" : { "localizations" : {
                "en" : { "stringUnit" : { "state" : "translated", "value" : "%#@items@" },
                  "substitutions" : { "items" : { "argNum" : 1, "formatSpecifier" : "lld", "variations" : { "plural" : {
                    "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg item" } },
                    "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg items" } } } } } } },
                "de" : { "variations" : { "device" : {
                  "ipad" : { "stringUnit" : { "state" : "translated", "value" : "Alle Elemente" } },
                  "other" : { "variations" : { "plural" : {
                    "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld Element" } },
                    "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld Elemente" } } } } } } } } } } } }
            """#
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-keyhover-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data(catalog.utf8).write(to: dir.appendingPathComponent("Localizable.xcstrings"))
        let text = "label Items {\n    text: .localized(\"items\")\n}\n"
        let client = TestClient()
        client.request(
            "initialize",
            .object([
                ("rootUri", .string(dir.absoluteString)), ("capabilities", .object([("textDocument", TestClient.markdownCapabilities)])),
            ]))
        client.notify("initialized", .object([]))
        let uri = dir.appendingPathComponent("a.labelspec").absoluteString
        client.open(uri, text)
        let value = client.request(
            "textDocument/hover",
            .object([
                ("textDocument", .object([("uri", .string(uri))])), ("position", TestClient.position(1, 20)),
            ]))?["result"]?["contents"]?["value"]?.stringValue
        #expect(
            value == """
                **"items"** in `Localizable.xcstrings:2`

                | locale | text |
                |---|---|
                | en | %#@items@ |
                | en (items: one) | %arg item |
                | en (items: other) | %arg items |
                | de (ipad) | Alle Elemente |
                | de (other, one) | %lld Element |
                | de (other, other) | %lld Elemente |

                """)
    }

    /// A screen named in the editor's setting (`initializationOptions`), hostile: one escaped,
    /// cut table cell, in the label's hover and in its width's.
    @Test func aScreenNameFromTheEditorsSettingIsEscaped() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-screenname-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let text = "label Row {\n    text: \"Notifications and sounds for every conversation\"\n    width: .screen - 32\n}\n"
        let name = "x | y\n![p](https://x.io/p.png) <i>" + String(repeating: "z", count: 100)
        let settings: JSONValue = .object([
            ("contentSizes", .array([.string("large")])),
            ("screens", .array([.object([("name", .string(name)), ("width", .int(300)), ("sizeClass", .string("compact"))])])),
        ])
        let client = TestClient()
        client.request(
            "initialize",
            .object([
                ("rootUri", .string(dir.absoluteString)), ("capabilities", .object([("textDocument", TestClient.markdownCapabilities)])),
                ("initializationOptions", settings),
            ]))
        client.notify("initialized", .object([]))
        let uri = dir.appendingPathComponent("a.labelspec").absoluteString
        client.open(uri, text)
        func hover(_ line: Int, _ character: Int) -> String {
            client.request(
                "textDocument/hover",
                .object([
                    ("textDocument", .object([("uri", .string(uri))])), ("position", TestClient.position(line, character)),
                ]))?["result"]?["contents"]?["value"]?.stringValue ?? ""
        }
        let shown = #"x \| y↵\!\[p\](https://x.io/p.png) \<i\>"# + String(repeating: "z", count: 80 - 34) + "…"
        let label = hover(0, 7)
        #expect(label.hasPrefix("**Row** at .large on \(shown) (268 pt) — 1 line · truncated"), "\(label)")
        #expect(label.contains("\n| \(shown) | 268 pt | truncated at .large |\n"), "\(label)")
        let width = hover(2, 14)
        #expect(
            width
                == "**width** `.screen - 32`\n\n`.screen`: The window's width on each configured screen (`screens` in labelspec.json).\n\n| screen | width |\n|---|---|\n| \(shown) | 268 pt |\n"
        )
    }

    /// Markdown as plain text: escapes undone outside code, code spans and fenced lines kept as
    /// they are; a line of many unmatched backtick runs costs what it holds.
    @Test func plainTextUndoesEscapesOutsideCode() {
        #expect(plainText("**a\\|b** `x\\y` ``a`b`` \\*\\_  \n```text\n│\\*│ **\n```\nend") == "a|b x\\y a`b *_\n│\\*│ **\nend")
        #expect(plainText("````text\n```\n````\nafter") == "```\nafter")
        let many = String(repeating: "`a", count: 200_000)
        #expect(plainText(many) == String(repeating: "a", count: 200_000))
    }
}
