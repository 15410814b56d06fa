import Foundation
import JSON
import JSONRPC
import Testing

/// `labelspec lsp` over real stdio: framing in and out, stdout kept clean, exit codes.
@Suite struct LSPStdioTests {
    func frame(_ json: String) -> Data { Data(MessageFramer.frame(Array(json.utf8))) }

    /// Runs the server on `input` and returns its framed replies, stderr and exit status.
    func run(_ input: Data) throws -> (messages: [JSONValue], stderr: String, status: Int32) {
        let server = try LSPProcess()
        server.send(input)
        let status = server.finish(seconds: 60) ?? -1
        return (server.received, server.stderr, status)
    }

    @Test func aWholeSessionOverStdio() throws {
        var input = Data()
        input += frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
        input += frame(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
        input += Data("Content-Length: 7\r\n\r\n{broken".utf8)
        input += frame(
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///x.labelspec","languageId":"labelspec","version":1,"text":"label A { widht: 1 }"}}}"#
        )
        input += frame(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#)
        input += frame(#"{"jsonrpc":"2.0","method":"exit"}"#)
        let (all, stderr, status) = try run(input)
        #expect(status == 0)
        // Once initialized, the server's log lines go to the client at their level, not to
        // standard error (issue 24). The polling note comes from the worker queue, the other from
        // the reading thread: in either order.
        let logs = all.filter { $0["method"] == .string("window/logMessage") }
        #expect(
            logs.map { "\($0["params"]?["type"]?.intValue ?? 0): \($0["params"]?["message"]?.stringValue ?? "")" }.sorted() == [
                "2: labelspec lsp: bad message: parse error: quoted object property name expected",
                "3: labelspec lsp: the client does not watch files: looking for changes on disk every 2.0 s",
            ])
        #expect(stderr == "")
        let messages = all.filter { $0["method"] != .string("window/logMessage") }
        #expect(messages.count == 4)
        #expect(messages[0]["id"] == .int(1) && messages[0]["result"]?["serverInfo"]?["name"] == .string("labelspec"))
        #expect(messages[1]["error"]?["code"] == .int(-32700))
        #expect(messages[2]["method"] == .string("textDocument/publishDiagnostics"))
        #expect(
            messages[2]["params"]?["diagnostics"]?.arrayValue?.compactMap { $0["code"]?.stringValue } == [
                "missing-text", "unknown-property",
            ])
        #expect(messages[3] == .object([("jsonrpc", .string("2.0")), ("id", .int(2)), ("result", .null)]))
    }

    /// The server groups files into namespaces exactly as `check` does (language.md, "Which files
    /// share names"): per folder without a `labelspec.json`, per `labelspec.json` tree otherwise,
    /// a nested `labelspec.json` starting a tree of its own, sibling trees apart; each with its own
    /// configuration, whose problems both report on the file. The same diagnostics, to the
    /// message and severity.
    @Test func theServerAndCheckAgreeOnEveryFileOfATree() throws {
        let root = try CLI.temporaryDirectory()
        let files: [(String, String)] = [
            (
                "a/x.labelspec",
                "style A { font: .body }\nlabel X: A { text: \"x\" }\nlabel Dup { text: \"d\" }\nlabel Dup { text: \"e\" }\n"
            ),
            ("a/y.labelspec", "label Y: A { text: \"y\" }\nlabel Z: B { text: \"z\" }\n"),
            ("b/z.labelspec", "style B { font: .body }\nlabel Dup { text: \"d\" }\n"),
            // A byte order mark: not a column, for check and for the server alike.
            ("b/bom.labelspec", "\u{FEFF}label W { widht: 1 }\n"),
            ("proj/labelspec.json", #"{ "severity": { "custom-color": "off" } }"#),
            ("proj/p.labelspec", "style P { font: .body }\nlabel Q: P { text: \"q\"; textColor: #767676 }\n"),
            ("proj/sub/q.labelspec", "label R: P { text: \"r\" }\nlabel Long { text: \"Alexandra Fitzgerald-Montgomery\"; width: 100 }\n"),
            ("proj/nested/labelspec.json", "{}"),
            ("proj/nested/n.labelspec", "label N: P { text: \"n\"; textColor: #767676 }\n"),
            // Sibling trees, each with its own labelspec.json.
            ("s1/labelspec.json", "{}"),
            ("s1/s.labelspec", "style Sib { font: .body }\nlabel S1: Sib { text: \"s\" }\n"),
            ("s2/labelspec.json", "{}"),
            ("s2/t.labelspec", "label S2: Sib { text: \"t\" }\n"),
            // A configuration with a problem: reported; its other keys apply.
            ("bad/labelspec.json", "{\n  \"other\": 1,\n  \"severity\": { \"custom-color\": \"off\" }\n}\n"),
            ("bad/c.labelspec", "label C { text: \"c\"; textColor: #767676 }\n"),
            // No content size: nothing is measured.
            ("none/labelspec.json", #"{ "contentSizes": [] }"#),
            ("none/l.labelspec", "label Long { text: \"Alexandra Fitzgerald-Montgomery\"; width: 100 }\n"),
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        // check: "file:line:column:severity:code:message" for every file.
        let check = try CLI.run(["check", "--format", "json", "a", "b", "proj", "s1", "s2", "bad", "none"], in: root)
        #expect(check.status == 2)  // a configuration with a problem
        let fromCheck =
            try JSONValue.parse(check.stdout).arrayValue?.map { d in
                "\(d["file"]?.stringValue ?? ""):\(d["line"]?.intValue ?? 0):\(d["column"]?.intValue ?? 0):\(d["severity"]?.stringValue ?? "")"
                    + ":\(d["code"]?.stringValue ?? ""):\(d["message"]?.stringValue ?? "")"
            } ?? []
        // The server, rooted at the same folder, pulled for the whole workspace (which has the
        // problems of labelspec.json files too, also pushed on them: counted once).
        var input = frame(
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"\#(root.absoluteString)","capabilities":{}}}"#)
        input += frame(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
        input += frame(#"{"jsonrpc":"2.0","id":2,"method":"workspace/diagnostic","params":{"previousResultIds":[]}}"#)
        input += frame(#"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#)
        input += frame(#"{"jsonrpc":"2.0","method":"exit"}"#)
        let (messages, _, status) = try run(input)
        #expect(status == 0)
        var reports = messages.first { $0["id"] == .int(2) }?["result"]?["items"]?.arrayValue ?? []
        let pulled = Set(reports.compactMap { $0["uri"]?.stringValue })
        #expect(pulled.contains(root.appendingPathComponent("bad/labelspec.json").absoluteString))
        reports += messages.filter { $0["method"] == .string("textDocument/publishDiagnostics") }.compactMap { push in
            push["params"].flatMap { p in
                pulled.contains(p["uri"]?.stringValue ?? "")
                    ? nil : .object([("uri", p["uri"] ?? .null), ("items", p["diagnostics"] ?? .null)])
            }
        }
        let severities = [1: "error", 2: "warning", 3: "information", 4: "hint"]
        var fromServer: [String] = []
        for report in reports {
            let path = URL(string: report["uri"]?.stringValue ?? "")!.path
            let relative = String(path.dropFirst(root.path.count + 1))
            for d in report["items"]?.arrayValue ?? [] {
                let start = d["range"]?["start"]
                fromServer.append(
                    "\(relative):\((start?["line"]?.intValue ?? 0) + 1):\((start?["character"]?.intValue ?? 0) + 1)"
                        + ":\(severities[d["severity"]?.intValue ?? 0] ?? ""):\(d["code"]?.stringValue ?? ""):\(d["message"]?.stringValue ?? "")"
                )
            }
        }
        #expect(fromServer.sorted() == fromCheck.sorted())
        // What the grouping means, spelled out.
        #expect(
            fromCheck.map { $0.split(separator: ":").prefix(5).joined(separator: ":") }.sorted() == [
                "a/x.labelspec:4:7:warning:duplicate",  // within a file
                "a/y.labelspec:2:10:error:unknown-style",  // B lives in another folder
                "b/bom.labelspec:1:11:error:unknown-property",
                "b/bom.labelspec:1:7:error:missing-text",
                "bad/labelspec.json:2:3:error:invalid-configuration",  // and custom-color is off all the same
                "proj/nested/n.labelspec:1:10:error:unknown-style",  // a nested labelspec.json: P is not shared
                "proj/nested/n.labelspec:1:36:hint:custom-color",  // and proj's severities do not apply
                "proj/sub/q.labelspec:2:7:warning:truncates",
                "s2/t.labelspec:1:11:error:unknown-style",  // a sibling's style is not shared
            ])
    }

    @Test func exitWithoutShutdownIsOne() throws {
        var input = frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
        input += frame(#"{"jsonrpc":"2.0","method":"exit"}"#)
        let (all, _, status) = try run(input)
        // The reply to initialize (and perhaps the note that the server polls the disk, as
        // window/logMessage, if it came before exit).
        let messages = all.filter { $0["method"] != .string("window/logMessage") }
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

/// A live `labelspec lsp` process: messages are read as they arrive, so that a test can wait for
/// one with a deadline instead of hanging on a server that never answers.
final class LSPProcess: @unchecked Sendable {
    let process = Process()
    private let stdin = Pipe()
    private let lock = NSLock()
    private var messages: [JSONValue] = []
    private var stderrData = Data()
    private var done = false
    private var stderrDone = false

    init(in directory: URL? = nil) throws {
        process.executableURL = CLI.binary
        process.arguments = ["lsp"]
        if let directory { process.currentDirectoryURL = directory }
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        Thread.detachNewThread { [self] in
            var framer = MessageFramer()
            while true {
                let data = stdout.fileHandleForReading.availableData
                if data.isEmpty { break }
                let parsed = framer.feed([UInt8](data)).compactMap { event -> JSONValue? in
                    if case .message(let body) = event { return try? JSONValue.parse(body) }
                    return nil
                }
                lock.withLock { messages += parsed }
            }
            lock.withLock { done = true }
        }
        Thread.detachNewThread { [self] in
            let data = stderr.fileHandleForReading.readDataToEndOfFile()
            lock.withLock {
                stderrData = data
                stderrDone = true
            }
        }
    }

    func send(_ bytes: Data) { stdin.fileHandleForWriting.write(bytes) }
    func send(_ json: String) { send(Data(MessageFramer.frame(Array(json.utf8)))) }

    var received: [JSONValue] { lock.withLock { messages } }
    var stderr: String { lock.withLock { String(decoding: stderrData, as: UTF8.self) } }

    /// Waits until `condition` holds for what was received (false after `seconds`).
    func wait(seconds: Double = 20, _ condition: ([JSONValue]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition(received) { return true }
            usleep(5_000)
        }
        return false
    }

    /// Whether the process ends within `seconds` with its stdin still open (as after `exit`).
    func exitsByItself(seconds: Double = 20) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { usleep(5_000) }
        return !process.isRunning
    }

    /// Closes stdin and waits for the exit status (killing the server after `seconds`) and for
    /// the reader to have taken in everything the server wrote.
    func finish(seconds: Double = 20) -> Int32? {
        try? stdin.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { usleep(5_000) }
        if process.isRunning {
            process.terminate()
            return nil
        }
        while !lock.withLock({ done && stderrDone }), Date() < deadline { usleep(5_000) }
        return process.terminationStatus
    }
}

@Suite struct LSPStdioReliabilityTests {
    /// After each kind of bad header, the server still serves every later message, `shutdown`
    /// and `exit` included (issue 10: it used to drop everything until EOF).
    @Test(arguments: [
        "Content-Length: x\r\n\r\n{}",
        "Content-Length: -5\r\n\r\n{}",
        "Content-Length: 99999999999999999999999\r\n\r\n{}",
        "Content-Length: 2\n\n{}",
        "Content-Length: 2\r\n\r\n{}}}}}garbage",
    ])
    func aBadHeaderDoesNotDeafenTheServer(_ bad: String) throws {
        let server = try LSPProcess()
        server.send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
        server.send(Data(bad.utf8))
        server.send(#"{"jsonrpc":"2.0","id":2,"method":"workspace/symbol","params":{"query":""}}"#)
        server.send(#"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#)
        server.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
        // The server exits by itself on `exit`, stdin still open.
        #expect(server.exitsByItself(), "exit was not honoured")
        #expect(server.finish() == 0)
        #expect(server.received.first { $0["id"] == .int(2) }?["result"] == .array([]))
        #expect(server.received.first { $0["id"] == .int(3) }?["result"] == .null)
    }

    /// `initialize` is answered before the workspace is indexed; a client that shows progress
    /// sees it; requests that follow see every indexed name.
    @Test func initializeIsAnsweredAtOnceAndIndexingReportsProgress() throws {
        let root = try CLI.temporaryDirectory()
        for i in 0..<300 {
            try Data("style S\(i) { font: .body }\nlabel L\(i): S\(i) { text: \"l\" }\n".utf8)
                .write(to: root.appendingPathComponent("f\(i).labelspec"))
        }
        // Link loops in the root: each real folder is walked once, each file indexed once.
        try FileManager.default.createDirectory(at: root.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("self").path, withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("sub/back").path, withDestinationPath: root.path)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("sub/again").path, withDestinationPath: "back")
        let server = try LSPProcess()
        server.send(
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"\#(root.absoluteString)","capabilities":{"window":{"workDoneProgress":true}}}}"#
        )
        #expect(server.wait { $0.contains { $0["id"] == .int(1) } })
        server.send(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
        #expect(server.wait { $0.contains { $0["method"] == .string("window/workDoneProgress/create") } })
        let create = server.received.first { $0["method"] == .string("window/workDoneProgress/create") }!
        #expect(create["params"]?["token"] == .string("labelspec-indexing"))
        server.send(#"{"jsonrpc":"2.0","id":"progress-create-indexing","result":null}"#)
        server.send(#"{"jsonrpc":"2.0","id":2,"method":"workspace/symbol","params":{"query":""}}"#)
        #expect(server.wait { $0.contains { $0["id"] == .int(2) } })
        let names = server.received.first { $0["id"] == .int(2) }?["result"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
        #expect(names.sorted() == (0..<300).flatMap { ["S\($0)", "L\($0)"] }.sorted())
        server.send(#"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#)
        server.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
        #expect(server.finish() == 0)
        // Progress, if the token arrived in time, is begin … end, in order.
        let kinds = server.received.filter { $0["method"] == .string("$/progress") }.compactMap {
            $0["params"]?["value"]?["kind"]?.stringValue
        }
        if !kinds.isEmpty {
            #expect(kinds.first == "begin" && kinds.last == "end", "\(kinds)")
        }
    }

    /// A `systemFont` naming the server's own standard input (or a FIFO, or a folder) is an
    /// `invalid-configuration` diagnostic on labelspec.json; the server never reads it, so every
    /// request is answered and `shutdown`/`exit` are honoured (it used to swallow every second
    /// message of the JSON-RPC stream).
    @Test(arguments: ["/dev/stdin", "fifo.ttf", "fonts"])
    func aSystemFontThatIsNotAFontFileIsADiagnosticOnTheConfiguration(_ font: String) throws {
        let root = try CLI.temporaryDirectory()
        try FileManager.default.createDirectory(at: root.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        #expect(mkfifo(root.appendingPathComponent("fifo.ttf").path, 0o644) == 0)
        let config = "{\n  \"systemFont\": \"\(font)\"\n}\n"
        try Data(config.utf8).write(to: root.appendingPathComponent("labelspec.json"))
        let doc = root.appendingPathComponent("a.labelspec")
        try Data("label A { text: \"Alexandra Fitzgerald-Montgomery\"; width: 100 }\n".utf8).write(to: doc)
        let server = try LSPProcess()
        server.send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"\#(root.absoluteString)","capabilities":{}}}"#)
        server.send(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
        for id in 2...9 { server.send(#"{"jsonrpc":"2.0","id":\#(id),"method":"workspace/symbol","params":{"query":"A"}}"#) }
        server.send(#"{"jsonrpc":"2.0","id":10,"method":"shutdown"}"#)
        server.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
        #expect(server.exitsByItself(), "exit was not honoured")
        #expect(server.finish() == 0)
        let answered = Set(server.received.compactMap { $0["id"]?.intValue })
        #expect(answered == Set(1...10))
        let configURI = URL(fileURLWithPath: root.appendingPathComponent("labelspec.json").path).absoluteString
        let push = server.received.first { $0["params"]?["uri"]?.stringValue == configURI }
        let diagnostic = push?["params"]?["diagnostics"]?.arrayValue?.first
        #expect(diagnostic?["code"] == .string("invalid-configuration"))
        let why = font == "fonts" ? "not a regular file (a directory)" : "not a regular file (a FIFO)"
        #expect(
            diagnostic?["message"] == .string("systemFont: cannot use the font file '\(font)': \(why); the default system font is used"))
        // At the key's name, on line 2.
        #expect(diagnostic?["range"]?["start"] == .object([("line", .int(1)), ("character", .int(2))]))
        #expect(diagnostic?["range"]?["end"] == .object([("line", .int(1)), ("character", .int(14))]))
    }
}
