import Foundation

/// Runs the built `labelspec` binary as a user would.
struct CLIResult {
    let status: Int32
    let stdout: String
    let stderr: String
}

enum CLI {
    /// The line `check` and `measure` end their text with when a stand-in measured (on this
    /// machine: Inter for SF Pro; docs/measurement.md, "Stand-ins").
    /// At the default content sizes (`.large` and `.extraExtraExtraLarge`: 17 and 23 pt body
    /// text), Inter and Inter Display; at text sizes only, Inter.
    static let standIn =
        #"Measured with stand-ins: Inter and Inter Display for SF Pro (their error: docs/measurement.md, "Stand-ins")"# + "\n"
    static let standInText = #"Measured with stand-ins: Inter for SF Pro (their error: docs/measurement.md, "Stand-ins")"# + "\n"
    /// The same line naming `fonts` (`Inter and Inter Display for SF Pro; Noto Sans CJK JP for
    /// iOS's font for this script`), without its line feed.
    static func standIns(_ fonts: String) -> String {
        #"Measured with stand-ins: \#(fonts) (their error: docs/measurement.md, "Stand-ins")"#
    }
    static let withJapanese = standIns("Inter and Inter Display for SF Pro; Noto Sans CJK JP for iOS's font for this script")
    /// `--format github`'s notice of the same, once per run.
    static let standInNotice =
        #"::notice title=LabelSpec%3A stand-in fonts::Measured with stand-ins: Inter and Inter Display for SF Pro (their error: docs/measurement.md, "Stand-ins")"#
        + "\n"
    static let standInNoticeText =
        #"::notice title=LabelSpec%3A stand-in fonts::Measured with stand-ins: Inter for SF Pro (their error: docs/measurement.md, "Stand-ins")"#
        + "\n"

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The binary under test: `LABELSPEC_TEST_BINARY` when set (to run the tests against another
    /// build, e.g. to see a new test fail on an old one), else the one built beside the tests.
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["LABELSPEC_TEST_BINARY"] { return URL(fileURLWithPath: path) }
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("labelspec")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return packageRoot.appendingPathComponent(".build/debug/labelspec")
    }

    /// Runs the binary; with `timeout`, a run still going after that many seconds is killed (its
    /// status is then SIGKILL's, 9) so that a hang fails a test instead of stalling the suite.
    /// `executable` runs another program instead (`script`, to give the binary a terminal).
    /// `stdin`, when given, is written to the binary's standard input (then closed);
    /// `environment` entries are set (a nil value unsets the variable).
    static func run(
        _ arguments: [String], in directory: URL = packageRoot, timeout: Double? = nil, stdin: String? = nil,
        environment: [String: String?] = [:], executable: String? = nil
    ) throws -> CLIResult {
        let process = Process()
        process.executableURL = executable.map { URL(fileURLWithPath: $0) } ?? binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        if !environment.isEmpty {
            var env = ProcessInfo.processInfo.environment
            for (k, v) in environment { env[k] = v }
            process.environment = env
        }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let input = stdin.map { _ in Pipe() }
        if let input { process.standardInput = input }
        try process.run()
        if let input, let stdin {
            let handle = input.fileHandleForWriting
            // A binary may exit without reading its input (a usage error): the write then fails
            // with EPIPE instead of ending this process with SIGPIPE.
            signal(SIGPIPE, SIG_IGN)
            DispatchQueue.global().async {
                try? handle.write(contentsOf: Data(stdin.utf8))
                try? handle.close()
            }
        }
        if let timeout {
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            }
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLIResult(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// A folder holding `files` (path → text; subfolders made as needed): `dir`, else a fresh
    /// temporary folder. The one way the CLI tests lay out a project.
    @discardableResult
    static func folder(_ files: [String: String], in dir: URL? = nil) throws -> URL {
        let dir = try dir ?? temporaryDirectory()
        for (path, text) in files {
            let url = dir.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return dir
    }

    /// A fresh temporary folder.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("labelspec-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
