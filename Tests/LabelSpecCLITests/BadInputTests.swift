import Foundation
import JSON
import Testing

/// Hostile files: each yields diagnostics and exit 1, never a crash or a hang.
@Suite struct BadInputTests {
    static let cases: [(String, [UInt8])] = [
        ("binary junk", (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }),
        ("invalid UTF-8", [0x6C, 0x61, 0x62, 0x65, 0x6C, 0x20, 0xFF, 0xFE, 0x7B, 0xC3, 0x28, 0x7D]),
        ("a NUL byte", Array("label A {\n    text: \"a\"\u{0}\n}\n".utf8)),
        ("a 1 MB single line", Array(("label A { text: \"" + String(repeating: "x", count: 1_000_000) + " }").utf8)),
        ("10,000 nested brackets", Array(("label A { text: \"a\"; labelStyle: " + String(repeating: "[", count: 10_000) + " }").utf8)),
        ("an unterminated string at end of file", Array("label A {\n    text: \"never closed".utf8)),
    ]

    @Test(arguments: cases.indices)
    func hostileFileGivesDiagnosticsAndExitOne(_ index: Int) throws {
        let (name, bytes) = Self.cases[index]
        let dir = try CLI.temporaryDirectory()
        let file = dir.appendingPathComponent("bad.labelspec")
        try Data(bytes).write(to: file)
        let result = try CLI.run(["check", "--format", "json", file.path])
        #expect(result.status == 1, "\(name)")
        let items = try JSONValue.parse(result.stdout).arrayValue ?? []
        #expect(items.contains { $0["code"] == .string("syntax") }, "\(name)")
        // The text format survives it too.
        #expect(try CLI.run(["check", file.path]).status == 1, "\(name)")
    }
}

/// The parser's depth limit (`Parser.maxDepth`, 64): brackets up to it are values, the first past
/// it one `syntax` error that names the limit, at that bracket.
@Suite struct NestingLimitTests {
    @Test(arguments: [
        (
            64,
            "::error file=x.labelspec,line=1,col=35,endLine=1,endColumn=162,title=type-mismatch::'labelStyle' expects a label style or a list of them, not a list\n"
        ),
        (
            65,
            "::error file=x.labelspec,line=1,col=98,endLine=1,endColumn=101,title=syntax::brackets nested deeper than 64 levels; flatten the value\n"
        ),
    ])
    func bracketsPastTheLimitAreOneSyntaxErrorNamingIt(_ depth: Int, _ expected: String) throws {
        let dir = try CLI.temporaryDirectory()
        let value = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        try Data("label A { text: \"a\"; labelStyle: \(value) }\n".utf8).write(to: dir.appendingPathComponent("x.labelspec"))
        let result = try CLI.run(["check", "--format", "github", "x.labelspec"], in: dir)
        #expect(result.status == 1)
        // (The label is measured all the same: the run's stand-in notice ends it.)
        #expect(result.stdout == expected + CLI.standInNotice)
    }
}

/// Sizes past any screen (found by the fuzz campaign): each used to trap converting a size to an
/// integer, in `check`, `measure` or the server. They are `invalid-number` errors now, never used.
@Suite struct HugeNumberTests {
    @Test(arguments: [
        ("minimumFontSize: 99999999999999999999", "'minimumFontSize' must be at most 100000", 22),
        ("height: 1000000000000000000000", "'height' must be at most 100000", 13),
        ("width: 99999999999999999999", "'width' must be at most 100000", 12),
        ("font: .custom(\"Inter\", size: 1000000000000000000000)", "font size must be at most 100000", 34),
    ])
    func aSizePastAnyScreenIsAnErrorAndNeverACrash(_ member: String, _ message: String, _ column: Int) throws {
        let dir = try CLI.temporaryDirectory()
        try Data("{}".utf8).write(to: dir.appendingPathComponent("labelspec.json"))
        let file = dir.appendingPathComponent("a.labelspec")
        try Data("label A {\n    text: \"x\"\n    \(member)\n}\n".utf8).write(to: file)
        let check = try CLI.run(["check", "--format", "json", file.path])
        #expect(check.status == 1, "\(check.stderr)")
        let items = try JSONValue.parse(check.stdout).arrayValue ?? []
        let found = items.first { $0["code"] == .string("invalid-number") }
        #expect(found?["message"] == .string(message))
        #expect(found?["line"] == .int(3) && found?["column"] == .int(column))
        for arguments in [["check", file.path], ["measure", file.path], ["measure", "--content-size", "all", file.path]] {
            let run = try CLI.run(arguments)
            #expect(run.status == 0 || run.status == 1, "\(arguments): \(run.status) \(run.stderr)")
            #expect(!run.stderr.contains("Fatal error"), "\(arguments)")
        }
    }
}

/// Format specifiers no app could print (found by the second adversarial review): each used to
/// crash `check` (argument 0, a position past Int, `String(format:)` given a width past Int32),
/// abort on memory (a position of a billion) or run for minutes (a width of a hundred million).
/// A position of 0 or past 9,999 is text; a width or precision past 999 prints as 999.
@Suite struct HostileSpecifierTests {
    static func folder(_ text: String, substitution argNum: Int? = nil) throws -> URL {
        let dir = try CLI.temporaryDirectory()
        try Data("{}".utf8).write(to: dir.appendingPathComponent("labelspec.json"))
        func unit(_ v: String) -> JSONValue {
            .object([("stringUnit", .object([("state", .string("translated")), ("value", .string(v))]))])
        }
        var en: [(String, JSONValue)] = [
            ("stringUnit", .object([("state", .string("translated")), ("value", .string(argNum == nil ? text : "%#@n@"))]))
        ]
        if let argNum {
            en.append(
                (
                    "substitutions",
                    .object([
                        (
                            "n",
                            .object([
                                ("argNum", .int(argNum)), ("formatSpecifier", .string("lld")),
                                ("variations", .object([("plural", .object([("one", unit(text)), ("other", unit(text))]))])),
                            ])
                        )
                    ])
                ))
        }
        let catalog: JSONValue = .object([
            ("sourceLanguage", .string("en")), ("version", .string("1.0")),
            (
                "strings",
                .object([
                    (
                        "k",
                        .object([
                            (
                                "localizations",
                                .object([
                                    ("en", .object(en)),
                                    (
                                        "de",
                                        .object([
                                            ("variations", .object([("plural", .object([("one", unit(text)), ("other", unit(text))]))]))
                                        ])
                                    ),
                                ])
                            )
                        ])
                    )
                ])
            ),
        ])
        try Data(catalog.serializedBytes()).write(to: dir.appendingPathComponent("Localizable.xcstrings"))
        try Data("label L { text: .localized(\"k\"); width: 200 }\n".utf8).write(to: dir.appendingPathComponent("a.labelspec"))
        return dir
    }

    @Test(
        arguments: [
            ("%0$@ hi", "%0$@ hi"), ("%9223372036854775807$@", nil), ("%1000000000$lld", "%1000000000$lld"), ("%1$2147483647d", nil),
            ("%1$99999999999999999999d", nil), ("%1$100000000d", nil), ("%1$.100000000f", nil), ("%9999$@ x", "Alexandra x"),
        ] as [(String, String?)])
    func aSpecifierNoAppCouldPrintIsMeasuredAndNeverACrash(_ text: String, _ shown: String?) throws {
        let dir = try Self.folder(text)
        let file = dir.appendingPathComponent("a.labelspec").path
        for arguments in [["check", file], ["check", "--format", "json", "--locale", "all", file], ["measure", "--locale", "all", file]] {
            let run = try CLI.run(arguments, timeout: 60)
            #expect(run.status == 0, "\(text) \(arguments): \(run.status) \(run.stderr)")
            #expect(run.stderr.isEmpty, "\(text) \(arguments)")
            if let shown, arguments[0] == "measure" { #expect(run.stdout.contains("│\(shown) "), "\(run.stdout)") }
        }
    }

    @Test func aWidePrintIsCutAt999Characters() throws {
        let dir = try Self.folder("%1$100000000d")
        let run = try CLI.run(["check", "--format", "json", dir.appendingPathComponent("a.labelspec").path])
        let items = try JSONValue.parse(run.stdout).arrayValue ?? []
        #expect(items.map { $0["code"] } == [.string("truncates")])
        #expect(items.first?["message"]?.stringValue?.hasPrefix("truncates in en at .large: \"…\"") == true)
    }

    @Test func anArgumentNumberPast9999IsACatalogError() throws {
        let dir = try Self.folder("%arg items", substitution: 1_000_000_000)
        let run = try CLI.run(["check", "--format", "json", dir.appendingPathComponent("a.labelspec").path], timeout: 60)
        let items = try JSONValue.parse(run.stdout).arrayValue ?? []
        let found = items.first { $0["code"] == .string("invalid-catalog") }
        #expect(found?["message"]?.stringValue?.contains("an argument number from 1 to 9999") == true, "\(items)")
        #expect(run.stderr.isEmpty)
    }
}
