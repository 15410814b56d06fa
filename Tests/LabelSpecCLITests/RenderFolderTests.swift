import Foundation
import JSON
import Testing

/// `render --out DIR` (issue 33): the folder named however it is named, and a run stopped by any
/// signal that ends a process, leave the old report or the new one, whole, and nothing beside it.
@Suite struct RenderFolderTests {
    static let spec = "label Title {\n    text: \"Hello\"\n    width: 150\n}\n"

    func project() throws -> URL {
        let dir = try CLI.temporaryDirectory()
        try Self.spec.write(to: dir.appendingPathComponent("UI.labelspec"), atomically: true, encoding: .utf8)
        return dir
    }

    func entries(_ dir: URL) throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() }

    /// `rep/../rep` is `rep`: its parent is resolved before the old report is moved aside (it
    /// used to be moved away, leaving `.rep.old-*` and `.rep.tmp-*` and no `rep`). A trailing
    /// slash names the same folder; `.`, `..` and `/` are no folder of its own; the report may
    /// not be an input of the run or hold one.
    @Test func theFolderIsResolvedBeforeAnythingMoves() throws {
        let dir = try project()
        #expect(try CLI.run(["render", "UI.labelspec", "--out", "rep", "-q"], in: dir).status == 0)
        try "label Title {\n    text: \"Hello again\"\n    width: 150\n}\n".write(
            to: dir.appendingPathComponent("UI.labelspec"), atomically: true, encoding: .utf8)
        for out in ["rep/../rep", "rep/", dir.path + "/rep/../rep/"] {
            let r = try CLI.run(["render", "UI.labelspec", "--out", out, "--content-size", "large"], in: dir)
            let shown = out.hasSuffix("/") ? String(out.dropLast()) : out
            #expect(r.status == 0, "\(out): \(r.stderr)")
            #expect(r.stderr == "labelspec: 1 label, 1 picture, 0 failing: \(shown)/index.html\n")
            #expect(try entries(dir) == ["UI.labelspec", "rep"], "\(out)")
            let manifest = try JSONValue.parse(Array(Data(contentsOf: dir.appendingPathComponent("rep/manifest.json"))))
            #expect(manifest.arrayValue?.first?["lines"] == .array([.string("Hello again")]), "\(out)")
        }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: false)
        let refusals: [(args: [String], out: String, reason: String)] = [
            (["UI.labelspec"], "..", "name a folder of its own, not '..'"),
            (["UI.labelspec"], "/", "name a folder of its own, not '/'"),
            (["UI.labelspec"], "rep/.", "name a folder of its own, not '.'"),
            (["UI.labelspec"], "nowhere/../rep", "its parent folder 'nowhere/..' does not exist"),
            (["rep"], "rep", "it is an input of this run"),
            (["rep/manifest.json"], "sub/../rep", "it holds an input of this run ('rep/manifest.json')"),
        ]
        for (args, out, reason) in refusals {
            let r = try CLI.run(["render"] + args + ["--out", out, "-q"], in: dir)
            #expect(r.status == 2, "\(out)")
            #expect(r.stderr == "labelspec: cannot write the report to '\(out)': \(reason)\n", "\(out)")
        }
        #expect(try entries(dir) == ["UI.labelspec", "rep", "sub"])
        #expect(try entries(dir.appendingPathComponent("rep")) == [".labelspec-report", "index.html", "manifest.json", "svg"])
    }

    /// Stopped by SIGHUP, SIGQUIT or SIGPIPE (sent by `kill`), as by SIGINT and SIGTERM, render
    /// removes its unfinished report and ends as the signal ends it. A signal ignored when it
    /// started (`nohup`) stays ignored: the run goes on and writes its report.
    @Test func everySignalThatEndsAProcessLeavesNothing() throws {
        let labels = (0..<2000).map { "label L\($0) { text: \"Some text to measure \($0)\"; width: 120 }\n" }.joined()
        let dir = try CLIHabitsTests.project(["a.labelspec": labels])
        // Started with the signals' default handling (the test runner may ignore SIGPIPE, and its
        // children would inherit that), or with the one signal ignored.
        for (sig, ignored) in [(SIGHUP, false), (SIGQUIT, false), (SIGPIPE, false), (SIGHUP, true)] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                (ignored ? "--ignore-signal=" : "--default-signal=") + (sig == SIGHUP ? "HUP" : sig == SIGQUIT ? "QUIT" : "PIPE"),
                CLI.binary.path, "render", "a.labelspec", "--out", "r", "-q", "--content-size", "all",
            ]
            process.currentDirectoryURL = dir
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Once pictures are being written: the signal meets render, not env.
            let deadline = Date().addingTimeInterval(60)
            while process.isRunning, Date() < deadline {
                let staging = try entries(dir).first { $0.hasPrefix(".r.tmp-") }
                if let staging, let svg = try? FileManager.default.contentsOfDirectory(atPath: dir.path + "/" + staging + "/svg"),
                    !svg.isEmpty
                {
                    break
                }
                Thread.sleep(forTimeInterval: 0.01)
            }
            kill(process.processIdentifier, sig)
            process.waitUntilExit()
            if ignored {
                #expect(process.terminationReason == .exit && process.terminationStatus == 0, "signal \(sig) ignored")
                #expect(try entries(dir) == ["a.labelspec", "r"], "signal \(sig) ignored")
                try FileManager.default.removeItem(at: dir.appendingPathComponent("r"))
            } else {
                #expect(process.terminationReason == .uncaughtSignal, "signal \(sig)")
                #expect(process.terminationStatus == sig)
                #expect(try entries(dir) == ["a.labelspec"], "signal \(sig)")
            }
        }
    }

    /// Standard error closed before the run writes to it (a labelspec.json with problems is said
    /// first; `render … 2>&1 | head -0`): the report is still written, whole, and the run ends
    /// with its status (1: the page says it may be incomplete), not by SIGPIPE with the
    /// unfinished report left beside DIR. Closed before the closing line: status 0.
    @Test func aClosedStandardErrorLosesOnlyMessages() throws {
        let dir = try project()
        for (config, status) in [(false, Int32(0)), (true, 1)] {
            if config {
                try "{ \"colour\": 1 }".write(to: dir.appendingPathComponent("labelspec.json"), atomically: true, encoding: .utf8)
            }
            let process = Process()
            process.executableURL = CLI.binary
            process.arguments = ["render", "UI.labelspec", "--out", "r"]
            process.currentDirectoryURL = dir
            let pipe = Pipe()
            process.standardError = pipe
            try pipe.fileHandleForReading.close()
            try process.run()
            try pipe.fileHandleForWriting.close()
            process.waitUntilExit()
            #expect(process.terminationReason == .exit, "labelspec.json: \(config)")
            #expect(process.terminationStatus == status, "labelspec.json: \(config)")
            #expect(try entries(dir) == ["UI.labelspec"] + (config ? ["labelspec.json"] : []) + ["r"])
            #expect(try entries(dir.appendingPathComponent("r")) == [".labelspec-report", "index.html", "manifest.json", "svg"])
            try FileManager.default.removeItem(at: dir.appendingPathComponent("r"))
        }
    }

    /// Ctrl-C once the new report is in place, while the old one (many pictures) is being
    /// removed: the removal is finished and the run ends as a complete report's does (status 0
    /// and its closing line), not with status 130 and the old report left beside DIR.
    @Test func aSignalAfterTheReportIsInPlaceFinishesTheRun() throws {
        let dir = try project()
        let old = dir.appendingPathComponent("r")
        try FileManager.default.createDirectory(at: old.appendingPathComponent("svg"), withIntermediateDirectories: true)
        try "A report of labelspec render; the whole folder is replaced by the next run.\n".write(
            to: old.appendingPathComponent(".labelspec-report"), atomically: false, encoding: .utf8)
        try "[]".write(to: old.appendingPathComponent("manifest.json"), atomically: false, encoding: .utf8)
        try "".write(to: old.appendingPathComponent("index.html"), atomically: false, encoding: .utf8)
        for i in 0..<40_000 {
            _ = FileManager.default.createFile(atPath: old.path + "/svg/\(i)-L.svg", contents: nil)
        }
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = ["render", "UI.labelspec", "--out", "r", "--content-size", "large"]
        process.currentDirectoryURL = dir
        let pipe = Pipe()
        process.standardError = pipe
        try process.run()
        // Interrupted as soon as the old report has been moved aside.
        var interrupted = false
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline {
            if try entries(dir).contains(where: { $0.hasPrefix(".r.old-") }) {
                process.interrupt()
                interrupted = true
                break
            }
        }
        let stderr = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(interrupted, "the old report was never seen moved aside")
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
        #expect(stderr == "labelspec: 1 label, 1 picture, 0 failing: r/index.html\n")
        #expect(try entries(dir) == ["UI.labelspec", "r"])
        #expect(try entries(old.appendingPathComponent("svg")).count == 1)
    }
}
