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

    /// The server groups files into namespaces exactly as `check` does (language.md, "Which files
    /// share names"): per folder without a `labelspec.json`, per `labelspec.json` tree otherwise,
    /// a nested `labelspec.json` starting a tree of its own; each with its own configuration.
    @Test func theServerAndCheckAgreeOnEveryFileOfATree() throws {
        let root = try CLI.temporaryDirectory()
        let files: [(String, String)] = [
            ("a/x.labelspec", "style A { font: .body }\nlabel X: A { text: \"x\" }\nlabel Dup { text: \"d\" }\n"),
            ("a/y.labelspec", "label Y: A { text: \"y\" }\nlabel Z: B { text: \"z\" }\n"),
            ("b/z.labelspec", "style B { font: .body }\nlabel Dup { text: \"d\" }\n"),
            ("proj/labelspec.json", #"{ "severity": { "custom-color": "off" } }"#),
            ("proj/p.labelspec", "style P { font: .body }\nlabel Q: P { text: \"q\"; textColor: #FF0000 }\n"),
            ("proj/sub/q.labelspec", "label R: P { text: \"r\" }\nlabel Long { text: \"Alexandra Fitzgerald-Montgomery\"; width: 100 }\n"),
            ("proj/nested/labelspec.json", "{}"),
            ("proj/nested/n.labelspec", "label N: P { text: \"n\"; textColor: #FF0000 }\n"),
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        // check: "file:line:column:code" for every file.
        let check = try CLI.run(["check", "--format", "json", "a", "b", "proj"], in: root)
        #expect(check.status == 1)
        let fromCheck = try JSONValue.parse(check.stdout).arrayValue?.map { d in
            "\(d["file"]?.stringValue ?? ""):\(d["line"]?.intValue ?? 0):\(d["column"]?.intValue ?? 0):\(d["code"]?.stringValue ?? "")"
        } ?? []
        // The server, rooted at the same folder, pulled for the whole workspace.
        var input = frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"\#(root.absoluteString)","capabilities":{}}}"#)
        input += frame(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
        input += frame(#"{"jsonrpc":"2.0","id":2,"method":"workspace/diagnostic","params":{"previousResultIds":[]}}"#)
        input += frame(#"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#)
        input += frame(#"{"jsonrpc":"2.0","method":"exit"}"#)
        let (messages, _, status) = try run(input)
        #expect(status == 0)
        let reports = messages.first { $0["id"] == .int(2) }?["result"]?["items"]?.arrayValue ?? []
        var fromServer: [String] = []
        for report in reports {
            let path = URL(string: report["uri"]?.stringValue ?? "")!.path
            let relative = String(path.dropFirst(root.path.count + 1))
            for d in report["items"]?.arrayValue ?? [] {
                let start = d["range"]?["start"]
                fromServer.append("\(relative):\((start?["line"]?.intValue ?? 0) + 1):\((start?["character"]?.intValue ?? 0) + 1):\(d["code"]?.stringValue ?? "")")
            }
        }
        #expect(fromServer.sorted() == fromCheck.sorted())
        // What the grouping means, spelled out.
        #expect(fromCheck.sorted() == [
            "a/y.labelspec:2:10:unknown-style",  // B lives in another folder
            "proj/nested/n.labelspec:1:10:unknown-style",  // a nested labelspec.json: P is not shared
            "proj/nested/n.labelspec:1:36:custom-color",  // and proj's severities do not apply
            "proj/sub/q.labelspec:2:7:truncates",
        ])
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
