import Foundation
import JSONRPC
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
