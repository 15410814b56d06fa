import ArgumentParser
import Foundation
import LabelSpecSupport

/// The `labelspec` command and its subcommands.
public struct LabelSpecCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "labelspec",
        abstract: "Will this text fit? Checks and measures .labelspec UI label specs.",
        version: LabelSpecVersion.current,
        subcommands: [
            CheckCommand.self, MeasureCommand.self, RenderCommand.self, FormatCommand.self, ImportCommand.self, BudgetsCommand.self,
            RuleCommand.self, LSPCommand.self,
        ]
    )

    public init() {}

    /// `--bold-text` given alone (not followed by `on`, `off`, `both`, `true` or `false`) is
    /// `--bold-text=on`: an option of argument-parser takes a value, the flag reads as a flag.
    static func expandingBareFlags(_ arguments: [String]) -> [String] {
        var out: [String] = []
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            if a == "--" {
                out += arguments[i...]
                break
            }
            let next = i + 1 < arguments.count ? arguments[i + 1].lowercased() : nil
            if a == "--bold-text", !["on", "off", "both", "true", "false"].contains(next ?? "") {
                out.append("--bold-text=on")
            } else {
                out.append(a)
            }
            i += 1
        }
        return out
    }

    /// Runs the command line and exits with the command's code: 0 clean, 1 findings, 2 usage or I/O errors.
    public static func runMain(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
        do {
            var command = try parseAsRoot(expandingBareFlags(arguments))
            try command.run()
            Foundation.exit(0)
        } catch let code as ExitCode {
            Foundation.exit(code.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            Foundation.exit(2)
        }
    }
}

/// Exit codes the CLI promises.
enum Exit {
    static let findings = ExitCode(1)
    static let usage = ExitCode(2)
}

func printError(_ message: String) {
    writeStandardError("labelspec: " + message + "\n")
}

/// Writes `text` to standard error as it can: a closed pipe (EPIPE, SIGPIPE ignored by `render`)
/// or a full disk loses the message, never the run (FileHandle's write traps on them).
func writeStandardError(_ text: String) {
    var text = text
    text.makeContiguousUTF8()
    text.utf8.withContiguousStorageIfAvailable { bytes in
        var done = 0
        while done < bytes.count {
            let n = write(2, bytes.baseAddress! + done, bytes.count - done)
            if n < 0, errno == EINTR { continue }
            if n <= 0 { return }
            done += n
        }
    }
}
