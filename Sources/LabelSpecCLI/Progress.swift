import Dispatch
import Foundation
import LabelSpecSupport

/// A progress line on standard error for long runs: files read, files checked, labels measured
/// and the time so far. Shown only when stderr is a terminal, after the run has taken a second
/// (`LABELSPEC_PROGRESS_AFTER`, in seconds, changes that), redrawn ten times a second in place
/// and cleared at the end, so that nothing of it is left on the screen or in a pipe.
final class Progress: @unchecked Sendable {
    private let lock = Lock()
    private var read = 0
    private var checked = 0
    private var labels = 0
    private var total = 0
    private var shown = false
    private var finished = false
    private let start = Date()
    private var timer: DispatchSourceTimer?
    private var verb: String
    /// What is counted after the files: `render`'s pictures (`drawing(total:)`).
    private var pictures: Int?

    /// A progress line when `enabled` and stderr is a terminal; else one that says nothing.
    init(enabled: Bool, verb: String = "checked") {
        self.verb = verb
        guard enabled, isatty(2) != 0 else { return }
        let after = ProcessInfo.processInfo.environment["LABELSPEC_PROGRESS_AFTER"].flatMap(Double.init) ?? 1.0
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global())
        timer.schedule(deadline: .now() + max(0, after), repeating: 0.1)
        timer.setEventHandler { [weak self] in self?.draw() }
        timer.resume()
        self.timer = timer
    }

    func fileRead() { lock.withLock { read += 1 } }

    func setTotal(_ n: Int) { lock.withLock { total = n } }

    /// From now on the line counts pictures drawn, of `total` (`render`, once every file is
    /// measured): `labelspec: drew 120/364 pictures · 1.2 s`.
    func drawing(total: Int) {
        lock.withLock {
            verb = "drew"
            self.total = total
            pictures = 0
        }
    }

    func pictureDrawn() { lock.withLock { pictures? += 1 } }

    func fileChecked(labels n: Int) {
        lock.withLock {
            checked += 1
            labels += n
        }
    }

    /// Writes under the lock: a line cannot land after `finish` cleared it.
    private func draw() {
        lock.withLock {
            guard !finished else { return }
            shown = true
            let seconds = String(format: "%.1f s", Date().timeIntervalSince(start))
            let line =
                pictures.map { "labelspec: \(verb) \($0)/\(total) pictures · \(seconds)" }
                ?? (total == 0
                    ? "labelspec: \(read) file\(read == 1 ? "" : "s") read · \(seconds)"
                    : "labelspec: \(verb) \(checked)/\(total) files · \(labels) label\(labels == 1 ? "" : "s") measured · \(seconds)")
            writeStandardError("\r\u{1B}[2K" + line)
        }
    }

    /// Runs `body` (a write to the terminal the line is on) with the line cleared; the next
    /// tick draws it again below what was written.
    func clearing(_ body: () -> Void) {
        lock.withLock {
            if shown && !finished { writeStandardError("\r\u{1B}[2K") }
            body()
        }
    }

    /// Stops the line and clears it if it was drawn.
    func finish() {
        timer?.cancel()
        lock.withLock {
            // Once: a second call (a `defer` after an explicit one) must not clear the line
            // written since.
            guard !finished else { return }
            finished = true
            if shown { writeStandardError("\r\u{1B}[2K") }
        }
    }
}
