import Foundation
import JSONRPC
import Testing

/// `labelspec lsp` over real stdio: framing in and out, stdout kept clean, exit codes.
@Suite struct LSPStdioTests {
    func frame(_ json: String) -> Data { Data(MessageFramer.frame(Array(json.utf8))) }

    /// Runs the server on `input` and returns its framed replies, stderr and exit status.
    func run(_ input: Data) throws -> (messages: [JSONValue], stderr: String, status: Int32) {
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = ["lsp"]
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var framer = MessageFramer()
        let messages = framer.feed([UInt8](out)).compactMap { event -> JSONValue? in
            if case .message(let body) = event { return try? JSONValue.parse(body) }
            return nil
        }
        return (messages, String(decoding: err, as: UTF8.self), process.terminationStatus)
    }

    @Test func aWholeSessionOverStdio() throws {
        var input = Data()
        input += frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
        input += frame(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
        input += Data("Content-Length: 7\r\n\r\n{broken".utf8)
        input += frame(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///x.labelspec","languageId":"labelspec","version":1,"text":"label A { widht: 1 }"}}}"#)
        input += frame(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#)
        input += frame(#"{"jsonrpc":"2.0","method":"exit"}"#)
        let (messages, _, status) = try run(input)
        #expect(status == 0)
        #expect(messages.count == 4)
        #expect(messages[0]["id"] == .int(1) && messages[0]["result"]?["serverInfo"]?["name"] == .string("labelspec"))
        #expect(messages[1]["error"]?["code"] == .int(-32700))
        #expect(messages[2]["method"] == .string("textDocument/publishDiagnostics"))
        #expect(messages[2]["params"]?["diagnostics"]?.arrayValue?.compactMap { $0["code"]?.stringValue } == ["missing-text", "unknown-property"])
        #expect(messages[3] == .object([("jsonrpc", .string("2.0")), ("id", .int(2)), ("result", .null)]))
    }

    @Test func exitWithoutShutdownIsOne() throws {
        var input = frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
        input += frame(#"{"jsonrpc":"2.0","method":"exit"}"#)
        let (messages, _, status) = try run(input)
        #expect(messages.count == 1)
        #expect(status == 1)
    }

    @Test func anAbsurdLengthIsRefusedWithoutAllocating() throws {
        // Everything after the header counts as that body; the server answers and ends at EOF.
        let (messages, stderr, status) = try run(Data("Content-Length: 99999999999\r\n\r\n".utf8))
        #expect(messages.map { $0["error"]?["code"] } == [.int(-32600)])
        #expect(stderr.contains("refused a 99999999999-byte message"))
        #expect(status == 1)
    }
}
